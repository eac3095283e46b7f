"""Thousands of random games per playable game (slow; CI runs it): each ends with a result and no error, no card is
created or lost, and replaying its seed and actions reproduces it event for event."""

from __future__ import annotations

import pytest

from conftest import PLAYABLE, random_game
from tcgkit.games import get_rules
from tcgkit.replays import replay, replay_record

GAMES_PER_GAME = 1000


@pytest.mark.slow
@pytest.mark.parametrize("game", PLAYABLE)
def test_thousand_random_games_end_and_replay(game: str) -> None:
    rules = get_rules(game)
    decks = rules.decks()
    for seed in range(GAMES_PER_GAME):
        state = random_game(game, seed)
        assert state.result is not None and state.result.reason, f"seed {seed}: no result"
        placed = sum(len(ids) for zones in state.zones for ids in zones.values())
        assert placed == sum(1 for _, zone in state.loc if zone), f"seed {seed}: a card is lost or doubled"
        if seed % 10 == 0:
            record = replay_record(state, [decks[n] for n in state.deck_names])
            assert replay(record).log == state.log, f"seed {seed}: the replay diverges"
