"""Environments for AI research (``pip install tcgkit[rl]``): a fixed action space and observation tensor per game
(:mod:`tcgkit.rl.encoding`), PettingZoo AEC environments (:mod:`tcgkit.rl.pettingzoo`), Gymnasium single-agent
environments against a tcgkit bot (:mod:`tcgkit.rl.gym`, registered on import as ``tcgkit/<GAME>-v0``) and OpenSpiel
games (:mod:`tcgkit.rl.openspiel`). See ``docs/rl.md``.
"""

from __future__ import annotations

from tcgkit.rl.encoding import Encoding
from tcgkit.rl.spec import SPECS

#: The Gymnasium id of each game.
GYM_IDS = {"perfect-tcg": "tcgkit/PerfectTCG-v0", "tgod": "tcgkit/TGOD-v0", "phaktionz": "tcgkit/Phaktionz-v0",
           "tgc": "tcgkit/TGC-v0", "guardian-realms": "tcgkit/GuardianRealms-v0"}

__all__ = ["GYM_IDS", "SPECS", "Encoding"]

try:
    import gymnasium  # noqa: F401
except ImportError:  # pragma: no cover - the rl extra is not installed
    pass
else:
    from tcgkit.rl.gym import register_all

    register_all()
