"""The balance report's verdict: decks and cards beyond chance (with Holm's correction), first-player advantage,
cards drawn in almost every game, and comparing two runs."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from tcgkit.simulation.report import card_row
from tcgkit.simulation.results import ResultSet, StoredGame
from tcgkit.simulation.stats import compute
from tcgkit.simulation.verdict import compare, holm, verdict

CARDS = [f"Card {i}" for i in range(30)]


def _games(n: int, seed: int, deck_edge: float = 0.0, card_edge: float = 0.0, always: str | None = None
           ) -> ResultSet:
    """``n`` games between decks "Red" and "Blue": Red wins 50% + ``deck_edge``; each copy of "Card 0" a player
    draws adds ``card_edge`` to that player's chance; ``always`` is a card every player draws exactly once."""
    rng = random.Random(seed)
    games = []
    for i in range(n):
        decks = ("Red", "Blue") if i % 2 == 0 else ("Blue", "Red")
        drawn: list[dict[str, int]] = []
        for _ in (0, 1):
            d: dict[str, int] = {}
            for _ in range(rng.randint(8, 14)):
                c = rng.choice(CARDS)
                d[c] = d.get(c, 0) + 1
            if always:
                d[always] = 1
            drawn.append(d)
        p0 = 0.5 + (deck_edge if decks[0] == "Red" else -deck_edge)
        p0 += card_edge * (drawn[0].get("Card 0", 0) - drawn[1].get("Card 0", 0))
        winner = 0 if rng.random() < min(0.95, max(0.05, p0)) else 1
        first = i % 2
        games.append(StoredGame((0, 1), i, "tgod", i, decks, ("greedy", "greedy"), first, winner, "won", None, 10,
                                50, 0.1, None, (drawn[0], drawn[1]), ({}, {})))
    listed = {c: 3 for c in CARDS} | ({always: 1} if always else {})
    return ResultSet("tgod", [], games, {(0, 1): {"Red": listed, "Blue": listed}})


def test_holm_adjusts_every_p_value_of_a_family() -> None:
    assert holm([0.01, 0.04, 0.03]) == [0.03, 0.06, 0.06]
    assert holm([0.5]) == [0.5]


def test_a_deck_far_above_the_field_is_named_too_strong() -> None:
    v = verdict(compute(_games(1200, seed=1, deck_edge=0.1)))
    deck = {f.name: f for f in v.findings if f.subject == "deck"}
    assert deck["Red"].significant and deck["Red"].direction == 1
    assert deck["Blue"].significant and deck["Blue"].direction == -1
    assert v.headline()[0].startswith(("Deck Red is too strong", "Deck Blue is too weak"))


def test_nothing_is_named_when_nothing_differs_beyond_the_error_rate() -> None:
    """Under the null, Holm keeps the chance of any finding in a report at 5% or less: over 20 null runs, at most
    3 may name anything (the binomial tail of 3 or more at 5% is 7.5%; at 10% it would be 32%)."""
    named = 0
    for seed in range(20):
        v = verdict(compute(_games(600, seed=100 + seed)))
        named += bool(v.significant)
        if not v.significant:
            assert v.headline()[0] == "No deck or card differs from the field beyond chance."
    assert named <= 3


def test_a_strong_card_is_found_by_the_copies_drawn() -> None:
    v = verdict(compute(_games(1500, seed=2, card_edge=0.12)))
    names = [f.name for f in v.significant if f.subject == "card"]
    assert names == ["Card 0"]
    (finding,) = [f for f in v.significant if f.name == "Card 0"]
    assert finding.direction == 1 and "Holm" in finding.sentence()


def test_a_card_in_every_hand_gets_no_meaningless_not_drawn_figure() -> None:
    stats = compute(_games(400, seed=3, always="Relic"))
    relic = next(c for c in stats.cards if c.card == "Relic")
    row = card_row(relic)
    assert row["not_drawn_games"] == 0 and row["not_drawn_win_rate"] is None and row["iwd"] is None
    v = verdict(stats)
    assert "Relic" in v.untestable
    assert all(f.name != "Relic" for f in v.findings)


def test_the_first_player_advantage_has_its_interval_and_test() -> None:
    v = verdict(compute(_games(400, seed=4)))
    (fp,) = [f for f in v.findings if f.subject == "first player"]
    assert "95% CI" in fp.estimate and fp.sentence().startswith("Going first")


def test_compare_finds_a_changed_deck_and_nothing_in_a_rerun() -> None:
    before = compute(_games(1200, seed=5, deck_edge=0.1))
    after = compute(_games(1200, seed=6))
    changed = {c.name: c for c in compare(after, before) if c.subject == "deck"}
    assert changed["Red"].significant and "before" in changed["Red"].sentence()
    rerun = compute(_games(1200, seed=7, deck_edge=0.1))
    assert not [c for c in compare(rerun, before) if c.significant]


def test_report_cli_prints_the_verdict_and_compares_two_files(tmp_path: Path) -> None:
    def sim(out: Path, seed: str) -> None:
        r = subprocess.run([sys.executable, "-m", "tcgkit.cli", "sim", "tgod", "--games", "12", "--seed", seed,
                            "--all-decks", "--jobs", "1", "--out", str(out)], capture_output=True, text=True,
                           timeout=300)
        assert r.returncode == 0, r.stderr

    a, b = tmp_path / "a.sqlite", tmp_path / "b.sqlite"
    sim(a, "1")
    sim(b, "2")
    r = subprocess.run([sys.executable, "-m", "tcgkit.cli", "report", str(a), "--against", str(b)],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "Verdict" in r.stdout and "Changes since the other run" in r.stdout and "Holm" in r.stdout
    r = subprocess.run([sys.executable, "-m", "tcgkit.cli", "report", str(a), "--against", str(b), "--json"],
                       capture_output=True, text=True, timeout=300)
    data = json.loads(r.stdout)
    assert data["verdict"]["headline"] and data["changes"]
    assert all({"sentence", "p_adjusted", "significant"} <= set(c) for c in data["changes"])
