"""The HTTP API and every WebSocket message kind (sync, action, chat, resign), and bad input."""

from __future__ import annotations

import json

import pytest

from tcgkit.games import get_rules
from webapp.helpers import hello, new_game, token1, until


def test_catalog_lists_the_five_games_with_decks_and_bots(client):
    cat = client.get("/api/catalog").json()
    assert {g["id"] for g in cat["games"]} == {"tgod", "perfect-tcg", "phaktionz", "tgc", "guardian-realms"}
    assert all(g["decks"] for g in cat["games"])
    assert "mcts" in cat["bots"] and "random" in cat["bots"]


def test_howto_comes_from_the_rules_summary(client):
    h = client.get("/api/howto/tgod").json()
    assert h["summary"] == get_rules("tgod").words.SUMMARY
    assert client.get("/api/howto/chess").status_code == 404


def test_a_pasted_deck_shows_every_violation_with_its_clause(client):
    r = client.post("/api/validate", json={"game": "tgod", "deck_yaml": "name: Tiny\nmain:\n  - Squire of Dawn\n"})
    body = r.json()
    assert r.status_code == 200 and body["legal"] is False
    assert body["violations"] and all(v["clause"] and v["message"] for v in body["violations"])


def test_a_shipped_deck_as_yaml_is_legal(client):
    deck = next(iter(get_rules("tgod").decks().values()))
    import yaml

    r = client.post("/api/validate", json={"game": "tgod", "deck_yaml": yaml.safe_dump(deck.to_dict())})
    assert r.json()["legal"] is True


def test_a_deck_that_is_not_yaml_is_one_line(client):
    r = client.post("/api/validate", json={"game": "tgod", "deck_yaml": "name: [unclosed"})
    assert r.status_code == 400 and "\n" not in r.json()["error"] and "YAML" in r.json()["error"]


def test_an_illegal_pasted_deck_cannot_start_a_game(client):
    r = client.post("/api/games", json={"game": "tgod", "deck_yaml": "name: Tiny\nmain:\n  - Squire of Dawn\n"})
    assert r.status_code == 400 and "not legal" in r.json()["error"]
    assert client.get("/api/games").json() == []


def test_unknown_game_id_is_not_found_never_a_new_game(client):
    assert client.get("/api/games/nope").status_code == 404
    assert client.get("/api/games/nope/view").status_code == 404
    assert client.post("/api/games/nope/action", json={"index": 0}).status_code == 404
    with client.websocket_connect("/ws/nope") as ws:
        ws.send_text(json.dumps({"type": "hello", "spectate": True}))
        with pytest.raises(Exception) as exc:
            ws.receive_json()
        assert getattr(exc.value, "code", None) == 4404
    assert client.get("/api/games").json() == []


def test_sync_over_http_and_socket_gives_the_same_view(client):
    g = new_game(client)
    http = client.get(f"/api/games/{g['id']}/view", headers={"X-Seat-Token": g["token"]}).json()
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        snap = hello(ws, g["token"])
        assert snap["type"] == "snapshot" and snap["seq"] == 1
        assert snap["view"] == http["view"]
        ws.send_text(json.dumps({"type": "sync"}))
        again = ws.receive_json()
        assert again["type"] == "snapshot" and again["seq"] == 2 and again["view"] == http["view"]


def test_an_action_over_the_socket_is_acknowledged_by_an_update_to_both_seats(client):
    g = new_game(client)
    with client.websocket_connect(f"/ws/{g['id']}") as a, client.websocket_connect(f"/ws/{g['id']}") as b:
        sa, sb = hello(a, g["token"]), hello(b, token1(g))
        ws, snap = (a, sa) if sa["view"]["actions"] else (b, sb)
        ws.send_text(json.dumps({"type": "action", "index": 0, "version": snap["version"]}))
        ua, ub = until(a, "update"), until(b, "update")
        assert ua["version"] == ub["version"] == snap["version"] + 1
        assert ua["seq"] == 2 and ub["seq"] == 2


def test_actions_are_sent_as_words_and_indexes_never_as_action_data(client):
    g = new_game(client)
    view = client.get(f"/api/games/{g['id']}/view", headers={"X-Seat-Token": g["token"]}).json()["view"]
    view1 = client.get(f"/api/games/{g['id']}/view", headers={"X-Seat-Token": token1(g)}).json()["view"]
    acts = view["actions"] or view1["actions"]
    assert acts and all(set(a) == {"index", "text", "cards"} for a in acts)


def test_chat_reaches_both_seats_and_the_spectator(client):
    g = new_game(client)
    with client.websocket_connect(f"/ws/{g['id']}") as a, client.websocket_connect(f"/ws/{g['id']}") as s:
        hello(a, g["token"]), hello(s, spectate=True)
        a.send_text(json.dumps({"type": "chat", "text": "good  luck"}))
        assert until(a, "chat")["text"] == "good luck"
        m = until(s, "chat")
        assert m["from"] == "You" and m["text"] == "good luck"


def test_resign_ends_the_game_for_the_other_seat(client):
    g = new_game(client)
    with client.websocket_connect(f"/ws/{g['id']}") as a:
        hello(a, g["token"])
        a.send_text(json.dumps({"type": "resign"}))
        m = until(a, "update")
        assert m["end"]["winner"] == "Friend" and "resigned" in m["end"]["reason"]
        a.send_text(json.dumps({"type": "action", "index": 0}))
        assert until(a, "error")["message"] == "the game is over"
    record = client.get(f"/api/games/{g['id']}/replay", headers={"X-Seat-Token": token1(g)}).json()
    assert record["ended_by"].startswith("You resigned")


@pytest.mark.parametrize("raw, says", [
    ("x" * 5000, "message too long"),
    ("{not json", "not a JSON message"),
    ("[1, 2]", "a JSON object"),
    ('{"type": "dance"}', "unknown message type"),
    ('{"type": "action", "index": "zero"}', "index is a number"),
    ('{"type": "action", "index": 999}', "no action number 1000"),
    ('{"type": "action", "text": "fly #99"}', "illegal action"),
    ('{"type": "action", "index": 0, "version": 77}', "moved on"),
    ('{"type": "chat"}', "needs a text"),
])
def test_bad_messages_get_one_line_to_that_client_and_change_nothing(client, raw, says):
    g = new_game(client)
    with client.websocket_connect(f"/ws/{g['id']}") as a, client.websocket_connect(f"/ws/{g['id']}") as b:
        sa, sb = hello(a, g["token"]), hello(b, token1(g))
        ws = a if sa["view"]["actions"] else b
        ws.send_text(raw)
        err = until(ws, "error")
        assert says in err["message"] and "\n" not in err["message"] and "Traceback" not in err["message"]
        for sock, snap in ((a, sa), (b, sb)):
            sock.send_text(json.dumps({"type": "sync"}))
            again = until(sock, "snapshot")
            assert again["version"] == snap["version"] and again["view"] == snap["view"]


def test_an_illegal_action_is_explained_with_its_clause(client):
    g = new_game(client)
    t = g["token"]
    view = client.get(f"/api/games/{g['id']}/view", headers={"X-Seat-Token": t}).json()
    if not view["view"]["actions"]:
        t = token1(g)
        view = client.get(f"/api/games/{g['id']}/view", headers={"X-Seat-Token": t}).json()
    me = view["seat"]

    def base(p: int) -> int:
        (card,) = next(z for z in view["view"]["players"][p]["zones"] if z["key"] == "base")["cards"]
        return card["id"]

    # TGOD-PRI-06: no attacks in a primary turn; the refusal names the rule and its clause
    r = client.post(f"/api/games/{g['id']}/action", json={"text": f"attack #{base(me)} #{base(1 - me)}"},
                    headers={"X-Seat-Token": t})
    body = r.json()
    assert r.status_code == 400 and body["clause"] == "TGOD-PRI-06", body
    assert body["error"] == f"illegal action: {body['why']} ({body['clause']})"
    after = client.get(f"/api/games/{g['id']}/view", headers={"X-Seat-Token": t}).json()
    assert after["version"] == view["version"] and after["view"] == view["view"]


def test_an_action_out_of_turn_is_refused(client):
    g = new_game(client)
    for t in (g["token"], token1(g)):
        v = client.get(f"/api/games/{g['id']}/view", headers={"X-Seat-Token": t}).json()
        if not v["view"]["actions"]:
            r = client.post(f"/api/games/{g['id']}/action", json={"index": 0}, headers={"X-Seat-Token": t})
            assert r.status_code == 400 and r.json()["error"] == "it is not your decision"
            return
    raise AssertionError("one seat must be waiting")


def test_a_flood_of_messages_is_rate_limited(client):
    g = new_game(client)
    with client.websocket_connect(f"/ws/{g['id']}") as a:
        hello(a, g["token"])
        for _ in range(60):
            a.send_text('{"type": "dance"}')
        errors = [a.receive_json()["message"] for _ in range(60)]
        assert any("too many messages" in e for e in errors)


def test_open_game_can_be_joined_once_from_the_list(client):
    g = new_game(client, opponent="open")
    listed = client.get("/api/games").json()
    assert listed[0]["status"] == "open" and listed[0]["seats"][1]["open"] is True
    assert "token" not in json.dumps(listed)
    j = client.post(f"/api/games/{g['id']}/join")
    assert j.status_code == 200 and j.json()["seat"] == 1
    assert client.post(f"/api/games/{g['id']}/join").status_code == 409
    assert client.get("/api/games").json()[0]["status"] == "running"


def test_bot_game_thinks_then_moves(client):
    g = new_game(client, opponent="bot", bot="greedy")
    with client.websocket_connect(f"/ws/{g['id']}") as a:
        snap = hello(a, g["token"])
        for _ in range(10):
            if snap["view"]["actions"] or snap["end"]:
                break
            snap = until(a, "update")
        assert snap["view"]["actions"] and snap["seats"][1]["kind"] == "bot"


def test_finished_game_replays_step_by_step_and_exports_the_replay_file(client, tmp_path):
    from tcgkit.replays import replay

    g = new_game(client, opponent="hotseat")
    gid, tokens = g["id"], g["tokens"]
    for _ in range(2000):
        views = [client.get(f"/api/games/{gid}/view", headers={"X-Seat-Token": t}).json() for t in tokens]
        if views[0]["end"]:
            break
        seat = 0 if views[0]["view"]["actions"] else 1
        n = len(views[seat]["view"]["actions"])
        client.post(f"/api/games/{gid}/action", json={"index": (views[0]["version"] * 7) % n},
                    headers={"X-Seat-Token": tokens[seat]})
    record = client.get(f"/api/games/{gid}/replay", headers={"X-Seat-Token": tokens[1]}).json()
    assert replay(record).result.to_json() == record["result"]
    steps = len(record["actions"])
    last = client.get(f"/api/games/{gid}/replay/{steps}?viewer=0", headers={"X-Seat-Token": tokens[0]}).json()
    first = client.get(f"/api/games/{gid}/replay/0?viewer=spectator").json()
    assert last["end"] and first["view"]["phase"] and first["steps"] == steps
    assert client.get(f"/api/games/{gid}/replay/{steps + 1}").status_code == 400
    imported = client.post("/api/replays", json=record).json()
    again = client.get(f"/api/games/{imported['id']}/replay").json()
    assert again["actions"] == record["actions"] and again["result"] == record["result"]
    assert client.post("/api/replays", json={"game": "tgod"}).status_code == 400


def test_mcts_strengths_are_wall_clock_budgets_so_a_decision_keeps_to_its_budget():
    from tcgkit.bots import make_bot
    from tcgkit.web.hub import BOT_LEVELS

    budgets = [make_bot(spec).seconds for name, spec in BOT_LEVELS.items() if name.startswith("mcts")]
    assert budgets and all(b is not None and b > 0 for b in budgets)


def test_an_mcts_bot_decides_in_the_worker_pool_and_the_game_goes_on(client):
    g = new_game(client, game="guardian-realms", opponent="bot", bot="mcts-quick")
    room = client.app.state.hub.rooms[g["id"]]
    with client.websocket_connect(f"/ws/{g['id']}") as a:
        snap = hello(a, g["token"])
        for _ in range(4):
            while not snap["view"]["actions"] and not snap["end"]:
                snap = until(a, "update")
            a.send_text(json.dumps({"type": "action", "index": 0, "version": snap["version"]}))
            snap = until(a, "update")
    assert any(room.seats[s].kind == "bot" for s in range(2)) and room.version >= 4


def test_a_reconnect_gets_a_full_snapshot_then_numbered_updates(client):
    g = new_game(client, opponent="hotseat")
    gid, tokens = g["id"], g["tokens"]
    with client.websocket_connect(f"/ws/{gid}") as a:
        snap = hello(a, tokens[0])
    seat = 0 if snap["view"]["actions"] else 1
    client.post(f"/api/games/{gid}/action", json={"index": 0}, headers={"X-Seat-Token": tokens[seat]})
    with client.websocket_connect(f"/ws/{gid}") as a, client.websocket_connect(f"/ws/{gid}") as b:
        again, other = hello(a, tokens[0]), hello(b, tokens[1])
        assert again["type"] == "snapshot" and again["seq"] == 1 and again["version"] == snap["version"] + 1
        mover, state = (a, again) if again["view"]["actions"] else (b, other)
        mover.send_text(json.dumps({"type": "action", "index": 0, "version": state["version"]}))
        update = until(a, "update")
        assert update["seq"] == 2 and update["version"] == again["version"] + 1
