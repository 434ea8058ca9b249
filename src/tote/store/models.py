"""Database tables: ``tables``, ``seats``, ``moves`` (one row per accepted move),
``chat`` (one row per message said at a table, issue 27) and ``reviews`` (a finished
table's review, issue 26)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    false,
    text,
)
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
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """When the game ended (issue 27: the lobby's finished games)."""
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """The game's result (``Result.to_json()``: scores, ranking, winners), set at its end."""


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
    timeouts: Mapped[int] = mapped_column(Integer, default=0, server_default=text("0"))
    """The seat's timeouts in a row (issue 27, item 8: tables waiting on an absent player)."""


class MoveModel(Base):
    """The primary key (table, index) makes a second move at the same index impossible."""

    __tablename__ = "moves"
    table_id: Mapped[str] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    by: Mapped[str] = mapped_column(String(16))
    move: Mapped[dict[str, Any]] = mapped_column(JSON)


class ChatModel(Base):
    """One message said at a table (issue 27): only what a person typed, who said it
    (a seat, or null for a spectator), the name shown, and the table's version then."""

    __tablename__ = "chat"
    __table_args__ = (Index("ix_chat_table_id_id", "table_id", "id"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(String(400))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    version: Mapped[int] = mapped_column(Integer)


class ReviewModel(Base):
    """A finished table's review (issue 26): computed once, kept with the table.

    ``status`` is ``working`` while a server process computes it (the row is its claim,
    taken at ``started_at``: at most one review in the works per table) and ``done``
    once ``review`` holds ``Review.to_json()``."""

    __tablename__ = "reviews"
    table_id: Mapped[str] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    status: Mapped[str] = mapped_column(String(16))
    review: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    engine: Mapped[str] = mapped_column(String(32))
    """The tote version that computed it."""
