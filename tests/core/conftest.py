"""The core's tests run on a toy game (tests/core/toy), registered for the length of each test."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from tcgkit.games import register, unregister  # noqa: E402
from toy import RULES  # noqa: E402

DECK = str(Path(__file__).parent / "toy" / "decks" / "mix.yaml")


@pytest.fixture(autouse=True)
def toy_registered():
    register(RULES)
    yield
    unregister("toy")
