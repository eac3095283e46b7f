"""Statistics on a crafted result set whose every figure is computed by hand (see the table in the comments)."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

from tcgkit.core.decks import Deck
from tcgkit.simulation.report import render_html, tables, write_csv
from tcgkit.simulation.results import ResultsWriter, load
from tcgkit.simulation.run import GameRecord, usage_counts
from tcgkit.simulation.stats import Rate, compute, wilson

# Decks: A = 2 X + 1 Y, B = 2 Y + 1 Z (Y is in both).
DECKS = {"A": Deck("crafted", "A", {"main": ("X", "X", "Y")}),
         "B": Deck("crafted", "B", {"main": ("Y", "Y", "Z")})}

# index, decks (seat 0, seat 1), first player, winner, turns, reason, drawn per seat, played per seat
GAMES = [
    (0, ("A", "B"), 0, 0, 10, "r1", [["X"], ["Y"]], [["X"], []]),
    (1, ("B", "A"), 0, 1, 12, "r1", [["Z"], ["X", "Y", "X"]], [[], ["Y"]]),
    (2, ("A", "B"), 1, None, 20, "cap", [["Y"], ["Y", "Z", "Y"]], [[], ["Z"]]),
    (3, ("B", "A"), 1, 0, 14, "r1", [["Y"], ["X"]], [["Y"], ["X"]]),
    (4, ("A", "A"), 0, 1, 8, "r2", [["X"], ["Y"]], [[], []]),
]


def records() -> list[GameRecord]:
    out = [GameRecord("crafted", i, 100 + i, decks, ("random", "greedy") if i % 2 else ("greedy", "random"), w,
                      reason, None, turns, turns * 3, fp, 0.01, None, usage_counts(drawn, played))
           for i, decks, fp, w, turns, reason, drawn, played in GAMES]
    out.append(GameRecord("crafted", 5, 105, ("A", "B"), ("greedy", "random"), None, "error", None, 0, 0, -1, 0.01,
                          "RuntimeError: boom"))
    return out


@pytest.fixture
def stats(tmp_path: Path):
    path = tmp_path / "crafted.sqlite"
    with ResultsWriter(path) as out:
        out.start_run("crafted", 1, DECKS, ("greedy", "random"), 6)
        for r in records():
            out.add(r)
        out.finish()
    return compute(load([path]))


def close(a: float | None, b: float) -> bool:
    return a is not None and abs(a - b) < 1e-9


def test_wilson_matches_textbook_values() -> None:
    lo, hi = wilson(8, 10)
    assert (round(lo, 3), round(hi, 3)) == (0.490, 0.943)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and round(hi, 3) == 0.278
    assert wilson(0, 0) == (0.0, 1.0)


def test_overview_counts_errors_draws_seats_and_first_player(stats) -> None:
    assert (stats.games, stats.errors, stats.draws, stats.seat_wins) == (6, 1, 1, (2, 2))
    # first player's outcomes: 1, 0, 1/2, 0, 0
    fp = stats.first_player
    assert (fp.wins, fp.draws, fp.losses) == (1, 1, 3) and close(fp.rate, 0.3)
    assert stats.error_samples == ["game 5 (seed 105): RuntimeError: boom"]


def test_matchups_count_both_seats_and_draws_as_halves(stats) -> None:
    ab, ba, aa = stats.matchups[("A", "B")], stats.matchups[("B", "A")], stats.matchups[("A", "A")]
    assert (ab.wins, ab.draws, ab.losses) == (2, 1, 1) and close(ab.rate, 0.625)
    assert (ba.wins, ba.draws, ba.losses) == (1, 1, 2) and close(ba.rate, 0.375)
    assert (aa.wins, aa.losses) == (1, 1)
    assert ab.interval == wilson(2.5, 4)


def test_decks_by_turn_order_leave_mirrors_out(stats) -> None:
    a, b = stats.decks
    assert (a.deck, b.deck) == ("A", "B")
    assert a.overall.games == 4 and close(a.overall.rate, 0.625)
    assert close(a.first.rate, 0.5) and close(a.second.rate, 0.75)
    assert close(b.first.rate, 0.25) and close(b.second.rate, 0.5)


def test_lengths_and_reasons(stats) -> None:
    s = stats.length_summary()
    assert (s["games"], s["mean"], s["median"], s["min"], s["max"]) == (5, 12.8, 12, 8, 20)
    assert stats.reasons == [("r1", "", 3), ("cap", "", 1), ("r2", "", 1)]


def test_bots_only_count_games_between_different_bots(stats) -> None:
    # greedy sat in seat 0 of games 0, 2, 4 and seat 1 of games 1, 3: outcomes 1, 1/2, 0, 1, 0
    g = stats.bots["greedy"]
    assert (g.wins, g.draws, g.losses) == (2, 1, 2)
    assert close(stats.bots["random"].rate, 0.5)


def test_card_figures_over_all_decks(stats) -> None:
    cards = {c.card: c for c in stats.cards}
    x, y, z = cards["X"], cards["Y"], cards["Z"]
    # X: in deck A's 6 player-games (outcomes 1, 1, 1/2, 0, 0, 1); drawn in 4 of them (1, 1, 0, 0)
    assert (x.in_deck.games, x.drawn.games, x.not_drawn.games, x.played.games) == (6, 4, 2, 2)
    assert close(x.in_deck.rate, 3.5 / 6) and close(x.drawn.rate, 0.5) and close(x.not_drawn.rate, 0.75)
    assert close(x.played.rate, 0.5)
    assert close(x.iwd, -0.25) and close(x.vs_deck, 0.5 - 3.5 / 6)
    # Y: in all 10 player-games; drawn in 6 (score 4), not drawn in 4 (score 1), played in 2 (both won)
    assert (y.in_deck.games, y.drawn.games, y.not_drawn.games, y.played.games) == (10, 6, 4, 2)
    assert close(y.drawn.rate, 4 / 6) and close(y.not_drawn.rate, 0.25) and close(y.played.rate, 1.0)
    assert close(y.iwd, 4 / 6 - 0.25) and close(y.vs_deck, 4 / 6 - 0.5)
    # Z: in deck B's 4 player-games; drawn twice (0, 1/2), not drawn twice (0, 1)
    assert (z.drawn.games, z.not_drawn.games, z.played.games) == (2, 2, 1)
    assert close(z.drawn.rate, 0.25) and close(z.iwd, -0.25) and close(z.vs_deck, 0.25 - 0.375)
    assert x.drawn.interval == wilson(2, 4)


def test_card_figures_per_deck_and_the_cards_above_and_below_their_deck(stats) -> None:
    per = {(c.deck, c.card): c for c in stats.deck_cards}
    ay, by = per[("A", "Y")], per[("B", "Y")]
    assert (ay.drawn.games, ay.not_drawn.games) == (3, 3)
    assert close(ay.drawn.rate, 2.5 / 3) and close(ay.not_drawn.rate, 1 / 3) and close(ay.vs_deck, 2.5 / 3 - 3.5 / 6)
    assert (by.drawn.games, by.not_drawn.games) == (3, 1)
    assert close(by.drawn.rate, 0.5) and close(by.iwd, 0.5) and close(by.vs_deck, 0.125)
    above, below = stats.notable(min_games=1)
    assert [(c.deck, c.card) for c in above] == [("A", "Y"), ("B", "Y")]
    assert [(c.deck, c.card) for c in below] == [("B", "Z"), ("A", "X")]
    above, below = stats.notable(min_games=4)
    assert [(c.deck, c.card) for c in above + below] == [("A", "X")]


def test_csv_tables_hold_the_figures(stats, tmp_path: Path) -> None:
    files = {p.name for p in write_csv(stats, tmp_path / "csv")}
    assert {"matchups.csv", "decks.csv", "cards.csv", "deck_cards.csv", "lengths.csv", "reasons.csv",
            "overview.csv", "above_deck_average.csv", "below_deck_average.csv", "bots.csv"} <= files
    with (tmp_path / "csv" / "cards.csv").open() as f:
        rows = {r["card"]: r for r in csv.DictReader(f)}
    assert rows["Y"]["drawn_games"] == "6" and float(rows["Y"]["iwd"]) == round(4 / 6 - 0.25, 4)
    with (tmp_path / "csv" / "matchups.csv").open() as f:
        ab = next(r for r in csv.DictReader(f) if (r["deck"], r["opponent"]) == ("A", "B"))
    assert ab["win_rate"] == "0.625" and float(ab["ci_low"]) == round(wilson(2.5, 4)[0], 4)
    assert tables(stats)["lengths"] == [{"turns": t, "games": 1} for t in (8, 10, 12, 14, 20)]


def test_html_is_self_contained_with_charts_and_sortable_tables(stats) -> None:
    page = render_html(stats, min_games=1)
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert page.count("<svg") == 4  # heat map, turn order, length histogram, cards above/below
    assert 'class="sortable"' in page and "<script>" in page
    assert not re.search(r"""(src|href)=["']?https?:""", page)  # nothing fetched from the network
    assert "62.5%" in page  # A's win rate against B


def test_rate_counts() -> None:
    r = Rate()
    for o in (1, 1, 0.5, 0):
        r.add(o)
    assert (r.games, r.score, r.rate) == (4, 2.5, 0.625)
