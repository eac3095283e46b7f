"""Whole TGOD games: random-bot games over every deck pairing, the turn-cap draw, evaluation and observations."""

from __future__ import annotations

import itertools

import pytest
from tgod_helpers import RULES, card, position

from tcgkit.bots import RandomBot, View
from tcgkit.core.rng import derive_seed

DECKS = sorted(RULES.decks())
PAIRINGS = list(itertools.product(DECKS, DECKS))


def play(seed: int, decks: tuple[str, str], cap: int | None = None):
    state = RULES.new_game(list(decks), seed, options={"turn_cap": cap} if cap else None)
    bots = (RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2))
    while state.result is None:
        state.apply(bots[state.current].choose(View(state, state.current)))
    return state


@pytest.mark.slow
def test_thousand_random_games_over_all_pairings_end_with_a_result() -> None:
    seeds = set()
    for i in range(1000):
        seed = derive_seed(2026, i)
        seeds.add(seed)
        state = play(seed, PAIRINGS[i % len(PAIRINGS)])
        assert state.result is not None and state.result.reason
        if state.result.winner is not None:
            assert state.result.clause in ("TGOD-BTL-12", "TGOD-ROLE-02")
    assert len(seeds) == 1000


def test_random_games_are_mostly_decided() -> None:
    results = [play(s, PAIRINGS[s % len(PAIRINGS)]).result for s in range(60)]
    assert sum(r.winner is not None for r in results) > 40


def test_TGOD_OBJ_01_stalemate_ends_as_a_draw_by_the_turn_cap() -> None:
    """TGOD-OBJ-01: no rule ends a stalled game; the host's turn cap does, as a draw with its reason."""
    state = position({"main": ["Squire of Dawn"]}, {"main": ["Shadow Brute"]}, options={"turn_cap": 8},
                     cards0=[{"name": "Squire of Dawn", "counters": {"stars_used": 3}},
                             {"name": "Bastion of Light", "counters": {"stars_used": 3}}],
                     cards1=[{"name": "Dark Keep", "counters": {"stars_used": 3}}])
    while state.result is None:
        state.apply("end")
    assert state.result.winner is None and state.result.clause == "turn-cap"
    assert "turn cap" in state.result.reason


def test_evaluate_prefers_more_base_armor_hp() -> None:
    state = position({"main": ["Squire of Dawn"]}, {"main": ["Shadow Brute"]},
                     cards1=[{"name": "Dark Keep", "counters": {"damage": 150}}])
    ahead = RULES.evaluate(state, 0)
    assert -1.0 <= ahead <= 1.0 and ahead > 0 > RULES.evaluate(state, 1)
    state.apply(f"attack #{card(state, 0, 'Squire of Dawn')} #{card(state, 1, 'Dark Keep')}")
    assert RULES.evaluate(state, 0) > ahead
    state = position({"main": ["Squire of Dawn"]}, cards1=[{"name": "Dark Keep", "counters": {"damage": 185}}])
    state.apply(f"attack #{card(state, 0, 'Squire of Dawn')} #{card(state, 1, 'Dark Keep')}")
    assert RULES.evaluate(state, 0) == 1.0 and RULES.evaluate(state, 1) == -1.0


def test_observation_shows_the_field_but_not_the_opponents_hand() -> None:
    state = position({"hand": ["Charge!"], "main": ["Squire of Dawn"]}, {"hand": ["Dark Pact"]})
    obs = state.observation(1)
    assert "cards" not in obs["players"][0]["zones"]["hand"] and obs["players"][0]["zones"]["hand"]["count"] == 1
    assert "Charge!" not in str(obs)
    squire = str(card(state, 0, "Squire of Dawn"))
    assert obs["field"][squire] == {"attack": 20, "defense": 0, "hp_left": 45, "stars_left": 3, "colour": "yellow"}
    assert obs["turn_kind"] == "normal" and obs["step"] == "draw"


def test_evaluate_guides_the_greedy_bot_past_random() -> None:
    """The evaluation is meaningful: a greedy bot using it beats a random bot in most games."""
    from tcgkit.bots import play_game

    wins = 0
    for s in range(8):
        seat = s % 2
        bots = ["greedy", "random"] if seat == 0 else ["random", "greedy"]
        state = play_game(RULES, [DECKS[s % 3], DECKS[(s + 1) % 3]], seed=s, bots=bots)
        wins += state.result.winner == seat
    assert wins >= 6


def test_games_end_under_every_option_combination() -> None:
    """Each second reading (RULINGS.md options) plays whole games to a result."""
    options = [k for k in RULES.OPTIONS if k != "first_player"]
    for s in range(2 ** len(options) // 2):
        chosen = {k: bool((s >> i) & 1) for i, k in enumerate(options)}
        state = RULES.new_game([DECKS[s % 3], DECKS[(s // 3) % 3]], s, options=chosen)
        bots = (RandomBot(s), RandomBot(s + 7))
        while state.result is None:
            state.apply(bots[state.current].choose(View(state, state.current)))
        assert state.result.reason
