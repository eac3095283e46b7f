"""OpenSpiel: every game registered, passing OpenSpiel's random_sim_test; OpenSpiel's ISMCTS plays a whole game."""

from __future__ import annotations

import pytest

from conftest import PLAYABLE

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import ismcts  # noqa: E402

from tcgkit.rl import openspiel as tos  # noqa: E402


@pytest.mark.parametrize("game", PLAYABLE)
def test_random_sim_test(game: str) -> None:
    """Clone, serialize, legal-action masks, tensor sizes, utility bounds: OpenSpiel's own checks."""
    g = pyspiel.load_game(tos.short_name(game), {"seed": 3})
    pyspiel.random_sim_test(g, num_sims=1, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("game", PLAYABLE)
def test_random_sim_test_more_deals(game: str) -> None:
    for seed in (11, 12):
        g = pyspiel.load_game(tos.short_name(game), {"seed": seed})
        pyspiel.random_sim_test(g, num_sims=2, serialize=True, verbose=False)


def test_every_game_is_registered_as_imperfect_information() -> None:
    names = set(pyspiel.registered_names())
    for game in PLAYABLE:
        assert tos.short_name(game) in names
        gt = pyspiel.load_game(tos.short_name(game)).get_type()
        assert gt.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert gt.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL


def test_same_seed_same_game_other_seed_other_deal() -> None:
    a = pyspiel.load_game("python_tcgkit_tgc", {"seed": 5}).new_initial_state()
    b = pyspiel.load_game("python_tcgkit_tgc", {"seed": 5}).new_initial_state()
    c = pyspiel.load_game("python_tcgkit_tgc", {"seed": 6}).new_initial_state()
    assert a.engine.to_json() == b.engine.to_json() != c.engine.to_json()


def test_serialize_round_trip_mid_game() -> None:
    g = pyspiel.load_game("python_tcgkit_phaktionz", {"seed": 2})
    state = g.new_initial_state()
    rng = np.random.default_rng(0)
    for _ in range(30):
        state.apply_action(int(rng.choice(state.legal_actions())))
    back = g.deserialize_state(state.serialize())
    assert back.engine.to_json() == state.engine.to_json()
    assert back.information_state_string(0) == state.information_state_string(0)


@pytest.mark.parametrize("game", ["tgod", "guardian-realms"])
def test_ismcts_plays_a_whole_game_through_the_registration(game: str) -> None:
    g = pyspiel.load_game(tos.short_name(game), {"seed": 4})
    bot = ismcts.ISMCTSBot(g, tos.evaluator(), uct_c=2.0, max_simulations=6,
                           random_state=np.random.RandomState(4))
    rng = np.random.default_rng(4)
    state = g.new_initial_state()
    while not state.is_terminal():
        action = bot.step(state) if state.current_player() == 0 else int(rng.choice(state.legal_actions()))
        assert action in state.legal_actions()
        state.apply_action(action)
    assert sum(state.returns()) == 0 and max(state.returns()) in (0.0, 1.0)
