"""Facts about a game's card list worked out once per game (speed): which cards print each static key (PHK-MECH-04),
an aura, or a triggered effect on each kind of event, and what the evaluation reads of each card, by id. The hot path
asks whether any of those few cards is in play (:func:`any_in_play`) instead of reading every card in play: a static
key, aura or trigger no card in play prints needs no scan of the battlefields.

The index is a fact of the card list (``state.defs.fact``). A game's card list is never changed in place (a card
added in play makes a new list, ``GameState.add_instance``), so an index found with the same list is right; a clone
shares the list and so the index.

>>> from tcgkit.games import get_rules
>>> state = get_rules("phaktionz").new_game(["Zane Basic", "Lyla"], seed=1)
>>> index = card_index(state)
>>> index.auras == tuple(c for c, d in enumerate(state.defs) if d.fields["aura"])
True
>>> card_index(state.clone()) is index
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from tcgkit.core.state import GameState

#: the zones of cards in play (``PhaktionzRules.PLAY_ZONES``)
PLAY_ZONES = frozenset(("field", "realm", "attached"))
_KEY = "phaktionz.cards"


class CardIndex(NamedTuple):
    """The facts of one card list."""

    #: static key -> the ids of the cards with a static effect giving it (``fields["static_keys"]``)
    statics: dict[str, tuple[int, ...]]
    #: the ids of the cards with a static ``aura`` (``fields["aura"]``)
    auras: tuple[int, ...]
    #: event kind -> the ids of the cards with a triggered effect on it (``fields["triggers"]``)
    listeners: dict[str, tuple[int, ...]]
    #: by card id: what the evaluation reads of the card on the battlefield (``fields["side"]``)
    side: tuple[tuple, ...]
    #: by card id: what the evaluation reads of the card in hand (``fields["in_hand"]``)
    in_hand: tuple[tuple[int, bool], ...]
    #: by card id: its activated effects usable outside a response window, and those answering one
    #: (``fields["activated_free"]``, ``fields["activated_answers"]``)
    activated: tuple[tuple, ...]
    answers: tuple[tuple, ...]


def card_index(state: GameState) -> CardIndex:
    """The index of ``state.defs``, worked out on first use and kept with the list (``CardList.fact``)."""
    return state.defs.facts.get(_KEY) or state.defs.fact(_KEY, build)


def build(defs: list) -> CardIndex:
    """Work out the index of a card list."""
    statics: dict[str, list[int]] = {}
    listeners: dict[str, list[int]] = {}
    auras = []
    for c, d in enumerate(defs):
        fields = d.fields
        for key in fields["static_keys"]:
            statics.setdefault(key, []).append(c)
        for kind in fields["triggers"]:
            listeners.setdefault(kind, []).append(c)
        if fields["aura"]:
            auras.append(c)
    return CardIndex({k: tuple(v) for k, v in statics.items()}, tuple(auras),
                     {k: tuple(v) for k, v in listeners.items()}, tuple(d.fields["side"] for d in defs),
                     tuple(d.fields["in_hand"] for d in defs), tuple(d.fields["activated_free"] for d in defs),
                     tuple(d.fields["activated_answers"] for d in defs))


def any_in_play(state: GameState, cards: tuple[int, ...], player: int | None = None) -> bool:
    """Whether one of ``cards`` is in play (on ``player``'s side only, when given).

    >>> from tcgkit.games import get_rules
    >>> state = get_rules("phaktionz").new_game(["Zane Basic", "Lyla"], seed=1)
    >>> any_in_play(state, tuple(range(len(state.defs))))
    False
    """
    loc = state.loc
    for c in cards:
        p, z = loc[c]
        if z in PLAY_ZONES and (player is None or p == player):
            return True
    return False
