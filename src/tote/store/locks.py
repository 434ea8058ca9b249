"""Which server process drives each table: PostgreSQL session advisory locks.

A mixin of :class:`~tote.store.Store` (which holds the engine): one lock a table,
on a hash of its id, all held on one connection of the process
(:mod:`tote.server.processes` decides when to take, keep and give them up). On
SQLite (one process) this process owns every table and nothing is locked.
"""

from __future__ import annotations

import hashlib
import logging
import threading
from collections import Counter
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING

from sqlalchemy import text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError

from tote.core.errors import ToteError

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

log = logging.getLogger("tote.store")

_TRY_LOCK = text("SELECT pg_try_advisory_lock(:key)")

_LOCK_HELD = (
    "SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory'"
    " AND granted AND objsubid = 1"
    " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
    " AND classid = CAST(CAST(:high AS bigint) AS oid)"
    " AND objid = CAST(CAST(:low AS bigint) AS oid)"
)
"""Whether a session holds a table's advisory lock (``pg_locks`` splits the 64-bit key
into two 32-bit halves); ``_held_by`` adds which session."""


class NotDriver(ToteError):
    """A bot's or the clock's move came from a process that no longer holds the table's
    lock: another process may drive the table now. Nothing of it was stored (issue 28:
    the driver's writes are fenced by its lock)."""


def _key_halves(table_id: str) -> dict[str, int]:
    key = _lock_key(table_id) & 0xFFFFFFFFFFFFFFFF
    return {"high": key >> 32, "low": key & 0xFFFFFFFF}


def _lock_key(table_id: str) -> int:
    """A table's advisory lock key: a signed 64-bit hash of its id."""
    digest = hashlib.sha256(f"tote-table:{table_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


class TableLocks:
    """The table locks of one process (see the module's doc)."""

    if TYPE_CHECKING:
        engine: Engine

        @property
        def shared(self) -> bool: ...

        def _write_rows(self) -> AbstractContextManager[Connection]: ...
        def notify(self, session: Session | Connection, payload: str) -> None: ...

    def _init_locks(self) -> None:
        self._lock_connection: Connection | None = None
        self._held: Counter[str] = Counter()
        """The tables whose advisory lock this process holds, and how many times."""
        self._lost: set[str] = set()
        """Locks lost with a connection and taken by another process, until reported."""
        self._lock_guard = threading.Lock()
        self._lock_backend: int | None = None
        """The database session (``pg_backend_pid``) of the lock connection: the one
        whose locks fence this process's bot and clock moves (:meth:`check_driver`)."""
        self.lock_reconnects = 0
        """Lock connections replaced so far (issue 28: the app's metrics read it)."""

    def try_own(self, table_id: str) -> bool:
        """Try to become the one process driving this table's bots and clock.

        On PostgreSQL: a session advisory lock on a hash of the table id, held
        on a connection of this store until :meth:`disown` or the process ends
        (then another process may take it over). On SQLite, always True.
        """
        if not self.shared:
            return True
        with self._lock_guard:
            taken = bool(self._on_locks("SELECT pg_try_advisory_lock(:key)", table_id))
            if taken:
                self._held[table_id] += 1
            return taken

    def disown(self, table_id: str) -> None:
        """Give up driving a table (its game is over)."""
        if not self.shared:
            return
        with self._lock_guard:
            if self._held[table_id] <= 0:
                return  # never held, or lost with a connection: nothing to release
            self._held[table_id] -= 1
            if self._held[table_id] == 0:
                del self._held[table_id]
            self._on_locks("SELECT pg_advisory_unlock(:key)", table_id)

    def check_locks(self) -> set[str]:
        """Make sure the table locks are still held; returns the tables whose lock
        was lost to another process since the last call (stop driving them).

        A lock connection that died (a database restart, a network blip,
        ``pg_terminate_backend``) took this process's locks with it: a new one is
        opened and every lock taken again (:meth:`_locks`). Costs one ``SELECT 1``
        while any lock is held, nothing otherwise; nothing on SQLite.
        """
        if not self.shared:
            return set()
        with self._lock_guard:
            if self._held:
                self._on_locks("SELECT 1")
            lost, self._lost = self._lost, set()
            return lost

    def lock_is_free(self, table_id: str) -> bool:
        """Whether no process holds the table's lock now (a look at ``pg_locks``, taking
        nothing). On SQLite, False: this process owns every table."""
        if not self.shared:
            return False
        with self.engine.connect() as connection:
            held = connection.execute(text(_LOCK_HELD + ")"), _key_halves(table_id)).scalar()
        return not held

    def check_driver(self, connection: Connection, table_id: str) -> None:
        """Raise :class:`NotDriver` unless this process's lock connection holds the
        table's lock at this moment, looked at in ``connection``'s transaction, the one
        about to store a bot's or the clock's move (issue 28).

        A process that lost its lock connection (a cut link, ``pg_terminate_backend``)
        learns of it only at its next :meth:`check_locks`; meanwhile another process may
        have taken the table over. Without this fence the old driver's bots could store
        one more move in between, and the new driver's move lost the race. Nothing on
        SQLite (one process drives every table)."""
        if not self.shared:
            return
        backend = self._lock_backend
        held = (
            backend is not None
            and connection.execute(
                text(_LOCK_HELD + " AND pid = :backend)"),
                {**_key_halves(table_id), "backend": backend},
            ).scalar()
        )
        if not held:
            raise NotDriver(
                f"table {table_id}: this process no longer holds its lock; "
                "another process may drive its bots and clock"
            )

    def holds(self, table_id: str) -> bool:
        """This process holds the table's lock, as far as it knows (always on SQLite)."""
        return not self.shared or self._held[table_id] > 0

    def _on_locks(self, sql: str, table_id: str | None = None) -> object:
        """Run one statement on the lock connection (with the table's lock key); if
        the connection turns out to be dead, once more on a new one."""
        params = {} if table_id is None else {"key": _lock_key(table_id)}
        try:
            return self._locks().execute(text(sql), params).scalar()
        except DBAPIError as exc:
            if not exc.connection_invalidated:
                raise
        return self._locks().execute(text(sql), params).scalar()

    def _locks(self) -> Connection:
        """The connection holding this process's table locks, alive as far as is known.

        Opened on first use. Once SQLAlchemy has found it dead (it invalidates a
        connection whose statement failed for a lost link), it is discarded and
        a new one opened, on which every lock this process held is taken again:
        the locks went with the old connection's session. A lock another process
        took in the meantime is not held twice: it is dropped from the locks held
        and reported by :meth:`check_locks`.
        """
        old = self._lock_connection
        if old is not None and not old.closed and not old.invalidated:
            return old
        reconnecting = old is not None or bool(self._held)
        if old is not None:
            old.close()  # returns nothing to the pool: its link is gone
        self._lock_connection = None
        connection = self.engine.connect().execution_options(isolation_level="AUTOCOMMIT")
        try:
            self._lock_backend = connection.execute(text("SELECT pg_backend_pid()")).scalar()
            lost = set()
            for table_id, count in list(self._held.items()):
                for _ in range(count):  # as many times as claimed: as many unlocks follow
                    key = {"key": _lock_key(table_id)}
                    if not connection.execute(_TRY_LOCK, key).scalar():
                        lost.add(table_id)
                        break
        except BaseException:
            connection.close()
            raise
        for table_id in lost:
            del self._held[table_id]
        self._lost |= lost
        if reconnecting:
            self.lock_reconnects += 1
            log.warning(
                "the connection holding the table locks was lost; reconnected, "
                "%d table lock(s) taken again, %d lost to another process",
                len(self._held),
                len(lost),
            )
        self._lock_connection = connection
        return connection

    def disown_all(self) -> list[str]:
        """Give up driving every table (the server is stopping): another process may.
        Returns the tables whose lock was held.

        The locks are released on their connection before it goes back to the pool:
        returning a connection ends neither its session nor the session's advisory
        locks, so they would stay held, by nobody, until the pool closed it."""
        with self._lock_guard:
            held = sorted(self._held)
            self._held.clear()
            connection, self._lock_connection = self._lock_connection, None
            self._lock_backend = None
            if connection is not None:
                try:
                    if not connection.invalidated:
                        connection.execute(text("SELECT pg_advisory_unlock_all()"))
                except DBAPIError:
                    connection.invalidate()  # a link gone takes its session's locks along
                finally:
                    connection.close()
            return held

    def hand_over(self) -> list[str]:
        """Release every table lock now and tell the other processes, which take those
        tables over at once (:meth:`Tables.notice <tote.server.tables.Tables.notice>`),
        without the wait for a lock lost with its connection: a graceful stop (issue 28).
        Returns the tables handed over; nothing on SQLite."""
        if not self.shared:
            return []
        held = self.disown_all()
        if held:
            with self._write_rows() as connection:
                for table_id in held:
                    self.notify(connection, f"{table_id}:owner:free")
        return held
