"""Security: one test per case of issue 17 (seat views, tokens, failed auth, spectators, no hidden card in frames)."""

from __future__ import annotations

import json
import random
import re
import time

import pytest

from tcgkit.core.words import SPECTATOR
from webapp.helpers import GAMES, hello, new_game, token1, until


def test_a_seats_sync_has_only_its_own_view(client):
    g = new_game(client)
    for seat, token in enumerate((g["token"], token1(g))):
        v = client.get(f"/api/games/{g['id']}/view", headers={"X-Seat-Token": token}).json()
        assert v["seat"] == seat and v["view"]["viewer"] == seat
        assert "state" not in v and "observation" not in json.dumps(v)
        other = v["view"]["players"][1 - seat]
        assert all(z["cards"] is None for z in other["zones"] if z["key"] in ("hand", "deck"))


@pytest.mark.parametrize("headers", [{}, {"X-Seat-Token": "forged"}])
def test_an_action_without_a_valid_token_is_refused(client, headers):
    g = new_game(client)
    client.cookies.clear()
    r = client.post(f"/api/games/{g['id']}/action", json={"index": 0}, headers=headers)
    assert r.status_code == 403
    for kind, body in (("chat", {"text": "hi"}), ("resign", None)):
        assert client.post(f"/api/games/{g['id']}/{kind}", json=body, headers=headers).status_code == 403
    assert client.get(f"/api/games/{g['id']}/view", headers={"X-Seat-Token": "forged"}).status_code == 403


def test_an_action_with_the_other_seats_token_acts_for_that_seat_only(client):
    g = new_game(client)
    views = [client.get(f"/api/games/{g['id']}/view", headers={"X-Seat-Token": t}).json()
             for t in (g["token"], token1(g))]
    waiting = 0 if not views[0]["view"]["actions"] else 1
    deciding_token = (g["token"], token1(g))[1 - waiting]
    waiting_token = (g["token"], token1(g))[waiting]
    # the waiting seat's token cannot move the deciding seat: the action is refused, the game unchanged
    r = client.post(f"/api/games/{g['id']}/action", json={"index": 0}, headers={"X-Seat-Token": waiting_token})
    assert r.status_code == 400 and r.json()["error"] == "it is not your decision"
    after = client.get(f"/api/games/{g['id']}/view", headers={"X-Seat-Token": deciding_token}).json()
    assert after["version"] == views[0]["version"]


@pytest.mark.parametrize("hello_msg", [
    {"type": "hello", "token": "forged"}, {"type": "hello"}, {"type": "sync"}, "not json",
])
def test_a_socket_that_failed_auth_receives_nothing(client, hello_msg):
    g = new_game(client)
    client.cookies.clear()
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        ws.send_text(hello_msg if isinstance(hello_msg, str) else json.dumps(hello_msg))
        with pytest.raises(Exception) as exc:
            ws.receive_text()
        assert getattr(exc.value, "code", None) in (4400, 4401)


def test_a_spectator_cannot_act_chat_or_resign(client):
    g = new_game(client)
    with client.websocket_connect(f"/ws/{g['id']}") as s:
        snap = hello(s, spectate=True)
        assert snap["seat"] is None and snap["view"]["actions"] == [] and snap["view"]["choice"] is None
        for msg in ({"type": "action", "index": 0}, {"type": "chat", "text": "x"}, {"type": "resign"}):
            s.send_text(json.dumps(msg))
            assert "spectators" in until(s, "error")["message"]
        s.send_text(json.dumps({"type": "sync"}))
        assert until(s, "snapshot")["version"] == snap["version"]


def _ids_in(obj, out):
    """Every card handle in a frame: cards' ``id`` and actions' ``cards``."""
    if isinstance(obj, dict):
        if "name" in obj and "kind" in obj and "id" in obj:
            out.add(obj["id"])
        if "cards" in obj and isinstance(obj["cards"], list) and all(type(c) is int for c in obj["cards"]):
            out.update(obj["cards"])
        for v in obj.values():
            _ids_in(v, out)
    elif isinstance(obj, list):
        for v in obj:
            _ids_in(v, out)
    return out


def _check_frame(raw: str, state, viewer: int) -> None:
    """No card hidden from ``viewer`` appears in ``raw`` by handle, nor another player's hidden card by name."""
    frame = json.loads(raw)
    for cid in _ids_in(frame, set()):
        assert state.visible(cid, viewer), f"card handle {cid} of a hidden card sent to viewer {viewer}"
    shown = [state.defs[c] for c in range(len(state.defs)) if state.visible(c, viewer)]
    seen_text = " ".join(f"{d.name} {d.text}" for d in shown) + " " + " ".join(
        d.name for d in state.rules.decks().values()) + " " + " ".join(state.deck_names)
    # a player knows their own deck list (and sees it when they search it): the names checked are the others' cards
    hidden = {state.defs[c].name for c in range(len(state.defs))
              if not state.visible(c, viewer) and state.owner[c] != viewer}
    for name in hidden:
        if name in seen_text:
            continue  # a copy is in sight, or a visible card's text names it: the name itself tells nothing
        assert not re.search(re.escape(name), raw), f"hidden card {name!r} sent to viewer {viewer}"


@pytest.mark.parametrize("game", GAMES)
def test_no_hidden_card_in_any_frame_to_the_other_seat_or_a_spectator(client, game):
    """Random games of every game: every frame each socket receives is checked against the state it shows."""
    g = new_game(client, game=game)
    room = client.app.state.hub.rooms[g["id"]]
    rng = random.Random(game)
    with client.websocket_connect(f"/ws/{g['id']}") as a, client.websocket_connect(f"/ws/{g['id']}") as b, \
            client.websocket_connect(f"/ws/{g['id']}") as s:
        socks = [(a, 0, g["token"]), (b, 1, token1(g)), (s, SPECTATOR, None)]
        for ws, viewer, token in socks:
            msg = {"type": "hello", "token": token} if token else {"type": "hello", "spectate": True}
            ws.send_text(json.dumps(msg))
            _check_frame(ws.receive_text(), room.state, viewer)
        for _ in range(120):
            if room.over:
                break
            seat = room.state.current
            n = len(room.state.legal_actions())
            mover = [a, b][seat]
            msg = json.dumps({"type": "action", "index": rng.randrange(n)})
            mover.send_text(msg)
            while True:  # faster than a person: the connection's rate limit may ask the mover to slow down
                raw = mover.receive_text()
                if json.loads(raw)["type"] != "error":
                    break
                assert "too many messages" in json.loads(raw)["message"]
                time.sleep(0.5)
                mover.send_text(msg)
            _check_frame(raw, room.state, seat)
            for ws, viewer, _ in socks:
                if ws is mover:
                    continue
                raw = ws.receive_text()
                assert json.loads(raw)["type"] == "update"
                _check_frame(raw, room.state, viewer)


def test_an_action_naming_a_hidden_card_learns_nothing_about_it(client):
    """Probing card numbers by text gets one answer for every hidden card: where it is and what it is stay secret."""
    g = new_game(client)
    room = client.app.state.hub.rooms[g["id"]]
    seat = room.state.current
    token = (g["token"], token1(g))[seat]
    hidden = [c for c in range(len(room.state.defs)) if not room.state.visible(c, seat)]
    answers = set()
    for card in hidden[:30] + [len(room.state.defs) + 5]:
        r = client.post(f"/api/games/{g['id']}/action", json={"text": f"play #{card}"}, headers={"X-Seat-Token": token})
        answers.add(r.json()["error"].replace(f"#{card}", "#N"))
    assert answers == {"illegal action 'play #N': it names a card you cannot see"}
