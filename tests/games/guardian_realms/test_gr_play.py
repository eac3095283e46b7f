"""Whole games: random-bot games end with a result, the evaluation for bots, observations."""

from __future__ import annotations

import json

import pytest
from gr_helpers import RULES, card, position

from tcgkit.bots import RandomBot, View
from tcgkit.core.state import GameState
from tcgkit.games.guardian_realms.rules import deck_out_turn


def play(seed: int, a: str, b: str) -> GameState:
    state = RULES.new_game([RULES.deck(a), RULES.deck(b)], seed)
    bots = (RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2))
    while state.result is None:
        state.apply(bots[state.current].choose(View(state, state.current)))
    return state


def test_random_games_end_with_a_stronghold() -> None:
    """GR-WIN-01: random games end by a destroyed Stronghold (the empty-deck penalty guarantees an end)."""
    names = list(RULES.decks())
    for seed in range(30):
        s = play(seed, names[seed % 2], names[(seed // 2) % 2])
        assert s.result.clause == "GR-WIN-01", s.result


@pytest.mark.slow
def test_thousand_random_games() -> None:
    """1,000 random-bot games over every deck pairing, distinct seeds: each ends with a result and no error."""
    names = list(RULES.decks())
    pairs = [(a, b) for a in names for b in names]
    for seed in range(1000):
        a, b = pairs[seed % len(pairs)]
        s = play(10_000 + seed, a, b)
        assert s.result is not None and s.result.reason


def test_evaluate_prefers_the_stronger_side() -> None:
    """evaluate: a damaged Stronghold, fewer Guardians or fewer cards lower a player's score; a won game is 1."""
    even = position({"lane1": ["Ashen Brute"]}, {"lane1": ["Ashen Brute"]})
    assert abs(RULES.evaluate(even, 0)) < 0.05  # only the far-off empty-deck race tells the sides apart
    assert RULES.evaluate(even, 0) == -RULES.evaluate(even, 1)
    ahead = position({"lane1": ["Pyre Colossus"], "lane2": ["Ashen Brute"]}, {"lane1": ["Moss Whelp"]},
                     res1={"b2": 40})
    assert RULES.evaluate(ahead, 0) > 0.2 > -0.2 > RULES.evaluate(ahead, 1)
    won = position({"lane2": ["Ashen Brute"]}, None, res1={"b2": 1})
    won.apply(f"attack #{card(won, 0, 'Ashen Brute')} base2")
    assert RULES.evaluate(won, 0) == 1.0 and RULES.evaluate(won, 1) == -1.0


def test_evaluate_counts_the_empty_deck_race() -> None:
    """GR-TURN-06/07 in the evaluation: with both decks empty, the Stronghold the doubling penalty destroys first
    decides; 100 HP takes 7 empty draws and 60 HP only 6, and whoever draws first falls first at equal HP."""
    late = {"deck": [], "lane1": ["Ashen Brute"]}
    even = position(late, late, turn=40, active=0)  # player 1 draws next
    assert deck_out_turn(even, 1) == 40 + 2 * 7 - 1 < deck_out_turn(even, 0) == 40 + 2 * 7
    assert RULES.evaluate(even, 0) > 0.2 > -0.2 > RULES.evaluate(even, 1)
    weak = position(late, late, turn=40, active=0, res0={"b2": 60})
    assert RULES.evaluate(weak, 0) < -0.2
    far = position({"lane1": ["Ashen Brute"]}, {"lane1": ["Ashen Brute"]}, turn=40, active=0)  # 10 cards each
    assert abs(RULES.evaluate(far, 0)) < RULES.evaluate(even, 0) / 4


def test_observation_hides_hand_and_deck() -> None:
    """The opponent sees counts of hand and deck, the public Bases and Walls, and the HP Links."""
    s = position({"hand": ["Fireball"], "lane1": ["Ashen Brute"]}, None, res0={"w1": 10})
    obs = s.observation(1)
    me = obs["players"][0]
    assert me["zones"]["hand"] == {"count": 1} and "cards" not in me["zones"]["deck"]
    assert me["resources"]["w1"] == 10 and me["resources"]["b2"] == 100
    assert "Fireball" not in json.dumps(obs)
    assert "Fireball" in json.dumps(s.observation(0))
    assert obs["links"] == []
    assert "Ashen Brute" in RULES.describe(s, 1)
