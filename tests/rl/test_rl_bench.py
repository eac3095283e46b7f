"""``tcgkit bench GAME --env ...``: environment throughput, observation encoding included."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

from tcgkit.core.errors import TcgkitError  # noqa: E402
from tcgkit.rl.bench import ENVS, bench_env  # noqa: E402


@pytest.mark.parametrize("env", ENVS)
def test_bench_env_json(env: str) -> None:
    r = subprocess.run([sys.executable, "-m", "tcgkit.cli", "bench", "guardian-realms", "--env", env, "--seconds",
                        "0.2", "--json"], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["env"] == env and data["steps"] > 0 and data["steps_per_second"] > 0
    assert 0.0 <= data["overhead_share"] <= 1.0


def test_unknown_env_is_one_line_error() -> None:
    r = subprocess.run([sys.executable, "-m", "tcgkit.cli", "bench", "tgod", "--env", "atari", "--seconds", "0.1"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode != 0 and "unknown environment 'atari'" in r.stderr + r.stdout
    assert "Traceback" not in r.stderr
    with pytest.raises(TcgkitError):
        bench_env("tgod", "atari", 0.1)


def test_bench_env_table_speaks_words() -> None:
    """The table a person reads names each figure in words, never by its JSON key."""
    r = subprocess.run([sys.executable, "-m", "tcgkit.cli", "bench", "tgod", "--env", "pettingzoo", "--seconds", "0.2"],
                       capture_output=True, text=True, timeout=300, env={**os.environ, "COLUMNS": "400"})
    assert r.returncode == 0, r.stderr
    assert "observation share" in r.stdout and "steps per CPU s" in r.stdout
    for key in ("steps_per_second", "tensor_share", "encoding_share", "overhead_share", "engine_cpu_seconds"):
        assert key not in r.stdout


@pytest.mark.parametrize("env", ENVS)
def test_each_round_plays_the_same_games(env: str) -> None:
    """``bench_env`` times the same games in every round (a new environment and agent, seeded alike), so the best
    of the rounds compares like with like; and its figures hold together."""
    from tcgkit.rl.bench import RUNNERS, _fresh

    runner = RUNNERS[env]
    rounds = []
    for _ in range(2):
        play, rng = _fresh(runner, "tgod", 5)
        rounds.append([play(rng) for _ in range(3)])
    assert [(n, rec[0][2], rec[1]) for n, rec in rounds[0]] == [(n, rec[0][2], rec[1]) for n, rec in rounds[1]]
    r = bench_env("tgod", env, seconds=0.05, rounds=2)
    assert 0.0 <= r["tensor_share"] <= r["encoding_share"] <= 1.0
    assert r["engine_cpu_seconds"] <= r["env_cpu_seconds"]


def test_rounds_below_one_are_refused() -> None:
    with pytest.raises(TcgkitError, match="rounds must be at least 1"):
        bench_env("tgod", "pettingzoo", 0.05, rounds=0)
