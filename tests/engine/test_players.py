"""The core's player selectors count the players instead of assuming two (tcgkit.core.effects.players)."""

from __future__ import annotations

import pytest

from engine.toy import DECK, RULES
from tcgkit.core import effects


@pytest.mark.parametrize(("spec", "two", "three"), [
    ("you", [1], [1]),
    ("opponent", [0], [2, 0]),
    ("each", [1, 0], [1, 2, 0]),
    ("active", [0], [0]),
    ("inactive", [1], [1, 2]),
])
def test_selectors_for_two_and_three_players(spec: str, two: list[int], three: list[int]) -> None:
    for decks, want in (([DECK] * 2, two), ([DECK] * 3, three)):
        state = RULES.new_game(decks, seed=2)
        assert state.active == 0
        assert effects.players(state, {"controller": 1}, spec) == want


def test_damage_to_the_opponent_reaches_every_other_player() -> None:
    state = RULES.new_game([DECK] * 3, seed=2)
    step = effects.Step("damage", {"target": "opponent", "amount": 2})
    assert effects.resolve(state, (step,), -1, 0)
    assert [r["life"] for r in state.res] == [10, 8, 8]
