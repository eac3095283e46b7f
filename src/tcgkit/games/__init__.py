"""The game registry: each game is one package under ``tcgkit.games`` exposing ``RULES`` (a Ruleset instance).

>>> sorted(GAMES)
['guardian-realms', 'perfect-tcg', 'phaktionz', 'tgc', 'tgod']
"""

from __future__ import annotations

import importlib

from tcgkit.core.errors import UnknownGame
from tcgkit.core.ruleset import Ruleset

#: game id -> (display name, module under tcgkit.games)
GAMES: dict[str, tuple[str, str]] = {
    "perfect-tcg": ("Perfect TCG", "perfect_tcg"),
    "tgod": ("The Guardians of Destiny", "tgod"),
    "phaktionz": ("Phaktionz", "phaktionz"),
    "tgc": ("TGC", "tgc"),
    "guardian-realms": ("Guardian Realms", "guardian_realms"),
}

_LOADED: dict[str, Ruleset] = {}


def get_rules(game_id: str) -> Ruleset:
    """The ruleset of a game by id (``UnknownGame`` when there is none or it is not built yet)."""
    if game_id in _LOADED:
        return _LOADED[game_id]
    if game_id not in GAMES:
        raise UnknownGame(f"unknown game {game_id!r}; games: {', '.join(GAMES)}")
    try:
        module = importlib.import_module(f"tcgkit.games.{GAMES[game_id][1]}")
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith(f"tcgkit.games.{GAMES[game_id][1]}"):
            raise UnknownGame(f"{game_id} is not playable yet") from None
        raise
    rules = getattr(module, "RULES", None)
    if not isinstance(rules, Ruleset):
        raise UnknownGame(f"{game_id} is not playable yet")
    _LOADED[game_id] = rules
    return rules


def register(rules: Ruleset) -> None:
    """Make a game known by its id, e.g. a designer's own game written against the core (``rules.id`` must be set).

    >>> from tcgkit.core.ruleset import Ruleset
    >>> class Mine(Ruleset):
    ...     id = "my-game"
    ...     name = "My Game"
    >>> register(Mine())
    >>> get_rules("my-game").name
    'My Game'
    >>> unregister("my-game")
    """
    if not rules.id:
        raise ValueError("a ruleset needs an id")
    GAMES.setdefault(rules.id, (rules.name or rules.id, ""))
    _LOADED[rules.id] = rules


def unregister(game_id: str) -> None:
    """Forget a game added with :func:`register`."""
    _LOADED.pop(game_id, None)
    if GAMES.get(game_id, ("", "x"))[1] == "":
        del GAMES[game_id]


def is_playable(game_id: str) -> bool:
    try:
        return get_rules(game_id).playable
    except UnknownGame:
        return False


def playable_games() -> list[str]:
    return [g for g in GAMES if is_playable(g)]
