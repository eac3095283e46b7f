"""The game registry: every installed game, found through the ``tcgkit.games`` entry-point group.

A game is a package exposing a :class:`~tcgkit.core.ruleset.Ruleset` instance (``RULES``); its distribution
registers it by id in its ``pyproject.toml``, so a game may live in a package of its own::

    [project.entry-points."tcgkit.games"]
    my-game = "my_game:RULES"

The five shipped games are registered so in tcgkit's own ``pyproject.toml``. A game is imported only when first
asked for (:func:`get_rules`). :func:`register` adds a game at run time (tests, a designer's script).

>>> sorted(GAMES)
['guardian-realms', 'perfect-tcg', 'phaktionz', 'tgc', 'tgod']
>>> get_rules("tgod").name
'The Guardians of Destiny'
"""

from __future__ import annotations

import gc
import importlib
import pkgutil
from collections.abc import Iterable
from importlib.metadata import entry_points

from tcgkit.core.errors import UnknownGame
from tcgkit.core.ruleset import Ruleset

#: The entry-point group games register under.
ENTRY_POINT_GROUP = "tcgkit.games"

#: game id -> (display name, ``module:attribute`` of its ruleset; "" for a game added with :func:`register`). The
#: display name is the id until the game is loaded (:func:`get_rules`).
GAMES: dict[str, tuple[str, str]] = {}

_LOADED: dict[str, Ruleset] = {}


def discover() -> None:
    """Find the installed games (the entry points of ``tcgkit.games``). From a source tree that is not installed,
    the packages under ``tcgkit.games`` that hold a ``rules`` module stand in for them."""
    found = [(ep.name, ep.value) for ep in entry_points(group=ENTRY_POINT_GROUP)]
    if not found:
        found = [(m.name.replace("_", "-"), f"{__name__}.{m.name}:RULES") for m in pkgutil.iter_modules(__path__)
                 if m.ispkg]
    for game_id, target in found:
        GAMES.setdefault(game_id, (game_id, target))


def get_rules(game_id: str) -> Ruleset:
    """The ruleset of a game by id (``UnknownGame`` when there is none or it is not built yet)."""
    rules = _LOADED.get(game_id)
    if rules is not None:
        return rules
    if game_id not in GAMES:
        raise UnknownGame(f"unknown game {game_id!r}; games: {', '.join(GAMES)}")
    target = GAMES[game_id][1]
    module_name, _, attribute = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name and module_name.startswith(exc.name):
            raise UnknownGame(f"{game_id} is not playable yet") from None
        raise
    rules = getattr(module, attribute or "RULES", None)
    if not isinstance(rules, Ruleset):
        raise UnknownGame(f"{game_id} is not playable yet")
    if rules.id != game_id:
        raise UnknownGame(f"the game registered as {game_id!r} ({target}) calls itself {rules.id!r}")
    GAMES[game_id] = (rules.name or game_id, target)
    _LOADED[game_id] = rules
    return rules



def preload(game_ids: Iterable[str]) -> None:
    """Load the rules and card pools of ``game_ids``, then move everything this process holds so far
    out of the garbage collector's way (:func:`gc.freeze`).

    For a process that plays many games (the simulation runner and its workers, the benchmarks, the web server).
    What is loaded lives as long as the process, yet Python's collector walks all of it again at every full
    collection, which a run of games meets every few hundred decisions: 3-8% of the decisions/s, and most of what
    made the late part of a game slower than its start (``docs/performance.md``). The collector never frees what is
    frozen: call it once, after loading and before playing.

    >>> import gc
    >>> preload(["tgod"])
    >>> gc.get_freeze_count() > 0
    True
    """
    for game_id in game_ids:
        rules = get_rules(game_id)
        if rules.playable:
            rules.pool()
    gc.freeze()

def game_name(game_id: str) -> str:
    """A game's display name (loads the game).

    >>> game_name("tgc")
    'TGC'
    """
    return get_rules(game_id).name or game_id


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


discover()
