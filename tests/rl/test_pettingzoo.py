"""PettingZoo AEC environments pass PettingZoo's own conformance tests, on every game."""

from __future__ import annotations

import functools
import types
import warnings

import pytest

from conftest import PLAYABLE

pytest.importorskip("pettingzoo")

import numpy as np  # noqa: E402
from pettingzoo.test import api_test, max_cycles_test, seed_test  # noqa: E402

from tcgkit.core.errors import IllegalAction  # noqa: E402
from tcgkit.rl import pettingzoo as tpz  # noqa: E402


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize("turns", ["decisions", "alternate"])
@pytest.mark.parametrize("game", PLAYABLE)
def test_api_test(game: str, turns: str) -> None:
    api_test(tpz.env(game, seed=1, turns=turns), num_cycles=200)


@pytest.mark.parametrize("game", PLAYABLE)
def test_seed_test(game: str) -> None:
    seed_test(functools.partial(tpz.env, game), num_cycles=200)


@pytest.mark.parametrize("game", PLAYABLE)
def test_max_cycles_test(game: str) -> None:
    """max_cycles_test samples actions without the mask: it runs on the alternate order with illegal="skip"."""
    mod = types.SimpleNamespace(env=functools.partial(tpz.env, game, turns="alternate", illegal="skip"),
                                parallel_env=functools.partial(tpz.parallel_env, game, illegal="skip"))
    max_cycles_test(mod)


def play_out(env, seed: int) -> dict[str, float]:
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        assert obs["action_mask"].any()
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return totals


@pytest.mark.parametrize("game", PLAYABLE)
def test_a_whole_game_pays_plus_one_minus_one_or_nothing(game: str) -> None:
    env = tpz.env(game)
    totals = play_out(env, 4)
    assert sorted(totals.values()) in ([-1.0, 1.0], [0.0, 0.0])
    assert env.state.result is not None
    if env.state.result.winner is not None:
        assert totals[tpz.AGENTS[env.state.result.winner]] == 1.0


def test_same_seed_same_game_and_reset_without_seed_moves_on() -> None:
    a, b = tpz.env("tgc", seed=9), tpz.env("tgc", seed=9)
    a.reset()
    b.reset()
    assert a.state.to_json() == b.state.to_json()
    first = a.state.seed
    a.reset()
    assert a.state.seed != first


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    env = tpz.env("tgod", seed=2)
    env.reset()
    obs, *_ = env.last()
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.state.to_json()
    with pytest.raises(IllegalAction, match="is not legal for player_"):
        env.step(bad)
    assert env.state.to_json() == before


def test_render_in_words() -> None:
    env = tpz.env("guardian-realms", seed=2, render_mode="ansi")
    env.reset()
    text = env.render()
    assert "Your move:" in text and "Guardian Realms" in text
    assert "#" not in text  # no card ids: names, in the game's words
