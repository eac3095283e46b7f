"""The HTTP and WebSocket API, and the page's static files.

WebSocket ``/ws/{game_id}``: the first message is ``{"type": "hello", "token": ...}`` (a seat; the token may also
come from the game's cookie) or ``{"type": "hello", "spectate": true}``. A socket whose hello fails is closed with
nothing sent (4401; 4404 for an unknown game). Then the client sends ``sync``, ``action`` (``index`` into its own
list of actions, or ``text``; ``version`` optional), ``chat`` (``text``) and ``resign``; the server sends
``snapshot`` (after hello and sync), ``update``, ``thinking``, ``chat`` and ``error`` (one line, to that client
only), each with the connection's sequence number ``seq``.

The same message kinds exist over HTTP (``/api/games/{id}/view``, ``/action``, ``/chat``, ``/resign``) with the
token in the ``X-Seat-Token`` header or the cookie.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

import yaml
from fastapi import Body, FastAPI, Request, Response, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from tcgkit.core.decks import Deck
from tcgkit.core.errors import TcgkitError
from tcgkit.games import GAMES, get_rules, is_playable
from tcgkit.replays import decks_of, replay_record
from tcgkit.replays import replay as replay_record_check
from tcgkit.web.db import Store
from tcgkit.web.hub import BOT_LEVELS, SPECTATOR, Hub, Listener, Room, Seat, WebError, new_token, token_hash

STATIC = Path(__file__).parent / "static"
MAX_MESSAGE = 4096
RATE = 20.0  # messages per second, per connection
BURST = 40.0
HELLO_TIMEOUT = 10.0


def cookie_name(game_id: str) -> str:
    return f"tcgkit_{game_id}"


class NewGame(BaseModel):
    game: str
    deck: str | None = None
    deck_yaml: str | None = Field(default=None, max_length=100_000)
    opponent: str = "bot"  # bot, friend, open, hotseat
    bot: str = "random"
    opponent_deck: str | None = None
    seed: int | None = None
    name: str = Field(default="You", max_length=40)


class ActionBody(BaseModel):
    index: int | None = None
    text: str | None = Field(default=None, max_length=500)
    version: int | None = None


class ChatBody(BaseModel):
    text: str = Field(max_length=500)


class ValidateBody(BaseModel):
    game: str
    deck_yaml: str = Field(max_length=100_000)


def create_app(db_url: str, bot_threads: int = 2) -> FastAPI:
    """The ASGI app on the database at ``db_url``; migrations run and unfinished games resume at startup."""
    store = Store(db_url)
    hub = Hub(store, bot_threads)

    @asynccontextmanager
    async def lifespan(app: FastAPI):  # noqa: ANN202
        await hub.start()
        yield
        await hub.stop()
        store.dispose()

    app = FastAPI(title="tcgkit", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.hub = hub

    @app.exception_handler(WebError)
    async def web_error(_request: Request, exc: WebError) -> JSONResponse:
        return JSONResponse({"error": str(exc), "why": exc.why, "clause": exc.clause}, status_code=exc.status)

    @app.exception_handler(TcgkitError)
    async def tcgkit_error(_request: Request, exc: TcgkitError) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=400)

    _routes_catalog(app)
    _routes_games(app, hub)
    _routes_socket(app, hub)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    return app


# ---------------------------------------------------------------------- catalog: games, decks, rules summaries
def _routes_catalog(app: FastAPI) -> None:
    @app.get("/api/catalog")
    def catalog() -> dict[str, Any]:
        games = []
        for gid, (name, _) in GAMES.items():
            if not is_playable(gid):
                continue
            rules = get_rules(gid)
            games.append({"id": gid, "name": name, "decks": [
                {"name": n, "description": d.description, "legal": not rules.validate_deck(d)}
                for n, d in rules.decks().items()]})
        return {"games": games, "bots": list(BOT_LEVELS)}

    @app.get("/api/howto/{game}")
    def howto(game: str) -> dict[str, Any]:
        rules = _rules(game)
        return {"game": game, "name": rules.name, "summary": rules.words.SUMMARY}

    @app.post("/api/validate")
    def validate(body: ValidateBody) -> dict[str, Any]:
        rules = _rules(body.game)
        deck = _parse_deck(body.game, body.deck_yaml)
        violations = rules.validate_deck(deck)
        return {"name": deck.name, "legal": not violations, "violations": [v.to_json() for v in violations]}


def _rules(game: str) -> Any:
    if game not in GAMES or not is_playable(game):
        raise WebError(f"unknown game {game!r}", 404)
    return get_rules(game)


def _parse_deck(game: str, text: str) -> Deck:
    """A pasted deck (YAML); one line saying what is wrong when it cannot be read."""
    try:
        doc = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        raise WebError(f"pasted deck: not valid YAML{where}") from None
    if isinstance(doc, dict) and "game" not in doc:
        doc = {**doc, "game": game}
    deck = Deck.from_dict(doc, "pasted deck")
    if deck.game != game:
        raise WebError(f"pasted deck: it is a {deck.game} deck, not {game}")
    return deck


def _deck(game: str, name: str | None, text: str | None, check: bool = True) -> Deck:
    rules = _rules(game)
    if text:
        deck = _parse_deck(game, text)
    else:
        decks = rules.decks()
        if name is None:
            return next(iter(decks.values()))
        if name not in decks:
            raise WebError(f"no deck {name!r} in {game}")
        deck = decks[name]
    if check:
        problems = rules.validate_deck(deck)
        if problems:
            raise WebError("the deck is not legal: " + "; ".join(f"{v.message} ({v.clause})" for v in problems))
    return deck


# ---------------------------------------------------------------------- games over HTTP
def _routes_games(app: FastAPI, hub: Hub) -> None:  # noqa: C901 - one route table
    def seat_token(request: Request, game_id: str) -> str | None:
        """The seat secret of a request: the X-Seat-Token header, else the game's cookie."""
        return request.headers.get("x-seat-token") or request.cookies.get(cookie_name(game_id))

    def must_seat(room: Room, token: str | None) -> int:
        seat = room.seat_of(token)
        if seat is None:
            raise WebError("this needs the secret of a seat in this game", 403)
        return seat

    @app.get("/api/games")
    def listing() -> list[dict[str, Any]]:
        return hub.listing()

    @app.post("/api/games")
    async def create(body: NewGame, response: Response) -> dict[str, Any]:
        rules = _rules(body.game)
        mine = _deck(body.game, body.deck, body.deck_yaml)
        other = _deck(body.game, body.opponent_deck, None) if body.opponent_deck else _other_deck(rules, mine)
        token = new_token()
        you = Seat("human", body.name.strip() or "You", token_hash=token_hash(token))
        tokens = {0: token}
        if body.opponent == "bot":
            if body.bot not in BOT_LEVELS:
                raise WebError(f"no bot {body.bot!r}; bots: {', '.join(BOT_LEVELS)}")
            opp = Seat("bot", f"Bot ({body.bot})", bot=BOT_LEVELS[body.bot])
        elif body.opponent in ("friend", "hotseat"):
            tokens[1] = new_token()
            name = "Friend" if body.opponent == "friend" else "Player 2"
            opp = Seat("human", name, token_hash=token_hash(tokens[1]))
        elif body.opponent == "open":
            opp = Seat("human", "Opponent")
        else:
            raise WebError(f"no opponent kind {body.opponent!r}: bot, friend, open or hotseat")
        room = await hub.create(body.game, [mine, other], [you, opp], body.seed)
        response.set_cookie(cookie_name(room.id), token, httponly=True, samesite="strict")
        out: dict[str, Any] = {"id": room.id, "seat": 0, "token": token}
        if body.opponent == "friend":
            out["invite"] = f"/#/play/{room.id}/{tokens[1]}"
        if body.opponent == "hotseat":
            out["tokens"] = [tokens[0], tokens[1]]
        return out

    @app.get("/api/games/{game_id}")
    async def summary(game_id: str) -> dict[str, Any]:
        return (await hub.stored_room(game_id)).summary()

    @app.post("/api/games/{game_id}/join")
    async def join(game_id: str, response: Response) -> dict[str, Any]:
        room = hub.room(game_id)
        seat, token = await hub.claim(room)
        response.set_cookie(cookie_name(room.id), token, httponly=True, samesite="strict")
        return {"id": room.id, "seat": seat, "token": token}

    @app.get("/api/games/{game_id}/view")
    async def view(game_id: str, request: Request) -> dict[str, Any]:
        room = await hub.stored_room(game_id)
        token = seat_token(request, game_id)
        if token is None:
            return room.view(SPECTATOR)
        return room.view(must_seat(room, token))

    @app.post("/api/games/{game_id}/action")
    async def action(game_id: str, body: ActionBody, request: Request) -> dict:
        room = hub.room(game_id)
        seat = must_seat(room, seat_token(request, game_id))
        await hub.act(room, seat, index=body.index, text=body.text, version=body.version)
        return room.view(seat)

    @app.post("/api/games/{game_id}/chat")
    async def chat(game_id: str, body: ChatBody, request: Request) -> dict:
        room = hub.room(game_id)
        await hub.say(room, must_seat(room, seat_token(request, game_id)), body.text)
        return {"ok": True}

    @app.post("/api/games/{game_id}/resign")
    async def resign(game_id: str, request: Request) -> dict:
        room = hub.room(game_id)
        seat = must_seat(room, seat_token(request, game_id))
        await hub.resign(room, seat)
        return room.view(seat)

    async def finished(game_id: str, request: Request, viewer: int | None) -> Room:
        room = await hub.stored_room(game_id)
        if not room.over:
            raise WebError("the replay opens when the game is over", 403)
        if viewer is not None and viewer != SPECTATOR and room.status != "imported":
            must_seat(room, seat_token(request, game_id))
        return room

    @app.get("/api/games/{game_id}/replay")
    async def replay_file(game_id: str, request: Request) -> dict[str, Any]:
        room = await finished(game_id, request, 0)
        state = room.state
        if room.ended_by:  # a resignation is no engine action: the file holds the game up to it, and says who resigned
            state = room.state.rules.new_game(room.decks, room.seed, room.options or None)
            for a in room.state.history:
                state.apply(a)
        record = replay_record(state, room.decks, room.options)
        record["engine"] = room.engine  # the engine the game was played with
        if room.ended_by:
            record["ended_by"] = room.ended_by
        return record

    @app.get("/api/games/{game_id}/replay/{step}")
    async def replay_step(game_id: str, step: int, request: Request, viewer: str = "spectator") -> dict[str, Any]:
        who = SPECTATOR if viewer == "spectator" else _int(viewer, "viewer")
        if who != SPECTATOR and not 0 <= who < 2:
            raise WebError("viewer is 0, 1 or spectator")
        room = await finished(game_id, request, who)
        return _replay_view(room, step, who)

    @app.post("/api/replays")
    async def import_replay(record: Annotated[dict[str, Any], Body()]) -> dict[str, Any]:
        try:
            state = replay_record_check(record)
            decks = decks_of(record)
        except (TcgkitError, KeyError, TypeError, ValueError) as exc:
            raise WebError(f"not a replay this server can play: {exc}") from None
        room = await hub.import_game(record, decks, state)
        return {"id": room.id}


def _other_deck(rules: Any, mine: Deck) -> Deck:
    decks = list(rules.decks().values())
    others = [d for d in decks if d.name != mine.name]
    return (others or decks)[0]


def _int(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise WebError(f"{what} must be a number") from None


def _replay_view(room: Room, step: int, viewer: int) -> dict[str, Any]:
    """The game after ``step`` decisions, as ``viewer`` saw it."""
    history = room.state.history
    total = len(history)
    if not 0 <= step <= total:
        raise WebError(f"step must be between 0 and {total}")
    rules = room.state.rules
    state = rules.new_game(room.decks, room.seed, room.options or None)
    for a in history[:step]:
        state.apply(a)
    shadow = Room(room.id, room.game, room.seed, room.decks, room.options, room.seats, state, "replay", room.engine,
                  room.ended_by if step == total else None, step)
    out = shadow.view(viewer)
    out["view"]["actions"] = []
    out["steps"] = total
    return out


# ---------------------------------------------------------------------- the WebSocket
class Bucket:
    """A token bucket: ``take()`` is False when the connection sends faster than ``rate`` (burst ``burst``)."""

    def __init__(self, rate: float = RATE, burst: float = BURST) -> None:
        self.rate, self.burst, self.level, self.at = rate, burst, burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


class Connection:
    """One socket: sends in order, numbering each message."""

    def __init__(self, ws: WebSocket) -> None:
        self.ws, self.seq, self.lock = ws, 0, asyncio.Lock()

    async def send(self, message: dict[str, Any]) -> None:
        async with self.lock:
            self.seq += 1
            await self.ws.send_text(json.dumps({**message, "seq": self.seq}, separators=(",", ":")))


def _routes_socket(app: FastAPI, hub: Hub) -> None:
    @app.websocket("/ws/{game_id}")
    async def socket(ws: WebSocket, game_id: str) -> None:
        await ws.accept()
        try:
            hello = json.loads(await asyncio.wait_for(ws.receive_text(), HELLO_TIMEOUT))
        except (TimeoutError, ValueError, WebSocketDisconnect, KeyError, RuntimeError):
            await _close(ws, 4400)
            return
        try:
            room = await hub.stored_room(game_id)
        except WebError:
            await _close(ws, 4404)
            return
        viewer = _hello_viewer(room, hello, ws.cookies.get(cookie_name(game_id)))
        if viewer is None:
            await _close(ws, 4401)
            return
        conn = Connection(ws)
        listener = Listener(viewer, conn.send)
        room.listeners.add(listener)
        try:
            await conn.send({"type": "snapshot", **room.view(viewer), "chat": room.chat})
            await _serve_socket(hub, room, viewer, conn)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            room.listeners.discard(listener)


def _hello_viewer(room: Room, hello: Any, cookie: str | None) -> int | None:
    """The seat a hello message proves, SPECTATOR for a spectator, None when it proves nothing."""
    if not isinstance(hello, dict) or hello.get("type") != "hello":
        return None
    if hello.get("spectate") is True:
        return SPECTATOR
    token = hello.get("token") if isinstance(hello.get("token"), str) else cookie
    return room.seat_of(token)


async def _close(ws: WebSocket, code: int) -> None:
    with contextlib.suppress(Exception):
        await ws.close(code)


async def _serve_socket(hub: Hub, room: Room, viewer: int, conn: Connection) -> None:
    bucket = Bucket()
    while True:
        raw = await conn.ws.receive_text()
        try:
            if len(raw) > MAX_MESSAGE:
                raise WebError(f"message too long ({len(raw)} characters; at most {MAX_MESSAGE})")
            if not bucket.take():
                raise WebError("too many messages: slow down")
            try:
                msg = json.loads(raw)
            except ValueError:
                raise WebError("not a JSON message") from None
            if not isinstance(msg, dict):
                raise WebError("a message is a JSON object with a type")
            await _dispatch(hub, room, viewer, conn, msg)
        except WebError as exc:
            await conn.send({"type": "error", "message": str(exc), "why": exc.why, "clause": exc.clause})


async def _dispatch(hub: Hub, room: Room, viewer: int, conn: Connection, msg: dict[str, Any]) -> None:
    kind = msg.get("type")
    if kind == "sync":
        await conn.send({"type": "snapshot", **room.view(viewer), "chat": room.chat})
        return
    if kind not in ("action", "chat", "resign"):
        raise WebError(f"unknown message type {str(kind)[:40]!r}: sync, action, chat or resign")
    if viewer == SPECTATOR:
        raise WebError("spectators watch: they cannot act, chat or resign")
    if kind == "action":
        index, text, version = msg.get("index"), msg.get("text"), msg.get("version")
        if index is not None and type(index) is not int:
            raise WebError("an action's index is a number")
        if text is not None and not isinstance(text, str):
            raise WebError("an action's text is a string")
        if version is not None and type(version) is not int:
            raise WebError("version is a number")
        await hub.act(room, viewer, index=index, text=text, version=version)
    elif kind == "chat":
        text = msg.get("text")
        if not isinstance(text, str):
            raise WebError("a chat message needs a text")
        await hub.say(room, viewer, text)
    else:
        await hub.resign(room, viewer)
