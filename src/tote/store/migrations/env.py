"""Alembic environment: runs migrations on the engine the store hands over."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from tote.store.models import Base

config = context.config
engine = config.attributes.get("engine") or create_engine(
    config.get_main_option("sqlalchemy.url") or "sqlite:///tote.db"
)
with engine.connect() as connection:
    context.configure(connection=connection, target_metadata=Base.metadata)
    with context.begin_transaction():
        context.run_migrations()
    connection.commit()
