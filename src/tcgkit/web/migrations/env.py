"""Alembic environment: runs on the connection :meth:`tcgkit.web.db.Store.migrate` hands over."""

from alembic import context

from tcgkit.web.db import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
