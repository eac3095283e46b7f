"""Designer folders: card files and decks a designer adds to a game without touching the package.

A designer folder for a game holds ``cards/*.yaml`` and ``decks/*.yaml`` (card files and deck files in the formats
of ``docs/cards.md``). YAML files placed directly in the folder are read too: one with a ``cards`` list is a card
file, any other a deck. Two kinds of folder are read, in this order:

- the user data folder of each game, ``<user data>/tcgkit/<game id>/`` (on Linux ``~/.local/share/tcgkit/tgod/``;
  ``TCGKIT_DATA`` names another base folder), read whenever it exists;
- the folders given with ``--cards DIR`` (or ``TCGKIT_CARDS``, folders separated by ``:``), for the game at hand.

A card of a designer folder with the name of a shipped card replaces it (edit a card, rerun the simulation). A
broken file is reported and skipped; the rest still loads (see ``Ruleset.load_problems``).

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as d:
...     use_folders([d])
...     [p.name for p in designer_folders("tgod")] == [Path(d).name]
True
>>> use_folders([])
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from tcgkit.core.errors import TcgkitError

_GIVEN: list[Path] = []
_CACHE: dict[str, tuple[Path, ...]] = {}


def user_data_dir() -> Path:
    """The base of the user data folders: ``TCGKIT_DATA``, else the platform's user data folder for tcgkit."""
    env = os.environ.get("TCGKIT_DATA")
    if env:
        return Path(env)
    from platformdirs import user_data_dir as platform_dir

    return Path(platform_dir("tcgkit", appauthor=False))


def use_folders(paths: Iterable[str | Path]) -> None:
    """Read these designer folders from now on (``--cards DIR``); each must be an existing folder."""
    folders = []
    for p in paths:
        path = Path(p).expanduser()
        if not path.is_dir():
            raise TcgkitError(f"{p}: no such folder (--cards takes a folder of card and deck files)")
        folders.append(path.resolve())
    _GIVEN[:] = folders
    _CACHE.clear()


def designer_folders(game_id: str) -> tuple[Path, ...]:
    """The designer folders read for ``game_id``: its user data folder if it exists, then the given ones (looked
    up once per :func:`use_folders`: a game in progress never sees its card pool change)."""
    cached = _CACHE.get(game_id)
    if cached is None:
        cached = _CACHE[game_id] = tuple(_lookup(game_id))
    return cached


def _lookup(game_id: str) -> list[Path]:
    out = []
    mine = user_data_dir() / game_id
    if mine.is_dir():
        out.append(mine)
    env = os.environ.get("TCGKIT_CARDS")
    given = [*_GIVEN, *(Path(p) for p in env.split(os.pathsep) if p)] if env else _GIVEN
    for p in given:
        if p not in out:
            out.append(p)
    return out


def folder_files(folder: Path) -> tuple[list[Path], list[Path]]:
    """The card files and deck files of one designer folder (see the module docstring), sorted."""
    cards = sorted((folder / "cards").glob("*.yaml")) if (folder / "cards").is_dir() else []
    decks = sorted((folder / "decks").glob("*.yaml")) if (folder / "decks").is_dir() else []
    for path in sorted([*folder.glob("*.yaml"), *folder.glob("*.yml")]):
        (cards if _is_card_file(path) else decks).append(path)
    return cards, decks


def _is_card_file(path: Path) -> bool:
    try:
        head = path.read_text(encoding="utf-8", errors="replace")[:20_000]
    except OSError:
        return False
    return any(line.startswith("cards:") for line in head.splitlines())
