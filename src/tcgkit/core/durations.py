"""How long a modifier lasts, and its expiry: one mechanism for every game.

A modifier is ``(stat, delta, until)`` in :attr:`CardState.mods <tcgkit.core.state.CardState>`; ``until`` says how
long it lasts:

- ``"turn"`` (:data:`THIS_TURN`): until the end of this turn;
- ``"next_turn"`` (:data:`NEXT_TURN`): until the end of the next turn;
- an integer ``n``: for ``n`` turns, this one included (``1`` is ``"turn"``, ``2`` is ``"next_turn"``);
- ``"permanent"`` (:data:`PERMANENT`): while the card stays where it is (leaving play forgets its state);
- any other word is a game's own (``"battle"``, ``"eq12"``): the game ends it with :func:`end`.

A turn is one player's turn, as for effect limits. At the end of every turn a game calls :func:`end_turn` (or
:func:`after_turn` on one card's modifiers, when it walks the cards itself): "this turn" modifiers end and longer
ones count down.

>>> mods = [("power", 2, "turn"), ("power", 1, "next_turn"), ("hp", 3, 3), ("power", 5, "permanent")]
>>> mods = after_turn(mods)
>>> mods
[('power', 1, 'turn'), ('hp', 3, 2), ('power', 5, 'permanent')]
>>> after_turn(mods)
[('hp', 3, 'turn'), ('power', 5, 'permanent')]
>>> after_turn([("power", 1, "battle"), ("power", 2, "turn")], also=("battle",))
[]
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tcgkit.core.state import GameState

#: The durations the core counts down (see the module docstring).
THIS_TURN, NEXT_TURN, PERMANENT = "turn", "next_turn", "permanent"

Mod = tuple[str, int, "str | int"]


def after_turn(mods: list[Mod], also: Collection[str] = ()) -> list[Mod]:
    """One card's modifiers once a turn has ended: "this turn" ones (and any whose duration is in ``also``) are
    gone, "next turn" ones last this turn, ``n`` turns become ``n - 1``. The order of the rest is kept."""
    out: list[Mod] = []
    for m in mods:
        until = m[2]
        if until == THIS_TURN or until in also:
            continue
        if until == NEXT_TURN:
            m = (m[0], m[1], THIS_TURN)
        elif type(until) is int:
            if until <= 1:
                continue
            m = (m[0], m[1], THIS_TURN if until == 2 else until - 1)
        out.append(m)
    return out


def end_turn(state: GameState, also: Collection[str] = ()) -> bool:
    """End the turn for every card's modifiers (see :func:`after_turn`); True when some card still has one.

    ``also``: a game's own durations that end with the turn too (Perfect TCG's ``"battle"``)."""
    left = False
    for card, st in list(state.cs.items()):
        if st.mods:
            mods = after_turn(st.mods, also)
            if mods != st.mods:  # a record left as it is is not copied (a clone's copy on write)
                state.card_state(card).mods = mods
            left = left or bool(mods)
    return left


def end(state: GameState, until: str | int) -> None:
    """End every modifier whose duration is ``until`` (a game's own word: the end of a battle, an Equip leaving).

    >>> from tcgkit.games import get_rules
    >>> state = get_rules("tgod").new_game(["Guardian Wall", "Tyrant Horde"], seed=1)
    >>> state.card_state(0).mods.extend([("attack", 2, "battle"), ("attack", 1, "turn")])
    >>> end(state, "battle")
    >>> state.card_state(0).mods
    [('attack', 1, 'turn')]
    """
    for card, st in list(state.cs.items()):
        if st.mods:
            mods = [m for m in st.mods if m[2] != until]
            if len(mods) != len(st.mods):  # a record left as it is is not copied (a clone's copy on write)
                state.card_state(card).mods = mods
