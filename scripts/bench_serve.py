"""Load benchmark of ``tcgkit serve`` (not a test): N concurrent bot-against-bot games over WebSockets.

One client process opens two sockets per game (both seats of a hot-seat game) and plays random legal actions as
fast as the server answers, for at most ``--seconds``; then it resigns the games still running, and checks that every
stored game replays to the same result with ``tcgkit.replays.replay``. It prints actions/s, p50/p95 latency (action
sent -> its update received on the same socket) and the server's peak memory.

    .venv/bin/python scripts/bench_serve.py --games 200 --seconds 60
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from tcgkit.replays import replay  # noqa: E402
from webapp.helpers import GAMES, Server  # noqa: E402


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def seat(url: str, gid: str, token: str, rng: random.Random, deadline: float, lat: list[float]) -> int:
    """Play one seat until the game ends or time is up; returns the actions it sent."""
    sent = 0
    async with websockets.connect(f"{url.replace('http', 'ws')}/ws/{gid}", max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        pending: float | None = None
        while time.monotonic() < deadline:
            try:
                m = json.loads(await asyncio.wait_for(ws.recv(), max(0.1, deadline - time.monotonic())))
            except TimeoutError:
                break
            if m["type"] not in ("snapshot", "update"):
                continue
            if pending is not None and m["type"] == "update":
                lat.append(time.monotonic() - pending)
                pending = None
            if m["end"]:
                break
            acts = m["view"]["actions"]
            if acts:
                pending = time.monotonic()
                msg = {"type": "action", "index": rng.randrange(len(acts)), "version": m["version"]}
                await ws.send(json.dumps(msg))
                sent += 1
    return sent


async def main(games: int, seconds: float, db: str) -> dict:
    server = Server(db).start()
    peak = 0
    try:
        async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
            created = []
            for i in range(games):
                r = await http.post("/api/games", json={"game": GAMES[i % len(GAMES)], "opponent": "hotseat",
                                                         "seed": i})
                created.append(r.json())
            lat: list[float] = []
            start = time.monotonic()
            deadline = start + seconds

            async def sample() -> None:
                nonlocal peak
                while time.monotonic() < deadline:
                    peak = max(peak, rss_kib(server.proc.pid))
                    await asyncio.sleep(0.5)

            tasks = [seat(server.url, g["id"], t, random.Random(f"{g['id']}{k}"), deadline, lat)
                     for g in created for k, t in enumerate(g["tokens"])]
            sampler = asyncio.create_task(sample())
            sent = sum(await asyncio.gather(*tasks))
            elapsed = time.monotonic() - start
            await sampler
            finished = resigned = 0
            for g in created:
                v = (await http.get(f"/api/games/{g['id']}/view", headers={"X-Seat-Token": g["tokens"][0]})).json()
                if v["end"]:
                    finished += 1
                else:
                    await http.post(f"/api/games/{g['id']}/resign", headers={"X-Seat-Token": g["tokens"][0]})
                    resigned += 1
            for g in created:
                record = (await http.get(f"/api/games/{g['id']}/replay",
                                         headers={"X-Seat-Token": g["tokens"][0]})).json()
                state = replay(record)   # raises ReplayMismatch when a stored game does not reproduce
                want = record["result"]
                assert want is None or state.result.to_json() == want
    finally:
        server.stop()
    lat.sort()
    return {"games": games, "seconds": round(elapsed, 1), "actions": sent,
            "actions_per_second": round(sent / elapsed, 1),
            "latency_ms_p50": round(1000 * statistics.median(lat), 1) if lat else None,
            "latency_ms_p95": round(1000 * lat[int(0.95 * (len(lat) - 1))], 1) if lat else None,
            "server_peak_rss_mib": round(peak / 1024, 1), "finished": finished, "resigned_at_time_limit": resigned,
            "replays_checked": games}


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--db", default=None, help="database URL (default: a temporary SQLite file)")
    args = ap.parse_args()
    db = args.db or f"sqlite:///{tempfile.mkdtemp(prefix='tcgkit-bench-')}/web.sqlite"
    print(json.dumps(asyncio.run(main(args.games, args.seconds, db)), indent=2))
