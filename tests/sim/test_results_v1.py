"""Results files of schema version 1 (card and deck names in every row): still read, with the same figures as the
same run stored in version 2; never appended to."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tcgkit.core.errors import TcgkitError
from tcgkit.simulation.report import to_json
from tcgkit.simulation.results import ResultSet, ResultsWriter, load
from tcgkit.simulation.run import plan, resolve_decks, run_batches
from tcgkit.simulation.stats import compute

DUMP = Path(__file__).parent / "data" / "results_v1.sql"  # tcgkit sim tgod ... --games 16 --seed 3, schema 1
GAME, DECKS, BOTS, GAMES, SEED = "tgod", ["Guardian Wall", "Tyrant Horde"], ("random", "random"), 16, 3


def tcgkit(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tcgkit.cli", *args], capture_output=True, text=True, timeout=300)


def v1_file(path: Path) -> Path:
    conn = sqlite3.connect(path)
    conn.executescript(DUMP.read_text())
    conn.close()
    return path


def v2_file(path: Path) -> Path:
    """The same run as the version 1 file, stored by this tcgkit (with two jobs)."""
    decks = resolve_decks(GAME, DECKS)
    specs = plan(GAME, GAMES, SEED, list(decks), BOTS)
    with ResultsWriter(path) as out:
        out.start_run(GAME, SEED, decks, BOTS, len(specs), 2)
        for batch in run_batches(specs, 2, decks=decks):
            out.add_many(batch)
        out.finish()
    return path


def games(rs: ResultSet) -> list[Any]:
    return [replace(g, seconds=0.0) for g in rs.games]


def report(stats: Any, against: Any = None) -> dict[str, Any]:
    data = to_json(stats, against=against)
    for r in data["runs"]:  # where and when each file was written
        del r["file"], r["started"]
    return data


def test_a_version_1_file_gives_the_same_games_and_figures_as_version_2(tmp_path: Path) -> None:
    old, new = v1_file(tmp_path / "old.sqlite"), v2_file(tmp_path / "new.sqlite")
    with sqlite3.connect(new) as conn:
        assert conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone() == ("2",)
    a, b = load([old]), load([new])
    assert games(a) == games(b) and len(a.games) == GAMES
    assert a.decks == b.decks and a.game == b.game == GAME
    assert any(g.drawn[0] for g in a.games) and any(g.played[1] for g in a.games)
    sa, sb = compute(a), compute(b)
    assert report(sa) == report(sb)  # tables, per-card figures and the verdict
    assert report(sa, against=sb) == report(sb, against=sa) == report(sb, against=sb)  # report --against
    with pytest.raises(TcgkitError, match=f"hold {GAMES} of the same games"):
        load([old, new])  # the same games in both versions are still the same games


def test_report_reads_both_versions_on_the_command_line(tmp_path: Path) -> None:
    old, new = v1_file(tmp_path / "old.sqlite"), v2_file(tmp_path / "new.sqlite")
    outs = []
    for path in (old, new):
        r = tcgkit("report", str(path), "--json")
        assert r.returncode == 0, r.stderr
        outs.append(json.loads(r.stdout))
    for data in outs:
        for run in data["runs"]:
            del run["file"], run["started"]
    assert outs[0] == outs[1]
    r = tcgkit("report", str(new), "--against", str(old), "--json")
    assert r.returncode == 0, r.stderr
    changes = json.loads(r.stdout)["changes"]
    assert changes and all(c["before"] == c["after"] and not c["significant"] for c in changes)


def test_a_version_1_file_is_not_appended_to(tmp_path: Path) -> None:
    old = v1_file(tmp_path / "old.sqlite")
    before = old.read_bytes()
    with pytest.raises(TcgkitError, match="schema version 1 is read .* not appended to; store new runs in a new file"):
        ResultsWriter(old)
    r = tcgkit("sim", GAME, "--games", "2", "--jobs", "1", "--out", str(old))
    assert r.returncode == 2 and "not appended to" in r.stderr and r.stderr.count("\n") == 1
    assert old.read_bytes() == before
