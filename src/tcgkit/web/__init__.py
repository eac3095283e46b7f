"""Play in the browser: ``tcgkit serve`` (FastAPI + uvicorn, WebSockets, SQLAlchemy storage, Alembic migrations).

The server is authoritative: clients send actions, the server applies them through the engine's public API and
sends each seat only what :func:`tcgkit.core.words.present` lets that seat know. A game is its seed, decks, options,
engine version and action log, committed to the database before a move is acknowledged; a restart replays every
unfinished game from its log.
"""
