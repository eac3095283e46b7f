"""``tcgkit sim`` and ``tcgkit report`` as a designer runs them."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import PLAYABLE
from tcgkit.games import get_rules

GAME = "tgod" if "tgod" in PLAYABLE else PLAYABLE[0]
DECKS = list(get_rules(GAME).decks())
SUMMARY_KEYS = ["game", "games", "by_seat", "by_bot", "by_deck", "draws", "errors", "mean_decisions", "mean_turns",
                "seconds", "decisions_per_second"]


def tcgkit(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tcgkit.cli", *args], capture_output=True, text=True, timeout=300)


def stored(path: Path) -> list[tuple]:
    with sqlite3.connect(path) as conn:
        games = conn.execute("SELECT game_index, seed, deck0, deck1, bot0, bot1, first_player, winner, reason, "
                             "turns, decisions FROM games_named ORDER BY game_index").fetchall()
        usage = conn.execute("SELECT game_index, player, card, drawn, played FROM card_usage_named "
                             "ORDER BY 1, 2, 3").fetchall()
    return games + usage


def test_json_summary_has_exactly_the_documented_keys(tmp_path: Path) -> None:
    r = tcgkit("sim", GAME, "--games", "6", "--seed", "2", "--jobs", "2", "--json")
    assert r.returncode == 0, r.stderr
    summary = json.loads(r.stdout)
    assert list(summary) == SUMMARY_KEYS and list(summary["by_seat"]) == ["0", "1"]
    assert summary["games"] == 6 and summary["errors"] == 0


def test_the_three_ways_to_name_decks_give_the_same_run(tmp_path: Path) -> None:
    a, b = DECKS[0], DECKS[-1]
    forms = [["--decks", a, b], ["--decks", a, "--decks", b], ["--decks", f"{a},{b}"]]
    results = []
    for i, form in enumerate(forms):
        out = tmp_path / f"{i}.sqlite"
        r = tcgkit("sim", GAME, *form, "--games", "8", "--seed", "4", "--jobs", "2", "--out", str(out))
        assert r.returncode == 0, r.stderr
        results.append(stored(out))
    assert results[0] == results[1] == results[2]
    assert {row[2] for row in results[0] if len(row) == 11} == {a, b}


def test_same_seed_same_tables_with_one_or_two_jobs(tmp_path: Path) -> None:
    reports = []
    for jobs in ("1", "2"):
        out = tmp_path / f"j{jobs}.sqlite"
        r = tcgkit("sim", GAME, "--all-decks", "--games", "12", "--seed", "8", "--jobs", jobs, "--out", str(out))
        assert r.returncode == 0, r.stderr
        r = tcgkit("report", str(out), "--json")
        assert r.returncode == 0, r.stderr
        report = json.loads(r.stdout)
        assert [run["games_done"] for run in report.pop("runs")] == [12]  # (file name and start time differ)
        reports.append(report)
    assert reports[0] == reports[1]


def test_runs_append_and_report_writes_terminal_html_and_csv(tmp_path: Path) -> None:
    out = tmp_path / "r.sqlite"
    for seed in ("1", "2"):
        r = tcgkit("sim", GAME, "--all-decks", "--games", "10", "--seed", seed, "--jobs", "2", "--out", str(out))
        assert r.returncode == 0, r.stderr
        assert f"stored 10 games in {out}" in r.stdout
    other = tmp_path / "other.sqlite"
    assert tcgkit("sim", GAME, "--games", "5", "--out", str(other), "--jobs", "1").returncode == 0
    html, csv_dir = tmp_path / "report.html", tmp_path / "csv"
    r = tcgkit("report", str(out), str(other), "--html", str(html), "--csv", str(csv_dir))
    assert r.returncode == 0, r.stderr
    assert "25 games in 3 run(s)" in r.stdout and "Matchups" in r.stdout and "first player win rate" in r.stdout
    page = html.read_text()
    assert "<svg" in page and "sortable" in page
    assert (csv_dir / "cards.csv").read_text().startswith("card,in_deck_games,")


@pytest.mark.parametrize(("args", "message"), [
    (["report", "nope.sqlite"], "nope.sqlite: no such results file"),
    (["report", "{bad}"], "not a tcgkit results file"),
    (["sim", GAME, "--games", "2", "--out", "{bad}"], "not a tcgkit results file"),
    (["sim", GAME, "--games", "2", "--bots", "random", "nobot"], "unknown bot 'nobot'"),
    (["sim", GAME, "--games", "2", "--backend", "spark"], "unknown backend 'spark'"),
    (["sim", GAME, "--games", "2", "--address", "1.2.3.4:6379"], "--address is for --backend ray"),
    (["sim", GAME, "--games", "2", "--decks", DECKS[0], "Nope"], "no deck 'Nope'"),
    (["sim", GAME, "--games", "2", "stray"], "unexpected argument 'stray'"),
])
def test_errors_are_one_line_without_traceback(args: list[str], message: str, tmp_path: Path) -> None:
    bad = tmp_path / "bad.sqlite"
    bad.write_text("not a database, just text " * 20)
    r = tcgkit(*(a.replace("{bad}", str(bad)) for a in args))
    assert r.returncode != 0
    assert "Traceback" not in r.stderr + r.stdout
    text = " ".join(line.strip() for line in r.stderr.splitlines())  # rich wraps long lines at 80 columns
    assert message in text and text.startswith("error: ")


def committed_games(path: Path) -> int:
    """Games committed so far (0 while the file is being created)."""
    try:
        with sqlite3.connect(path, timeout=5) as conn:
            return conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    except sqlite3.OperationalError:  # no table yet
        return 0


def long_run(out: Path) -> subprocess.Popen:
    """A long ``tcgkit sim --jobs 2`` into ``out``, in a session of its own, once it has committed games (waited for
    at most a minute)."""
    proc = subprocess.Popen([sys.executable, "-m", "tcgkit.cli", "sim", GAME, "--games", "100000", "--jobs", "2",
                             "--out", str(out), "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    for _ in range(600):
        time.sleep(0.1)
        if out.exists() and committed_games(out) > 0:
            break
    return proc


@pytest.mark.slow
def test_ctrl_c_stops_cleanly_and_keeps_the_finished_games(tmp_path: Path) -> None:
    out = tmp_path / "r.sqlite"
    proc = long_run(out)
    try:
        os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C does: the whole process group
        stdout, stderr = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr and "stopped:" in stderr
    summary = json.loads(stdout)
    with sqlite3.connect(out) as conn:
        n = conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]
        status, done = conn.execute("SELECT status, games_done FROM runs").fetchone()
        orphans = conn.execute("SELECT COUNT(*) FROM card_usage WHERE game_id NOT IN (SELECT id FROM games)"
                               ).fetchone()[0]
    assert 0 < n < 100000 and n == done == summary["games"] and status == "stopped" and orphans == 0


def test_workers_stop_by_themselves_when_the_run_is_killed(tmp_path: Path) -> None:
    proc = long_run(tmp_path / "r.sqlite")
    try:
        os.kill(proc.pid, signal.SIGKILL)  # the run itself, not its workers: as the out-of-memory killer would
        proc.wait(timeout=10)
        for _ in range(300):  # its workers notice and stop within a chunk's time (at most half a minute)
            try:
                os.killpg(proc.pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.1)
        else:
            pytest.fail("the workers of a killed run are still running")
        assert "Traceback" not in proc.stderr.read()
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()


FOUR_DECK_GAMES = [g for g in PLAYABLE if len(get_rules(g).decks()) >= 4]


@pytest.mark.slow
@pytest.mark.skipif(not FOUR_DECK_GAMES, reason="no playable game ships four decks yet")
def test_four_deck_round_robin_of_1000_games_same_tables_with_one_or_two_jobs(tmp_path: Path) -> None:
    game = FOUR_DECK_GAMES[0]
    decks = list(get_rules(game).decks())[:4]
    reports = []
    for jobs in ("1", "2"):
        out = tmp_path / f"j{jobs}.sqlite"
        r = tcgkit("sim", game, "--decks", *decks, "--games", "1000", "--seed", "2026", "--jobs", jobs,
                   "--out", str(out), "--json")
        assert r.returncode == 0, r.stderr
        assert json.loads(r.stdout)["errors"] == 0
        r = tcgkit("report", str(out), "--json")
        report = json.loads(r.stdout)
        report.pop("runs")
        reports.append(report)
    assert reports[0] == reports[1]
    assert len(reports[0]["matchups"]) == 12 and {m["games"] for m in reports[0]["matchups"]} >= {166, 167}
    html = tmp_path / "report.html"
    r = tcgkit("report", str(tmp_path / "j2.sqlite"), "--html", str(html))
    assert r.returncode == 0 and "Matchups" in r.stdout and html.read_text().count("<svg") == 4


def test_json_summary_names_wins_per_bot_when_bots_swap_seats() -> None:
    """With two different bots (which swap seats during a run) the summary says which bot won, not only which seat."""
    r = tcgkit("sim", GAME, "--games", "8", "--seed", "3", "--bots", "greedy", "random", "--jobs", "1", "--json")
    assert r.returncode == 0, r.stderr
    s = json.loads(r.stdout)
    assert set(s["by_bot"]) == {"greedy", "random"}
    assert s["by_bot"]["greedy"]["games"] == s["by_bot"]["random"]["games"] == 8
    assert s["by_bot"]["greedy"]["wins"] + s["by_bot"]["random"]["wins"] + s["draws"] == 8
    assert sum(t["games"] for t in s["by_deck"].values()) == 16
