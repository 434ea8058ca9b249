"""Several server processes on one PostgreSQL database: who drives a table, and catching up.

Any process may serve any table's clients, but one alone drives a table's bots
and clock: the one holding its PostgreSQL session advisory lock
(:class:`Ownership`), taken by the process that starts the table or first
loads it in play, and gone with its connection when that process stops. The
others take over such an orphaned table (:func:`adopt_if_orphaned`, tried
every few seconds). If the connection holding the locks dies, the store opens
a new one and takes the locks again (:meth:`Store.check_locks
<tote.store.Store.check_locks>`, also every few seconds); a table whose lock
another process took meanwhile is given up (:func:`give_up`), never driven
twice. A change another process stored reaches this one as a
notice (:mod:`tote.server.fanout`), and the table's runtime catches up from
the store (:func:`catch_up`). On SQLite (one process) this process owns every
table and no notice comes.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

from tote.server.writer import run_sync
from tote.store import Store

if TYPE_CHECKING:
    from tote.server.runtime import TableRuntime

log = logging.getLogger("tote.server")

ADOPT_GRACE = 1.5
"""Seconds a table's lock must have been seen free before another process takes it.
A process whose lock connection died takes its locks back within
``CHECK_LOCKS_EVERY`` (half a second), so a lock free for longer than this has no
living owner: the table is never driven by two processes at once (issue 18)."""
CHECK_LOCKS_EVERY = 0.5
"""Seconds between two checks that this process still holds its tables' locks."""


class Ownership:
    """Whether this process drives one table's bots and clock: it holds the table's
    advisory lock in the store."""

    def __init__(self, store: Store, table_id: str) -> None:
        self.store = store
        self.table_id = table_id
        self._claimed = False
        self.free_since: float | None = None
        """When this process first saw the table's lock free, while not owning it."""

    @property
    def owner(self) -> bool:
        """This process drives the table's bots and clock: it claimed the table, and
        still holds the lock. A lock lost with its connection and taken meanwhile by
        another process is no longer held (:meth:`Store.check_locks
        <tote.store.Store.check_locks>`), so the table is not driven twice."""
        return self._claimed and self.store.holds(self.table_id)

    async def claim(self) -> None:
        """Become the driver of this table's bots and clock, unless another process is.

        Tried again on every reload, so when the owner stops (its advisory lock
        goes with its connection) the next process to hear of the table takes over.
        """
        if not self.owner:
            try:
                self._claimed = await run_sync(self.store.try_own, self.table_id)
            except Exception:
                log.exception("table %s: could not claim its bots and clock", self.table_id)

    async def disown(self) -> None:
        """Let the table's bots and clock go (the game is over, or the table leaves memory)."""
        owner, self._claimed = self.owner, False
        if owner:
            try:
                await run_sync(self.store.disown, self.table_id)
            except Exception:
                log.exception("table %s: could not release its lock", self.table_id)


def give_up(table: TableRuntime) -> None:
    """This process lost the table's lock with its lock connection, and another
    process took it before the lock could be taken again: that one drives the
    table now. Its clock stops here; its bots stop before their next move (they
    check :attr:`Ownership.owner`). If that process stops in turn, this one may
    take the table over again (:func:`adopt_if_orphaned`)."""
    log.warning(
        "table %s: another process took over its bots and clock",
        table.table_id,
        extra={"event": "lock lost"},
    )
    table.clock.cancel()


async def adopt_if_orphaned(table: TableRuntime, *, handed_over: bool = False) -> bool:
    """Take over a table in play whose bots and clock nobody drives (its owner
    stopped, and its lock went with its connection): True if this process did. The
    lock must be seen free on two looks at least :data:`ADOPT_GRACE` apart: an owner
    that only lost its connection takes its locks back before that. A table its
    owner ``handed_over`` (it released the lock on purpose, stopping gracefully:
    issue 28) is taken at once, if no other process took it first.

    The table is reloaded first, so the bots and the clock resume from the
    store's state. Only on a shared store: on SQLite this process owns them all.
    """
    ownership = table.ownership
    if ownership.owner or table.closed or table.status != "playing" or not table.store.shared:
        return False
    if not table.bots.seated and table.clock.deadline is None:
        return False  # no bot and no clock: nothing to drive, no query to make
    if not handed_over:
        now = time.monotonic()
        if not await run_sync(table.store.lock_is_free, table.table_id):
            ownership.free_since = None
            return False
        if ownership.free_since is None or now - ownership.free_since < ADOPT_GRACE:
            ownership.free_since = ownership.free_since or now
            return False  # its owner may be reconnecting: it takes its locks back at once
    ownership.free_since = None
    async with table.lock:
        if ownership.owner or table.closed or table.status != "playing":
            return False
        await ownership.claim()
        if not ownership.owner:
            return False
        log.info(
            "table %s: took over its bots and clock", table.table_id, extra={"event": "takeover"}
        )
        table.meter.table_taken_over()
        table.stale = True
        await table.fresh_locked()
        return True


async def catch_up(table: TableRuntime, kind: str, value: str) -> None:
    """Another process (or this one) changed the table in the store: catch up.

    ``kind`` and ``value`` are a notice's (``moves`` and a version, ``seats`` and a
    seat, ``status`` and a status; anything else reloads). Notices of what this
    runtime already knows (its own moves, a status or a seat it already has) are
    dropped without reading the store. Otherwise the runtime is rebuilt from the
    store, and every connection gets its new view.
    """
    if table.closed or (
        table.stale and not table.audience.connections and not table.ownership.owner
    ):
        return  # nobody is watching: the next user reloads it anyway
    async with table.lock:
        if table.stale:
            await table.fresh_locked()
            return
        if kind == "moves":
            if value.isdigit() and table.version >= int(value):
                return
        elif kind == "status":
            if table.status == value:
                return
        elif kind == "timeouts":  # a seat's timeouts in a row (issue 27): the row only
            await table.reload_row_locked()
            return
        elif kind == "seats" and value.isdigit() and int(value) < len(table.row.seats):
            if table.row.seats[int(value)].taken:
                return
            await table.reload_row_locked()
            return
        table.stale = True
        await table.fresh_locked()
        table.audience.broadcast_table()
