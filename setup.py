"""tcgkit's build: plain Python by default; ``TCGKIT_COMPILE=1`` compiles the engine's hot path with mypyc.

Everything else about the package is in ``pyproject.toml``. ``make fast`` makes a second environment, ``.venv-fast``,
with the compiled build (``docs/performance.md``, "The compiled build"): the same games, move for move, faster. The
modules below are the ones a decision, a clone and a search run through; each compiles to a C extension beside its
source, and the rest of the package stays plain Python. A class that must stay a Python class says so with
``tcgkit.core.compiled.mypyc_attr``.
"""

from __future__ import annotations

import os

from setuptools import setup

COMPILED = [
    "core/actions.py", "core/durations.py", "core/effects.py", "core/rng.py", "core/state.py",
    "bots/base.py", "bots/greedy.py", "bots/mcts.py",
    "games/tgod/rules.py",
    "games/tgc/rules.py", "games/tgc/verbs.py",
    *(f"games/guardian_realms/{m}.py" for m in (
        "actions", "board", "cardindex", "damage", "links", "plays", "rules", "statuses", "verbs")),
    *(f"games/perfect_tcg/{m}.py" for m in (
        "actions", "battle", "evaluation", "plays", "rules", "statics", "triggers", "turns", "verbs", "wins")),
    "games/phaktionz/cardindex.py", "games/phaktionz/conditions.py", "games/phaktionz/rules.py",
    "games/phaktionz/verbs.py",
    "rl/encoding.py",
]


def ext_modules() -> list:
    """The compiled modules when ``TCGKIT_COMPILE=1`` (mypy must be installed), else none.

    ``TCGKIT_COMPILE_ONLY=core/,bots/,games/tgod/`` compiles only the listed modules whose paths start with one of
    those prefixes: a quicker build while working on one game (its figures are that game's figures on the full build).
    """
    if os.environ.get("TCGKIT_COMPILE") != "1":
        return []
    only = tuple(p for p in os.environ.get("TCGKIT_COMPILE_ONLY", "").split(",") if p)
    modules = [m for m in COMPILED if not only or m.startswith(only)]
    from mypyc.build import mypycify

    os.environ.setdefault("MYPYPATH", "src")
    # a game's code calls its own rules' methods through ``state.rules`` (typed Ruleset): compiled as plain attribute
    # lookups, as Python does them
    # --no-site-packages: the build reads the same types whatever else is installed (numpy, gymnasium: as Any)
    flags = ["--ignore-missing-imports", "--no-site-packages", "--follow-imports=silent", "--explicit-package-bases",
             "--disable-error-code=attr-defined", "--disable-error-code=union-attr"]
    return mypycify([*flags, *(f"src/tcgkit/{m}" for m in modules)], opt_level="3")


setup(ext_modules=ext_modules())
