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


def _words_now(state, action: int) -> list[str]:
    """An action in both players' words, put on it just before it is applied (what the history strings said when
    they were written at every step)."""
    s = state.engine
    move = tos.Encoding.of(s.rules.id).decode(s, action)
    words = s.rules.words
    return [f"{words.who(s, s.current, v)}: {words.action(s, move, v)}" for v in (0, 1)]


@pytest.mark.filterwarnings("ignore:.*the fixed action space has no place for")  # (a deck search: the last block)
@pytest.mark.parametrize("game", PLAYABLE)
def test_history_words_put_on_when_asked_equal_words_put_on_at_each_step(game: str) -> None:
    """The information-state string's history is put in words only when asked: over random play with clones of
    states, re-dealt states (``resample_from_infostate``, as ISMCTS makes them), states serialized and read back,
    and engine states replaced from outside, asked at random moments, it equals the words put on each action just
    before it was applied. Every state serialized reads back as it was, a re-dealt one too."""
    g = pyspiel.load_game(tos.short_name(game), {"seed": 6})
    rng = np.random.default_rng(6)
    lines: dict[int, list[list[str]]] = {}
    live = [g.new_initial_state()]
    lines[id(live[0])] = [[], []]
    checked = 0
    for _ in range(120):
        i = int(rng.integers(len(live)))
        state = live[i]
        mine = lines[id(state)]
        op = int(rng.integers(10))
        if state.is_terminal() or op == 0:  # a new game
            state = g.new_initial_state()
        elif op == 1:  # a clone, played on apart from its original
            state = state.clone()
            lines[id(state)] = [mine[0].copy(), mine[1].copy()]
        elif op == 2:  # re-dealt for one player (the history so far stays as it was seen)
            state = state.resample_from_infostate(int(rng.integers(2)), lambda: 0.25)
            lines[id(state)] = [mine[0].copy(), mine[1].copy()]
        elif op == 3:  # serialized and read back (a re-dealt state whole, any other as a replay of its game)
            back = g.deserialize_state(state.serialize())
            assert back.engine.to_json() == state.engine.to_json()
            state = back
            lines[id(state)] = [mine[0].copy(), mine[1].copy()]
        elif op == 4:  # asked now
            for v in (0, 1):
                assert state.information_state_string(v).endswith("history: " + "; ".join(mine[v]))
                checked += 1
        else:
            action = int(rng.choice(state.legal_actions()))
            for v, line in enumerate(_words_now(state, action)):
                mine[v].append(line)
            state.apply_action(action)
        if id(state) not in lines:
            lines[id(state)] = [[], []]
        live.append(state)
    for state in live:
        for v in (0, 1):
            assert state.information_state_string(v).endswith("history: " + "; ".join(lines[id(state)][v]))
            checked += 1
    assert checked > 100
    # an engine state replaced from outside: the words of what is played from it are put on from it
    state = g.new_initial_state()
    for _ in range(5):
        state.apply_action(int(rng.choice(state.legal_actions())))
    other = g.new_initial_state()
    for _ in range(9):
        other.apply_action(int(rng.choice(other.legal_actions())))
    expected = [state.held.said(v).copy() for v in (0, 1)]
    state.held.state = other.engine.clone()
    for _ in range(4):
        action = int(rng.choice(state.legal_actions()))
        for v, line in enumerate(_words_now(state, action)):
            expected[v].append(line)
        state.apply_action(action)
    assert [state.held.said(v) for v in (0, 1)] == expected
