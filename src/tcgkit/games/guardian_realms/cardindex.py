"""Facts about a game's card list worked out once per list: which cards have a printed defeat condition (GR-DEF-03),
which cards listen to each kind of event (their triggered effects), and what the legal actions need to know of a
card in hand. The hot path reads them instead of scanning the board or each card's fields: an event no card in play
listens to starts no trigger scan, and with no card with a defeat condition fielded there is no defeat to check.

A game's card list is never changed once the game exists (a token's card makes a new list, see
``GameState.add_instance``), so the index is kept per list and an index found for the same list object is right.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from tcgkit.core.cards import CardDef
    from tcgkit.core.state import GameState


class CardIndex(NamedTuple):
    """The facts of one card list (``defs``, kept alive by the index so that its id is not reused)."""

    defs: list
    #: the ids of the cards with a printed defeat condition (a static effect with ``params: {defeat_if: true}``)
    defeat_if: tuple[int, ...]
    #: event kind -> the ids of the cards with a triggered effect listening to it
    listeners: dict[str, tuple[int, ...]]
    #: by card id: (its type as :data:`GUARDIAN`, :data:`EQUIPMENT`, :data:`FIELD` or :data:`EFFECT`, its cost to play
    #: from hand (SP for a Guardian, GR-SP-03; DZ otherwise), its sacrifice count (GR-SAC-01) for a Guardian or
    #: whether an Effect's play effects have conditions)
    hand: tuple[tuple[int, int, int], ...]
    #: by card id, what the legal actions read of a fielded Guardian: (whether it has an infusion (GR-SAC-03), its
    #: basic attack's DZ cost (GR-DZ-05), its abilities' effect indexes (GR-CARD-05), whether acting after a swap
    #: (and swapping after acting) is barred for it (GR-SWAP-03..06))
    fielded: tuple[tuple[bool, int, tuple[int, ...], bool], ...]


#: card types as :attr:`CardIndex.hand` gives them (anything else plays as an Effect)
GUARDIAN, EQUIPMENT, FIELD, EFFECT = 0, 1, 2, 3
_TYPES = {"Guardian": GUARDIAN, "Equipment": EQUIPMENT, "Field": FIELD}


def _hand_facts(d: CardDef) -> tuple[int, int, int]:
    kind = _TYPES.get(d.type, EFFECT)
    if kind == GUARDIAN:
        return kind, d.stats["sp_cost"], d.fields["sacrifice"]
    return kind, d.stats["dz_cost"], int(bool(d.fields["play_conds"])) if kind == EFFECT else 0


#: id of a card list -> its index (see the module docstring); cleared when it grows large (old games' lists).
_INDEX: dict[int, CardIndex] = {}

#: the ids of a card list's definitions, in order -> an index of such a list (its ``defs`` keeps them alive, so the
#: ids are theirs): a new game of the same decks makes a new list of the same definitions, whose facts are the same
_SAME_CARDS: dict[tuple[int, ...], CardIndex] = {}

#: (length of a card list, id of its last card) -> its index: where a list one card longer (a token's card added,
#: ``GameState.add_instance``) finds the index to extend (checked card by card before it is used)
_TAIL: dict[tuple[int, int], CardIndex] = {}


def state_index(state: GameState) -> CardIndex:
    """The index of ``state.defs``. A card added in play makes a new list (``GameState.add_instance``): the index of
    the list it extends is then extended with the new card only, not worked out again (no per-state copy: a clone
    shares the list and so the index).

    >>> from tcgkit.games import get_rules
    >>> rules = get_rules("guardian-realms")
    >>> state = rules.new_game(list(rules.decks())[:2], seed=1)
    >>> index = state_index(state)
    >>> twin = state.clone()
    >>> state_index(twin) is index
    True
    >>> token = twin.add_instance(twin.defs[0], 0)
    >>> state_index(twin).hand[token] == index.hand[0] and state_index(state) is index
    True
    """
    global _LAST
    defs = state.defs
    last = _LAST
    if last.defs is defs:  # the list asked about last (one identity test; the hot path asks 2-3 times a decision)
        return last
    hit = _INDEX.get(id(defs))
    if hit is None or hit.defs is not defs:
        hit = card_index(defs, _TAIL.get((len(defs) - 1, id(defs[-2]))) if len(defs) > 1 else None)
    _LAST = hit  # one store: a thread reading it sees an index and its own list, never a mix
    return hit


def card_index(defs: list[CardDef], base: CardIndex | None = None) -> CardIndex:
    """The index of ``defs``, worked out on first use; ``base``: the index of a list that ``defs`` extends (the
    cards after it are indexed and added; without it, or when ``defs`` does not extend it, every card is indexed).

    >>> from tcgkit.games import get_rules
    >>> rules = get_rules("guardian-realms")
    >>> state = rules.new_game(list(rules.decks())[:2], seed=1)
    >>> index = card_index(state.defs)
    >>> card_index(state.defs) is index
    True
    >>> all(state.defs[c].triggers.get(kind) for kind, cards in index.listeners.items() for c in cards)
    True
    """
    hit = _INDEX.get(id(defs))
    if hit is not None and hit.defs is defs:
        return hit
    if len(_INDEX) >= 256:
        _INDEX.clear()
        _TAIL.clear()
        _SAME_CARDS.clear()
    n = len(base.defs) if base is not None else 0
    if base is None or n >= len(defs) or any(a is not b for a, b in zip(base.defs, defs[:n], strict=True)):
        same = _SAME_CARDS.get(tuple(map(id, defs)))
        if same is not None:  # another game of the same decks: the same definitions, in the same order
            index = _INDEX[id(defs)] = same._replace(defs=defs)
            return index
        base = _EMPTY
    start = len(base.defs)
    listeners = {k: list(v) for k, v in base.listeners.items()}
    for i in range(start, len(defs)):
        for kind, listening in defs[i].triggers.items():
            if listening:
                listeners.setdefault(kind, []).append(i)
    new = range(start, len(defs))
    index = CardIndex(defs, base.defeat_if + tuple(i for i in new if defs[i].fields.get("defeat_if")),
                      {k: tuple(v) for k, v in listeners.items()},
                      base.hand + tuple(_hand_facts(defs[i]) for i in new),
                      base.fielded + tuple(_fielded_facts(defs[i]) for i in new))
    _INDEX[id(defs)] = index
    if defs:
        _TAIL[(len(defs), id(defs[-1]))] = index
    if base is _EMPTY:
        _SAME_CARDS[tuple(map(id, defs))] = index
    return index


_EMPTY = CardIndex([], (), {}, (), ())

#: the index :func:`state_index` found last (its ``defs`` is the list asked about, kept alive by it, so an identity
#: test cannot be fooled by a reused id)
_LAST = _EMPTY


def _fielded_facts(d: CardDef) -> tuple[bool, int, tuple[int, ...], bool]:
    return d.fields["infuse"], d.stats.get("attack_cost", 0), d.fields["abilities"], d.fields["swap_penalty"]


def listened(state: GameState, kind: str, zones: frozenset[str]) -> bool:
    """Whether a card in one of ``zones`` (of either player) listens to events of ``kind``: when not, the trigger
    scan would start nothing."""
    cards = state_index(state).listeners.get(kind)
    if cards:
        loc = state.loc
        for c in cards:
            if loc[c][1] in zones:
                return True
    return False
