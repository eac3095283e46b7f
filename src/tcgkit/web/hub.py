"""Live games: rooms held in memory, each rebuilt from its stored log, changed only through :class:`Hub`.

Every change follows one path: check the sender's seat, apply to a *clone* of the state (an illegal action raises
and nothing changes), commit the row to the database, then swap the clone in and tell every connection its own
view. A bot's turn is computed in a worker thread on a copy of the state, so the event loop never waits on it.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import secrets
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from importlib.metadata import PackageNotFoundError, version
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from tcgkit.bots import View, make_bot
from tcgkit.core.actions import Action
from tcgkit.core.decks import Deck
from tcgkit.core.errors import IllegalAction, TcgkitError
from tcgkit.core.state import GameState
from tcgkit.core.words import SPECTATOR, present
from tcgkit.games import get_rules
from tcgkit.web.db import ActionRow, GameRow, SeatRow, Store

log = logging.getLogger("tcgkit.web")

#: Bot strengths offered by the lobby: name -> bot spec (mcts budgets are wall-clock, so a decision keeps to them).
BOT_LEVELS: dict[str, str] = {
    "random": "random",
    "greedy": "greedy",
    "mcts-quick": "mcts:300ms",
    "mcts": "mcts:1s",
    "mcts-strong": "mcts:3s",
}


def engine_version() -> str:
    try:
        return version("tcgkit")
    except PackageNotFoundError:  # pragma: no cover - running from a source tree without install
        return "0"


def new_token() -> str:
    """A secret: 32 random bytes, URL-safe."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """What the database keeps of a token.

    >>> len(token_hash("abc"))
    64
    """
    return hashlib.sha256(token.encode()).hexdigest()


class WebError(TcgkitError):
    """A request the server refuses: a one-line message for that client only (``status`` for HTTP)."""

    def __init__(self, message: str, status: int = 400, why: str | None = None, clause: str | None = None) -> None:
        super().__init__(message)
        self.status, self.why, self.clause = status, why, clause


@dataclass
class Seat:
    kind: str  # "human" or "bot"
    name: str
    bot: str | None = None
    token_hash: str | None = None


@dataclass(eq=False)
class Listener:
    """A connection's interest in a room: its viewer (a seat, or SPECTATOR) and how to send it a message."""

    viewer: int
    send: Callable[[dict[str, Any]], Awaitable[None]]


@dataclass(eq=False)
class Room:
    """One game in memory."""

    id: str
    game: str
    seed: int
    decks: list[Deck]
    options: dict[str, Any]
    seats: list[Seat]
    state: GameState
    status: str
    engine: str
    ended_by: str | None = None
    version: int = 0
    thinking: int | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    listeners: set[Listener] = field(default_factory=set)
    chat: list[dict[str, str]] = field(default_factory=list)
    bot_task: asyncio.Task | None = None

    @property
    def over(self) -> bool:
        return self.state.result is not None

    def seat_of(self, token: str | None) -> int | None:
        """The seat this token holds, or None."""
        if not token:
            return None
        h = token_hash(token)
        for i, s in enumerate(self.seats):
            if s.token_hash is not None and secrets.compare_digest(s.token_hash, h):
                return i
        return None

    def summary(self) -> dict[str, Any]:
        """What the lobby lists: no hidden information, no token."""
        return {"id": self.id, "game": self.game, "game_name": self.state.rules.name, "status": self.status,
                "turn": self.state.turn,
                "seats": [{"name": s.name, "kind": s.kind, "open": s.kind == "human" and s.token_hash is None}
                          for s in self.seats],
                "decks": [d.name for d in self.decks]}

    def view(self, viewer: int) -> dict[str, Any]:
        """What ``viewer`` may know now: :func:`present` with actions as indexes (no action data is sent)."""
        v = present(self.state, viewer)
        v["actions"] = [{"index": i, "text": a["text"], "cards": a["cards"]} for i, a in enumerate(v["actions"])]
        if self.ended_by and self.state.result is not None:
            v["result"] = self.ended_by
        return {
            "game_id": self.id, "game": self.game, "version": self.version, "status": self.status,
            "seat": viewer if viewer >= 0 else None,
            "seats": [{"name": s.name, "kind": s.kind} for s in self.seats],
            "thinking": self.thinking, "view": v, "end": self.end_info(viewer),
        }

    def end_info(self, viewer: int) -> dict[str, Any] | None:
        r = self.state.result
        if r is None:
            return None
        winner = None if r.winner is None else self.seats[r.winner].name
        return {"winner": winner, "you_won": r.winner is not None and r.winner == viewer, "reason": r.reason,
                "clause": r.clause, "text": self.ended_by or present(self.state, viewer)["result"]}


class Hub:
    """All live rooms of one server, and the only code that changes a game."""

    def __init__(self, store: Store, bot_threads: int = 2) -> None:
        self.store = store
        self.rooms: dict[str, Room] = {}
        self.bots = ThreadPoolExecutor(max_workers=bot_threads, thread_name_prefix="tcgkit-bot")
        sqlite = store.url.startswith("sqlite")
        self.db = ThreadPoolExecutor(max_workers=1 if sqlite else 4, thread_name_prefix="tcgkit-db")
        self._pending: list[tuple[Callable[[Session], None], asyncio.Future]] = []
        self._writer: asyncio.Task | None = None

    # ------------------------------------------------------------------ start and stop
    async def start(self) -> None:
        """Migrate the database, then resume every unfinished game from its log (bots carry on)."""
        await self._db(self.store.migrate)
        for row, actions in await self._db(self._load_unfinished):
            room = self._build(row, actions)
            self.rooms[room.id] = room
            self._maybe_bot(room)

    async def stop(self) -> None:
        for room in self.rooms.values():
            if room.bot_task is not None:
                room.bot_task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await room.bot_task
        self.bots.shutdown(wait=False, cancel_futures=True)
        self.db.shutdown(wait=True)

    async def _db(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self.db, fn, *args)

    def _load_unfinished(self) -> list[tuple[GameRow, list[ActionRow]]]:
        with self.store.session() as s:
            rows = s.scalars(select(GameRow).where(GameRow.status.in_(("open", "running")))).all()
            return [(r, self._actions(s, r.id)) for r in rows if r.seats is not None]

    @staticmethod
    def _actions(s: Any, game_id: str) -> list[ActionRow]:
        return list(s.scalars(select(ActionRow).where(ActionRow.game_id == game_id).order_by(ActionRow.seq)))

    def _build(self, row: GameRow, actions: Sequence[ActionRow]) -> Room:
        """A room from its stored row and log, replayed action by action."""
        rules = get_rules(row.game)
        decks = [Deck.from_dict(d, f"stored deck {i + 1}") for i, d in enumerate(row.decks)]
        state = rules.new_game(decks, row.seed, row.options or None)
        seats = [Seat(s.kind, s.name, s.bot, s.token_hash) for s in row.seats]
        room = Room(row.id, row.game, row.seed, decks, dict(row.options), seats, state, row.status,
                    row.engine_version)
        for a in actions:
            if a.kind == "resign":
                self._resign_on(room.state, room, a.seat)
            else:
                room.state.apply(room.state.parse_action(a.action))
            room.version += 1
        if row.status == "imported" and room.state.result is None:
            room.state.end(None, "the replay ends here")
        return room

    # ------------------------------------------------------------------ creating and finding games
    async def create(self, game: str, decks: Sequence[Deck], seats: Sequence[Seat], seed: int | None = None,
                     options: dict[str, Any] | None = None) -> Room:
        """A new game; human seats must already carry their token hashes (or None: open to join)."""
        rules = get_rules(game)
        seed = secrets.randbelow(2**31) if seed is None else seed
        try:
            state = rules.new_game(list(decks), seed, options or None)
        except TcgkitError as exc:
            raise WebError(str(exc)) from None
        gid = secrets.token_urlsafe(16)
        status = "open" if any(s.kind == "human" and s.token_hash is None for s in seats) else "running"
        room = Room(gid, game, seed, list(decks), dict(options or {}), list(seats), state, status, engine_version())
        row = GameRow(id=gid, game=game, seed=seed, decks=[d.to_dict() for d in decks], options=room.options,
                      engine_version=room.engine, status=status, result=None,
                      seats=[SeatRow(seat=i, kind=s.kind, bot=s.bot, name=s.name, token_hash=s.token_hash)
                             for i, s in enumerate(seats)])
        await self._db(self._insert, row)
        self.rooms[gid] = room
        self._maybe_bot(room)
        return room

    async def import_game(self, record: dict[str, Any], decks: Sequence[Deck], state: GameState) -> Room:
        """A finished game from a replay file (already checked): stored with no seat secrets; every view is open."""
        gid = secrets.token_urlsafe(16)
        seats = [Seat("human", f"Player {i + 1}") for i in range(len(decks))]
        result = None if state.result is None else state.result.to_json()
        room = Room(gid, record["game"], record["seed"], list(decks), dict(record.get("options") or {}), seats, state,
                    "imported", str(record.get("engine", engine_version())), version=len(state.history))
        if state.result is None:
            state.end(None, str(record.get("ended_by") or "the replay ends here"))
            room.ended_by = record.get("ended_by")
        row = GameRow(id=gid, game=room.game, seed=room.seed, decks=[d.to_dict() for d in decks], options=room.options,
                      engine_version=room.engine, status="imported", result=result,
                      seats=[SeatRow(seat=i, kind=s.kind, name=s.name) for i, s in enumerate(seats)])
        row_actions = [ActionRow(game_id=gid, seq=i + 1, seat=-1, kind="action", action=a.text())
                       for i, a in enumerate(state.history)]
        await self._db(self._insert, row, row_actions)
        self.rooms[gid] = room
        return room

    def _insert(self, row: GameRow, actions: Sequence[ActionRow] = ()) -> None:
        with self.store.session() as s:
            s.add(row)
            s.flush()
            s.add_all(actions)
            s.commit()

    def room(self, game_id: str) -> Room:
        """A room in memory; an unknown id is "not found" (never a new game)."""
        room = self.rooms.get(game_id)
        if room is None:
            raise WebError("game not found", 404)
        return room

    async def stored_room(self, game_id: str) -> Room:
        """A room live or finished (a game finished before this server started is rebuilt from the database)."""
        if game_id in self.rooms:
            return self.rooms[game_id]
        found = await self._db(self._load_one, game_id)
        if found is None:
            raise WebError("game not found", 404)
        room = self.rooms.setdefault(game_id, self._build(*found))
        return room

    def _load_one(self, game_id: str) -> tuple[GameRow, list[ActionRow]] | None:
        with self.store.session() as s:
            row = s.get(GameRow, game_id)
            if row is None:
                return None
            _ = row.seats
            return row, self._actions(s, game_id)

    async def claim(self, room: Room) -> tuple[int, str]:
        """Take the first open human seat: returns the seat and its new secret token."""
        async with room.lock:
            free = [i for i, s in enumerate(room.seats) if s.kind == "human" and s.token_hash is None]
            if not free:
                raise WebError("this game has no open seat", 409)
            token = new_token()
            seat = free[0]
            room.seats[seat].token_hash = token_hash(token)
            status = "running" if len(free) == 1 and room.status == "open" else room.status
            await self._db(self._save_seat, room.id, seat, room.seats[seat].token_hash, status)
            room.status = status
        await self.broadcast(room)
        return seat, token

    def _save_seat(self, game_id: str, seat: int, h: str, status: str) -> None:
        with self.store.session() as s:
            s.get(SeatRow, (game_id, seat)).token_hash = h
            s.get(GameRow, game_id).status = status
            s.commit()

    def listing(self) -> list[dict[str, Any]]:
        """Open and running games, newest last."""
        return [r.summary() for r in self.rooms.values() if r.status in ("open", "running")]

    # ------------------------------------------------------------------ changing a game
    async def act(self, room: Room, seat: int, *, index: int | None = None, text: str | None = None,
                  version: int | None = None) -> None:
        """Play ``seat``'s action (by its index in the seat's list, or its text); committed before it returns."""
        async with room.lock:
            action = self._check_action(room, seat, index, text, version)
            twin = room.state.clone()
            try:
                twin.apply(action)
            except IllegalAction as exc:
                raise WebError(f"illegal action: {exc.why}" + (f" ({exc.clause})" if exc.clause else ""),
                               why=exc.why, clause=exc.clause) from None
            await self._commit(room, twin, seat, "action", action.text())
        await self.broadcast(room)
        self._maybe_bot(room)

    def _check_action(self, room: Room, seat: int, index: int | None, text: str | None,
                      version: int | None) -> Action:
        if room.over:
            raise WebError("the game is over")
        if room.status == "open":
            raise WebError("waiting for an opponent to join")
        if version is not None and version != room.version:
            raise WebError("the game has moved on since your view; here is the current one")
        if room.state.current != seat:
            raise WebError("it is not your decision")
        legal = room.state.legal_actions()
        if index is not None:
            if not 0 <= index < len(legal):
                raise WebError(f"no action number {index + 1}: there are {len(legal)}")
            return legal[index]
        if text is None:
            raise WebError("an action message needs an index or a text")
        try:
            action = room.state.parse_action(text)
        except TcgkitError as exc:
            raise WebError(str(exc)) from None
        state = room.state
        if action not in legal and any(type(a) is int and not (0 <= a < len(state.defs) and state.visible(a, seat))
                                       for a in action.args):
            # no explanation that could tell where a hidden card is, or which card a number is
            raise WebError(f"illegal action {text[:80]!r}: it names a card you cannot see")
        return action

    async def resign(self, room: Room, seat: int) -> None:
        async with room.lock:
            if room.over:
                raise WebError("the game is over")
            twin = room.state.clone()
            self._resign_on(twin, room, seat)
            await self._commit(room, twin, seat, "resign", "resign")
        await self.broadcast(room)

    def _resign_on(self, state: GameState, room: Room, seat: int) -> None:
        others = [p for p in range(len(room.seats)) if p != seat]
        state.end(others[0] if len(others) == 1 else None, f"{room.seats[seat].name} resigned")
        room.ended_by = f"{room.seats[seat].name} resigned; {room.seats[others[0]].name} wins"

    async def _commit(self, room: Room, twin: GameState, seat: int, kind: str, text: str) -> None:
        """Write the decision (and the end, if any) to the database; only then is it part of the game."""
        seq = room.version + 1
        result = None if twin.result is None else twin.result.to_json()
        status = "over" if result is not None else room.status
        await self._group_commit(partial(_write_action, room.id, seq, seat, kind, text, status, result))
        room.state, room.version, room.status = twin, seq, status

    async def _group_commit(self, write: Callable[[Session], None]) -> None:
        """Run ``write`` in a transaction and return once it is committed. Writes that arrive while a commit is
        under way share the next one (group commit): one disk flush serves many games."""
        future = asyncio.get_running_loop().create_future()
        self._pending.append((write, future))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.get_running_loop().create_task(self._drain())
        await future

    async def _drain(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                await self._db(self._run_writes, [w for w, _ in batch])
            except Exception:  # one at a time, so a bad write fails only its own move
                for write, future in batch:
                    try:
                        await self._db(self._run_writes, [write])
                    except Exception as exc:
                        future.set_exception(exc)
                    else:
                        future.set_result(None)
                continue
            for _, future in batch:
                future.set_result(None)

    def _run_writes(self, writes: Sequence[Callable[[Session], None]]) -> None:
        with self.store.session() as s:
            for write in writes:
                write(s)
            s.commit()

    async def say(self, room: Room, seat: int, text: str) -> None:
        text = " ".join(text.split())[:300]
        if not text:
            raise WebError("an empty chat message")
        line = {"from": room.seats[seat].name, "text": text}
        room.chat = [*room.chat[-49:], line]
        await self._send_all(room, lambda viewer: {"type": "chat", **line})

    # ------------------------------------------------------------------ telling the connections
    async def broadcast(self, room: Room) -> None:
        await self._send_all(room, lambda viewer: {"type": "update", **room.view(viewer)})

    async def _send_all(self, room: Room, make: Callable[[int], dict[str, Any]]) -> None:
        views: dict[int, dict[str, Any]] = {}
        for listener in list(room.listeners):
            if listener.viewer not in views:
                views[listener.viewer] = make(listener.viewer)
            with contextlib.suppress(Exception):
                await listener.send(views[listener.viewer])

    # ------------------------------------------------------------------ bots
    def _maybe_bot(self, room: Room) -> None:
        if room.over or room.status != "running" or room.seats[room.state.current].kind != "bot":
            return
        if room.bot_task is None or room.bot_task.done():
            room.bot_task = asyncio.get_running_loop().create_task(self._bot_turns(room))

    async def _bot_turns(self, room: Room) -> None:
        """Bots decide in the worker pool, one decision at a time, until a human decides or the game ends."""
        loop = asyncio.get_running_loop()
        while not room.over and room.seats[room.state.current].kind == "bot":
            seat = room.state.current
            spec = room.seats[seat].bot or "random"
            room.thinking = seat
            await self._send_all(room, lambda viewer, seat=seat: {"type": "thinking", "seat": seat})
            snapshot, version = room.state.clone(), room.version
            bot_seed = (room.seed * 1_000_003 + version) % (2**31)
            try:
                action = await loop.run_in_executor(self.bots, _bot_choose, spec, bot_seed, snapshot, seat)
            except Exception:  # a bot that fails must not stall the game: it plays its first legal action
                log.exception("game %s: bot %s failed; it plays its first legal action", room.id, spec)
                action = snapshot.legal_actions()[0]
            room.thinking = None
            async with room.lock:
                if room.version != version or room.over:
                    continue
                twin = room.state.clone()
                twin.apply(action)
                await self._commit(room, twin, seat, "action", action.text())
            await self.broadcast(room)


def _write_action(game_id: str, seq: int, seat: int, kind: str, text: str, status: str,
                  result: dict[str, Any] | None, s: Session) -> None:
    """One decision's row (and the game's end, if it ended), inside a group commit."""
    s.add(ActionRow(game_id=game_id, seq=seq, seat=seat, kind=kind, action=text))
    if result is not None:
        row = s.get(GameRow, game_id)
        row.status, row.result = status, result


def _bot_choose(spec: str, seed: int, state: GameState, seat: int) -> Action:
    """A bot's decision (in a worker thread; seeded by the game and the decision, so a restart decides alike)."""
    return make_bot(spec, seed).choose(View(state, seat))


__all__ = ["BOT_LEVELS", "SPECTATOR", "Hub", "Listener", "Room", "Seat", "WebError", "new_token", "token_hash"]
