"""A results file that is safe to share and resume (issue 22, item 2)."""

from __future__ import annotations

import multiprocessing
import os
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from tcgkit.core.errors import TcgkitError
from tcgkit.simulation.results import ResultsWriter, load
from tcgkit.simulation.run import plan, resolve_decks, run

from .test_cli_fuzz import run_cli

GAME = "tgod"
DECK_NAMES = ["Guardian Wall", "Tyrant Horde"]
BOTS = ("random", "random")


def sim_args(out: Path, games: int = 12, seed: int = 5, *extra: str) -> list[str]:
    return ["sim", GAME, "--decks", *DECK_NAMES, "--games", str(games), "--seed", str(seed), "--jobs", "1",
            "--out", str(out), "--json", *extra]


def stopped_run(path: Path, games: int = 12, seed: int = 5, keep: int = 5) -> None:
    """What a Ctrl-C leaves: a run of ``games`` planned, the first ``keep`` stored, status stopped."""
    decks = resolve_decks(GAME, DECK_NAMES)
    specs = plan(GAME, games, seed, list(decks), BOTS)
    with ResultsWriter(path) as out:
        out.start_run(GAME, seed, decks, BOTS, len(specs), 1)
        for rec in run(specs[:keep], jobs=1, decks=decks):
            out.add(rec)
        out.finish("stopped")


def stored(path: Path) -> list[tuple]:
    with sqlite3.connect(path) as conn:
        games = conn.execute("SELECT game_index, seed, deck0, deck1, bot0, bot1, first_player, winner, reason, "
                             "turns, decisions FROM games_named ORDER BY game_index").fetchall()
        usage = conn.execute("SELECT game_index, player, card, drawn, played FROM card_usage_named "
                             "ORDER BY 1, 2, 3").fetchall()
    return games + usage


def raw(path: Path) -> dict[str, list[tuple]]:
    """Every row of every table as stored (ids included), in the file's order, but what varies between two runs of
    the same games: the clock (``seconds``, ``started``, ``finished``), the command line and the number of jobs."""
    varying = {"seconds", "started", "finished", "command", "jobs"}
    out = {}
    with sqlite3.connect(path) as conn:
        for (table,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").fetchall():
            columns = [c[1] for c in conn.execute(f"PRAGMA table_info({table})") if c[1] not in varying]
            out[table] = conn.execute(f"SELECT {', '.join(columns)} FROM {table}").fetchall()
    return out


def test_resume_finishes_a_stopped_run_with_the_same_games_and_nothing_twice(tmp_path: Path) -> None:
    resumed, whole = tmp_path / "resumed.sqlite", tmp_path / "whole.sqlite"
    stopped_run(resumed)
    code, stdout, stderr = run_cli(sim_args(resumed, 12, 5, "--resume"))
    assert code == 0, stderr
    assert "5 of 12 games stored, 7 to play" in stderr
    code, _, stderr = run_cli(sim_args(whole))
    assert code == 0, stderr
    assert stored(resumed) == stored(whole)  # the same games, the same seeds, each once
    assert raw(resumed) == raw(whole)  # the same rows, ids and order: as if never stopped
    with sqlite3.connect(resumed) as conn:
        assert conn.execute("SELECT COUNT(*), status, games_done FROM runs").fetchone() == (1, "complete", 12)
    assert len(load([resumed]).games) == 12
    code, _, stderr = run_cli(sim_args(resumed, 12, 5, "--resume"))  # nothing left to resume
    assert code == 2 and "no stopped run to resume" in stderr


@pytest.mark.parametrize("games,seed,bots,message", [
    (12, 6, BOTS, "its seed 5, not 6"),
    (13, 5, BOTS, "its games 12, not 13"),
    (12, 5, ("greedy", "random"), "its bots ('random', 'random'), not ('greedy', 'random')"),
])
def test_resume_refuses_other_settings_naming_the_difference(tmp_path: Path, games: int, seed: int,
                                                             bots: tuple[str, str], message: str) -> None:
    path = tmp_path / "r.sqlite"
    stopped_run(path)
    code, _, stderr = run_cli(sim_args(path, games, seed, "--resume", "--bots", *bots))
    assert code == 2 and stderr.count("\n") == 1
    assert "no stopped run with these settings to resume" in stderr and message in stderr
    assert len(load([path]).games) == 5  # nothing was added


def test_the_file_is_the_same_whatever_the_number_of_jobs(tmp_path: Path) -> None:
    files = [tmp_path / "one.sqlite", tmp_path / "two.sqlite"]
    for path, jobs in zip(files, ("1", "2"), strict=True):
        args = sim_args(path, 24, 8)
        args[args.index("--jobs") + 1] = jobs
        code, _, stderr = run_cli(args)
        assert code == 0, stderr
    one, two = raw(files[0]), raw(files[1])
    assert one == two and len(one["games"]) == 24 and len(one["card_usage"]) > 24


def test_resume_needs_out(tmp_path: Path) -> None:
    code, _, stderr = run_cli(["sim", GAME, "--games", "2", "--resume"])
    assert code == 2 and "--resume needs --out" in stderr


def test_a_run_still_being_written_is_not_resumed(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite"
    stopped_run(path)
    with sqlite3.connect(path) as conn:  # as if a live process (this one) were still writing it
        conn.execute("UPDATE runs SET status = 'running'")
        from tcgkit.simulation.results import _writer_id

        conn.execute("INSERT OR REPLACE INTO meta VALUES ('writer of run 1', ?)", (_writer_id(),))
    code, _, stderr = run_cli(sim_args(path, 12, 5, "--resume"))
    assert code == 2 and "still being written" in stderr
    dead = _dead_pid()
    with sqlite3.connect(path) as conn:  # the writer was killed: its run may be resumed
        import socket

        conn.execute("UPDATE meta SET value = ? WHERE key = 'writer of run 1'",
                     (f"process {dead} on {socket.gethostname()}",))
    code, _, stderr = run_cli(sim_args(path, 12, 5, "--resume"))
    assert code == 0, stderr
    assert len(load([path]).games) == 12


def _dead_pid() -> int:
    proc = multiprocessing.get_context("spawn").Process(target=int)
    proc.start()
    proc.join()
    return proc.pid or 0


def test_report_refuses_a_rerun_instead_of_a_resume(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite"
    stopped_run(path)
    code, _, stderr = run_cli(sim_args(path))  # run again from the start, not resumed: 5 games twice
    assert code == 0, stderr
    code, _, stderr = run_cli(["report", str(path)])
    assert code == 2 and stderr.count("\n") == 1
    assert f"{path} run 1 and {path} run 2 hold 5 of the same games" in stderr and "--resume" in stderr
    with pytest.raises(TcgkitError, match="hold 5 of the same games"):
        load([path])


def test_report_refuses_one_file_given_twice(tmp_path: Path) -> None:
    path, copy = tmp_path / "r.sqlite", tmp_path / "copy.sqlite"
    code, _, stderr = run_cli(sim_args(path, 4))
    assert code == 0, stderr
    shutil.copy(path, copy)
    with pytest.raises(TcgkitError, match="hold 4 of the same games"):
        load([path, copy])
    assert len(load([path]).games) == 4


def test_results_file_uses_wal_and_a_busy_timeout(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite"
    with ResultsWriter(path) as out:
        assert out.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert out.conn.execute("PRAGMA busy_timeout").fetchone()[0] >= 30_000


def _first_writer(path: str, start: Any, seed: int) -> None:
    decks = resolve_decks(GAME, DECK_NAMES)
    specs = plan(GAME, 2, seed, list(decks), BOTS)
    start.wait(timeout=60)
    with ResultsWriter(path) as out:
        out.start_run(GAME, seed, decks, BOTS, len(specs), 1)
        for rec in run(specs, jobs=1, decks=decks):
            out.add(rec)
        out.finish()


@pytest.mark.slow
def test_two_first_writers_at_once_both_succeed(tmp_path: Path) -> None:
    """Two processes create one new results file at the same moment, again and again: both always succeed."""
    ctx = multiprocessing.get_context("spawn")
    for attempt in range(10):
        path = str(tmp_path / f"new-{attempt}.sqlite")
        start = ctx.Barrier(2)
        procs = [ctx.Process(target=_first_writer, args=(path, start, seed)) for seed in (1, 2)]
        for p in procs:
            p.start()
        for p in procs:
            p.join(timeout=120)
        assert [p.exitcode for p in procs] == [0, 0], f"attempt {attempt}: a first writer failed"
        rs = load([path])
        assert len(rs.runs) == 2 and len(rs.games) == 4


def _corrupt(path: Path, *statements: str) -> None:
    with sqlite3.connect(path) as conn:
        for s in statements:
            conn.execute(s)


@pytest.mark.parametrize("statements,message", [
    (["UPDATE games SET winner = 'x' WHERE game_index = 1"], "table games, row id 2: winner is 'x', not an integer"),
    (["UPDATE games SET seed = 'abc' WHERE game_index = 0"], "table games, row id 1: seed is 'abc', not an integer"),
    (["UPDATE runs SET status = 'weird'"], "table runs, row run 1: status is 'weird'"),
    (["INSERT INTO card_usage VALUES (999, 0, 1, 1, 0)"], "table card_usage, row game 999 player 0 card "),
    (["INSERT INTO card_usage VALUES (999, 0, 1, 1, 0)"], "no game 999 (an orphan row)"),
    (["INSERT INTO card_usage VALUES (1, 0, 999, 1, 0)"], "table card_usage, row game 1 player 0 card 999: "
                                                          "no card 999 (an orphan row)"),
    (["UPDATE card_usage SET player = 7 WHERE game_id = 1 AND player = 0"], "table card_usage, row game 1 player 7"),
    (["INSERT INTO games (id, run, game_index, seed, deck0, deck1, bot0, bot1, ending) "
      "VALUES (100, 42, 0, 1, 0, 1, 'random', 'random', 1)"], "no run 42 (an orphan row)"),
    (["UPDATE games SET ending = 99 WHERE game_index = 0"], "table games, row id 1: no ending 99 (an orphan row)"),
    (["UPDATE games SET deck1 = 7 WHERE game_index = 2"], "table games, row id 3: no deck 7 (an orphan row)"),
    (["UPDATE deck_cards SET copies = -3 WHERE deck = 0"], "table deck_cards, row run 1 deck 0"),
    (["UPDATE cards SET name = x'41' WHERE card = 1"], "table cards, row card 1: name is b'A', not text"),
])
def test_every_malformed_row_is_reported_by_table_and_row(tmp_path: Path, statements: list[str], message: str
                                                         ) -> None:
    path = tmp_path / "r.sqlite"
    code, _, stderr = run_cli(sim_args(path, 4))
    assert code == 0, stderr
    _corrupt(path, *statements)
    with pytest.raises(TcgkitError) as err:
        load([path])
    assert message in str(err.value) and "\n" not in str(err.value)
    code, _, stderr = run_cli(["report", str(path)])
    assert code == 2 and message in stderr and stderr.count("\n") == 1


def test_several_malformed_rows_are_counted(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite"
    assert run_cli(sim_args(path, 4))[0] == 0
    _corrupt(path, "UPDATE games SET turns = 'many'")
    with pytest.raises(TcgkitError, match=r"4 malformed row\(s\): .* \(and 1 more\)"):
        load([path])
    assert os.path.exists(path)
