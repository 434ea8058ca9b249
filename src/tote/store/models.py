"""Database tables: ``tables``, ``seats`` and ``moves`` (one row per accepted move)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, DateTime, ForeignKey, Integer, String, false
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class TableModel(Base):
    __tablename__ = "tables"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), index=True)
    version: Mapped[int] = mapped_column(Integer)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    host_token: Mapped[str] = mapped_column(String(64))
    engine: Mapped[str] = mapped_column(String(32))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """The table this one's rematch was created as (issue 16), set once."""


class SeatModel(Base):
    __tablename__ = "seats"
    table_id: Mapped[str] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    bot: Mapped[str | None] = mapped_column(String(32), nullable=True)
    token: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    reserved: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """A rematch seat kept for last game's player: nobody else may join it."""
    stand_in: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """The bot playing a player's seat while they are away (the host's call)."""


class MoveModel(Base):
    """The primary key (table, index) makes a second move at the same index impossible."""

    __tablename__ = "moves"
    table_id: Mapped[str] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    by: Mapped[str] = mapped_column(String(16))
    move: Mapped[dict[str, Any]] = mapped_column(JSON)
