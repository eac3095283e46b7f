"""Running the server: ``tcgkit serve`` calls :func:`serve`."""

from __future__ import annotations

from tcgkit.web.db import default_url


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, bot_threads: int = 2,
          log_level: str = "warning") -> None:
    """Start uvicorn on ``host:port`` with the app on database ``db`` (default: SQLite in the user data dir)."""
    import uvicorn

    from tcgkit.web.app import create_app

    url = db or default_url()
    app = create_app(url, bot_threads)
    print(f"tcgkit is serving at http://{host}:{port}/  (database: {_safe(url)}; Ctrl-C stops it)", flush=True)
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws_max_size=65536, ws_ping_interval=20)


def _safe(url: str) -> str:
    """A database URL without its password.

    >>> _safe("postgresql://me:secret@localhost/db")
    'postgresql://me:***@localhost/db'
    """
    head, sep, tail = url.partition("@")
    if not sep or ":" not in head.split("//", 1)[-1]:
        return url
    scheme, _, cred = head.partition("//")
    user = cred.split(":", 1)[0]
    return f"{scheme}//{user}:***@{tail}"
