"""Gymnasium environments: registered on import, pass Gymnasium's check_env on every game."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("gymnasium")

import gymnasium  # noqa: E402
import numpy as np  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

import tcgkit.rl  # noqa: E402
from tcgkit.core.errors import IllegalAction, TcgkitError  # noqa: E402


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize("game", sorted(tcgkit.rl.GYM_IDS))
def test_check_env(game: str, capsys) -> None:
    env = gymnasium.make(tcgkit.rl.GYM_IDS[game], opponent="greedy")
    check_env(env.unwrapped)


def play_masked(env, seed: int) -> tuple[float, int]:
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    total, steps = 0.0, 0
    while True:
        mask = env.unwrapped.action_masks()
        assert mask.any() and (mask == info["action_mask"].astype(bool)).all()
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        assert not info.get("illegal")
        total += reward
        steps += 1
        if terminated or truncated:
            return total, steps


@pytest.mark.parametrize("game", sorted(tcgkit.rl.GYM_IDS))
def test_a_masked_agent_plays_whole_games(game: str) -> None:
    env = gymnasium.make(tcgkit.rl.GYM_IDS[game], opponent="random")
    for seed in (1, 2):
        total, steps = play_masked(env, seed)
        assert total in (-1.0, 0.0, 1.0) and steps > 0


def test_seats_alternate_by_episode_unless_fixed() -> None:
    env = gymnasium.make("tcgkit/TGC-v0").unwrapped
    seats = []
    for _ in range(4):
        env.reset()
        seats.append(env.seat)
        assert env.state.current == env.seat
    assert seats == [0, 1, 0, 1]
    env = gymnasium.make("tcgkit/TGC-v0", seat=1).unwrapped
    env.reset(seed=3)
    assert env.seat == 1


def test_an_illegal_index_is_skipped_or_raised() -> None:
    env = gymnasium.make("tcgkit/TGOD-v0").unwrapped
    obs, info = env.reset(seed=5)
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = env.state.to_json()
    obs2, reward, term, trunc, info2 = env.step(bad)
    assert info2["illegal"] and reward == 0.0 and not term and env.state.to_json() == before
    assert (obs2 == obs).all()
    strict = gymnasium.make("tcgkit/TGOD-v0", illegal="raise").unwrapped
    strict.reset(seed=5)
    with pytest.raises(IllegalAction):
        strict.step(bad)


def test_unknown_opponent_is_refused_at_once() -> None:
    with pytest.raises(TcgkitError, match="unknown bot"):
        gymnasium.make("tcgkit/TGOD-v0", opponent="nobody")
