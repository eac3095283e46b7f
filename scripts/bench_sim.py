"""Simulation benchmark (not a test): ``tcgkit sim`` with ``--jobs 1`` against ``--jobs 2`` for every game, in one
run, and the results file's size per 1,000 games.

For each game it plays the same run (``--games N`` random-bot games over every shipped deck, seed 1) once per number
of jobs, storing every game as ``tcgkit sim --out`` does, and prints the wall-clock seconds, the CPU seconds of the
main process and of the workers, the speedup (wall clock) and the CPU-time speedup (what the wall clock would show on
idle cores: the figure to read when other processes share the machine), the bytes per 1,000 games and whether the
runs stored identical rows. It starts with the load average (``uptime``): on a busy machine the wall-clock speedup
says little.

    .venv/bin/python scripts/bench_sim.py                  # every game, 1000 games each, --jobs 1 and 2
    .venv/bin/python scripts/bench_sim.py tgod --games 2000 --jobs 1 2 4 --json
"""

from __future__ import annotations

import argparse
import json
import os

from tcgkit.games import playable_games
from tcgkit.simulation.bench import bench_sim


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="games to time (default: every playable game)")
    parser.add_argument("--games", dest="count", type=int, default=1000, help="games per run (default 1000)")
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2], help="numbers of jobs, the first is the base")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args()
    load = os.getloadavg()
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    results = []
    if not args.json:
        print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {cores} cores; {args.count} games a run")
        print(f"{'game':<16} {'jobs':>4} {'seconds':>8} {'cpu main':>9} {'cpu workers':>12} {'speedup':>8} "
              f"{'cpu speedup':>12} {'bytes/1000 games':>17} identical")
    for game in args.games or playable_games():
        r = bench_sim(game, args.count, args.jobs)
        results.append(r)
        if args.json:
            continue
        for jobs, run in r["runs"].items():
            print(f"{game:<16} {jobs:>4} {run['seconds']:>8.2f} {run['cpu_parent']:>9.2f} {run['cpu_workers']:>12.2f} "
                  f"{run.get('speedup', ''):>8} {run.get('cpu_speedup', ''):>12} {r['bytes_per_1000_games']:>17,} "
                  f"{r['identical']}")
    if args.json:
        print(json.dumps({"load_average": load, "cores": cores, "results": results}, indent=1))


if __name__ == "__main__":
    main()
