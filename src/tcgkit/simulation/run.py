"""Batch simulation: round robins of bot games, in parallel worker processes, reproducible from one run seed.

Game ``i`` of a run always has seed ``derive_seed(run_seed, i)`` and the same decks, bots and seats, whichever
worker (or Ray node) plays it, so the results are the same whatever the number of jobs or the backend.

>>> from tcgkit.games import get_rules
>>> from tcgkit.simulation.run import plan, run_one
>>> decks = list(get_rules("tgod").decks())[:2]
>>> record = run_one(plan("tgod", 1, seed=7, decks=decks, bots=["random", "random"])[0])
>>> record.error is None and record.reason != ""
True

A whole run: :func:`plan` the games, :func:`run` them (``jobs`` worker processes), :func:`summarize` them, and
store them with :class:`tcgkit.simulation.results.ResultsWriter` for ``tcgkit report``.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import signal
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any

from tcgkit.core.decks import Deck
from tcgkit.core.errors import TcgkitError
from tcgkit.core.rng import derive_seed
from tcgkit.core.state import GameState
from tcgkit.games import get_rules, preload

#: The backends :func:`run` knows: worker processes on this machine, or a Ray cluster.
BACKENDS = ("local", "ray")


@dataclass(frozen=True)
class GameSpec:
    """One game of a run: which game, its index in the run, its seed, the decks and bots per seat."""

    game: str
    index: int
    seed: int
    decks: tuple[str, str]
    bots: tuple[str, str]
    options: tuple[tuple[str, Any], ...] = ()


#: One card a player used in a game: ``(player, card name, copies drawn, times played)``.
Usage = tuple[int, str, int, int]


@dataclass
class GameRecord:
    """What a run keeps of one game.

    ``usage`` lists, per player and card (sorted by player, then name), how many copies the player drew and how many
    times they played it (see :func:`card_usage`); ``first_player`` is the player who took the first turn;
    ``seconds`` is the only field that varies between two runs of the same spec.
    """

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
    usage: tuple[Usage, ...] = ()
    replay: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def compact(self) -> tuple:
        """The record without what its spec says: what a worker sends back (a plain tuple pickles small and fast).

        >>> r = GameRecord("tgod", 3, 9, ("A", "B"), ("random", "random"), 1, "won", None, 7, 30, 0, 0.01)
        >>> GameRecord.from_compact(plan("tgod", 4, 1, ["A", "B"], ["random", "random"])[3], r.compact()).winner
        1
        """
        return (self.winner, self.reason, self.clause, self.turns, self.decisions, self.first_player, self.seconds,
                self.error, self.usage, self.replay)

    @classmethod
    def from_compact(cls, spec: GameSpec, data: tuple) -> GameRecord:
        """The record of ``spec``'s game from what :meth:`compact` sent."""
        return cls(spec.game, spec.index, spec.seed, spec.decks, spec.bots, *data)


def resolve_decks(game: str, names: Sequence[str]) -> dict[str, Deck]:
    """Load the decks of a run once: shipped deck names or deck files, keyed by deck name (in the given order).

    Raises :class:`~tcgkit.core.errors.TcgkitError` for an unknown deck, an illegal one, or two decks with one name.

    >>> list(resolve_decks("tgod", ["guardian wall", "Tyrant Horde"]))
    ['Guardian Wall', 'Tyrant Horde']
    """
    rules = get_rules(game)
    out: dict[str, Deck] = {}
    for given in names:
        deck = rules.deck(given)
        if deck.name in out:
            if out[deck.name] == deck:
                continue
            raise TcgkitError(f"two different decks are named {deck.name!r}; rename one (its 'name' field)")
        rules.check_deck(deck)
        out[deck.name] = deck
    if not out:
        raise TcgkitError("a run needs at least one deck")
    return out


def plan(game: str, games: int, seed: int, decks: Sequence[str], bots: Sequence[str],
         options: dict[str, Any] | None = None) -> list[GameSpec]:
    """The games of a run: every ordered pairing of ``decks`` in turn (so each deck sits in both seats), ``games``
    in all; the two bots swap seats after each full cycle of pairings (every game when there is one pairing).

    >>> specs = plan("tgod", 4, 1, ["A", "B"], ["greedy", "random"])
    >>> [(s.decks, s.bots) for s in specs][:3]
    [(('A', 'B'), ('greedy', 'random')), (('B', 'A'), ('greedy', 'random')), (('A', 'B'), ('random', 'greedy'))]
    """
    decks = list(dict.fromkeys(decks))  # a deck named twice is one deck
    if len(decks) < 1:
        raise TcgkitError("a run needs at least one deck")
    if len(bots) != 2:
        raise TcgkitError("a run needs two bots, one per seat")
    pairs = [(a, b) for a in decks for b in decks if a != b] if len(decks) > 1 else [(decks[0], decks[0])]
    opts = tuple(sorted((options or {}).items()))
    out = []
    for i in range(games):
        a, b = pairs[i % len(pairs)]
        cycle = i // len(pairs) if len(pairs) > 1 else i
        bot_pair = (bots[0], bots[1]) if cycle % 2 == 0 else (bots[1], bots[0])
        out.append(GameSpec(game, i, derive_seed(seed, i), (a, b), bot_pair, opts))
    return out


#: The decks of the current run in this process (set by :func:`run` and in each worker by its initializer).
_DECKS: dict[str, Deck] = {}


def run_one(spec: GameSpec, keep_replay: bool = False, decks: Mapping[str, Deck] | None = None) -> GameRecord:
    """Play one game of a run (in whatever process) and record it.

    ``decks`` maps the deck names of ``spec`` to decks (default: the run's decks, else the game's shipped decks or
    deck files). A crash inside the game is recorded as the game's ``error``, not raised.
    """
    from tcgkit.bots import play_game
    from tcgkit.replays import replay_record

    table = _DECKS if decks is None else decks
    rules = get_rules(spec.game)
    start = time.perf_counter()
    state: GameState | None = None
    deck_objs: list[Deck] = []
    try:
        deck_objs = [table[d] if d in table else rules.deck(d) for d in spec.decks]
        state = play_game(rules, deck_objs, spec.seed, spec.bots, dict(spec.options))
        error = None
    except Exception as exc:  # a crash in one game is a result of the run, not the end of it
        error = f"{type(exc).__name__}: {exc}"
    seconds = time.perf_counter() - start
    if state is None or error is not None:
        return GameRecord(spec.game, spec.index, spec.seed, spec.decks, spec.bots, None, "error", None, 0, 0, -1,
                          seconds, error)
    r = state.result
    assert r is not None
    return GameRecord(
        spec.game, spec.index, spec.seed, spec.decks, spec.bots, r.winner, r.reason, r.clause, state.turn,
        state.decisions, int(state.vars.get("first_player", 0)), seconds, None, usage_counts(*card_usage(state)),
        replay_record(state, deck_objs, dict(spec.options)) if keep_replay else None,
    )


def usage_counts(drawn: Sequence[Sequence[str]], played: Sequence[Sequence[str]]) -> tuple[Usage, ...]:
    """Per player and card (sorted), the copies drawn and the times played, from :func:`card_usage`'s lists.

    >>> usage_counts([["Imp", "Imp", "Wall"], []], [["Imp"], []])
    ((0, 'Imp', 2, 1), (0, 'Wall', 1, 0))
    """
    out: list[Usage] = []
    for p, (d, pl) in enumerate(zip(drawn, played, strict=True)):
        dc, pc = Counter(d), Counter(pl)
        out.extend((p, card, dc[card], pc[card]) for card in sorted(dc.keys() | pc.keys()))
    return tuple(out)


def card_usage(state: GameState) -> tuple[list[list[str]], list[list[str]]]:
    """Per player, the names of the cards drawn and played: one entry per copy and per time.

    A card is *drawn* when it enters its owner's hand (from the deck, or wherever) or was in the hand from the
    setup (placed there silently: an opening hand); it is *played* when it leaves its owner's hand for anywhere
    but the discard pile or the deck. A card in another player's hand counts for nobody: per-card figures are
    about a deck's own cards.

    >>> from tcgkit.bots import play_game
    >>> rules = get_rules("tgod")
    >>> state = play_game(rules, list(rules.decks())[:2], seed=3)
    >>> drawn, played = card_usage(state)
    >>> len(drawn) == 2 and all(isinstance(n, str) for n in drawn[0])
    True
    """
    rules = state.rules
    hand, gone = rules.HAND_ZONE, (rules.HAND_ZONE, rules.DISCARD_ZONE, rules.DECK_ZONE)
    owner = state.owner
    defs = state.defs
    drawn: list[list[str]] = [[] for _ in state.zones]
    played: list[list[str]] = [[] for _ in state.zones]
    counted: set[int] = set()  # cards in their owner's hand whose arrival there is counted
    for kind, _player, card, data, _private in state.log.rows:  # the plain rows: no Event built for each
        if kind != "move" or card < 0:
            continue
        fp, fz, tp, tz = data
        if fz == hand and fp == owner[card]:
            if card not in counted:  # it was in the hand from the setup
                drawn[fp].append(defs[card].name)
            counted.discard(card)
            if tz not in gone:
                played[fp].append(defs[card].name)
        if tz == hand and tp == owner[card]:
            if fz != hand or fp != tp:
                drawn[tp].append(defs[card].name)
            counted.add(card)
    for p, zones in enumerate(state.zones):
        for card in zones.get(hand, ()):
            if owner[card] == p and card not in counted:
                drawn[p].append(defs[card].name)
    return drawn, played


def default_jobs() -> int:
    """The default number of worker processes: every core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def run(specs: Sequence[GameSpec], jobs: int | None = None, keep_replays: bool = False,
        progress: Callable[[GameRecord], None] | None = None, decks: Mapping[str, Deck] | None = None,
        backend: str = "local", address: str | None = None) -> Iterator[GameRecord]:
    """Play every game of a run; yields the records in the order of ``specs`` (each carries its ``index``).

    ``backend="local"`` uses ``jobs`` worker processes (default: all cores; 1 plays in this process);
    ``backend="ray"`` sends the games to the Ray cluster at ``address`` (see :mod:`tcgkit.simulation.ray_backend`).
    ``decks`` maps the deck names of the specs to decks (see :func:`resolve_decks`); workers receive them once.
    :func:`run_batches` gives the same records a batch at a time (what ``tcgkit sim`` stores).

    Stopping early (Ctrl-C, or closing the generator) terminates the workers at once: every record already
    yielded is complete, the games in flight (and those finished after a game still in flight) are dropped.

    >>> specs = plan("tgod", 4, 1, list(get_rules("tgod").decks())[:2], ["random", "random"])
    >>> [r.index for r in run(specs, jobs=2)]
    [0, 1, 2, 3]
    """
    for batch in run_batches(specs, jobs, keep_replays, decks, backend, address):
        for rec in batch:
            if progress:
                progress(rec)
            yield rec


def run_batches(specs: Sequence[GameSpec], jobs: int | None = None, keep_replays: bool = False,
                decks: Mapping[str, Deck] | None = None, backend: str = "local",
                address: str | None = None) -> Iterator[list[GameRecord]]:
    """Like :func:`run`, but yields the records in lists, as soon as the games before them are done.

    With several workers, each plays a chunk of consecutive games (about a tenth of a second of CPU time, smaller
    towards the end of the run so that the workers finish together; see :class:`Chunks`) and sends their records
    back together, as plain tuples; the records come out in the order of ``specs`` whatever the number of jobs.

    >>> specs = plan("tgod", 3, 1, list(get_rules("tgod").decks())[:2], ["random", "random"])
    >>> [len(batch) for batch in run_batches(specs, jobs=1)]
    [1, 1, 1]
    """
    table = dict(decks or {})
    if backend == "ray":
        from tcgkit.simulation.ray_backend import run_ray_batches

        yield from run_ray_batches(specs, address, keep_replays, table)
        return
    if backend != "local":
        raise TcgkitError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    jobs = jobs or default_jobs()
    if jobs <= 1 or len(specs) <= 1:
        preload({spec.game for spec in specs})
        for spec in specs:
            yield [run_one(spec, keep_replays, table)]
        return
    yield from _run_pool(list(specs), min(jobs, len(specs)), keep_replays, table)


class InOrder:
    """Chunks of a run's records, arriving in any order, released in the order of the run.

    >>> order = InOrder()
    >>> order.add(2, ["c"]), order.add(0, ["a", "b"]), order.add(3, ["d"])
    ([], ['a', 'b', 'c'], ['d'])
    """

    def __init__(self) -> None:
        self.next = 0
        self.waiting: dict[int, list[Any]] = {}

    def add(self, start: int, chunk: list[Any]) -> list[Any]:
        """Take the chunk of items from position ``start``; returns the items now in order (maybe none)."""
        self.waiting[start] = chunk
        out: list[Any] = []
        while self.next in self.waiting:
            ready = self.waiting.pop(self.next)
            out.extend(ready)
            self.next += max(1, len(ready))
        return out


class Chunks:
    """The next chunk of games for a worker: about ``target`` seconds of play (CPU time, from the games played so
    far: on a busy machine a chunk holds as much work as on an idle one, so the cost of sending it stays as small a
    share), at most a ``1 / (4 jobs)`` share of the games not yet handed out, so that chunks shrink as the run ends.

    >>> c = Chunks(100, jobs=2)
    >>> c.next(), c.observe(10, 0.03), c.next(), c.left
    ((0, 1), None, (1, 13), 87)
    """

    def __init__(self, total: int, jobs: int, target: float = 0.1, most: int = 1000) -> None:
        self.pos, self.total, self.jobs, self.target, self.most = 0, total, jobs, target, most
        self.games, self.seconds = 0, 0.0

    @property
    def left(self) -> int:
        return self.total - self.pos

    def observe(self, games: int, seconds: float) -> None:
        """Count ``games`` played in ``seconds`` (a worker's CPU time) towards the estimate of a game's time."""
        self.games += games
        self.seconds += seconds

    def next(self) -> tuple[int, int]:
        size = 1
        if self.games:
            size = int(self.target * self.games / max(self.seconds, 1e-6))
        size = max(1, min(size, self.most, self.left // (4 * self.jobs)))
        start, self.pos = self.pos, min(self.total, self.pos + size)
        return start, self.pos


def _run_pool(specs: list[GameSpec], jobs: int, keep_replays: bool,
              table: dict[str, Deck]) -> Iterator[list[GameRecord]]:
    """Play ``specs`` on ``jobs`` worker processes, two chunks in flight per worker; yields records in order.

    Each worker has a pipe of its own to the parent and shares no lock with anyone: stopping a run (Ctrl-C, an
    error, the consumer stopping) kills the workers at once and cannot hang. (``multiprocessing.Pool.terminate``
    can: a worker killed while it sends a result keeps the queue's shared lock forever.)
    """
    # fork (where there is one) starts workers at once and hands them designer-registered games; the parent has no
    # other thread when it forks (the progress bar of the command line draws without one).
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    chunks, order = Chunks(len(specs), jobs), InOrder()
    workers: dict[Connection, BaseProcess] = {}
    finished = False
    try:
        for _ in range(jobs):
            mine, theirs = ctx.Pipe()
            # a forked worker holds a copy of every parent's end made so far: it closes them, so that it sees the
            # end of its pipe when the parent is gone
            others = [*workers, mine] if ctx.get_start_method() == "fork" else []
            process = ctx.Process(target=_worker, args=(theirs, others, table, specs, keep_replays), daemon=True)
            process.start()
            theirs.close()
            workers[mine] = process
        in_flight = dict.fromkeys(workers, 0)
        for conn in workers:
            _feed(conn, workers[conn], chunks, in_flight)
        while any(in_flight.values()):
            for conn in wait([c for c, n in in_flight.items() if n]):
                start, cpu, compact = _receive(conn, workers[conn])
                in_flight[conn] -= 1
                chunks.observe(len(compact), cpu)
                _feed(conn, workers[conn], chunks, in_flight)
                ready = order.add(start, [GameRecord.from_compact(specs[start + i], c) for i, c in enumerate(compact)])
                if ready:
                    yield ready
        for conn in workers:
            conn.send(None)  # no more work: the worker returns
        finished = True
    finally:  # done, or Ctrl-C, an error, the consumer stopped: no worker outlives the run
        for conn, process in workers.items():
            if not finished:
                process.kill()
            process.join()
            conn.close()


def _feed(conn: Connection, process: BaseProcess, chunks: Chunks, in_flight: dict[Connection, int]) -> None:
    """Send the worker at ``conn`` chunks of games until it has two (or no game is left)."""
    while in_flight[conn] < 2 and chunks.left:
        try:
            conn.send(chunks.next())
        except OSError:
            raise _died(process) from None
        in_flight[conn] += 1


def _receive(conn: Connection, process: BaseProcess) -> tuple[int, float, list[tuple]]:
    """A worker's next chunk of records; its error raised again here, or an error if the worker died."""
    try:
        item = conn.recv()
    except (EOFError, OSError):
        raise _died(process) from None
    if isinstance(item, BaseException):
        raise item
    return item


def _died(process: BaseProcess) -> TcgkitError:
    process.join()
    return TcgkitError(f"a simulation worker process stopped unexpectedly (exit code {process.exitcode})")


def _worker(conn: Connection, others: list[Connection], decks: dict[str, Deck], specs: list[GameSpec],
            keep_replays: bool) -> None:
    """A worker process: play the chunks of games ``conn`` sends (``(start, stop)``) until it sends ``None``, or
    until the parent is gone; send back each chunk's records, or the error that stopped it. ``others``: the
    parent's ends of the pipes, inherited by fork, closed here."""
    for end in others:
        end.close()
    _init_worker(decks, specs, keep_replays)
    try:
        while (task := conn.recv()) is not None:
            try:
                result: Any = _play_chunk(*task)
            except Exception as error:  # the parent raises it
                result = error
            try:
                conn.send(result)
            except (pickle.PicklingError, TypeError, AttributeError):
                if not isinstance(result, Exception):
                    raise
                conn.send(TcgkitError(f"{type(result).__name__}: {result}"))  # an error that does not pickle
    except (EOFError, OSError):  # the parent is gone (killed): nobody to play for
        return


#: The specs of the current run and whether to keep replays, in each worker (set when it starts).
_SPECS: list[GameSpec] = []
_KEEP_REPLAYS = False


def _init_worker(decks: dict[str, Deck], specs: list[GameSpec], keep_replays: bool) -> None:
    """Worker start: the run's decks and games, and Ctrl-C left to the parent (which stops the workers itself)."""
    global _DECKS, _SPECS, _KEEP_REPLAYS
    _DECKS, _SPECS, _KEEP_REPLAYS = decks, specs, keep_replays
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    preload({spec.game for spec in specs})


def _play_chunk(start: int, stop: int) -> tuple[int, float, list[tuple]]:
    """Play the run's games ``start`` to ``stop`` (positions in its specs) in a worker: ``start``, the CPU seconds it
    took and the games' compact records."""
    cpu = time.process_time()
    records = [run_one(_SPECS[i], _KEEP_REPLAYS).compact() for i in range(start, stop)]
    return start, time.process_time() - cpu, records


def summarize(game: str, records: Sequence[GameRecord], seconds: float) -> dict[str, Any]:
    """The JSON summary of ``tcgkit sim``: results per seat, per bot and per deck (each ``{"games", "wins",
    "draws"}``, a player's games counted from its side), draws, errors, means and speed.

    >>> r = GameRecord("tgod", 0, 1, ("A", "B"), ("greedy", "random"), 0, "won", None, 9, 40, 0, 0.1)
    >>> s = summarize("tgod", [r], 1.0)
    >>> s["by_seat"]["0"], s["by_bot"]["random"], s["by_deck"]["A"]
    ({'games': 1, 'wins': 1, 'draws': 0}, {'games': 1, 'wins': 0, 'draws': 0}, {'games': 1, 'wins': 1, 'draws': 0})
    """
    by_seat: dict[str, dict[str, int]] = {"0": _tally(), "1": _tally()}
    by_bot: dict[str, dict[str, int]] = {}
    by_deck: dict[str, dict[str, int]] = {}
    draws = errors = 0
    decisions = turns = 0
    for r in records:
        if r.error:
            errors += 1
            continue
        draws += r.winner is None
        for seat in (0, 1):
            for tally in (by_seat[str(seat)], by_bot.setdefault(r.bots[seat], _tally()),
                          by_deck.setdefault(r.decks[seat], _tally())):
                tally["games"] += 1
                tally["wins"] += r.winner == seat
                tally["draws"] += r.winner is None
        decisions += r.decisions
        turns += r.turns
    played = max(1, len(records) - errors)
    return {
        "game": game,
        "games": len(records),
        "by_seat": by_seat,
        "by_bot": dict(sorted(by_bot.items())),
        "by_deck": dict(sorted(by_deck.items())),
        "draws": draws,
        "errors": errors,
        "mean_decisions": round(decisions / played, 2),
        "mean_turns": round(turns / played, 2),
        "seconds": round(seconds, 3),
        "decisions_per_second": round(decisions / seconds, 1) if seconds > 0 else 0.0,
    }


def _tally() -> dict[str, int]:
    return {"games": 0, "wins": 0, "draws": 0}


def save_replays(records: Sequence[GameRecord], folder: str | Path) -> int:
    """Write the replays kept in ``records`` to ``folder``; returns how many."""
    from tcgkit.replays import save_replay

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    n = 0
    for r in records:
        if r.replay is not None:
            save_replay(folder / f"{r.game}-{r.index:05d}-seed{r.seed}.json", r.replay)
            n += 1
    return n
