"""Bots: the protocol, and the bots tcgkit ships. ``make_bot("random")`` builds one by name.

- ``random``: uniform among the legal actions;
- ``scripted``: the most forceful action, passing last;
- ``greedy[:samples]``: one decision of lookahead scored by the game's ``evaluate`` (:mod:`tcgkit.bots.greedy`);
- ``mcts[:budget[,option=value...]]``: information-set Monte Carlo tree search (:mod:`tcgkit.bots.mcts`), e.g.
  ``mcts``, ``mcts:200``, ``mcts:500ms``, ``mcts:300,depth=12,rollout=random``.
"""

from __future__ import annotations

from collections.abc import Callable

from tcgkit.bots.base import Bot, RandomBot, ScriptedBot, View
from tcgkit.bots.greedy import GreedyBot, make_greedy
from tcgkit.bots.mcts import MctsBot, parse_budget
from tcgkit.core.errors import TcgkitError

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
