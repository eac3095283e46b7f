"""The Ray backend against a local Ray instance started by the test: the same games as local processes.

Skipped when Ray is not installed (``pip install 'tcgkit[ray]'``; the dev extra includes it).
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import PLAYABLE

ray = pytest.importorskip("ray")

GAME = "tgod" if "tgod" in PLAYABLE else PLAYABLE[0]


def stored(path: Path) -> list[tuple]:
    with sqlite3.connect(path) as conn:
        games = conn.execute("SELECT game_index, seed, deck0, deck1, bot0, bot1, first_player, winner, reason, "
                             "turns, decisions FROM games_named ORDER BY game_index").fetchall()
        usage = conn.execute("SELECT game_index, player, card, drawn, played FROM card_usage_named "
                             "ORDER BY 1, 2, 3").fetchall()
        backend = conn.execute("SELECT backend FROM runs").fetchone()[0]
    return [backend, *games, *usage]


@pytest.fixture(scope="module")
def ray_address():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield ray.get_runtime_context().gcs_address
    finally:
        ray.shutdown()


@pytest.mark.slow
def test_ray_backend_gives_the_same_games_as_local_processes(ray_address: str, tmp_path: Path) -> None:
    common = ["sim", GAME, "--all-decks", "--games", "24", "--seed", "11"]
    local, remote = tmp_path / "local.sqlite", tmp_path / "ray.sqlite"
    r = subprocess.run([sys.executable, "-m", "tcgkit.cli", *common, "--jobs", "2", "--out", str(local)],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    r = subprocess.run([sys.executable, "-m", "tcgkit.cli", *common, "--backend", "ray", "--address", ray_address,
                        "--out", str(remote)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    one, two = stored(local), stored(remote)
    assert (one[0], two[0]) == ("local", "ray")
    assert one[1:] == two[1:] and len(one) > 24


@pytest.mark.slow
def test_run_ray_in_process_yields_every_game(ray_address: str) -> None:
    from tcgkit.games import get_rules
    from tcgkit.simulation.ray_backend import run_ray
    from tcgkit.simulation.run import plan, resolve_decks, run

    table = resolve_decks(GAME, list(get_rules(GAME).decks()))
    specs = plan(GAME, 10, 3, list(table), ["random", "random"])
    seen = []
    got = sorted((r.index, r.winner, r.turns) for r in run_ray(specs, None, False, seen.append, table, batch=3))
    want = sorted((r.index, r.winner, r.turns) for r in run(specs, jobs=1, decks=table))
    assert got == want and len(seen) == 10
