"""Facts about a game's card list worked out once (speed): which cards print each static key (PHK-MECH-04), an aura,
or a triggered effect on each kind of event, what the evaluation reads of each card, by id, and a record of what the
hot path reads of each card (:class:`Card`). The hot path asks whether any of those few cards is in play
(:func:`any_in_play`) instead of reading every card in play: a static key, aura or trigger no card in play prints
needs no scan of the battlefields.

The index is a fact of the card list (``state.defs.fact``). A game's card list is never changed in place (a card
added in play makes a new list, ``GameState.add_instance``), so an index found with the same list is right; a clone
shares the list and so the index. Definitions are immutable too, so a new game's list of the same definitions in the
same order (the same two decks) gets the index an earlier one built, and a card's record is made once.

>>> from tcgkit.games import get_rules
>>> state = get_rules("phaktionz").new_game(["Zane Basic", "Lyla"], seed=1)
>>> index = card_index(state)
>>> index.auras == {c for c, d in enumerate(state.defs) if d.fields["aura"]}
True
>>> card_index(state.clone()) is index
True
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING, Any, Final, NamedTuple

if TYPE_CHECKING:
    from tcgkit.core.cards import CardDef, Effect
    from tcgkit.core.state import GameState

#: the zones of cards in play (``PhaktionzRules.PLAY_ZONES``)
PLAY_ZONES: Final = frozenset(("field", "realm", "attached"))
_KEY: Final = "phaktionz.cards"
_GLANCE: Final = "phaktionz.glance"
#: up to this many cards, :func:`any_in_play` reads where each is rather than testing the six play zones
FEW: Final = 4
#: the :class:`Card` records made, by the id of their definition, each kept with the definition (so that its id is
#: not reused while the entry lives: a definition is immutable, and so is its record); emptied past _MADE_MAX entries
_MADE: Final[dict[int, tuple[CardDef, Card]]] = {}
_MADE_MAX: Final = 20_000
#: the indexes built, by the ids of their list's definitions, each kept with those definitions (so that no id is
#: reused while the entry lives); emptied past _INDEXES_MAX entries
_INDEXES: Final[dict[tuple[int, ...], tuple[tuple[CardDef, ...], CardIndex]]] = {}
_INDEXES_MAX: Final = 256


class Card(NamedTuple):
    """What the hot path reads of one card, read once from its definition (a :class:`CardIndex`'s ``cards``): in the
    compiled build a tuple whose items are read by position, where ``state.defs[c].fields["..."]`` is three lookups.
    The same values as the definition's (``model.make_card``); the copies of a card in a list share one record.

    >>> from tcgkit.games import get_rules
    >>> state = get_rules("phaktionz").new_game(["Zane Basic", "Lyla"], seed=1)
    >>> d, card = state.defs[0], card_index(state).cards[0]
    >>> card.key == d.key and card.static_keys == d.fields["static_keys"] and card.in_hand == d.fields["in_hand"]
    True
    """

    key: str
    #: whether it is a Summon (``type``)
    summon: bool
    #: its printed Tier and DMG (``stats``, 0 when it has none)
    tier: int
    dmg: int
    #: the ``fields`` of the same names
    field_tier: int | None
    summon_type: str | None
    inv_type: str | None
    plain_cast: bool
    in_hand: tuple[int, bool]
    tribute: dict[str, Any] | None
    static_keys: frozenset[str]
    statics: tuple[Effect, ...]
    aura: tuple[Any, ...]
    triggers: dict[str, tuple[tuple[int, Effect], ...]]


def make_record(d: CardDef) -> Card:
    """The :class:`Card` of a definition."""
    f = d.fields
    stats = d.stats
    return Card(d.key, d.type == "summon", stats.get("tier", 0), stats.get("dmg", 0), f["field_tier"],
                f["summon_type"], f["inv_type"], f["plain_cast"], f["in_hand"], f["tribute"], f["static_keys"],
                f["statics"], f["aura"], f["triggers"])


class CardIndex(NamedTuple):
    """The facts of one card list."""

    #: static key -> the ids of the cards with a static effect giving it (``fields["static_keys"]``)
    statics: dict[str, frozenset[int]]
    #: the ids of the cards with a static ``aura`` (``fields["aura"]``)
    auras: frozenset[int]
    #: event kind -> the ids of the cards with a triggered effect on it (``fields["triggers"]``)
    listeners: dict[str, frozenset[int]]
    #: by card id: what the evaluation reads of the card on the battlefield (``fields["side"]``)
    side: tuple[tuple, ...]
    #: by card id: what the evaluation reads of the card in hand (``fields["in_hand"]``)
    in_hand: tuple[tuple[int, bool], ...]
    #: by card id: its activated effects usable outside a response window, and those answering one
    #: (``fields["activated_free"]``, ``fields["activated_answers"]``)
    activated: tuple[tuple, ...]
    answers: tuple[tuple, ...]
    #: the ids of the cards with such effects (``activated``, ``answers`` not empty): a zone none of them is in has
    #: nothing to activate
    activators: frozenset[int]
    answerers: frozenset[int]
    #: whether a card has an activated effect usable from the hand outside a response window (In-Hand abilities): a
    #: hand need not be read for such effects otherwise
    hand_free: bool
    #: by card id: its :class:`Card`
    cards: tuple[Card, ...]


class Glance(NamedTuple):
    """What a bot's glance at a hand reads (``surely_has_choice``), a fact of the card list of its own: worked out
    only in games that bots search (a random game never asks it)."""

    #: the ids of the Summons of Tier 0 or 1 placed with no demoting requirement of their own
    low_summons: frozenset[int]
    #: the ids of the Summons of Tier 2 or more placed by demoting Tiers
    high_summons: frozenset[int]
    #: the ids of the Invocations cast plainly (``fields["plain_cast"]``), and of those that are Counters
    plain_casts: frozenset[int]
    plain_counters: frozenset[int]


def card_index(state: GameState) -> CardIndex:
    """The index of ``state.defs``, worked out on first use and kept with the list (``CardList.fact``)."""
    return state.defs.facts.get(_KEY) or state.defs.fact(_KEY, _built)


def _built(defs: list) -> CardIndex:
    """:func:`build` of ``defs``, or the index of an earlier list of the same definitions in the same order, which is
    the same (a new game of the same two decks): kept in :data:`_INDEXES`."""
    key = tuple(map(id, defs))
    got = _INDEXES.get(key)
    if got is None:
        if len(_INDEXES) >= _INDEXES_MAX:
            _INDEXES.clear()
        got = _INDEXES[key] = (tuple(defs), build(defs))
    return got[1]


def glance(state: GameState) -> Glance:
    """The :class:`Glance` of ``state.defs``, worked out on first use and kept with the list (as :func:`card_index`).

    >>> from tcgkit.games import get_rules
    >>> state = get_rules("phaktionz").new_game(["Zane Basic", "Lyla"], seed=1)
    >>> glance(state.clone()) is glance(state)
    True
    """
    return state.defs.facts.get(_GLANCE) or state.defs.fact(_GLANCE, build_glance)


def build_glance(defs: list) -> Glance:
    """Work out the glance of a card list."""
    by_tiers = [c for c, d in enumerate(defs) if d.type == "summon" and d.fields["tribute"] is None]
    low = frozenset(c for c in by_tiers if defs[c].stats["tier"] < 2)
    plain = frozenset(c for c, d in enumerate(defs) if d.fields["plain_cast"])
    return Glance(low, frozenset(by_tiers).difference(low), plain,
                  frozenset(c for c in plain if defs[c].fields["inv_type"] == "counter"))


def build(defs: list) -> CardIndex:
    """Work out the index of a card list (a new game's list: the by-id facts are read in C, ``map``)."""
    statics: dict[str, list[int]] = {}
    listeners: dict[str, list[int]] = {}
    auras = []
    fields = [d.fields for d in defs]
    for c, f in enumerate(fields):
        if f["static_keys"]:
            for key in f["static_keys"]:
                statics.setdefault(key, []).append(c)
            if f["aura"]:
                auras.append(c)
        if f["triggers"]:
            for kind in f["triggers"]:
                listeners.setdefault(kind, []).append(c)
    activated, answers = tuple(map(itemgetter("activated_free"), fields)), \
        tuple(map(itemgetter("activated_answers"), fields))
    return CardIndex({k: frozenset(v) for k, v in statics.items()}, frozenset(auras),
                     {k: frozenset(v) for k, v in listeners.items()}, tuple(map(itemgetter("side"), fields)),
                     tuple(map(itemgetter("in_hand"), fields)), activated, answers,
                     frozenset(c for c, effs in enumerate(activated) if effs),
                     frozenset(c for c, effs in enumerate(answers) if effs),
                     any(eff.zone == "hand" for effs in activated for _, eff in effs), _records(defs))


def _records(defs: list) -> tuple[Card, ...]:
    """The :class:`Card` of each card id, one record per distinct definition: found in :data:`_MADE` (a new game's
    list holds the pool's definitions, whose records earlier games made) or made and kept there."""
    made = _MADE
    out = []
    for d in defs:
        got = made.get(id(d))
        if got is None:
            if len(made) >= _MADE_MAX:
                made.clear()
            got = made[id(d)] = (d, make_record(d))
        out.append(got[1])
    return tuple(out)


def any_in_play(state: GameState, cards: frozenset[int], player: int | None = None) -> bool:
    """Whether one of ``cards`` is in play (on ``player``'s side only, when given): where each of a few cards is, or
    else each play zone tested against the set in C (``isdisjoint``), so the cost is that of the few zones.

    >>> from tcgkit.games import get_rules
    >>> state = get_rules("phaktionz").new_game(["Zane Basic", "Lyla"], seed=1)
    >>> any_in_play(state, frozenset(range(len(state.defs))))
    False
    """
    if len(cards) <= FEW:  # a few cards: where each is (what the zones hold, ``state.loc``)
        loc = state.loc
        for c in cards:
            p, z = loc[c]
            if z in PLAY_ZONES and (player is None or p == player):
                return True
        return False
    zones = state.zones
    for p in (0, 1) if player is None else (player,):
        held = zones[p]
        if not (cards.isdisjoint(held["field"]) and cards.isdisjoint(held["realm"])
                and cards.isdisjoint(held["attached"])):
            return True
    return False
