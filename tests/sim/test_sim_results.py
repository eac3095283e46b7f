"""The results file: append runs, combine files, read back exactly what was stored, one-line errors."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tcgkit.core.decks import Deck
from tcgkit.core.errors import TcgkitError
from tcgkit.simulation.results import SCHEMA_VERSION, ResultsWriter, load
from tcgkit.simulation.run import GameRecord

DECKS = {"A": Deck("crafted", "A", {"main": ("X", "X", "Y")}), "B": Deck("crafted", "B", {"main": ("Y", "Z")})}


def record(i: int, winner: int | None = 0, game: str = "crafted", seed: int = 1) -> GameRecord:
    return GameRecord(game, i, 1000 * seed + i, ("A", "B"), ("random", "random"), winner, "r", "C-1", 5 + i, 20, i % 2,
                      0.5, None, ((0, "X", 2, 1), (0, "Y", 1, 0), (1, "Z", 1, 0)))


def write(path: Path, n: int, game: str = "crafted", seed: int = 1) -> int:
    with ResultsWriter(path) as out:
        run = out.start_run(game, seed, DECKS, ("random", "random"), n, jobs=2, command="tcgkit sim")
        for i in range(n):
            out.add(record(i, game=game, seed=seed))
        out.finish()
    return run


def test_a_game_reads_back_as_stored(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite"
    write(path, 1)
    rs = load([path])
    g = rs.games[0]
    assert (g.index, g.seed, g.decks, g.bots, g.winner, g.reason, g.clause, g.turns, g.decisions, g.first_player) \
        == (0, 1000, ("A", "B"), ("random", "random"), 0, "r", "C-1", 5, 20, 0)
    assert g.drawn == ({"X": 2, "Y": 1}, {"Z": 1}) and g.played == ({"X": 1}, {})
    assert rs.decks[g.run] == {"A": {"X": 2, "Y": 1}, "B": {"Y": 1, "Z": 1}}
    assert rs.runs[0].status == "complete" and rs.runs[0].done == 1


def test_schema_is_plain_sql_for_any_tool(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite"
    write(path, 3)
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone() == (str(SCHEMA_VERSION),)
        assert conn.execute("SELECT COUNT(*), SUM(winner = 0) FROM games").fetchone() == (3, 3)
        assert conn.execute("SELECT SUM(drawn) FROM card_usage JOIN cards USING (card) WHERE name = 'X'"
                            ).fetchone() == (6,)
        assert conn.execute("SELECT SUM(drawn) FROM card_usage_named WHERE card = 'X' AND deck = 'A'"
                            ).fetchone() == (6,)
        assert conn.execute("SELECT copies FROM deck_cards JOIN decks d USING (run, deck) JOIN cards c USING (card) "
                            "WHERE d.name = 'A' AND c.name = 'X'").fetchone() == (2,)
        assert conn.execute("SELECT deck0, deck1 FROM games_named WHERE game_index = 2").fetchone() == ("A", "B")
        assert conn.execute("SELECT COUNT(*) FROM cards").fetchone() == (3,)  # each name once


def test_runs_append_to_a_file_and_files_combine(tmp_path: Path) -> None:
    one, two = tmp_path / "one.sqlite", tmp_path / "two.sqlite"
    assert write(one, 2) == 1
    assert write(one, 3, seed=2) == 2
    write(two, 4, seed=3)
    rs = load([one, two])
    assert len(rs.runs) == 3 and len(rs.games) == 9
    assert len({g.run for g in rs.games}) == 3  # run ids of different files never mix


def test_a_run_left_open_is_marked_stopped(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite"
    with ResultsWriter(path) as out:
        out.start_run("crafted", 1, DECKS, ("random", "random"), 10)
        out.add(record(0))
    rs = load([path])
    assert rs.runs[0].status == "stopped" and rs.runs[0].done == 1 and len(rs.games) == 1


def test_several_games_need_a_choice(tmp_path: Path) -> None:
    write(tmp_path / "a.sqlite", 1, game="crafted")
    write(tmp_path / "b.sqlite", 2, game="other")
    with pytest.raises(TcgkitError, match="several games"):
        load([tmp_path / "a.sqlite", tmp_path / "b.sqlite"])
    assert len(load([tmp_path / "a.sqlite", tmp_path / "b.sqlite"], game="other").games) == 2
    with pytest.raises(TcgkitError, match="no games of 'nope'"):
        load([tmp_path / "a.sqlite"], game="nope")


def test_bad_files_are_one_line_errors(tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("hello, this is not a database at all" * 10)
    foreign = tmp_path / "foreign.sqlite"
    with sqlite3.connect(foreign) as conn:
        conn.execute("CREATE TABLE t (x)")
    for path, message in ((tmp_path / "missing.sqlite", "no such results file"),
                          (text, "not a tcgkit results file"), (foreign, "not a tcgkit results file")):
        with pytest.raises(TcgkitError, match=message):
            load([path])
    with pytest.raises(TcgkitError, match="not a tcgkit results file"):
        ResultsWriter(foreign)
    with pytest.raises(TcgkitError, match="no runs"):
        ResultsWriter(tmp_path / "empty.sqlite").close()
        load([tmp_path / "empty.sqlite"])


def test_a_game_is_stored_whole_or_not_at_all(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite"
    with ResultsWriter(path) as out:
        out.start_run("crafted", 1, DECKS, ("random", "random"), 3)
        out.add(record(0))
        broken = record(1)
        broken.usage = ((0, "X", 1, 0), (1, object(), 1, 0))  # its card rows cannot be written after its game row
        with pytest.raises(sqlite3.Error):
            out.add(broken)
        with pytest.raises(sqlite3.IntegrityError):
            out.add(record(0))  # the same game twice
        out.add(record(2))
        out.finish()
    rs = load([path])
    assert [g.index for g in rs.games] == [0, 2] and rs.runs[0].done == 2
    assert all(g.drawn == ({"X": 2, "Y": 1}, {"Z": 1}) for g in rs.games)
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT COUNT(*) FROM card_usage").fetchone() == (6,)


@pytest.mark.slow
def test_a_results_file_takes_under_600_kb_per_1000_games(tmp_path: Path) -> None:
    """Issue 19: card and deck names stored once, integer keys; tgod draws ~21 cards a game (the fixed pages of the
    tables, ~30 KB, weigh more at 500 games than at 1000)."""
    from tcgkit.simulation.run import plan, resolve_decks, run_batches

    path = tmp_path / "r.sqlite"
    decks = resolve_decks("tgod", ["Guardian Wall", "Tyrant Horde"])
    specs = plan("tgod", 500, 1, list(decks), ["random", "random"])
    with ResultsWriter(path) as out:
        out.start_run("tgod", 1, decks, ("random", "random"), len(specs), 1)
        for batch in run_batches(specs, 1, decks=decks):
            out.add_many(batch)
        out.finish()
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT COUNT(*) FROM card_usage").fetchone()[0] > 500 * 15
    assert path.stat().st_size * 1000 / 500 < 600_000
