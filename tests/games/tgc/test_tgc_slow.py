"""1,000 random-bot TGC games with distinct seeds over all deck pairings: each ends with a result, no error."""

from __future__ import annotations

import itertools

import pytest
from tgc_helpers import RULES

from tcgkit.bots import RandomBot, View


@pytest.mark.slow
def test_thousand_random_games() -> None:
    decks = list(RULES.decks().values())
    pairs = list(itertools.product(decks, repeat=2))
    for seed in range(1000):
        a, b = pairs[seed % len(pairs)]
        state = RULES.new_game([a, b], seed)
        bots = (RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2))
        while state.result is None:
            state.apply(bots[state.current].choose(View(state, state.current)))
        assert state.result.reason


def test_random_games_end_with_a_result() -> None:
    """A few quick games of every pairing end with a winner or a draw, with a reason (TGC-1.12)."""
    decks = list(RULES.decks().values())
    for seed, (a, b) in enumerate(itertools.product(decks, repeat=2)):
        state = RULES.new_game([a, b], seed)
        bots = (RandomBot(seed), RandomBot(seed + 100))
        while state.result is None:
            state.apply(bots[state.current].choose(View(state, state.current)))
        assert state.result.reason
