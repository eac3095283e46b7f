"""``tcgkit bench``: how fast a game runs with random bots (games/s, decisions/s, clones/s) on one core, how
fast a search bot thinks (``bench_bot``: MCTS iterations per second, seconds per decision), and how much a
simulation gains from worker processes (``bench_sim``: ``--jobs 1`` against ``--jobs 2``, and the results file's
size; ``scripts/bench_sim.py`` runs it for every game)."""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tcgkit.bots import RandomBot, View, make_bot
from tcgkit.core.rng import derive_seed
from tcgkit.core.state import GameState
from tcgkit.games import get_rules, preload


def bench(game: str, seconds: float = 3.0, seed: int = 0) -> dict[str, Any]:
    """Play random-bot games for about ``seconds``, then clone mid-game states for about ``seconds / 3``.

    The rates are per wall-clock second; the ``cpu_*`` rates are per second of this process's CPU time, which is the
    single-core figure when other processes share the machine (on an idle machine the two agree).
    """
    rules = get_rules(game)
    decks = list(rules.decks().values())
    preload([game])  # the card files loaded before the clock starts, and out of the collector's way
    games = decisions = 0
    samples: list[GameState] = []
    start = time.perf_counter()
    cpu_start = time.process_time()
    elapsed = 0.0
    while elapsed < seconds or games == 0:
        s = derive_seed(seed, games)
        a, b = decks[games % len(decks)], decks[(games // len(decks) + 1 + games) % len(decks)]
        state = rules.new_game([a, b], s)
        bots = (RandomBot(s * 2 + 1), RandomBot(s * 2 + 2))
        while state.result is None:
            p = state.current
            state.apply(bots[p].choose(View(state, p)))
            if len(samples) < 64 and state.decisions % 37 == 0:
                samples.append(state.clone())
        decisions += state.decisions
        games += 1
        elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    clones = 0
    cstart = time.perf_counter()
    cpu_cstart = time.process_time()
    celapsed = 0.0
    while celapsed < seconds / 3 or clones == 0:
        for st in samples or [state]:
            st.clone()
        clones += len(samples) or 1
        celapsed = time.perf_counter() - cstart
    ccpu = time.process_time() - cpu_cstart
    return {
        "game": game,
        "games": games,
        "decisions": decisions,
        "games_per_second": round(games / elapsed, 2),
        "decisions_per_second": round(decisions / elapsed, 1),
        "clones_per_second": round(clones / celapsed, 1),
        "mean_decisions_per_game": round(decisions / games, 1),
        "cpu_decisions_per_second": round(decisions / max(cpu, 1e-9), 1),
        "cpu_clones_per_second": round(clones / max(ccpu, 1e-9), 1),
    }


def bench_bot(game: str, bot_spec: str, seconds: float = 3.0, seed: int = 0,
              opponent: str = "random") -> dict[str, Any]:
    """Time a bot (``mcts``, ``mcts:200``, ``greedy``...) playing whole games against ``opponent`` for ``seconds``.

    The bot's seat alternates between games and the decks rotate over the shipped ones. Only the bot's own
    thinking is timed. ``decisions`` counts the bot's decisions, ``searched`` those with more than one legal
    action (a search bot does not think about forced moves); ``iterations_per_second`` is the bot's MCTS iterations
    over its thinking time (None for a bot that does not iterate), ``evals_per_second`` the positions it scored (its
default budget's unit); ``seconds_per_decision`` is the mean over its
    searched decisions and ``max_seconds_per_decision`` the slowest one.

    >>> r = bench_bot("tgod", "mcts:20", seconds=0.01)
    >>> r["bot"], r["iterations_per_second"] > 0
    ('mcts:20', True)
    """
    rules = get_rules(game)
    decks = list(rules.decks().values())
    preload([game])
    games = decisions = searched = 0
    thinking = slowest = 0.0
    start = time.perf_counter()
    bot = make_bot(bot_spec, seed)
    while time.perf_counter() - start < seconds or games == 0:
        s = derive_seed(seed, games)
        a, b = decks[games % len(decks)], decks[(games // len(decks) + 1 + games) % len(decks)]
        state = rules.new_game([a, b], s)
        seat = games % 2
        other = make_bot(opponent, s * 2 + 1)
        while state.result is None:
            p = state.current
            view = View(state, p)
            if p == seat:
                forced = len(state.legal_actions()) == 1
                t = time.perf_counter()
                action = bot.choose(view)
                dt = time.perf_counter() - t
                decisions += 1
                if not forced:
                    searched += 1
                    thinking += dt
                    slowest = max(slowest, dt)
            else:
                action = other.choose(view)
            state.apply(action)
        games += 1
    iterations = getattr(bot, "iterations", None)
    evals = getattr(bot, "evals", None)
    return {
        "game": game,
        "bot": bot_spec,
        "games": games,
        "decisions": decisions,
        "searched": searched,
        "iterations_per_second": round(iterations / thinking, 1) if iterations is not None and thinking else None,
        "evals_per_second": round(evals / thinking, 1) if evals is not None and thinking else None,
        "seconds_per_decision": round(thinking / searched, 4) if searched else 0.0,
        "max_seconds_per_decision": round(slowest, 4),
    }


def bench_sim(game: str, games: int = 1000, jobs: Sequence[int] = (1, 2), seed: int = 1,
              folder: str | Path | None = None) -> dict[str, Any]:
    """Time one ``tcgkit sim`` run of ``games`` random-bot games over every shipped deck, once per number of jobs,
    storing every game as ``--out`` does (:func:`~tcgkit.simulation.run.run_batches` into a
    :class:`~tcgkit.simulation.results.ResultsWriter`), in this process and its workers.

    Per number of jobs: ``seconds`` (wall clock, from planning to the last commit), ``cpu_parent`` (this process's
    CPU seconds: receiving and storing the records, or everything with one job) and ``cpu_workers`` (the workers'
    CPU seconds). ``speedup`` is the wall-clock ratio of the first number of jobs to each other;
    ``cpu_speedup`` what it would be on idle cores shared evenly (the first run's CPU time over the other's CPU
    time divided by its jobs): the figure to read on a busy machine. ``bytes_per_1000_games`` is the results file's
    size; ``identical`` says whether every run stored the same rows (all but ``seconds``) in the same order.

    >>> r = bench_sim("tgod", games=4)
    >>> sorted(r["runs"]), r["identical"], r["bytes_per_1000_games"] > 0
    (['1', '2'], True, True)
    """
    import resource
    import sqlite3
    import tempfile

    from tcgkit.simulation.results import ResultsWriter
    from tcgkit.simulation.run import plan, resolve_decks, run_batches

    rules = get_rules(game)
    decks = resolve_decks(game, list(rules.decks()))
    bots = ("random", "random")
    runs: dict[str, dict[str, float]] = {}
    stored: list[list[tuple]] = []
    size = 0
    with tempfile.TemporaryDirectory(dir=folder) as tmp:
        for j in jobs:
            path = Path(tmp) / f"{game}-jobs{j}.sqlite"
            children = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu, start = time.process_time(), time.perf_counter()
            specs = plan(game, games, seed, list(decks), bots)
            with ResultsWriter(path) as out:
                out.start_run(game, seed, decks, bots, len(specs), j)
                for batch in run_batches(specs, j, decks=decks):
                    out.add_many(batch)
                out.finish()
            seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            workers = max(0.0, after.ru_utime + after.ru_stime - children.ru_utime - children.ru_stime)
            runs[str(j)] = {"seconds": round(seconds, 3), "cpu_parent": round(cpu, 3), "cpu_workers": round(workers, 3)}
            size = size or path.stat().st_size
            with sqlite3.connect(path) as conn:
                stored.append(conn.execute("SELECT id, run, game_index, seed, deck0, deck1, bot0, bot1, first_player, "
                                           "winner, ending, turns, decisions, error FROM games").fetchall()
                              + conn.execute("SELECT * FROM card_usage").fetchall())
            conn.close()
    base = runs[str(jobs[0])]
    base_cpu = base["cpu_parent"] + base["cpu_workers"]
    for j in jobs[1:]:
        r = runs[str(j)]
        r["speedup"] = round(base["seconds"] / r["seconds"], 2)
        r["cpu_speedup"] = round(base_cpu / ((r["cpu_parent"] + r["cpu_workers"]) / j), 2)
    return {"game": game, "games": games, "runs": runs, "bytes_per_1000_games": round(size * 1000 / games),
            "identical": all(s == stored[0] for s in stored)}
