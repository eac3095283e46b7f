"""Facts about a game's card list worked out once per list: which cards have a printed defeat condition (GR-DEF-03),
which cards listen to each kind of event (their triggered effects), and what the legal actions need to know of a
card in hand. The hot path reads them instead of scanning the board or each card's fields: an event no card in play
listens to starts no trigger scan, and with no card with a defeat condition fielded there is no defeat to check.

A game's card list is never changed once the game exists (a token's card makes a new list, see
``GameState.add_instance``), so the index is a fact of the list (``state.defs.fact``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple

if TYPE_CHECKING:
    from tcgkit.core.cards import CardDef
    from tcgkit.core.state import GameState


class CardIndex(NamedTuple):
    """The facts of one card list."""

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
    #: by card id: its printed HP and ATK (0 when not printed), what the evaluation starts a Guardian's terms from
    printed: tuple[tuple[int, int], ...]
    #: by card id: ``hp / 60 + atk / 30`` of its printed HP and ATK, the evaluation's term of an unhurt Guardian
    terms: tuple[float, ...]
    #: by card id: what an enemy may target in the lane of this Guardian, visible and alone there, and the Tanks
    #: among it (GR-COMBAT-01, GR-CLASS-03): ``((id,), (id,))`` for a Tank, ``((id,), ())`` otherwise
    seen: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]


#: card types as :attr:`CardIndex.hand` gives them (anything else plays as an Effect)
GUARDIAN: Final = 0
EQUIPMENT: Final = 1
FIELD: Final = 2
EFFECT: Final = 3
_TYPES = {"Guardian": GUARDIAN, "Equipment": EQUIPMENT, "Field": FIELD}


def _hand_facts(d: CardDef) -> tuple[int, int, int]:
    kind = _TYPES.get(d.type, EFFECT)
    if kind == GUARDIAN:
        return kind, d.stats["sp_cost"], d.fields["sacrifice"]
    return kind, d.stats["dz_cost"], int(bool(d.fields["play_conds"])) if kind == EFFECT else 0


#: the name of the index among the card list's facts (``CardList.fact``)
KEY: Final = "guardian-realms.cards"


def state_index(state: GameState) -> CardIndex:
    """The index of ``state.defs``, a fact of the card list (``CardList.fact``): a clone shares the list and so the
    index. A card added in play makes a new list (``GameState.add_instance``) whose index extends the old list's with
    the new card only.

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
    defs = state.defs
    return defs.facts.get(KEY) or defs.fact(KEY, card_index)


def card_index(defs: list[CardDef]) -> CardIndex:
    """Work out the index of ``defs``. For a card list that extends another (``CardList.base``) whose index is known,
    only the cards after it are indexed and added.

    >>> from tcgkit.games import get_rules
    >>> rules = get_rules("guardian-realms")
    >>> state = rules.new_game(list(rules.decks())[:2], seed=1)
    >>> index = card_index(state.defs)
    >>> all(state.defs[c].triggers.get(kind) for kind, cards in index.listeners.items() for c in cards)
    True
    """
    parent = getattr(defs, "base", None)
    base = parent.facts.get(KEY) if parent is not None else None
    if base is None:  # a game's own list: the same definitions as an earlier game's give the same index
        ids = tuple(map(id, defs))
        kept = _BY_LIST.get(ids)
        if kept is not None:
            return kept[1]
        index = _extend(defs, _EMPTY)
        if len(_BY_LIST) >= _BY_LIST_CAP:
            _BY_LIST.clear()
        _BY_LIST[ids] = (tuple(defs), index)  # the definitions kept alive with it: their ids are not reused
        return index
    return _extend(defs, base)


#: a card list's definitions (by their ids) -> (those definitions, the list's index): a new game's list of the
#: same definitions (the same decks again) is not indexed again; at most :data:`_BY_LIST_CAP` lists are kept
_BY_LIST: dict[tuple[int, ...], tuple[tuple, CardIndex]] = {}
_BY_LIST_CAP: Final = 256


def _extend(defs: list[CardDef], base: CardIndex) -> CardIndex:
    """The index of ``defs``, whose first cards ``base`` indexes already."""
    start = len(base.hand)
    new = range(start, len(defs))
    per_card = [_card_facts(defs[i]) for i in new]
    if not per_card:
        return base
    defeat, hand, fielded, printed, terms, tank, kinds = zip(*per_card, strict=True)
    listeners = base.listeners
    if any(kinds):  # only the kinds the new cards listen to get a new tuple (the others are shared)
        listeners = dict(listeners)
        for i, listens in enumerate(kinds, start):
            for kind in listens:
                listeners[kind] = (*listeners.get(kind, ()), i)
    return CardIndex(base.defeat_if + tuple(i for i, d in enumerate(defeat, start) if d),
                     listeners, base.hand + hand, base.fielded + fielded,
                     base.printed + printed, base.terms + terms,
                     base.seen + tuple(((i,), (i,) if t else ()) for i, t in enumerate(tank, start)))


_EMPTY = CardIndex((), {}, (), (), (), (), ())


def _fielded_facts(d: CardDef) -> tuple[bool, int, tuple[int, ...], bool]:
    return d.fields["infuse"], d.stats.get("attack_cost", 0), d.fields["abilities"], d.fields["swap_penalty"]


#: card key -> (its definition, what :func:`card_index` reads of it): worked out once per printed card and shared by
#: every game's list that holds that very definition (a definition of the same key that is another object, a
#: token's or a designer's replacement, is worked out from its own fields)
_PER_CARD: dict[str, tuple[CardDef, tuple]] = {}


def _card_facts(d: CardDef) -> tuple:
    """What the index reads of one definition: (a printed defeat condition, its :attr:`CardIndex.hand` and
    :attr:`CardIndex.fielded` items, its printed (HP, ATK), their evaluation term, whether it is a Tank, the event
    kinds its triggered effects listen to)."""
    kept = _PER_CARD.get(d.key)
    if kept is not None and kept[0] is d:
        return kept[1]
    hp, atk = d.stats.get("hp", 0), d.stats.get("atk", 0)
    facts = (bool(d.fields.get("defeat_if")), _hand_facts(d), _fielded_facts(d), (hp, atk), hp / 60.0 + atk / 30.0,
             "tank" in d.tags, tuple(kind for kind, listening in d.triggers.items() if listening))
    if kept is None:
        _PER_CARD[d.key] = (d, facts)
    return facts


def listened(state: GameState, kind: str, zones: frozenset[str]) -> bool:
    """Whether a card in one of ``zones`` (of either player) listens to events of ``kind``: when not, the trigger
    scan would start nothing."""
    defs = state.defs
    index: CardIndex = defs.facts.get(KEY) or defs.fact(KEY, card_index)  # state_index, inline
    cards = index.listeners.get(kind)
    if cards:
        loc = state.loc
        for c in cards:
            if loc[c][1] in zones:
                return True
    return False
