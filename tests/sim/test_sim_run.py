"""Runs: the round-robin plan, identical records whatever the number of jobs, early stops, crashes as results."""

from __future__ import annotations

import multiprocessing
import subprocess
import sys
import textwrap
from collections import Counter

import pytest

from conftest import PLAYABLE
from tcgkit.core.decks import Deck
from tcgkit.games import get_rules
from tcgkit.simulation.run import GameRecord, plan, resolve_decks, run, run_one, summarize

GAME = "tgod" if "tgod" in PLAYABLE else PLAYABLE[0]


def comparable(r: GameRecord) -> dict:
    d = r.to_json()
    del d["seconds"]
    return d


def test_plan_is_a_round_robin_with_seats_and_bots_alternated() -> None:
    specs = plan(GAME, 24, 9, ["A", "B", "C"], ["greedy", "random"])
    pairs = Counter(s.decks for s in specs)
    assert set(pairs) == {(a, b) for a in "ABC" for b in "ABC" if a != b} and set(pairs.values()) == {4}
    for deck in "ABC":  # every deck sits as often in seat 0 as in seat 1
        assert sum(s.decks[0] == deck for s in specs) == sum(s.decks[1] == deck for s in specs)
    for pair in pairs:  # within a pairing, each bot plays each seat equally often
        assert Counter(s.bots for s in specs if s.decks == pair) == {("greedy", "random"): 2, ("random", "greedy"): 2}
    assert len({s.seed for s in specs}) == 24
    assert plan(GAME, 24, 9, ["A", "B", "C"], ["greedy", "random"]) == specs
    assert plan(GAME, 24, 10, ["A", "B", "C"], ["greedy", "random"]) != specs


def test_one_deck_plays_mirrors_with_bots_swapping_every_game() -> None:
    specs = plan(GAME, 4, 1, ["A"], ["x", "y"])
    assert [s.decks for s in specs] == [("A", "A")] * 4
    assert [s.bots for s in specs] == [("x", "y"), ("y", "x")] * 2


def test_records_are_identical_whatever_the_number_of_jobs() -> None:
    decks = resolve_decks(GAME, list(get_rules(GAME).decks()))
    specs = plan(GAME, 16, 42, list(decks), ["random", "random"])
    one = sorted((comparable(r) for r in run(specs, jobs=1, decks=decks)), key=lambda d: d["index"])
    two = sorted((comparable(r) for r in run(specs, jobs=2, decks=decks)), key=lambda d: d["index"])
    assert one == two
    assert [d["index"] for d in one] == list(range(16))
    assert any(d["usage"] for d in one) and summarize(GAME, [], 1.0)["games"] == 0
    assert [r.index for r in run(specs, jobs=2, decks=decks)] == list(range(16))  # in order, whatever the jobs


def test_stopping_early_stops_the_workers_and_keeps_what_was_yielded() -> None:
    decks = resolve_decks(GAME, list(get_rules(GAME).decks()))
    specs = plan(GAME, 400, 1, list(decks), ["random", "random"])
    kept = []
    gen = run(specs, jobs=2, decks=decks)
    for rec in gen:
        kept.append(rec)
        if len(kept) == 3:
            break
    gen.close()
    assert len(kept) == 3 and all(r.error is None for r in kept)
    assert multiprocessing.active_children() == []


def run_script(code: str) -> subprocess.CompletedProcess:
    """``code`` in a Python of its own, given two minutes: a run that hangs fails the test instead of the suite."""
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120)


STOPS = """
    from tcgkit.games import get_rules
    from tcgkit.simulation.run import plan, run_batches
    decks = list(get_rules({game!r}).decks())[:2]
    for i in range(60):  # big records (replays) are on their way through the pipes when the run stops
        batches = run_batches(plan({game!r}, 5000, i, decks, ["random", "random"]), jobs=2, keep_replays=True)
        for _ in range(1 + i % 7):
            next(batches)
        batches.close()
    print("stopped 60 times")
"""


@pytest.mark.slow
def test_stopping_a_run_never_hangs_whenever_it_stops() -> None:
    # multiprocessing.Pool.terminate hung here in about 1 stop in 100 (a worker killed while sending its records
    # kept the result queue's lock): the runs' workers share no lock now
    r = run_script(STOPS.format(game=GAME))
    assert r.returncode == 0 and "stopped 60 times" in r.stdout, r.stderr


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="the test's bot reaches the "
                    "workers by fork")
def test_a_worker_process_that_dies_stops_the_run_with_a_clear_error() -> None:
    r = run_script(f"""
        import os
        from tcgkit.bots import BOTS, RandomBot
        from tcgkit.core.errors import TcgkitError
        from tcgkit.games import get_rules
        from tcgkit.simulation.run import plan, run

        class Dies(RandomBot):
            def choose(self, view):
                os._exit(3)  # as the kernel's out-of-memory killer or a crash in C would end a worker

        BOTS["dies"] = lambda seed, arg: Dies(seed)
        decks = list(get_rules({GAME!r}).decks())[:2]
        try:
            list(run(plan({GAME!r}, 20, 1, decks, ["dies", "random"]), jobs=2))
        except TcgkitError as e:
            print(e)
    """)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "a simulation worker process stopped unexpectedly (exit code 3)"


def test_a_crash_in_a_game_is_recorded_not_raised() -> None:
    spec = plan(GAME, 1, 1, ["Broken", "Broken"], ["random", "random"])[0]
    broken = Deck(GAME, "Broken", {"main": ("No Such Card",)})
    rec = run_one(spec, decks={"Broken": broken})
    assert rec.reason == "error" and "No Such Card" in (rec.error or "") and rec.winner is None
    assert summarize(GAME, [rec], 1.0)["errors"] == 1


def test_card_usage_counts_opening_hands_and_only_a_decks_own_cards() -> None:
    from types import SimpleNamespace

    from tcgkit.core.state import Event, EventLog
    from tcgkit.simulation.run import card_usage

    rules = SimpleNamespace(HAND_ZONE="hand", DISCARD_ZONE="discard", DECK_ZONE="deck")
    defs = [SimpleNamespace(name=n) for n in ("Opener", "Drawn", "Kept", "Stolen", "Bounced")]
    owner = [0, 0, 0, 1, 0]

    def move(card: int, fp: int, fz: str, tp: int, tz: str) -> Event:
        return Event("move", tp, card, (fp, fz, tp, tz))

    log = [
        move(0, 0, "hand", 0, "field"),    # Opener: in the hand from the setup (no event), then played
        move(1, 0, "deck", 0, "hand"),     # Drawn: drawn, then discarded (not a play)
        move(1, 0, "hand", 0, "discard"),
        move(3, 1, "deck", 0, "hand"),     # Stolen: player 1's card taken into player 0's hand, then played
        move(3, 0, "hand", 0, "field"),
        move(4, 0, "deck", 0, "hand"),     # Bounced: drawn, played, returned to the hand, played again
        move(4, 0, "hand", 0, "field"),
        move(4, 0, "field", 0, "hand"),
        move(4, 0, "hand", 0, "field"),
        Event("damage", 1, -1, (3,)),
    ]
    state = SimpleNamespace(rules=rules, defs=defs, owner=owner, log=EventLog([tuple(ev) for ev in log]),
                            zones=[{"hand": [2], "field": [0, 4]}, {"hand": []}])  # Kept: in hand all game
    drawn, played = card_usage(state)
    assert sorted(drawn[0]) == ["Bounced", "Bounced", "Drawn", "Kept", "Opener"]
    assert sorted(played[0]) == ["Bounced", "Bounced", "Opener"]
    assert drawn[1] == [] and played[1] == []


def test_a_run_in_this_process_freezes_what_is_loaded_out_of_the_collectors_way() -> None:
    """``preload`` before playing: the card pools no full collection walks again (and the records are unchanged)."""
    import gc

    specs = plan("tgod", 2, 1, list(get_rules("tgod").decks())[:2], ["random", "random"])
    before = [comparable(r) for r in run(specs, jobs=1)]
    gc.unfreeze()
    assert gc.get_freeze_count() == 0
    again = [comparable(r) for r in run(specs, jobs=1)]
    assert gc.get_freeze_count() > 0 and again == before
