"""Bots: the protocol, and the bots tcgkit ships. ``make_bot("random")`` builds one by name.

- ``random``: uniform among the legal actions;
- ``scripted``: the most forceful action, passing last;
- ``greedy[:samples]``: one decision of lookahead scored by the game's ``evaluate`` (:mod:`tcgkit.bots.greedy`);
- ``mcts[:budget[,option=value...]]``: information-set Monte Carlo tree search (:mod:`tcgkit.bots.mcts`), e.g.
  ``mcts``, ``mcts:200``, ``mcts:500ms``, ``mcts:300,depth=12,rollout=random``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tcgkit.bots.base import Bot, RandomBot, ScriptedBot, View
from tcgkit.bots.greedy import GreedyBot, make_greedy
from tcgkit.bots.mcts import MctsBot, parse_budget
from tcgkit.core.actions import Action
from tcgkit.core.decks import Deck
from tcgkit.core.errors import TcgkitError
from tcgkit.core.ruleset import Ruleset
from tcgkit.core.state import GameState

BOTS: dict[str, Callable[[int, str | None], Bot]] = {
    "random": lambda seed, arg: RandomBot(seed),
    "scripted": lambda seed, arg: ScriptedBot(seed),
    "greedy": make_greedy,
    "mcts": lambda seed, arg: parse_budget(arg, seed),
}


def make_bot(spec: str, seed: int = 0) -> Bot:
    """A bot from its spec: ``name`` or ``name:argument`` (e.g. ``mcts:200``).

    >>> make_bot("random", 3).name
    'random'
    >>> make_bot("mcts:200").iterations_budget
    200
    """
    name, _, arg = spec.partition(":")
    factory = BOTS.get(name)
    if factory is None:
        raise TcgkitError(f"unknown bot {spec!r}; bots: {', '.join(BOTS)}")
    return factory(seed, arg or None)


__all__ = ["BOTS", "Bot", "GreedyBot", "MctsBot", "RandomBot", "ScriptedBot", "View", "make_bot"]


def play_game(
    rules: Ruleset,
    decks: Sequence[Deck | str],
    seed: int = 0,
    bots: Sequence[Bot | str] = ("random", "random"),
    options: dict[str, Any] | None = None,
    on_action: Callable[[GameState, int, Action], None] | None = None,
    max_decisions: int = 1_000_000,
) -> GameState:
    """Play one game to its end between bots; returns the final state (``state.result`` says how it ended).

    >>> from tcgkit.games import get_rules
    >>> rules = get_rules("tgod")
    >>> names = list(rules.decks())[:2]
    >>> play_game(rules, names, seed=1, bots=["random", "random"]).is_over
    True
    """
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


