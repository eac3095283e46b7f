"""The ladder: Wilson intervals, paired seats, scoring from the bot's side, and a tiny run."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from conftest import PLAYABLE
from tcgkit.simulation.ladder import DEFAULT_PAIRINGS, ladder_command, markdown, plan_pairing, score, wilson
from tcgkit.simulation.run import GameRecord


def test_wilson_matches_known_values() -> None:
    # 80 of 100: the textbook Wilson interval is [0.7112, 0.8666].
    low, high = wilson(80, 100)
    assert (round(low, 4), round(high, 4)) == (0.7112, 0.8666)
    low, high = wilson(0, 20)
    assert low == 0.0 and 0.16 < high < 0.17
    assert wilson(5, 0) == (0.0, 1.0)


@pytest.mark.parametrize("game", PLAYABLE)
def test_pairing_alternates_seats_on_the_same_deal(game: str) -> None:
    specs = plan_pairing(game, "mcts", "greedy", 200, seed=3)
    assert len(specs) == 200 and [s.index for s in specs] == list(range(200))
    assert sum(s.bots[0] == "mcts" for s in specs) == 100
    for first, second in zip(specs[::2], specs[1::2], strict=True):
        assert first.seed == second.seed and first.decks == second.decks
        assert first.bots == ("mcts", "greedy") and second.bots == ("greedy", "mcts")
    assert len({s.seed for s in specs}) == 100


def _record(index: int, bots: tuple[str, str], winner: int | None, error: str | None = None) -> GameRecord:
    return GameRecord("tgod", index, index, ("a", "b"), bots, winner, "x", None, 10, 50, 0, 0.1, error)


def test_score_counts_from_the_bots_side() -> None:
    records = [
        _record(0, ("mcts", "random"), 0),  # mcts wins in seat 0
        _record(1, ("random", "mcts"), 1),  # mcts wins in seat 1
        _record(2, ("random", "mcts"), 0),  # mcts loses
        _record(3, ("mcts", "random"), None),  # draw
        _record(4, ("mcts", "random"), None, error="boom"),
    ]
    r = score("tgod", "mcts", "random", records, 1.0)
    assert (r.games, r.wins, r.losses, r.draws, r.errors) == (4, 2, 1, 1, 1)
    assert r.win_rate == 0.5 and (r.low, r.high) == tuple(round(x, 4) for x in wilson(2, 4))
    assert "| tgod | mcts | random | 4 | 2 | 1 | 1 | 50.0% |" in markdown([r])


def test_default_pairings_are_the_issues() -> None:
    assert DEFAULT_PAIRINGS == (("mcts", "random"), ("mcts", "greedy"), ("greedy", "random"))


def test_ladder_command_runs_a_small_ladder() -> None:
    import typer

    app = typer.Typer()
    app.command()(ladder_command)
    game = PLAYABLE[0]
    result = CliRunner().invoke(app, [game, "--games", "4", "--pair", "greedy vs random", "--pair",
                                      "mcts:5 vs random", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert [(r["bot"], r["opponent"], r["games"] + r["errors"]) for r in rows] == [
        ("greedy", "random", 4), ("mcts:5", "random", 4)]
    assert all(r["errors"] == 0 for r in rows)
    bad = CliRunner().invoke(app, [game, "--games", "2", "--pair", "greedy random"])
    assert bad.exit_code != 0


def _deal(index: int, decks: tuple[str, str], winners: tuple[int | None, int | None]) -> list[GameRecord]:
    """The two games of one deal: ``a`` in seat 0 first, then in seat 1; ``winners`` are the winning seats."""
    return [GameRecord("tgod", 2 * index + k, index, decks, bots, w, "x", None, 10, 50, 0, 0.1)
            for k, (bots, w) in enumerate(((("a", "b"), winners[0]), (("b", "a"), winners[1])))]


def test_deals_tell_a_better_bot_from_a_better_deck() -> None:
    records = (_deal(0, ("X", "Y"), (0, 1))     # a wins both: with X, then with Y
               + _deal(1, ("X", "Y"), (0, 0))   # seat 0 (deck X) wins both: the decks decided
               + _deal(2, ("Y", "X"), (1, 0))   # b wins both
               + _deal(3, ("Y", "X"), (0, 0))   # Y wins both: split again
               + _deal(4, ("X", "Y"), (None, 1)))  # a draw: not counted as any of the three
    r = score("tgod", "a", "b", records, 1.0)
    assert r.deals == {"won_both": 1, "split": 2, "lost_both": 1, "other": 1}
    assert r.edge == 0.0
    assert r.by_deck == {"X vs Y": [2, 2, 1], "Y vs X": [3, 2, 0]}
    assert (r.wins, r.losses, r.draws) == (5, 4, 1)


def test_edge_is_the_win_rate_beyond_the_decks() -> None:
    records = _deal(0, ("X", "Y"), (0, 1)) + _deal(1, ("X", "Y"), (0, 0)) + _deal(2, ("Y", "X"), (0, 1))
    r = score("tgod", "a", "b", records, 1.0)
    assert r.deals["won_both"] == 2 and r.deals["split"] == 1
    assert r.win_rate == round(0.5 + r.edge / 2, 4) == round(5 / 6, 4)


def test_ladder_command_shows_results_by_deck() -> None:
    import typer

    app = typer.Typer()
    app.command()(ladder_command)
    game = PLAYABLE[0]
    result = CliRunner().invoke(app, [game, "--games", "4", "--pair", "greedy vs random", "--by-deck",
                                      "--markdown"])
    assert result.exit_code == 0, result.output
    assert "greedy's deck | random's deck" in result.output and "deals won twice" in result.output
    rows = json.loads(CliRunner().invoke(app, [game, "--games", "4", "--pair", "greedy vs random",
                                               "--json"]).output)
    assert sum(sum(v) for v in rows[0]["by_deck"].values()) == 4
    assert sum(rows[0]["deals"].values()) == 2
