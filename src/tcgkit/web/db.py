"""Storage: SQLAlchemy 2 models of games, seats and action logs, and the Alembic migrations run at start.

>>> store = Store("sqlite://")
>>> store.migrate()
>>> with store.session() as s:
...     s.add(GameRow(id="x", game="tgod", seed=1, decks=[], options={}, engine_version="0", status="open"))
...     s.commit()
...     s.get(GameRow, "x").status
'open'
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from sqlalchemy import JSON, DateTime, ForeignKey, Integer, String, Text, create_engine, event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, relationship, sessionmaker
from sqlalchemy.pool import StaticPool

MIGRATIONS = Path(__file__).parent / "migrations"


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    """A game: everything needed to rebuild it is here and in its action rows."""

    __tablename__ = "games"
    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    seed: Mapped[int] = mapped_column(Integer)
    decks: Mapped[list[Any]] = mapped_column(JSON)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    engine_version: Mapped[str] = mapped_column(String(40))
    status: Mapped[str] = mapped_column(String(16), index=True)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=_now)
    seats: Mapped[list[SeatRow]] = relationship(order_by="SeatRow.seat", cascade="all, delete-orphan")


class SeatRow(Base):
    """A seat: a human (with the hash of its secret token, once claimed) or a bot (its spec)."""

    __tablename__ = "seats"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    bot: Mapped[str | None] = mapped_column(String(60), nullable=True)
    name: Mapped[str] = mapped_column(String(60))
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)


class ActionRow(Base):
    """One decision of a game, in order: an engine action's text, or ``resign`` (kind ``resign``)."""

    __tablename__ = "actions"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(8), default="action")
    action: Mapped[str] = mapped_column(Text)
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=_now)


def normal_url(url: str) -> str:
    """A database URL as SQLAlchemy takes it: ``postgresql://`` uses psycopg 3.

    >>> normal_url("postgresql://u@localhost/db")
    'postgresql+psycopg://u@localhost/db'
    >>> normal_url("sqlite:////tmp/x.db")
    'sqlite:////tmp/x.db'
    """
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def default_url() -> str:
    """SQLite in the user's data directory (created if missing)."""
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("tcgkit"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'web.sqlite'}"


class Store:
    """A database: its engine, sessions, and migrations."""

    def __init__(self, url: str) -> None:
        self.url = normal_url(url)
        kwargs: dict[str, Any] = {}
        if self.url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False}
            if self.url in ("sqlite://", "sqlite:///:memory:"):
                kwargs["poolclass"] = StaticPool
        self.engine: Engine = create_engine(self.url, **kwargs)
        if self.url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self.session = sessionmaker(self.engine, expire_on_commit=False)

    def migrate(self) -> None:
        """Bring the schema up to date (Alembic ``upgrade head``)."""
        from alembic import command
        from alembic.config import Config

        cfg = Config()
        cfg.set_main_option("script_location", str(MIGRATIONS))
        cfg.attributes["connection"] = None
        with self.engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")

    def dispose(self) -> None:
        self.engine.dispose()


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")
    cur.close()


__all__ = ["ActionRow", "Base", "GameRow", "SeatRow", "Session", "Store", "default_url", "normal_url"]
