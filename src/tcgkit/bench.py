"""``tcgkit bench``: how fast a game runs with random bots (games/s, decisions/s, clones/s) on one core."""

from __future__ import annotations

import time
from typing import Any

from tcgkit.bots import RandomBot, View
from tcgkit.core.rng import derive_seed
from tcgkit.core.state import GameState
from tcgkit.games import get_rules


def bench(game: str, seconds: float = 3.0, seed: int = 0) -> dict[str, Any]:
    """Play random-bot games for about ``seconds``, then clone mid-game states for about ``seconds / 3``."""
    rules = get_rules(game)
    decks = list(rules.decks().values())
    games = decisions = 0
    samples: list[GameState] = []
    start = time.perf_counter()
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
    clones = 0
    cstart = time.perf_counter()
    celapsed = 0.0
    while celapsed < seconds / 3 or clones == 0:
        for st in samples or [state]:
            st.clone()
        clones += len(samples) or 1
        celapsed = time.perf_counter() - cstart
    return {
        "game": game,
        "games": games,
        "decisions": decisions,
        "games_per_second": round(games / elapsed, 2),
        "decisions_per_second": round(decisions / elapsed, 1),
        "clones_per_second": round(clones / celapsed, 1),
        "mean_decisions_per_game": round(decisions / games, 1),
    }
