"""MCTS speed as ratios measured in one run (not a test): ``docs/performance.md`` reports its table.

For each game it collects a fixed set of positions from seeded random-bot games (decisions with more than one legal
action, spread over the game), then times one search of the bot (``mcts``, the default budget, unless ``--bot``) on
each, with the bot seeded by the position's number: the same work in every run. It reports MCTS iterations and
positions scored per CPU second of searching (``time.process_time``, so that other processes on the machine matter
less), and a digest of the actions chosen: two trees that search alike choose alike, so equal digests mean equal
play (the same ladder results), and the ratio of the rates is the speed-up alone.

    .venv/bin/python scripts/bench_mcts.py                        # this tree, all games
    .venv/bin/python scripts/bench_mcts.py --against /old/src     # and another source tree, rounds interleaved

``--against SRC`` runs the same measurements on the source tree at ``SRC`` (e.g. a worktree of an older commit) in
subprocesses alternating with this tree's, round by round, so both see the same machine load; ``--rounds`` repeats
and reports medians. The one-second cap per decision is lifted so that the budget alone ends a search. Only the
public API is used, so it runs against older trees too.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

GAMES = ("tgod", "tgc", "guardian-realms", "perfect-tcg", "phaktionz")


def positions(game: str, count: int, seed: int = 0) -> list:
    """``count`` positions with a real decision, from random-bot games (every 7th decision of each game)."""
    from tcgkit.bots import RandomBot, View
    from tcgkit.core.rng import derive_seed
    from tcgkit.games import get_rules

    rules = get_rules(game)
    decks = list(rules.decks().values())
    out = []
    g = 0
    while len(out) < count:
        s = derive_seed(seed, g)
        state = rules.new_game([decks[g % len(decks)], decks[(g // len(decks) + 1 + g) % len(decks)]], s)
        bots = (RandomBot(s * 2 + 1), RandomBot(s * 2 + 2))
        while state.result is None and len(out) < count:
            if state.decisions % 7 == 3 and len(state.legal_actions()) > 1:
                out.append(state.clone())
            p = state.current
            state.apply(bots[p].choose(View(state, p)))
        g += 1
    return out


def bench_game(game: str, spec: str, count: int, collector: str = "frozen") -> dict:
    """One search on each of ``count`` positions: iterations and positions scored per CPU second, and a digest."""
    from tcgkit.bots import View, make_bot

    states = positions(game, count)
    if collector == "frozen":
        gc.freeze()  # what is loaded (and the positions) out of the collector's way, as tcgkit's runners do
    digest = hashlib.sha256()
    iterations = evals = 0
    cpu = 0.0
    for i, state in enumerate(states):
        bot = make_bot(spec, i)
        bot.max_seconds = 1e9  # the budget alone ends the search
        view = View(state, state.current)
        t = time.process_time()
        action = bot.choose(view)
        cpu += time.process_time() - t
        digest.update(repr(action).encode())
        iterations += bot.iterations
        evals += bot.evals
    return {"game": game, "iterations": iterations, "evals": evals, "cpu": cpu,
            "iterations_per_second": iterations / cpu, "evals_per_second": evals / cpu,
            "digest": digest.hexdigest()[:12]}


def run_tree(src: str, games: list[str], spec: str, count: int, collector: str) -> list[dict]:
    """This script's measurements on the source tree ``src``, in a subprocess."""
    env = {**os.environ, "PYTHONPATH": src}
    cmd = [sys.executable, __file__, "--child", "--bot", spec, "--positions", str(count), "--collector", collector,
           *games]
    out = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--bot", default="mcts", help="the MCTS spec (default: mcts, 600 positions per decision)")
    parser.add_argument("--positions", type=int, default=24, help="positions per game")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--against", help="another source tree (its src folder) to measure alongside")
    parser.add_argument("--collector", choices=("frozen", "on"), default="frozen",
                        help="frozen: what is loaded is frozen out of the garbage collector's way first, as tcgkit's "
                             "runners do (default); on: the collector as Python leaves it")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps([bench_game(g, args.bot, args.positions, args.collector) for g in args.games]))
        return
    here = str(Path(__file__).resolve().parent.parent / "src")
    trees = {"this": here, **({"other": args.against} if args.against else {})}
    runs: dict[str, list[list[dict]]] = {name: [] for name in trees}
    for _ in range(args.rounds):
        for name, src in trees.items():
            runs[name].append(run_tree(src, args.games, args.bot, args.positions, args.collector))
    print(f"MCTS ({args.bot}), {args.positions} positions per game, medians of {args.rounds} rounds, per CPU second; "
          f"garbage collector: {args.collector}")
    head = "| game | iterations/s | positions scored/s |"
    if args.against:
        head += " iterations/s before | ratio | same choices |"
    print(head)
    print("|---" * (head.count("|") - 1) + "|")
    for i, game in enumerate(args.games):
        mine = [r[i] for r in runs["this"]]
        its = statistics.median(r["iterations_per_second"] for r in mine)
        row = f"| {game} | {its:,.0f} | {statistics.median(r['evals_per_second'] for r in mine):,.0f} |"
        if args.against:
            theirs = [r[i] for r in runs["other"]]
            old = statistics.median(r["iterations_per_second"] for r in theirs)
            same = "yes" if mine[0]["digest"] == theirs[0]["digest"] else "no"
            row += f" {old:,.0f} | {its / old:.2f} | {same} |"
        print(row)


if __name__ == "__main__":
    main()
