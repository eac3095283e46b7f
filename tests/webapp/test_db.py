"""Storage: the Alembic migrations build exactly the schema the models describe, and migrating twice is harmless."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from tcgkit.web.db import Base, Store, normal_url


def test_migrations_match_the_models(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite'}")
    store.migrate()
    store.migrate()
    with store.engine.connect() as conn:
        diffs = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    assert diffs == []
    store.dispose()


def test_postgresql_urls_use_psycopg_3():
    assert normal_url("postgres://u@h/d") == "postgresql+psycopg://u@h/d"
