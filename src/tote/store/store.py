"""The table store: create tables, seat players, append moves with a version check."""

from __future__ import annotations

import hashlib
import logging
import secrets
import threading
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import delete, event, insert, select, text, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from tote import __version__
from tote.core.errors import ToteError
from tote.core.moves import Actor
from tote.core.record import MoveEntry, PlayerEntry, Record
from tote.store.chat import ChatChanges
from tote.store.connections import make_engine
from tote.store.locks import TableLocks
from tote.store.migrate import upgrade
from tote.store.models import MoveModel, SeatModel, TableModel
from tote.store.reviews import ReviewChanges
from tote.store.seats import SeatChanges, seat_refusal, version_check


class NotFound(ToteError):
    """No table (or seat) with that id."""


class VersionConflict(ToteError):
    """Another worker accepted a move for this table first: reload and try again."""


log = logging.getLogger("tote.store")

CHANNEL = "tote_tables"
"""The PostgreSQL channel every change to a table is announced on (see :meth:`Store.notify`)."""


def default_url() -> str:
    """The embedded default: an SQLite file in the working directory."""
    return f"sqlite:///{Path('tote.db').resolve()}"


def hash_token(token: str) -> str:
    """Seat tokens are stored hashed: the database never holds a usable secret."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class SeatRow:
    seat: int
    name: str
    bot: str | None
    taken: bool
    """A human has joined (or a bot fills it)."""
    reserved: bool = False
    """Kept for last game's player (a rematch, issue 16): nobody else may join it."""
    stand_in: str | None = None
    """The bot playing this player's seat while they are away (issue 16)."""
    token_hash: str | None = field(default=None, repr=False)
    """The hash of the token that plays the seat now (issue 28, defect 1): whom to hang up on."""
    timeouts: int = 0
    """The seat's timeouts in a row, as last stored (issue 27, item 8)."""


@dataclass(frozen=True)
class TableRow:
    id: str
    game: str
    options: dict[str, Any]
    seed: int
    status: str
    """``open`` (waiting for players), ``playing``, ``finished`` or ``ended`` (by the host)."""
    version: int
    """The number of moves accepted so far."""
    settings: dict[str, Any]
    """Table settings that are not game options: time limits, bot delay."""
    seats: tuple[SeatRow, ...]
    created_at: datetime
    engine: str
    """The tote version that created the table: its options mean what they meant then."""
    rematch: str | None = None
    """The table this one's rematch was created as (issue 16), or None."""
    finished_at: datetime | None = None
    """When the game ended (issue 27), or None (not over, or ended before issue 27)."""
    result: dict[str, Any] | None = None
    """The result of a finished game (scores, ranking, winners), or None (issue 27)."""


class Store(SeatChanges, ChatChanges, ReviewChanges, TableLocks):
    """Tables and their moves in a database (SQLite file or PostgreSQL)."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_url()
        self.engine: Engine = make_engine(self.url)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        upgrade(self.engine)
        self._session = sessionmaker(self.engine, expire_on_commit=False)
        self._init_locks()
        sqlite = self.engine.dialect.name == "sqlite"
        self._writer: AbstractContextManager[object] = threading.Lock() if sqlite else nullcontext()

    @contextmanager
    def _write(self) -> Iterator[Session]:
        """A write transaction, committed on leaving.

        On SQLite the writers of this process take turns on a lock: SQLite lets
        one connection write at a time and makes the others poll for it with
        growing sleeps (up to 100 ms each), which would land on the latency of
        moves. PostgreSQL locks rows and needs no turns.
        """
        with self._writer, self._session.begin() as session:
            yield session

    @contextmanager
    def _write_rows(self) -> Iterator[Connection]:
        """As :meth:`_write`, on a bare connection: for the hot path (storing moves),
        where the ORM's unit of work would cost more than the SQL itself."""
        with self._writer, self.engine.begin() as connection:
            yield connection

    @property
    def shared(self) -> bool:
        """Several server processes may share this database (PostgreSQL): changes are
        announced with NOTIFY and each table's bots and clock have one owner."""
        return self.engine.dialect.name == "postgresql"

    def notify(self, session: Session | Connection, payload: str) -> None:
        """Announce a change on :data:`CHANNEL`, in the transaction that makes it.

        PostgreSQL delivers a notification only when (and if) its transaction
        commits, so listeners never hear of a move that was not stored. Payloads:
        ``<table>:moves:<version>``, ``:seats:<seat>``, ``:status:<status>``, ``:owner:free``
        (:meth:`hand_over`) (and :mod:`.seats`', and :mod:`.chat`'s ``:chat:<id>`` and
        ``:timeouts:<seat>``, issue 27).
        Nothing is sent on SQLite (one process).
        """
        if self.shared:
            session.execute(
                text("SELECT pg_notify(:channel, :payload)"),
                {
                    "channel": CHANNEL,
                    "payload": payload,
                },
            )

    # ------------------------------------------------------------- tables
    def create_table(
        self,
        game: str,
        options: dict[str, Any],
        seed: int,
        seats: Sequence[tuple[str, str | None]],
        settings: dict[str, Any] | None = None,
    ) -> tuple[TableRow, str]:
        """A new open table; ``seats`` are (name, bot or None). Returns the table and
        the host's token (kept only hashed)."""
        host_token = secrets.token_urlsafe(24)
        table_id = secrets.token_urlsafe(9)
        with self._write() as session:
            session.add(
                TableModel(
                    id=table_id,
                    game=game,
                    options=options,
                    seed=seed,
                    status="open",
                    version=0,
                    settings=settings or {},
                    host_token=hash_token(host_token),
                    engine=__version__,
                    created_at=datetime.now(UTC),
                )
            )
            session.flush()  # the table row first: seats refer to it
            for seat, (name, bot) in enumerate(seats):
                session.add(SeatModel(table_id=table_id, seat=seat, name=name, bot=bot, token=None))
        return self.table(table_id), host_token

    def table(self, table_id: str) -> TableRow:
        with self._session() as session:
            model = session.get(TableModel, table_id)
            if model is None:
                raise NotFound(f"no table {table_id!r}")
            return _row(session, model)

    def tables(
        self, status: str | None = None, limit: int | None = None, offset: int = 0
    ) -> list[TableRow]:
        """Tables newest first (of ``status``; ``limit`` of them from ``offset``), with
        their seats, in one query however many there are."""
        page = select(TableModel.id).order_by(TableModel.created_at.desc(), TableModel.id)
        if status is not None:
            page = page.where(TableModel.status == status)
        if limit is not None:
            page = page.limit(limit).offset(offset)
        query = (
            select(TableModel, SeatModel)
            .join(SeatModel, SeatModel.table_id == TableModel.id)
            .where(TableModel.id.in_(page.scalar_subquery()))
            .order_by(TableModel.created_at.desc(), TableModel.id, SeatModel.seat)
        )
        with self._session() as session:
            grouped: dict[str, tuple[TableModel, list[SeatModel]]] = {}
            for table, seat in session.execute(query):
                grouped.setdefault(table.id, (table, []))[1].append(seat)
            return [_table_row(table, seats) for table, seats in grouped.values()]

    def expire_open_tables(self, older_than: datetime) -> int:
        """Delete the open tables created before ``older_than`` that no human joined (a
        bot may sit there): nobody can have a link to a seat of them. Returns how many."""
        joined = select(SeatModel.table_id).where(SeatModel.token.is_not(None))
        with self._write() as session:
            stale = session.scalars(
                select(TableModel.id).where(
                    TableModel.status == "open",
                    TableModel.created_at < older_than,
                    TableModel.id.not_in(joined),
                )
            ).all()
            if stale:
                session.execute(delete(SeatModel).where(SeatModel.table_id.in_(stale)))
                session.execute(delete(TableModel).where(TableModel.id.in_(stale)))
            return len(stale)

    def set_status(self, table_id: str, status: str) -> None:
        with self._write() as session:
            model = session.get(TableModel, table_id)
            if model is None:
                raise NotFound(f"no table {table_id!r}")
            model.status = status
            self.notify(session, f"{table_id}:status:{status}")

    def is_host(self, table_id: str, token: str) -> bool:
        with self._session() as session:
            model = session.get(TableModel, table_id)
            return model is not None and secrets.compare_digest(model.host_token, hash_token(token))

    # -------------------------------------------------------------- seats
    def join(self, table_id: str, seat: int, name: str) -> str:
        """Take a free human seat; returns the seat's secret token.

        One conditional UPDATE (``WHERE token IS NULL AND bot IS NULL``): of two
        workers taking the same seat at once, exactly one gets it.
        """
        token = secrets.token_urlsafe(24)
        with self._write() as session:
            taken = session.execute(
                update(SeatModel)
                .where(
                    SeatModel.table_id == table_id,
                    SeatModel.seat == seat,
                    SeatModel.token.is_(None),
                    SeatModel.bot.is_(None),
                    SeatModel.reserved.is_(False),
                )
                .values(name=name, token=hash_token(token))
            )
            if taken.rowcount != 1:  # type: ignore[attr-defined]
                found = session.get(SeatModel, (table_id, seat))
                if found is None:
                    raise NotFound(f"table {table_id!r} has no seat {seat}")
                if found.reserved and found.token is None and found.bot is None:
                    raise ToteError(f"seat {seat} is kept for its player from the last game")
                raise ToteError(f"seat {seat} is already taken")
            self.notify(session, f"{table_id}:seats:{seat}")
        return token

    def set_bot(self, table_id: str, seat: int, bot: str, name: str) -> None:
        """Put a bot in a seat no player has taken (one conditional UPDATE, as :meth:`join`)."""
        with self._write() as session:
            placed = session.execute(
                update(SeatModel)
                .where(
                    SeatModel.table_id == table_id,
                    SeatModel.seat == seat,
                    SeatModel.token.is_(None),
                )
                .values(bot=bot, name=name, reserved=False)
            )
            if placed.rowcount != 1:  # type: ignore[attr-defined]
                if session.get(SeatModel, (table_id, seat)) is None:
                    raise NotFound(f"table {table_id!r} has no seat {seat}")
                raise ToteError(f"seat {seat} is taken by a player")
            self.notify(session, f"{table_id}:seats:{seat}")

    def seat_of(self, table_id: str, token: str) -> int | None:
        """The seat a token acts for, or None."""
        with self._session() as session:
            found = session.scalars(
                select(SeatModel.seat).where(
                    SeatModel.table_id == table_id, SeatModel.token == hash_token(token)
                )
            ).first()
            return found

    # -------------------------------------------------------------- moves
    def append_moves(
        self,
        table_id: str,
        expected_version: int,
        moves: Sequence[tuple[Actor, dict[str, Any]]],
        by_token: tuple[int, str] | None = None,
        *,
        by_driver: bool = False,
    ) -> int:
        """Store moves accepted at ``expected_version``, all or none, in one transaction;
        returns the new version.

        Raises :class:`VersionConflict` if the table has moved on meanwhile (another
        worker accepted a move first), ``SeatRefused`` as :attr:`Append.by_token` says,
        ``NotDriver`` as :attr:`Append.by_driver` says.
        """
        append = Append(table_id, expected_version, tuple(moves), by_token, by_driver)
        try:
            with self._write_rows() as connection:
                return self._append(connection, append)
        except IntegrityError:
            raise append.conflict() from None

    def append_batch(self, appends: Sequence[Append]) -> list[int | ToteError]:
        """Several tables' moves in one transaction: one commit, one wait for the disk.

        Each append gets its own answer, in order: its new version, or the error
        that refuses it (:class:`VersionConflict`, :class:`NotFound`), which writes
        nothing of it and leaves the others be. Tables are locked in the order of
        their ids, so two batches of two processes never wait for each other in a
        circle. Should a write clash anyway (only another process writing the same
        rows could make it), each append is tried again alone.
        """
        answers: dict[int, int | ToteError] = {}
        order = sorted(range(len(appends)), key=lambda n: appends[n].table_id)
        try:
            with self._write_rows() as connection:
                for n in order:
                    try:
                        answers[n] = self._append(connection, appends[n])
                    except ToteError as exc:
                        answers[n] = exc
        except IntegrityError:
            for n in order:
                try:
                    one = appends[n]
                    answers[n] = self.append_moves(
                        one.table_id,
                        one.expected_version,
                        one.moves,
                        one.by_token,
                        by_driver=one.by_driver,
                    )
                except ToteError as exc:
                    answers[n] = exc
        return [answers[n] for n in range(len(appends))]

    def _append(self, connection: Connection, append: Append) -> int:
        """The version check, then the moves, then the notice, in ``connection``'s
        transaction. A refusal raises before anything is written."""
        table_id, expected = append.table_id, append.expected_version
        new_version = expected + len(append.moves)
        if append.by_driver:
            self.check_driver(connection, table_id)
        bumped = connection.execute(*version_check(append, new_version))
        if bumped.rowcount != 1:
            found = connection.execute(select(TableModel.id).where(TableModel.id == table_id))
            if found.first() is None:
                raise NotFound(f"no table {table_id!r}")
            raise seat_refusal(connection, append) or append.conflict()
        if append.moves:
            connection.execute(
                insert(MoveModel),
                [
                    {"table_id": table_id, "index": expected + offset, "by": str(by), "move": move}
                    for offset, (by, move) in enumerate(append.moves)
                ],
            )
        # A clash on (table, index) has failed above, before the notice.
        self.notify(connection, f"{table_id}:moves:{new_version}")
        return new_version

    def record(self, table_id: str) -> Record:
        """The table as a record: replaying it gives the table's current state."""
        with self._session() as session:
            model = session.get(TableModel, table_id)
            if model is None:
                raise NotFound(f"no table {table_id!r}")
            seats = session.scalars(
                select(SeatModel).where(SeatModel.table_id == table_id).order_by(SeatModel.seat)
            ).all()
            moves = session.scalars(
                select(MoveModel).where(MoveModel.table_id == table_id).order_by(MoveModel.index)
            ).all()
            return Record(
                game=model.game,
                engine=model.engine,
                options=model.options,
                seed=model.seed,
                players=[PlayerEntry(name=s.name, bot=s.bot) for s in seats],
                moves=[
                    MoveEntry(by="chance" if m.by == "chance" else int(m.by), move=m.move)
                    for m in moves
                ],
            )


@dataclass(frozen=True)
class Append:
    """Moves a table accepted at ``expected_version``, to be stored (:meth:`Store.append_batch`)."""

    table_id: str
    expected_version: int
    moves: tuple[tuple[Actor, dict[str, Any]], ...]
    by_token: tuple[int, str] | None = field(default=None, repr=False)
    """A player's move: (seat, token hash); stored only while that token plays the seat.
    Out of ``repr``, as :attr:`SeatRow.token_hash` is: no log line shows a token hash."""
    by_driver: bool = False
    """A bot's or the clock's move: stored only while this process holds the table's
    lock (:meth:`Store.check_driver <tote.store.locks.TableLocks.check_driver>`)."""

    def conflict(self) -> VersionConflict:
        return VersionConflict(f"table {self.table_id} is past version {self.expected_version}")


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    """Foreign keys on, and write-ahead logging so readers never block the writer."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def _row(session: Session, model: TableModel) -> TableRow:
    seats = session.scalars(
        select(SeatModel).where(SeatModel.table_id == model.id).order_by(SeatModel.seat)
    ).all()
    return _table_row(model, seats)


def _table_row(model: TableModel, seats: Sequence[SeatModel]) -> TableRow:
    return TableRow(
        id=model.id,
        game=model.game,
        options=dict(model.options),
        seed=model.seed,
        status=model.status,
        version=model.version,
        settings=dict(model.settings),
        seats=tuple(
            SeatRow(
                s.seat,
                s.name,
                s.bot,
                s.bot is not None or s.token is not None,
                bool(s.reserved) and s.token is None and s.bot is None,
                s.stand_in,
                s.token,
                s.timeouts or 0,
            )
            for s in seats
        ),
        created_at=model.created_at,
        engine=model.engine,
        rematch=model.rematch,
        finished_at=_aware(model.finished_at),
        result=model.result,
    )


def _aware(moment: datetime | None) -> datetime | None:
    """SQLite hands back naive datetimes: they were stored in UTC."""
    if moment is None or moment.tzinfo is not None:
        return moment
    return moment.replace(tzinfo=UTC)
