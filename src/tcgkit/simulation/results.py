"""Stored simulation results: one SQLite file that analysts can open with any tool (sqlite3, pandas, DuckDB...).

``tcgkit sim ... --out RESULTS`` appends a *run* to the file (creating it when needed): the run's settings, the
exact card lists of its decks, one row per game and, per game and player, how many copies of each card were
drawn and played. ``tcgkit report RESULTS...`` reads one or more files back with :func:`load`.

The schema (version 2; card and deck names are stored once, rows refer to them by small integers)::

    meta(key TEXT PRIMARY KEY, value TEXT)          -- 'schema_version' = '2', 'created_by' = 'tcgkit x.y.z'
    runs(run INTEGER PRIMARY KEY, game, seed, games_planned, games_done, first_game /* games.id of game 0 */,
         bot0, bot1, jobs, backend, options /* JSON */, started, finished /* ISO UTC */,
         status /* running|complete|stopped */, command)
    decks(run, deck /* 0, 1, ... */, name)          -- the decks of a run
    cards(card INTEGER PRIMARY KEY, name UNIQUE)    -- every card named in the file, once
    endings(ending INTEGER PRIMARY KEY, reason, clause)   -- every way a game ended (reason, rule clause), once
    deck_cards(run, deck, section, card, copies)    -- the decks of the run, as played
    games(id INTEGER PRIMARY KEY /* runs.first_game + game_index */, run, game_index, seed, deck0, deck1,
          bot0, bot1, first_player, winner /* 0, 1 or NULL for a draw or an error */, ending, turns, decisions,
          seconds, error /* NULL unless the game crashed */)
    card_usage(game_id /* games.id */, player, card, drawn, played)   -- copies drawn / times played

plus two views that put the names back: ``games_named`` and ``card_usage_named``. ``deck0``/``bot0`` sit in seat
0; ``first_player`` is the seat that took the first turn. A game with an error ends with the reason ``error`` and
has no card usage. Every table but ``runs``, ``cards``, ``endings`` and ``games`` (whose integer key is SQLite's row
id, the most compact key) is ``WITHOUT ROWID``, keyed by its integer columns. Version 1 files (names as text in
every row) are still read; new runs go to version 2 files.

>>> import tempfile, os
>>> from tcgkit.simulation.run import plan, resolve_decks, run
>>> path = os.path.join(tempfile.mkdtemp(), "r.sqlite")
>>> decks = resolve_decks("tgod", ["Guardian Wall", "Tyrant Horde"])
>>> specs = plan("tgod", 4, 1, list(decks), ["random", "random"])
>>> with ResultsWriter(path) as out:
...     run_id = out.start_run("tgod", 1, decks, ("random", "random"), len(specs))
...     for record in run(specs, jobs=1, decks=decks):
...         out.add(record)
...     out.finish("complete")
>>> len(load([path]).games)
4
"""

from __future__ import annotations

import datetime
import json
import sqlite3
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tcgkit.core.decks import Deck
from tcgkit.core.errors import TcgkitError

SCHEMA_VERSION = 2
#: The schema versions :func:`load` reads (a writer appends to the current version only).
READS = (1, 2)
#: Seconds a writer or a reader waits for another process's lock on the file before giving up.
BUSY_TIMEOUT = 60.0
#: A writer commits after this many games or seconds (and when the run ends).
COMMIT_GAMES, COMMIT_SECONDS = 500, 2.0

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS runs (
    run INTEGER PRIMARY KEY, game TEXT NOT NULL, seed INTEGER NOT NULL, games_planned INTEGER NOT NULL,
    games_done INTEGER NOT NULL DEFAULT 0, first_game INTEGER NOT NULL, bot0 TEXT NOT NULL, bot1 TEXT NOT NULL,
    jobs INTEGER, backend TEXT, options TEXT, started TEXT, finished TEXT, status TEXT NOT NULL, command TEXT
);
CREATE TABLE IF NOT EXISTS decks (
    run INTEGER NOT NULL REFERENCES runs(run), deck INTEGER NOT NULL, name TEXT NOT NULL, PRIMARY KEY (run, deck)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS cards (card INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE IF NOT EXISTS endings (ending INTEGER PRIMARY KEY, reason TEXT NOT NULL, clause TEXT);
CREATE TABLE IF NOT EXISTS deck_cards (
    run INTEGER NOT NULL, deck INTEGER NOT NULL, section TEXT NOT NULL, card INTEGER NOT NULL REFERENCES cards(card),
    copies INTEGER NOT NULL, PRIMARY KEY (run, deck, section, card), FOREIGN KEY (run, deck) REFERENCES decks
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY, run INTEGER NOT NULL REFERENCES runs(run), game_index INTEGER NOT NULL,
    seed INTEGER NOT NULL, deck0 INTEGER NOT NULL, deck1 INTEGER NOT NULL, bot0 TEXT NOT NULL, bot1 TEXT NOT NULL,
    first_player INTEGER, winner INTEGER, ending INTEGER NOT NULL REFERENCES endings(ending), turns INTEGER,
    decisions INTEGER, seconds REAL, error TEXT
);
CREATE TABLE IF NOT EXISTS card_usage (
    game_id INTEGER NOT NULL REFERENCES games(id), player INTEGER NOT NULL,
    card INTEGER NOT NULL REFERENCES cards(card), drawn INTEGER NOT NULL, played INTEGER NOT NULL,
    PRIMARY KEY (game_id, player, card)
) WITHOUT ROWID;
CREATE VIEW IF NOT EXISTS games_named AS
    SELECT g.id, g.run, g.game_index, r.game, g.seed, d0.name AS deck0, d1.name AS deck1, g.bot0, g.bot1,
           g.first_player, g.winner, e.reason, e.clause, g.turns, g.decisions, g.seconds, g.error
    FROM games g JOIN runs r ON r.run = g.run JOIN endings e ON e.ending = g.ending
    JOIN decks d0 ON d0.run = g.run AND d0.deck = g.deck0 JOIN decks d1 ON d1.run = g.run AND d1.deck = g.deck1;
CREATE VIEW IF NOT EXISTS card_usage_named AS
    SELECT u.game_id, g.run, g.game_index, u.player, d.name AS deck, c.name AS card, u.drawn, u.played
    FROM card_usage u JOIN games g ON g.id = u.game_id JOIN cards c ON c.card = u.card
    JOIN decks d ON d.run = g.run AND d.deck = CASE u.player WHEN 0 THEN g.deck0 ELSE g.deck1 END;
"""

#: The tables of each schema version.
_TABLES = {1: ("meta", "runs", "deck_cards", "games", "card_usage"),
           2: ("meta", "runs", "decks", "cards", "endings", "deck_cards", "games", "card_usage")}


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("tcgkit")
    except Exception:  # not installed as a distribution (e.g. run from a source tree)
        return "unknown"


def _card_names(game: str) -> Any:
    """A function from a deck entry (a card's name or key) to the card's name, as the game logs it."""
    from tcgkit.games import get_rules

    try:
        pool = get_rules(game).pool()
    except TcgkitError:
        return lambda entry: entry

    def name(entry: str) -> str:
        try:
            return pool.get(entry).name
        except KeyError:
            return entry

    return name


def _deck_rows(game: str, decks: Mapping[str, Deck]) -> list[tuple[str, str, str, int]]:
    """The ``deck_cards`` rows of a run's decks (without the run column), sorted."""
    names = _card_names(game)
    return sorted((name, section, card, copies)
                  for name, deck in decks.items()
                  for section, cards in deck.sections.items()
                  for card, copies in Counter(names(c) for c in cards).items())


def _first_difference(pairs: Sequence[tuple[str, Any, Any]]) -> str | None:
    for what, have, want in pairs:
        if have != want:
            return f"its {what} {have!r}, not {want!r}"
    return None


def _writer_id() -> str:
    import os
    import socket

    return f"process {os.getpid()} on {socket.gethostname()}"


def _alive(writer: str) -> bool:
    """Whether the process named by :func:`_writer_id` still runs (a process on another host counts as alive)."""
    import os
    import socket

    try:
        _, pid, _, host = writer.split(" ", 3)
        if host != socket.gethostname():
            return True
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except (ValueError, PermissionError, OSError):
        return True
    return True


def _check_schema(conn: sqlite3.Connection, path: str | Path, writing: bool = False) -> int | None:
    """The schema version of ``conn`` (None for an empty file); a one-line error unless it is a tcgkit results file
    this version reads (or, ``writing``, appends to)."""
    try:
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.DatabaseError as exc:
        raise TcgkitError(f"{path}: not a tcgkit results file ({exc})") from None
    if not names:
        return None
    if "meta" not in names:
        raise TcgkitError(f"{path}: not a tcgkit results file (no table 'meta')")
    row = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    version = int(row[0]) if row is not None and str(row[0]).isdigit() else None
    if version not in READS:
        raise TcgkitError(f"{path}: results schema version {row[0] if row else '?'}, this tcgkit reads "
                          f"versions {', '.join(map(str, READS))}")
    missing = [t for t in _TABLES[version] if t not in names]
    if missing:
        raise TcgkitError(f"{path}: not a tcgkit results file (no table {missing[0]!r})")
    if writing and version != SCHEMA_VERSION:
        raise TcgkitError(f"{path}: results schema version {version} is read (tcgkit report) but not appended to; "
                          f"store new runs in a new file")
    return version


class ResultsWriter:
    """Appends runs and their games to a results file (created when missing). Use as a context manager.

    Games are written as they come (:meth:`add`, or :meth:`add_many` for a batch in one statement per table) and
    committed every 500 games or 2 seconds and when the run finishes, so a run stopped by Ctrl-C keeps every game
    it finished once :meth:`finish` is called (and, at worst, the games since the last commit are lost if the process
    is killed). A game is stored whole (its row and its card rows) or not at all.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        if self.path.is_dir():
            raise TcgkitError(f"{path}: is a folder, not a results file")
        try:
            self.conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT)
        except sqlite3.Error as exc:
            raise TcgkitError(f"{path}: cannot open results file ({exc})") from None
        try:
            _check_schema(self.conn, path, writing=True)
            self.conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
            self._use_wal()
            self.conn.execute("PRAGMA synchronous = NORMAL")  # WAL: a commit survives a crash of the process
            self._create_schema()
        except sqlite3.Error as exc:
            self.conn.close()
            raise TcgkitError(f"{path}: cannot write results ({exc})") from None
        except TcgkitError:
            self.conn.close()
            raise
        self.run: int | None = None
        self.done = 0
        self._first_game = 0
        self._decks: dict[str, int] = {}
        self._cards: dict[str, int] = {}
        self._endings: dict[tuple[str, str | None], int] = {}
        self._pending = 0
        self._last_commit = 0.0

    def _use_wal(self) -> None:
        """Switch the file to write-ahead logging (readers never wait for a writer, nor block one).

        SQLite answers "database is locked" at once, without waiting, when another connection holds a lock while the
        journal mode changes (two first writers at once): that one step is retried until the busy timeout.
        """
        import time

        deadline = time.monotonic() + BUSY_TIMEOUT
        delay = 0.005
        while True:
            try:
                self.conn.execute("PRAGMA journal_mode = WAL")
                return
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or time.monotonic() > deadline:
                    raise
            time.sleep(delay)
            delay = min(delay * 2, 0.2)

    def _create_schema(self) -> None:
        """Create the tables and the meta rows in one transaction: a concurrent writer sees all of them or none."""
        self.conn.execute("BEGIN IMMEDIATE")  # the write lock first: two first writers take turns
        try:
            _check_schema(self.conn, self.path, writing=True)
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    self.conn.execute(statement)
            self.conn.execute("INSERT OR IGNORE INTO meta VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),))
            self.conn.execute("INSERT OR IGNORE INTO meta VALUES ('created_by', ?)", (f"tcgkit {_version()}",))
        except BaseException:
            self.conn.rollback()
            raise
        self.conn.commit()

    def __enter__(self) -> ResultsWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def start_run(self, game: str, seed: int, decks: Mapping[str, Deck], bots: Sequence[str], planned: int,
                  jobs: int | None = None, backend: str = "local", options: Mapping[str, Any] | None = None,
                  command: str = "") -> int:
        """Record a new run (status ``running``) and its decks' card lists; returns its run id."""
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            first = self.conn.execute("SELECT COALESCE(MAX(first_game + games_planned), 1) FROM runs").fetchone()[0]
            cur = self.conn.execute(
                "INSERT INTO runs (game, seed, games_planned, first_game, bot0, bot1, jobs, backend, options, started,"
                " status, command) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'running', ?)",
                (game, seed, planned, first, bots[0], bots[1], jobs, backend, json.dumps(dict(options or {})),
                 _now(), command),
            )
            run = cur.lastrowid
            assert run is not None
            self._decks = {name: i for i, name in enumerate(decks)}
            self.conn.executemany("INSERT INTO decks VALUES (?, ?, ?)", [(run, i, n) for n, i in self._decks.items()])
            self._load_cards()
            rows = [(run, self._decks[deck], section, self._card(card), copies)
                    for deck, section, card, copies in _deck_rows(game, decks)]
            self.conn.executemany("INSERT INTO deck_cards VALUES (?, ?, ?, ?, ?)", rows)
            self.conn.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (f"writer of run {run}", _writer_id()))
        except BaseException:
            self.conn.rollback()
            raise
        self.conn.commit()
        self.run, self.done, self._first_game = run, 0, first
        return run

    def _load_cards(self) -> None:
        """The ids of the cards and endings already in the file (new ones are added as games name them)."""
        self._cards = {name: card for card, name in self.conn.execute("SELECT card, name FROM cards")}
        self._endings = {(r, c): e for e, r, c in self.conn.execute("SELECT ending, reason, clause FROM endings")}

    def _ending(self, reason: str, clause: str | None) -> int:
        """The id of the ending (reason, clause) in this file (a new row in ``endings`` the first time)."""
        key = (reason, clause)
        ending = self._endings.get(key)
        if ending is None:  # another writer may have added it since we looked: ask again, under the write lock
            row = self.conn.execute("SELECT ending FROM endings WHERE reason = ? AND clause IS ?", key).fetchone()
            ending = self._endings[key] = (row[0] if row else self.conn.execute(
                "INSERT INTO endings (reason, clause) VALUES (?, ?)", key).lastrowid)
        return ending

    def _card(self, name: str) -> int:
        """The id of the card named ``name`` in this file (a new row in ``cards`` the first time)."""
        card = self._cards.get(name)
        if card is None:
            self.conn.execute("INSERT OR IGNORE INTO cards (name) VALUES (?)", (name,))
            card = self._cards[name] = self.conn.execute("SELECT card FROM cards WHERE name = ?", (name,)).fetchone()[0]
        return card

    def resume_run(self, game: str, seed: int, decks: Mapping[str, Deck], bots: Sequence[str], planned: int,
                   specs: Sequence[Any], options: Mapping[str, Any] | None = None) -> set[int]:
        """Reopen the latest unfinished run with exactly these settings; returns the indices of its stored games.

        The run must be ``stopped`` (or ``running`` with its writer gone: a killed process); its game, seed, bots,
        number of games, options and deck lists must be these, and every stored game must be the game ``specs``
        plans at its index (same seed, decks and seats). Anything else is refused, naming the first difference.
        """
        self.conn.execute("BEGIN IMMEDIATE")  # check and claim the run in one step: two resumers cannot both win
        try:
            run = self._resumable(game, seed, decks, bots, planned, specs, options)
            self._first_game = self.conn.execute("SELECT first_game FROM runs WHERE run = ?", (run,)).fetchone()[0]
            done = {i for (i,) in self.conn.execute("SELECT game_index FROM games WHERE id BETWEEN ? AND ?",
                                                    self._id_span(run, planned))}
            self._decks = {n: d for d, n in self.conn.execute("SELECT deck, name FROM decks WHERE run = ?", (run,))}
            self._load_cards()
            self.conn.execute("UPDATE runs SET status = 'running', finished = NULL, games_done = ? WHERE run = ?",
                              (len(done), run))
            self.conn.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (f"writer of run {run}", _writer_id()))
        except BaseException:
            self.conn.rollback()
            raise
        self.conn.commit()
        self.run = run
        self.done = len(done)
        return done

    def _id_span(self, run: int, planned: int | None = None) -> tuple[int, int]:
        """The first and last ``games.id`` a run may hold."""
        first, n = self.conn.execute("SELECT first_game, games_planned FROM runs WHERE run = ?", (run,)).fetchone()
        return first, first + (n if planned is None else planned) - 1

    def _resumable(self, game: str, seed: int, decks: Mapping[str, Deck], bots: Sequence[str], planned: int,
                   specs: Sequence[Any], options: Mapping[str, Any] | None) -> int:
        rows = self.conn.execute("SELECT run, game, seed, games_planned, bot0, bot1, options, status FROM runs "
                                 "WHERE status != 'complete' ORDER BY run DESC").fetchall()
        if not rows:
            raise TcgkitError(f"{self.path}: no stopped run to resume (every run in it is complete)")
        want_cards = _deck_rows(game, decks)
        reasons = []
        for run, g, s, n, b0, b1, opts, status in rows:
            why = _first_difference([("game", g, game), ("seed", s, seed), ("games", n, planned),
                                     ("bots", (b0, b1), tuple(bots)),
                                     ("options", opts, json.dumps(dict(options or {})))])
            if why is None:
                have = sorted(self.conn.execute(
                    "SELECT d.name, x.section, c.name, x.copies FROM deck_cards x JOIN decks d USING (run, deck) "
                    "JOIN cards c USING (card) WHERE x.run = ?", (run,)).fetchall())
                if have != want_cards:
                    why = "its decks hold other cards"
            if why is None:
                why = self._other_games(run, specs)
            if why is None:
                if status == "running":
                    writer = self.conn.execute("SELECT value FROM meta WHERE key = ?",
                                               (f"writer of run {run}",)).fetchone()
                    if writer is not None and _alive(writer[0]):
                        raise TcgkitError(f"{self.path}: run {run} is still being written (by {writer[0]})")
                return run
            reasons.append(f"run {run}: {why}")
        raise TcgkitError(f"{self.path}: no stopped run with these settings to resume ({'; '.join(reasons[:3])})")

    def _other_games(self, run: int, specs: Sequence[Any]) -> str | None:
        by_index = {s.index: s for s in specs}
        for index, seed, d0, d1, b0, b1 in self.conn.execute(
                "SELECT g.game_index, g.seed, d0.name, d1.name, g.bot0, g.bot1 FROM games g "
                "JOIN decks d0 ON d0.run = g.run AND d0.deck = g.deck0 "
                "JOIN decks d1 ON d1.run = g.run AND d1.deck = g.deck1 "
                "WHERE g.id BETWEEN ? AND ? ORDER BY g.id", self._id_span(run)):
            spec = by_index.get(index)
            if spec is None or (seed, (d0, d1), (b0, b1)) != (spec.seed, tuple(spec.decks), tuple(spec.bots)):
                return f"its game {index} is not the game this run plans at that index"
        return None

    def add(self, record: Any) -> None:
        """Store one :class:`~tcgkit.simulation.run.GameRecord` of this run: all its rows, or none if interrupted."""
        self.add_many((record,))

    def add_many(self, records: Sequence[Any]) -> None:
        """Store records of this run in one step: all their rows, or none (an error, or Ctrl-C in the middle)."""
        import time

        if self.run is None:
            raise TcgkitError("start a run before adding games")
        if not self.conn.in_transaction:
            self.conn.execute("BEGIN IMMEDIATE")
        self.conn.execute("SAVEPOINT games")
        known = len(self._cards) + len(self._endings)
        try:
            self._insert(records)
        except BaseException:  # an error or Ctrl-C in the middle of the rows: store all of them or nothing
            self.conn.execute("ROLLBACK TO games")
            self.conn.execute("RELEASE games")
            if len(self._cards) + len(self._endings) != known:  # card or ending rows they added are gone too
                self._load_cards()
            raise
        self.conn.execute("RELEASE games")
        self.done += len(records)
        self._pending += len(records)
        now = time.monotonic()
        if self._pending >= COMMIT_GAMES or now - self._last_commit > COMMIT_SECONDS:
            self._commit_run("running")
            self._last_commit = now

    def _insert(self, records: Sequence[Any]) -> None:
        run, first, cards, endings = self.run, self._first_game, self._cards, self._endings
        games = []
        usage = []
        for r in records:
            gid = first + r.index
            ending = endings.get((r.reason, r.clause))
            games.append((gid, run, r.index, r.seed, self._deck(r.decks[0]), self._deck(r.decks[1]), r.bots[0],
                          r.bots[1], None if r.error else r.first_player, r.winner,
                          self._ending(r.reason, r.clause) if ending is None else ending, r.turns, r.decisions,
                          round(r.seconds, 6), r.error))
            for p, name, drawn, played in r.usage:
                card = cards.get(name)
                usage.append((gid, p, self._card(name) if card is None else card, drawn, played))
        self.conn.executemany("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", games)
        self.conn.executemany("INSERT INTO card_usage VALUES (?, ?, ?, ?, ?)", usage)
        # in the same step as the rows: the count can never disagree with them
        self.conn.execute("UPDATE runs SET games_done = games_done + ? WHERE run = ?", (len(games), run))

    def _deck(self, name: str) -> int:
        deck = self._decks.get(name)
        if deck is None:
            raise TcgkitError(f"deck {name!r} is not a deck of run {self.run}")
        return deck

    def _commit_run(self, status: str) -> None:
        self.conn.execute("UPDATE runs SET status = ?, finished = ? WHERE run = ?",
                          (status, None if status == "running" else _now(), self.run))
        self.conn.commit()
        self._pending = 0

    def finish(self, status: str = "complete") -> None:
        """Close the current run: ``complete``, or ``stopped`` when it ended early."""
        if self.run is not None:
            if not self.conn.in_transaction:
                self.conn.execute("BEGIN IMMEDIATE")
            self.conn.execute("DELETE FROM meta WHERE key = ?", (f"writer of run {self.run}",))
            self.conn.execute("UPDATE runs SET games_done = (SELECT COUNT(*) FROM games WHERE id BETWEEN ? AND ?) "
                              "WHERE run = ?", (*self._id_span(self.run), self.run))
            self._commit_run(status)
            self.run = None

    def close(self) -> None:
        if self.run is not None:
            self.finish("stopped")
        self.conn.close()


# ---------------------------------------------------------------------------------------------- reading back
@dataclass(frozen=True)
class StoredGame:
    """One game read back. ``run`` is ``(file number, run id)``; ``drawn[p]``/``played[p]`` map card -> count."""

    run: tuple[int, int]
    index: int
    game: str
    seed: int
    decks: tuple[str, str]
    bots: tuple[str, str]
    first_player: int | None
    winner: int | None
    reason: str
    clause: str | None
    turns: int
    decisions: int
    seconds: float
    error: str | None
    drawn: tuple[dict[str, int], dict[str, int]] = ({}, {})
    played: tuple[dict[str, int], dict[str, int]] = ({}, {})


@dataclass(frozen=True)
class RunInfo:
    """One run read back (``run`` is ``(file number, run id)``)."""

    run: tuple[int, int]
    file: str
    game: str
    seed: int
    planned: int
    done: int
    bots: tuple[str, str]
    status: str
    started: str | None


@dataclass
class ResultSet:
    """Everything read from one or more results files: runs, games, and each run's deck lists.

    ``decks[run][deck]`` maps each card of that deck (all sections) to its number of copies.
    """

    game: str
    runs: list[RunInfo] = field(default_factory=list)
    games: list[StoredGame] = field(default_factory=list)
    decks: dict[tuple[int, int], dict[str, dict[str, int]]] = field(default_factory=dict)


def load(paths: Sequence[str | Path], game: str | None = None) -> ResultSet:
    """Read results files into one :class:`ResultSet` (runs from several files combine).

    All the games must be of one game, or choose one with ``game``. Raises a one-line
    :class:`~tcgkit.core.errors.TcgkitError` for a missing or foreign file.
    """
    if not paths:
        raise TcgkitError("no results file given")
    runs: list[RunInfo] = []
    games: list[StoredGame] = []
    decks: dict[tuple[int, int], dict[str, dict[str, int]]] = {}
    for n, p in enumerate(paths):
        path = Path(p)
        if not path.is_file():
            raise TcgkitError(f"{p}: no such results file")
        try:
            conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=30)
        except sqlite3.Error as exc:
            raise TcgkitError(f"{p}: cannot open results file ({exc})") from None
        try:
            version = _check_schema(conn, p)
            if version is not None:
                (_read_v1 if version == 1 else _read)(conn, n, str(p), runs, games, decks)
        except sqlite3.Error as exc:
            raise TcgkitError(f"{p}: cannot read results ({exc})") from None
        finally:
            conn.close()
    kinds = sorted({r.game for r in runs})
    if game is not None:
        if game not in kinds:
            raise TcgkitError(f"no games of {game!r} in the results (they hold: {', '.join(kinds) or 'nothing'})")
        keep = {r.run for r in runs if r.game == game}
        runs = [r for r in runs if r.run in keep]
        games = [g for g in games if g.run in keep]
        decks = {k: v for k, v in decks.items() if k in keep}
    elif len(kinds) > 1:
        raise TcgkitError(f"the results hold several games ({', '.join(kinds)}); choose one with --game")
    if not runs:
        raise TcgkitError(f"{', '.join(str(p) for p in paths)}: no runs stored yet")
    _refuse_overlaps(runs, games, decks)
    return ResultSet(game or kinds[0], runs, games, decks)


def _refuse_overlaps(runs: list[RunInfo], games: list[StoredGame],
                     decks: dict[tuple[int, int], dict[str, dict[str, int]]]) -> None:
    """Refuse runs that hold the same games (same seed, decks with the same cards, bots): counted together, those
    games would count twice (a stopped run run again instead of resumed, or one file given twice)."""
    seen: dict[tuple, tuple[int, int]] = {}
    shared: Counter = Counter()
    for g in games:
        cards = decks.get(g.run, {})
        key = (g.game, g.seed, g.decks, g.bots, tuple(sorted(cards.get(g.decks[0], {}).items())),
               tuple(sorted(cards.get(g.decks[1], {}).items())))
        first = seen.setdefault(key, g.run)
        if first != g.run:
            shared[(first, g.run)] += 1
    if shared:
        (a, b), n = next(iter(shared.items()))
        info = {r.run: r for r in runs}
        raise TcgkitError(
            f"{info[a].file} run {a[1]} and {info[b].file} run {b[1]} hold {n} of the same games (same seeds, decks "
            f"and bots): together they would count twice. Finish a stopped run with tcgkit sim ... --out FILE "
            f"--resume instead of running it again, or report the two runs apart")


def _read(conn: sqlite3.Connection, n: int, file: str, runs: list[RunInfo], games: list[StoredGame],
          decks: dict[tuple[int, int], dict[str, dict[str, int]]]) -> None:
    """Read one file's rows (schema version 2), checking each; every malformed or orphan row (a row that refers to a
    run, deck, card or game that is not there) is reported by table and row."""
    bad = _Problems(file)
    kinds = _read_runs(conn, n, file, runs, bad)
    deck_names: dict[tuple[int, int], str] = {}
    for row in conn.execute("SELECT run, deck, name FROM decks"):
        where = f"run {row[0]!r} deck {row[1]!r}"
        if bad.check("decks", where, row, _DECKS_ROW) and bad.owned("decks", where, row[0], kinds):
            deck_names[row[0], row[1]] = row[2]
    card_names: dict[int, str] = {}
    for row in conn.execute("SELECT card, name FROM cards"):
        if bad.check("cards", f"card {row[0]!r}", row, _CARDS_ROW):
            card_names[row[0]] = row[1]
    endings: dict[int, tuple[str, str | None]] = {}
    for row in conn.execute("SELECT ending, reason, clause FROM endings"):
        if bad.check("endings", f"ending {row[0]!r}", row, _ENDINGS_ROW):
            endings[row[0]] = (row[1], row[2])
    for row in conn.execute("SELECT run, deck, card, SUM(copies) FROM deck_cards GROUP BY run, deck, card"):
        where = f"run {row[0]!r} deck {row[1]!r} card {row[2]!r}"
        if (bad.check("deck_cards", where, row, _DECK_CARDS_ROW) and bad.owned("deck_cards", where, row[0], kinds)
                and bad.owned("deck_cards", where, (row[0], row[1]), deck_names, "deck")
                and bad.owned("deck_cards", where, row[2], card_names, "card")):
            decks.setdefault((n, row[0]), {}).setdefault(deck_names[row[0], row[1]], {})[card_names[row[2]]] = row[3]
    rows = conn.execute("SELECT id, run, game_index, seed, deck0, deck1, bot0, bot1, first_player, winner, ending, "
                        "turns, decisions, seconds, error FROM games ORDER BY id").fetchall()
    game_ids = {row[0] for row in rows if type(row[0]) is int}
    usage: dict[int, tuple[tuple[dict[str, int], dict[str, int]], tuple[dict[str, int], dict[str, int]]]] = {}
    for row in conn.execute("SELECT game_id, player, card, drawn, played FROM card_usage"):
        where = f"game {row[0]!r} player {row[1]!r} card {card_names.get(row[2], row[2])!r}"
        if (bad.check("card_usage", where, row, _USAGE_ROW_2)
                and bad.owned("card_usage", where, row[0], game_ids, "game")
                and bad.owned("card_usage", where, row[2], card_names, "card")):
            d, pl = usage.setdefault(row[0], (({}, {}), ({}, {})))
            name = card_names[row[2]]
            if row[3]:
                d[row[1]][name] = row[3]
            if row[4]:
                pl[row[1]][name] = row[4]
    for row in rows:
        where = f"id {row[0]!r}"
        if (bad.check("games", where, row, _GAME_ROW_2) and bad.owned("games", where, row[1], kinds)
                and bad.owned("games", where, (row[1], row[4]), deck_names, "deck")
                and bad.owned("games", where, (row[1], row[5]), deck_names, "deck")
                and bad.owned("games", where, row[10], endings, "ending")):
            d, pl = usage.get(row[0], (({}, {}), ({}, {})))
            reason, clause = endings[row[10]]
            games.append(StoredGame((n, row[1]), row[2], kinds[row[1]], row[3],
                                    (deck_names[row[1], row[4]], deck_names[row[1], row[5]]), (row[6], row[7]),
                                    row[8], row[9], reason, clause, row[11] or 0, row[12] or 0, row[13] or 0.0,
                                    row[14], d, pl))
    games.sort(key=lambda g: (g.run, g.index))
    bad.raise_any()


def _read_runs(conn: sqlite3.Connection, n: int, file: str, runs: list[RunInfo], bad: _Problems) -> dict[int, str]:
    """Read a file's runs (every schema version); returns the game of each well-formed run by its id."""
    kinds: dict[int, str] = {}
    for row in conn.execute("SELECT run, game, seed, games_planned, games_done, bot0, bot1, status, started "
                            "FROM runs ORDER BY run"):
        if bad.check("runs", f"run {row[0]!r}", row, _RUN_ROW):
            kinds[row[0]] = row[1]
            runs.append(RunInfo((n, row[0]), file, row[1], row[2], row[3], row[4], (row[5], row[6]), row[7],
                                row[8]))
    return kinds


def _read_v1(conn: sqlite3.Connection, n: int, file: str, runs: list[RunInfo], games: list[StoredGame],
             decks: dict[tuple[int, int], dict[str, dict[str, int]]]) -> None:
    """Read one file's rows in schema version 1 (card and deck names in every row), checking each."""
    bad = _Problems(file)
    run_ids = _read_runs(conn, n, file, runs, bad)
    for row in conn.execute("SELECT run, deck, card, SUM(copies) FROM deck_cards GROUP BY run, deck, card"):
        where = f"run {row[0]!r} deck {row[1]!r} card {row[2]!r}"
        if bad.check("deck_cards", where, row, _DECK_ROW) and bad.owned("deck_cards", where, row[0], run_ids):
            decks.setdefault((n, row[0]), {}).setdefault(row[1], {})[row[2]] = row[3]
    rows = conn.execute("SELECT id, run, game_index, game, seed, deck0, deck1, bot0, bot1, first_player, "
                        "winner, reason, clause, turns, decisions, seconds, error FROM games "
                        "ORDER BY run, game_index").fetchall()
    game_ids = {row[0] for row in rows if type(row[0]) is int}
    usage: dict[int, tuple[tuple[dict[str, int], dict[str, int]], tuple[dict[str, int], dict[str, int]]]] = {}
    for row in conn.execute("SELECT game_id, player, card, drawn, played FROM card_usage"):
        where = f"game {row[0]!r} player {row[1]!r} card {row[2]!r}"
        if bad.check("card_usage", where, row, _USAGE_ROW) and bad.owned("card_usage", where, row[0], game_ids,
                                                                           "game"):
            d, pl = usage.setdefault(row[0], (({}, {}), ({}, {})))
            if row[3]:
                d[row[1]][row[2]] = row[3]
            if row[4]:
                pl[row[1]][row[2]] = row[4]
    for row in rows:
        where = f"id {row[0]!r}"
        if bad.check("games", where, row, _GAME_ROW) and bad.owned("games", where, row[1], run_ids):
            d, pl = usage.get(row[0], (({}, {}), ({}, {})))
            games.append(StoredGame((n, row[1]), row[2], row[3], row[4], (row[5], row[6]), (row[7], row[8]), row[9],
                                    row[10], row[11] or "", row[12], row[13] or 0, row[14] or 0, row[15] or 0.0,
                                    row[16], d, pl))
    bad.raise_any()


# ---------------------------------------------------------------------------------------------- checking rows
def _int(lo: int | None = None, hi: int | None = None, null: bool = False) -> Any:
    def check(v: Any) -> str | None:
        if v is None and null:
            return None
        if type(v) is not int or (lo is not None and v < lo) or (hi is not None and v > hi):
            span = f" from {lo}" if lo is not None else ""
            span += f" to {hi}" if hi is not None else ""
            return f"an integer{span}{' or empty' if null else ''}"
        return None
    return check


def _text(null: bool = False) -> Any:
    def check(v: Any) -> str | None:
        if (v is None and null) or type(v) is str:
            return None
        return f"text{' or empty' if null else ''}"
    return check


def _real(v: Any) -> str | None:
    return None if v is None or type(v) in (int, float) else "a number"


def _status(v: Any) -> str | None:
    return None if v in ("running", "complete", "stopped") else "running, complete or stopped"


_RUN_ROW = (("run", _int()), ("game", _text()), ("seed", _int()), ("games_planned", _int(0)),
            ("games_done", _int(0)), ("bot0", _text()), ("bot1", _text()), ("status", _status),
            ("started", _text(True)))
_DECK_ROW = (("run", _int()), ("deck", _text()), ("card", _text()), ("copies", _int(1)))
_USAGE_ROW = (("game_id", _int()), ("player", _int(0, 1)), ("card", _text()), ("drawn", _int(0)),
              ("played", _int(0)))
_DECKS_ROW = (("run", _int()), ("deck", _int(0)), ("name", _text()))
_CARDS_ROW = (("card", _int()), ("name", _text()))
_DECK_CARDS_ROW = (("run", _int()), ("deck", _int(0)), ("card", _int()), ("copies", _int(1)))
_USAGE_ROW_2 = (("game_id", _int()), ("player", _int(0, 1)), ("card", _int()), ("drawn", _int(0)),
                ("played", _int(0)))
_GAME_ROW_2 = (("id", _int()), ("run", _int()), ("game_index", _int(0)), ("seed", _int()), ("deck0", _int(0)),
               ("deck1", _int(0)), ("bot0", _text()), ("bot1", _text()), ("first_player", _int(0, 1, True)),
               ("winner", _int(0, 1, True)), ("ending", _int()), ("turns", _int(0, null=True)),
               ("decisions", _int(0, null=True)), ("seconds", _real), ("error", _text(True)))
_ENDINGS_ROW = (("ending", _int()), ("reason", _text()), ("clause", _text(True)))
_GAME_ROW = (("id", _int()), ("run", _int()), ("game_index", _int(0)), ("game", _text()), ("seed", _int()),
             ("deck0", _text()), ("deck1", _text()), ("bot0", _text()), ("bot1", _text()),
             ("first_player", _int(0, 1, True)), ("winner", _int(0, 1, True)), ("reason", _text(True)),
             ("clause", _text(True)), ("turns", _int(0, null=True)), ("decisions", _int(0, null=True)),
             ("seconds", _real), ("error", _text(True)))


class _Problems:
    """The malformed rows of one file: each named by table and row; raised together as one line."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.found: list[str] = []

    def check(self, table: str, where: str, row: Sequence[Any], spec: Sequence[tuple[str, Any]]) -> bool:
        for (column, check), value in zip(spec, row, strict=True):
            want = check(value)
            if want is not None:
                self.found.append(f"table {table}, row {where}: {column} is {_show(value)}, not {want}")
                return False
        return True

    def owned(self, table: str, where: str, parent: Any, known: Collection[Any], what: str = "run") -> bool:
        if parent in known:
            return True
        shown = parent[-1] if isinstance(parent, tuple) else parent  # a run's deck: (run, deck)
        self.found.append(f"table {table}, row {where}: no {what} {shown!r} (an orphan row)")
        return False

    def raise_any(self) -> None:
        if self.found:
            more = f" (and {len(self.found) - 3} more)" if len(self.found) > 3 else ""
            raise TcgkitError(f"{self.file}: {len(self.found)} malformed row(s): {'; '.join(self.found[:3])}{more}")


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 30 else text[:27] + "..."
