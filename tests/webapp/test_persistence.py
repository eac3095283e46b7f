"""Nothing lost: a real server killed with SIGKILL mid-game resumes every game at the same decision, and the game's
RNG continues identically (checked against the engine playing the same actions in this process). The same tests run
on PostgreSQL when Debian's binaries are installed (CI installs them)."""

from __future__ import annotations

import httpx
import pytest

from tcgkit.core.words import present
from tcgkit.games import get_rules
from webapp.helpers import Server, postgres, postgres_bin

DECKS = {"tgod": ("Guardian Wall", "Tyrant Horde")}


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'web.sqlite'}"
        return
    if postgres_bin() is None:
        pytest.skip("PostgreSQL binaries not installed (apt-get install postgresql); .ci/run installs them")
    with postgres(tmp_path) as url:
        yield url


def _view(server: Server, gid: str, token: str) -> dict:
    return httpx.get(f"{server.url}/api/games/{gid}/view", headers={"X-Seat-Token": token}, timeout=10).json()


def _act(server: Server, gid: str, token: str, index: int) -> dict:
    r = httpx.post(f"{server.url}/api/games/{gid}/action", json={"index": index}, headers={"X-Seat-Token": token},
                   timeout=10)
    assert r.status_code == 200, r.text
    return r.json()


@pytest.mark.slow
def test_sigkill_mid_game_resumes_at_the_same_decision_and_the_rng_continues(db_url):
    rules = get_rules("tgod")
    decks = list(rules.decks())[:2]
    server = Server(db_url).start()
    try:
        created = httpx.post(f"{server.url}/api/games", json={
            "game": "tgod", "deck": decks[0], "opponent_deck": decks[1], "opponent": "hotseat", "seed": 11},
            timeout=10).json()
        gid, tokens = created["id"], created["tokens"]
        reference = rules.new_game(decks, 11)   # the engine, in this process, fed the same actions
        for step in range(25):
            seat = reference.current
            index = (step * 5) % len(reference.legal_actions())
            _act(server, gid, tokens[seat], index)
            reference.apply(reference.legal_actions()[index])
        before = [_view(server, gid, t) for t in tokens]
        server.kill()                       # SIGKILL: no shutdown code runs
        server.start()
        after = [_view(server, gid, t) for t in tokens]
        assert [a["view"] for a in after] == [b["view"] for b in before]
        assert after[0]["version"] == before[0]["version"] == 25
        for step in range(25, 60):          # the RNG continues as if nothing happened
            if reference.result is not None:
                break
            seat = reference.current
            index = (step * 3) % len(reference.legal_actions())
            got = _act(server, gid, tokens[seat], index)
            reference.apply(reference.legal_actions()[index])
            assert got["view"] == {**present(reference, seat), "actions": got["view"]["actions"]}
    finally:
        server.stop()


@pytest.mark.slow
def test_a_bot_game_resumes_after_sigkill_and_the_bot_plays_on(db_url):
    server = Server(db_url).start()
    try:
        created = httpx.post(f"{server.url}/api/games", json={
            "game": "tgod", "opponent": "bot", "bot": "random", "seed": 3}, timeout=10).json()
        gid, token = created["id"], created["token"]
        for _ in range(6):
            v = _view(server, gid, token)
            for _ in range(50):
                if v["view"]["actions"] or v["end"]:
                    break
                v = _view(server, gid, token)
            if v["end"]:
                break
            _act(server, gid, token, 0)
        before = _view(server, gid, token)
        server.kill()
        server.start()
        after = _view(server, gid, token)
        assert after["version"] >= before["version"]
        for _ in range(100):              # the bot's turn, if it was thinking, is played again after the restart
            if after["view"]["actions"] or after["end"]:
                break
            after = _view(server, gid, token)
        assert after["view"]["actions"] or after["end"]
        assert httpx.get(f"{server.url}/api/games/unknown-id", timeout=10).status_code == 404
    finally:
        server.stop()
