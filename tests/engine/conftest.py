"""The core's tests run on a toy game (tests/core/toy), registered for the length of each test."""

from __future__ import annotations

import pytest

from engine.toy import RULES
from tcgkit.games import register, unregister


@pytest.fixture(autouse=True)
def toy_registered():
    register(RULES)
    yield
    unregister("toy")
