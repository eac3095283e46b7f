"""Helpers for the web tests: an app on a temporary SQLite database, sockets, a real server in a subprocess."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from glob import glob
from pathlib import Path
from typing import Any

import httpx

GAMES = ["tgod", "perfect-tcg", "phaktionz", "tgc", "guardian-realms"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def hello(ws: Any, token: str | None = None, spectate: bool = False) -> dict[str, Any]:
    """Say hello on a TestClient socket and return the snapshot."""
    ws.send_text(json.dumps({"type": "hello", "spectate": True} if spectate else {"type": "hello", "token": token}))
    return ws.receive_json()


def until(ws: Any, kind: str, version: int | None = None) -> dict[str, Any]:
    """Read messages until one of ``kind`` (and ``version``) arrives."""
    for _ in range(200):
        m = ws.receive_json()
        if m["type"] == kind and (version is None or m.get("version") == version):
            return m
    raise AssertionError(f"no {kind} message")


class Server:
    """``tcgkit serve`` in a subprocess on a free port (killed with SIGKILL by :meth:`kill`)."""

    def __init__(self, db: str) -> None:
        self.db, self.port, self.proc = db, free_port(), None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        exe = Path(sys.executable).with_name("tcgkit")
        self.proc = subprocess.Popen([str(exe), "serve", "--port", str(self.port), "--db", self.db],
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.url + "/api/games", timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server stopped: {self.proc.stdout.read().decode()[-2000:]}")
            time.sleep(0.2)
        raise RuntimeError("the server did not start in 60 s")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


def postgres_bin() -> Path | None:
    """Debian's PostgreSQL binaries, if installed."""
    found = sorted(glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


@contextmanager
def postgres(tmp: Path) -> Iterator[str]:
    """A throwaway PostgreSQL server (initdb in ``tmp``, a free port); yields its URL."""
    bindir = postgres_bin()
    assert bindir is not None
    tmp = Path(tempfile.mkdtemp(prefix="tcgkit-pg-"))  # pytest's own temp folders are closed to other users
    data, port = tmp / "pg", free_port()
    data.mkdir()
    prefix: list[str] = []
    if os.geteuid() == 0:  # initdb refuses root: run the server as Debian's postgres user
        shutil.chown(tmp, "postgres")
        shutil.chown(data, "postgres")
        prefix = ["runuser", "-u", "postgres", "--"]
    def run(*args: str) -> None:
        done = subprocess.run([*prefix, *args], capture_output=True, text=True)
        if done.returncode:
            raise RuntimeError(f"{Path(args[0]).name} failed: {(done.stderr or done.stdout).strip()[-500:]}")

    run(str(bindir / "initdb"), "-D", str(data), "-U", "tcgkit", "--auth=trust", "-E", "UTF8")
    run(str(bindir / "pg_ctl"), "-D", str(data), "-l", str(data / "log"), "-w", "start", "-o",
        f"-p {port} -k {data} -c listen_addresses=127.0.0.1 -c fsync=off")
    try:
        run(str(bindir / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "tcgkit", "tcgkit")
        yield f"postgresql://tcgkit@127.0.0.1:{port}/tcgkit"
    finally:
        run(str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop")
        shutil.rmtree(tmp, ignore_errors=True)


def new_game(client: Any, game: str = "tgod", opponent: str = "friend", **extra) -> dict:
    body = {"game": game, "opponent": opponent, "seed": 5, **extra}
    r = client.post("/api/games", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def token1(created: dict) -> str:
    """Seat 1's secret from an invite link."""
    return created["invite"].rsplit("/", 1)[1]
