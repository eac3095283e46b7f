"""Batch simulation: many bot games, in parallel worker processes, reproducible from one run seed.

Game ``i`` of a run always has seed ``derive_seed(run_seed, i)`` and the same decks, bots and seats, whichever
worker plays it, so the results are the same whatever the number of jobs.

>>> from tcgkit.games import get_rules
>>> from tcgkit.sim import plan, run_one
>>> decks = list(get_rules("tgod").decks())[:2]
>>> record = run_one(plan("tgod", 1, seed=7, decks=decks, bots=["random", "random"])[0])
>>> record.error is None and record.reason != ""
True
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from tcgkit.core.errors import TcgkitError
from tcgkit.core.rng import derive_seed
from tcgkit.core.state import GameState
from tcgkit.games import get_rules


@dataclass(frozen=True)
class GameSpec:
    """One game of a run: which game, its index in the run, its seed, the decks and bots per seat."""

    game: str
    index: int
    seed: int
    decks: tuple[str, str]
    bots: tuple[str, str]
    options: tuple[tuple[str, Any], ...] = ()


@dataclass
class GameRecord:
    """What a run keeps of one game."""

    game: str
    index: int
    seed: int
    decks: tuple[str, str]
    bots: tuple[str, str]
    winner: int | None
    reason: str
    clause: str | None
    turns: int
    decisions: int
    first_player: int
    seconds: float
    error: str | None = None
    drawn: list[list[str]] = field(default_factory=list)
    played: list[list[str]] = field(default_factory=list)
    replay: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def plan(game: str, games: int, seed: int, decks: Sequence[str], bots: Sequence[str],
         options: dict[str, Any] | None = None) -> list[GameSpec]:
    """The games of a run: every ordered pairing of ``decks`` in turn (seats alternate), ``games`` in all."""
    if len(decks) < 1:
        raise TcgkitError("a run needs at least one deck")
    pairs = [(a, b) for a in decks for b in decks if a != b] if len(decks) > 1 else [(decks[0], decks[0])]
    opts = tuple(sorted((options or {}).items()))
    out = []
    for i in range(games):
        a, b = pairs[i % len(pairs)]
        bot_pair = (bots[0], bots[1]) if (i // len(pairs)) % 2 == 0 else (bots[1], bots[0])
        if len(decks) == 1 or a == b:
            bot_pair = (bots[i % 2], bots[1 - i % 2])
        out.append(GameSpec(game, i, derive_seed(seed, i), (a, b), bot_pair, opts))
    return out


def run_one(spec: GameSpec, keep_replay: bool = False) -> GameRecord:
    """Play one game of a run (in whatever process) and record it."""
    from tcgkit.play import play_game, replay_record

    rules = get_rules(spec.game)
    start = time.perf_counter()
    state: GameState | None = None
    try:
        decks = [rules.deck(d) for d in spec.decks]
        state = play_game(rules, decks, spec.seed, spec.bots, dict(spec.options))
        error = None
    except Exception as exc:  # a crash in one game is a result of the run, not the end of it
        error = f"{type(exc).__name__}: {exc}"
    seconds = time.perf_counter() - start
    if state is None or error is not None:
        return GameRecord(spec.game, spec.index, spec.seed, spec.decks, spec.bots, None, "error", None, 0, 0, -1,
                          seconds, error)
    r = state.result
    assert r is not None
    drawn, played = card_usage(state)
    return GameRecord(
        spec.game, spec.index, spec.seed, spec.decks, spec.bots, r.winner, r.reason, r.clause, state.turn,
        state.decisions, int(state.vars.get("first_player", 0)), seconds, None, drawn, played,
        replay_record(state, decks, dict(spec.options)) if keep_replay else None,
    )


def card_usage(state: GameState) -> tuple[list[list[str]], list[list[str]]]:
    """Per player, the names of the cards drawn (moved to hand) and played (moved from hand to anywhere else)."""
    hand = state.rules.HAND_ZONE
    drawn: list[list[str]] = [[] for _ in state.zones]
    played: list[list[str]] = [[] for _ in state.zones]
    for ev in state.log:
        if ev.kind != "move" or ev.card < 0:
            continue
        fp, fz, tp, tz = ev.data
        if tz == hand and fz != hand:
            drawn[tp].append(state.defs[ev.card].name)
        elif fz == hand and tz not in (hand, state.rules.DISCARD_ZONE, state.rules.DECK_ZONE):
            played[fp].append(state.defs[ev.card].name)
    return drawn, played


def run(specs: Sequence[GameSpec], jobs: int | None = None, keep_replays: bool = False,
        progress: Callable[[GameRecord], None] | None = None) -> Iterator[GameRecord]:
    """Play every game of a run with ``jobs`` worker processes (default: all cores); yields records in order."""
    jobs = jobs or os.cpu_count() or 1
    if jobs <= 1 or len(specs) <= 1:
        for spec in specs:
            rec = run_one(spec, keep_replays)
            if progress:
                progress(rec)
            yield rec
        return
    chunk = max(1, min(25, len(specs) // (jobs * 8) or 1))
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        try:
            for rec in pool.map(_run_one_kept if keep_replays else run_one, specs, chunksize=chunk):
                if progress:
                    progress(rec)
                yield rec
        except KeyboardInterrupt:
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def _run_one_kept(spec: GameSpec) -> GameRecord:
    return run_one(spec, True)


def summarize(game: str, records: Sequence[GameRecord], seconds: float) -> dict[str, Any]:
    """The JSON summary of ``tcgkit sim``."""
    wins = {"0": 0, "1": 0}
    draws = errors = 0
    decisions = turns = 0
    for r in records:
        if r.error:
            errors += 1
            continue
        if r.winner is None:
            draws += 1
        else:
            wins[str(r.winner)] += 1
        decisions += r.decisions
        turns += r.turns
    played = max(1, len(records) - errors)
    return {
        "game": game,
        "games": len(records),
        "wins": wins,
        "draws": draws,
        "errors": errors,
        "mean_decisions": round(decisions / played, 2),
        "mean_turns": round(turns / played, 2),
        "seconds": round(seconds, 3),
        "decisions_per_second": round(decisions / seconds, 1) if seconds > 0 else 0.0,
    }


def save_replays(records: Sequence[GameRecord], folder: str | Path) -> int:
    from tcgkit.play import save_replay

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    n = 0
    for r in records:
        if r.replay is not None:
            save_replay(folder / f"{r.game}-{r.index:05d}-seed{r.seed}.json", r.replay)
            n += 1
    return n
