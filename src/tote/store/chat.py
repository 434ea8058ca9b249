"""The store's part of issue 27: table chat, finished games' results, timeouts in a row.

A mixin of :class:`~tote.store.Store`, as :mod:`tote.store.seats` is. Each change is
one transaction announced to the other server processes with :meth:`Store.notify
<tote.store.Store.notify>`:

- ``<table>:chat:<id>``: a message was said (:meth:`ChatChanges.say`); every process
  sends the messages after the last it knows to its connections of the table
  (issue 27, Add: "chat must reach every watcher", as moves do);
- ``<table>:timeouts:<seat>``: a seat's timeouts in a row changed (item 8).

A chat message holds only what a person typed, the seat that said it (None: a
spectator) and the name shown; never a token. At most ``keep`` messages are kept per
table: saying one more forgets the oldest.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.orm import Session, sessionmaker

from tote.store.models import ChatModel, MoveModel, SeatModel, TableModel


@dataclass(frozen=True)
class ChatLine:
    """One message said at a table (issue 27): public to everyone at the table."""

    id: int
    seat: int | None
    """The seat that said it; None: a spectator."""
    name: str
    text: str
    at: datetime
    version: int
    """The table's moves stored when it was said: where a replay shows it."""

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "seat": self.seat,
            "name": self.name,
            "text": self.text,
            "at": self.at.isoformat(),
            "version": self.version,
        }


def _line(model: ChatModel) -> ChatLine:
    at = model.at if model.at.tzinfo is not None else model.at.replace(tzinfo=UTC)
    return ChatLine(model.id, model.seat, model.name, model.text, at, model.version)


def _missing(message: str) -> Exception:
    from tote.store.store import NotFound

    return NotFound(message)


class ChatChanges:
    """Chat lines, results of finished games and timeouts in a row (issue 27)."""

    if TYPE_CHECKING:

        def _write(self) -> AbstractContextManager[Session]: ...

        _session: sessionmaker[Session]

        def notify(self, session: Session | Connection, payload: str) -> None: ...

    def say(self, table_id: str, seat: int | None, name: str, text: str, keep: int) -> ChatLine:
        """Store one message at the table's current version; keep the ``keep`` newest."""
        with self._write() as session:
            table = session.get(TableModel, table_id)
            if table is None:
                raise _missing(f"no table {table_id!r}")
            model = ChatModel(
                table_id=table_id,
                seat=seat,
                name=name,
                text=text,
                at=datetime.now(UTC),
                version=table.version,
            )
            session.add(model)
            session.flush()
            oldest_kept = session.scalars(
                select(ChatModel.id)
                .where(ChatModel.table_id == table_id)
                .order_by(ChatModel.id.desc())
                .offset(keep - 1)
                .limit(1)
            ).first()
            if oldest_kept is not None:
                session.execute(
                    delete(ChatModel).where(
                        ChatModel.table_id == table_id, ChatModel.id < oldest_kept
                    )
                )
            line = _line(model)
            self.notify(session, f"{table_id}:chat:{line.id}")
        return line

    def chat(self, table_id: str, after: int = 0, limit: int = 1000) -> list[ChatLine]:
        """The table's messages after id ``after``, oldest first (at most ``limit``, the
        newest of them)."""
        with self._session() as session:
            rows = session.scalars(
                select(ChatModel)
                .where(ChatModel.table_id == table_id, ChatModel.id > after)
                .order_by(ChatModel.id.desc())
                .limit(limit)
            ).all()
            return [_line(row) for row in reversed(rows)]

    def finish(self, table_id: str, result: dict[str, Any] | None) -> None:
        """The game is over: status ``finished``, when, and its result (the lobby's list)."""
        with self._write() as session:
            model = session.get(TableModel, table_id)
            if model is None:
                raise _missing(f"no table {table_id!r}")
            model.status = "finished"
            if model.finished_at is None:
                model.finished_at = datetime.now(UTC)
            if result is not None:
                model.result = result
            self.notify(session, f"{table_id}:status:finished")

    def set_result(self, table_id: str, result: dict[str, Any]) -> None:
        """Fill in a finished table's result (tables finished before issue 27 had none)."""
        with self._write() as session:
            session.execute(
                update(TableModel).where(TableModel.id == table_id).values(result=result)
            )

    def moves_played(self, table_ids: list[str]) -> dict[str, int]:
        """The players' moves (chance draws not counted) of each table, in one query."""
        if not table_ids:
            return {}
        with self._session() as session:
            rows = session.execute(
                select(MoveModel.table_id, func.count())
                .where(MoveModel.table_id.in_(table_ids), MoveModel.by != "chance")
                .group_by(MoveModel.table_id)
            ).all()
            return {table_id: int(count) for table_id, count in rows}

    def set_timeouts(self, table_id: str, seat: int, timeouts: int) -> None:
        """A seat's timeouts in a row (0: its player moved again), issue 27 item 8."""
        with self._write() as session:
            session.execute(
                update(SeatModel)
                .where(SeatModel.table_id == table_id, SeatModel.seat == seat)
                .values(timeouts=timeouts)
            )
            self.notify(session, f"{table_id}:timeouts:{seat}")


__all__ = ["ChatChanges", "ChatLine"]
