"""Playing whole games on the public API: a game between bots, and replays.

>>> from tcgkit.play import play_game
>>> from tcgkit.games import get_rules
>>> rules = get_rules("tgod")
>>> names = list(rules.decks())[:2]
>>> state = play_game(rules, names, seed=1, bots=["random", "random"])
>>> state.is_over
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tcgkit.bots import Bot, View, make_bot
from tcgkit.core.actions import Action
from tcgkit.core.decks import Deck
from tcgkit.core.ruleset import Ruleset
from tcgkit.core.state import GameState

# Replays live in tcgkit.replays; these names stay importable from here.
from tcgkit.replays import (  # noqa: E402, F401
    REPLAY_VERSION,
    event_json,
    load_replay,
    replay,
    replay_record,
    save_replay,
)


def play_game(
    rules: Ruleset,
    decks: Sequence[Deck | str],
    seed: int = 0,
    bots: Sequence[Bot | str] = ("random", "random"),
    options: dict[str, Any] | None = None,
    on_action: Callable[[GameState, int, Action], None] | None = None,
    max_decisions: int = 1_000_000,
) -> GameState:
    """Play one game to its end between bots; returns the final state (``state.result`` says how it ended)."""
    seats = [make_bot(b, seed * 2 + i + 1) if isinstance(b, str) else b for i, b in enumerate(bots)]
    state = rules.new_game(decks, seed, options)
    while state.result is None:
        p = state.current
        action = seats[p].choose(View(state, p))
        if on_action is not None:
            on_action(state, p, action)
        state.apply(action)
        if state.decisions >= max_decisions:
            state.end(None, f"decision cap of {max_decisions} reached", "decision-cap")
    return state


