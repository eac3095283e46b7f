"""The engine's speed as ratios measured in one run (not a test): ``docs/performance.md`` reports its tables.

In one process it measures

- the bare loop: a Python loop choosing from a list with a seeded ``random.Random`` (what a random bot does, with no
  game around it): the yardstick every other rate is divided by;
- for each game, random-bot decisions per CPU second over whole games (seeds and decks as ``tcgkit bench`` picks
  them), and apart for the first and the last third of each game's decisions (early and late game);
- for each game, clones per CPU second of states sampled across those games.

and reports ``bare/game`` (how many times slower a game decision is than the bare loop: issue 19 asks for at most
40), ``late/early`` (the late-game rate over the early-game one: at least 0.85) and clones/s (at least 100k).

Each game is played twice: once to learn its length, then again with the clock read only at the two thirds'
boundaries, so that timing costs nothing per decision. CPU time (``time.process_time``) is used so that other
processes on the machine matter less; ``--rounds`` repeats everything and reports medians. What is loaded is frozen
out of the garbage collector's way before the clocks start, as tcgkit's runners do (``--collector on`` leaves the
collector as Python has it: a full collection then walks every loaded card again, and lands in whichever third of a
game reaches it).

    .venv/bin/python scripts/bench_engine.py                       # this tree, all games
    .venv/bin/python scripts/bench_engine.py --against /old/src    # and another source tree, rounds interleaved

``--against SRC`` runs the same measurements on the source tree at ``SRC`` (e.g. a ``git archive`` of main) in
subprocesses alternating with this tree's, round by round, so both see the same machine load. Only the public API
is used, so it runs against older trees too.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

BARE_CHOICES = 8  # the bare loop's list length (about a random bot's typical number of legal actions)


def bare_loop(seconds: float) -> float:
    """Choices per CPU second of ``rng.choice(items)`` in a plain loop."""
    rng = random.Random(1)
    items = list(range(BARE_CHOICES))
    choice = rng.choice
    n = 0
    start = time.process_time()
    elapsed = 0.0
    while elapsed < seconds:
        for _ in range(10_000):
            choice(items)
        n += 10_000
        elapsed = time.process_time() - start
    return n / elapsed


def bench_game(game: str, seconds: float, seed: int = 0) -> dict[str, float]:
    """Random-bot decisions/s (all, early third, late third) and clones/s for one game."""
    from tcgkit.bots import RandomBot, View
    from tcgkit.core.rng import derive_seed
    from tcgkit.games import get_rules

    rules = get_rules(game)
    decks = list(rules.decks().values())
    total_n = total_t = early_n = early_t = late_n = late_t = 0.0
    samples = []
    games = 0
    spent = 0.0
    while spent < seconds or games == 0:
        s = derive_seed(seed, games)
        pair = [decks[games % len(decks)], decks[(games // len(decks) + 1 + games) % len(decks)]]
        n = _length(rules, pair, s)  # an untimed first play: how many decisions the game takes
        a, b = n // 3, n - n // 3
        state = rules.new_game(pair, s)
        bots = (RandomBot(s * 2 + 1), RandomBot(s * 2 + 2))
        t0 = time.process_time()
        ta = tb = t0
        while state.result is None:
            d = state.decisions
            if d == a:
                ta = time.process_time()
            if d == b:
                tb = time.process_time()
            p = state.current
            state.apply(bots[p].choose(View(state, p)))
        t1 = time.process_time()
        total_n += n
        total_t += t1 - t0
        early_n += a
        early_t += ta - t0
        late_n += n - b
        late_t += t1 - tb
        spent += t1 - t0
        games += 1
        if len(samples) < 64:
            samples.extend(_samples(rules, pair, s, n))
    clones = 0
    start = time.process_time()
    elapsed = 0.0
    while elapsed < seconds / 3 or clones == 0:
        for st in samples:
            st.clone()
        clones += len(samples)
        elapsed = time.process_time() - start
    return {
        "games": games,
        "decisions_per_game": total_n / games,
        "decisions": total_n / total_t,
        "early": early_n / early_t if early_t else 0.0,
        "late": late_n / late_t if late_t else 0.0,
        "clones": clones / elapsed,
    }


def _length(rules, pair, s: int) -> int:
    from tcgkit.bots import RandomBot, View

    state = rules.new_game(pair, s)
    bots = (RandomBot(s * 2 + 1), RandomBot(s * 2 + 2))
    while state.result is None:
        p = state.current
        state.apply(bots[p].choose(View(state, p)))
    return state.decisions


def _samples(rules, pair, s: int, n: int) -> list:
    """Eight states spread over one game (from its start to near its end), for timing clones."""
    from tcgkit.bots import RandomBot, View

    at = {n * k // 8 for k in range(8)}
    state = rules.new_game(pair, s)
    bots = (RandomBot(s * 2 + 1), RandomBot(s * 2 + 2))
    out = []
    while state.result is None:
        if state.decisions in at:
            out.append(state.clone())
        p = state.current
        state.apply(bots[p].choose(View(state, p)))
    return out


def measure(games: list[str], seconds: float, collector: str = "frozen") -> dict:
    """One round: the bare loop, then each game, then the bare loop again (its mean is the yardstick).

    With ``collector`` "frozen", what is loaded is moved out of the garbage collector's way before any clock starts
    (``gc.freeze``, what tcgkit's runners do through ``tcgkit.games.preload``; called here directly so that an older
    tree is measured alike); with "on", the collector walks it at every full collection, as Python leaves it."""
    from tcgkit.games import get_rules

    for g in games:  # load card files, grammars and decks before any clock starts
        rules = get_rules(g)
        rules.decks()
        rules.pool()
    if collector == "frozen":
        gc.freeze()
    bare = [bare_loop(seconds / 2)]
    out = {g: bench_game(g, seconds) for g in games}
    bare.append(bare_loop(seconds / 2))
    return {"bare": sum(bare) / 2, "games": out}


def worker(src: str | None, games: list[str], seconds: float, collector: str) -> dict:
    """One round in a fresh interpreter, on the tree at ``src`` (None: this tree)."""
    env = dict(os.environ)
    if src:
        env["PYTHONPATH"] = src
    cmd = [sys.executable, __file__, "--worker", "--seconds", str(seconds), "--collector", collector, *games]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def summarize(rounds: list[dict]) -> dict:
    """Medians over rounds of every rate and ratio."""
    med = statistics.median
    games = rounds[0]["games"]
    out = {"bare": med(r["bare"] for r in rounds), "games": {}}
    for g in games:
        rs = [r["games"][g] for r in rounds]
        out["games"][g] = {
            "decisions_per_game": med(x["decisions_per_game"] for x in rs),
            "decisions": med(x["decisions"] for x in rs),
            "bare_over_game": med(r["bare"] / r["games"][g]["decisions"] for r in rounds),
            "early": med(x["early"] for x in rs),
            "late": med(x["late"] for x in rs),
            "late_over_early": med(x["late"] / x["early"] for x in rs if x["early"]),
            "clones": med(x["clones"] for x in rs),
        }
    return out


def table(label: str, s: dict) -> str:
    lines = [f"### {label}", "", f"Bare loop: {s['bare'] / 1000:,.0f}k choices/s", "",
             "| game | decisions/game | decisions/s | bare/game | early/s | late/s | late/early | clones/s |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for g, x in s["games"].items():
        lines.append(f"| {g} | {x['decisions_per_game']:.0f} | {x['decisions'] / 1000:.1f}k | "
                     f"{x['bare_over_game']:.1f} | {x['early'] / 1000:.1f}k | {x['late'] / 1000:.1f}k | "
                     f"{x['late_over_early']:.2f} | {x['clones'] / 1000:.1f}k |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="*", help="game ids (default: all)")
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds of play per game per round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--against", metavar="SRC", help="another source tree to measure in the same run")
    parser.add_argument("--json", action="store_true", help="print the summaries as JSON")
    parser.add_argument("--collector", choices=("frozen", "on"), default="frozen",
                        help="frozen: what is loaded is frozen out of the garbage collector's way first, as tcgkit's "
                             "runners do (default); on: the collector as Python leaves it")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(measure(args.game, args.seconds, args.collector)))
        return 0
    games = args.game
    if not games:
        from tcgkit.games import GAMES

        games = sorted(GAMES)
    here = str(Path(__file__).resolve().parent.parent / "src")
    load = os.getloadavg()
    trees = {"this tree": here} | ({"against": args.against} if args.against else {})
    rounds: dict[str, list[dict]] = {k: [] for k in trees}
    for r in range(args.rounds):
        for label, src in trees.items():
            rounds[label].append(worker(src, games, args.seconds, args.collector))
            print(f"round {r + 1}/{args.rounds}: {label} done", file=sys.stderr)
    summaries = {label: summarize(rs) for label, rs in rounds.items()}
    if args.json:
        print(json.dumps(summaries, indent=2))
    else:
        end = os.getloadavg()
        print(f"load average (1 min) at start {load[0]:.2f}, at end {end[0]:.2f}; CPU-time rates, medians of "
              f"{args.rounds} rounds of {args.seconds:g} s per game; garbage collector: {args.collector}\n")
        for label, s in summaries.items():
            print(table(f"{label} ({trees[label]})", s), end="\n\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
