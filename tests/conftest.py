"""Shared fixtures: the playable games, and helpers to play random games."""

from __future__ import annotations

import pytest

from tcgkit.bots import RandomBot, View
from tcgkit.core.state import GameState
from tcgkit.games import get_rules, playable_games

PLAYABLE = playable_games()


def random_game(game: str, seed: int, decks: tuple[str, str] | None = None, stop_at: int | None = None) -> GameState:
    """Play a random-bot game (to its end, or until ``stop_at`` decisions)."""
    rules = get_rules(game)
    names = list(rules.decks())
    if decks is None:
        decks = (names[seed % len(names)], names[(seed // len(names) + 1 + seed) % len(names)])
    state = rules.new_game(list(decks), seed)
    bots = (RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2))
    while state.result is None and (stop_at is None or state.decisions < stop_at):
        p = state.current
        state.apply(bots[p].choose(View(state, p)))
    return state


def ordinary_decision(game: str, seed: int = 11) -> GameState:
    """A game of ``game`` past its mulligans and set-up choices, at an ordinary decision with no choice pending and
    cards in the deck of the player to move (the first legal action taken each time)."""
    rules = get_rules(game)
    state = rules.new_game(list(rules.decks())[:2], seed=seed)
    for _ in range(40):
        if state.pending is None and state.turn >= 1 and state.zone(state.current, rules.DECK_ZONE):
            break
        state.apply(state.legal_actions()[0])
    assert state.pending is None
    return state


@pytest.fixture(params=PLAYABLE)
def game(request) -> str:
    return request.param
