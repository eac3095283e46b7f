"""Bots: the protocol, and the bots tcgkit ships. ``make_bot("random")`` builds one by name."""

from __future__ import annotations

from collections.abc import Callable

from tcgkit.bots.base import Bot, RandomBot, ScriptedBot, View
from tcgkit.core.errors import TcgkitError

BOTS: dict[str, Callable[[int, str | None], Bot]] = {
    "random": lambda seed, arg: RandomBot(seed),
    "scripted": lambda seed, arg: ScriptedBot(seed),
}


def make_bot(spec: str, seed: int = 0) -> Bot:
    """A bot from its spec: ``name`` or ``name:argument`` (e.g. ``mcts:200``).

    >>> make_bot("random", 3).name
    'random'
    """
    name, _, arg = spec.partition(":")
    factory = BOTS.get(name)
    if factory is None:
        raise TcgkitError(f"unknown bot {spec!r}; bots: {', '.join(BOTS)}")
    return factory(seed, arg or None)


__all__ = ["BOTS", "Bot", "RandomBot", "ScriptedBot", "View", "make_bot"]
