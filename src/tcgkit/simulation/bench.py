"""``tcgkit bench``: how fast a game runs with random bots (games/s, decisions/s, clones/s) on one core, and how
fast a search bot thinks (``bench_bot``: MCTS iterations per second, seconds per decision)."""

from __future__ import annotations

import time
from typing import Any

from tcgkit.bots import RandomBot, View, make_bot
from tcgkit.core.rng import derive_seed
from tcgkit.core.state import GameState
from tcgkit.games import get_rules


def bench(game: str, seconds: float = 3.0, seed: int = 0) -> dict[str, Any]:
    """Play random-bot games for about ``seconds``, then clone mid-game states for about ``seconds / 3``.

    The rates are per wall-clock second; the ``cpu_*`` rates are per second of this process's CPU time, which is the
    single-core figure when other processes share the machine (on an idle machine the two agree).
    """
    rules = get_rules(game)
    rules.pool()  # load the card files before the clock starts
    decks = list(rules.decks().values())
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
