"""Every table live in this process: :class:`Tables`, loaded from the store on first use.

A table's runtime (:mod:`tote.server.runtime`) is made the first time a
request names the table, and forgotten once nobody has used it for a while
(:meth:`Tables.evict_idle`): memory holds the tables in use, the store holds
them all. On start, every table in play is loaded so that its bots and clock
carry on without a client (:meth:`Tables.resume`). Notices from other
processes, and the periodic takeover of orphaned tables, are handed on here
to the runtimes they concern (:mod:`tote.server.processes`).
"""

from __future__ import annotations

import asyncio
import logging
import time

from sqlalchemy.exc import DBAPIError

from tote.server.errors import Refused
from tote.server.meter import Meter
from tote.server.processes import adopt_if_orphaned, catch_up, give_up
from tote.server.runtime import TableRuntime
from tote.server.writer import MoveWriter, database_reason, run_sync
from tote.store import Store

log = logging.getLogger("tote.server")

MOST_DONE = 32
"""Finished or ended tables kept in memory when nobody uses them."""


class Tables:
    """Every live table of this process, loaded from the store on first use."""

    def __init__(self, store: Store, *, bot_delay: float) -> None:
        self.store = store
        self.writer = MoveWriter(store)
        self.bot_delay = bot_delay
        self._runtimes: dict[str, TableRuntime] = {}
        self.meter = Meter()
        """What this process counts for its operators (issue 28: the app's metrics)."""
        self.draining = False
        """The server is stopping (:meth:`drain`): it takes no table and no connection
        more, and is not ready for a load balancer (issue 28, graceful restarts)."""
        self._drain: asyncio.Future[list[str]] | None = None

    async def get(self, table_id: str) -> TableRuntime:
        """The table's runtime (raises :class:`~tote.store.NotFound`, or
        :class:`~tote.server.errors.Refused` while the server is draining)."""
        self.refuse_if_draining()
        runtime = self._runtimes.get(table_id)
        if runtime is None:
            row = await run_sync(self.store.table, table_id)
            self.refuse_if_draining()  # drain began meanwhile: it has taken stock
            # Another request may have made it while this one read the row.
            runtime = self._runtimes.setdefault(
                table_id,
                TableRuntime(
                    self.store, row, bot_delay=self.bot_delay, writer=self.writer, meter=self.meter
                ),
            )
            runtime.touched = time.monotonic()
            await self._forget_done_beyond(MOST_DONE)
        runtime.touched = time.monotonic()
        return runtime

    async def _forget_done_beyond(self, most: int) -> None:
        """Keep at most ``most`` finished or ended tables nobody is using in memory: the
        least recently used go first. A finished table's views are read often (the lobby,
        replays) and cost a replay to load, so some are kept, but never without bound:
        every finished table read once would otherwise stay for ``forget_after``
        (issue 18, defect 6)."""
        now = time.monotonic()
        done = [
            (runtime.touched, table_id, runtime)
            for table_id, runtime in self._runtimes.items()
            if runtime.status in ("finished", "ended") and runtime.idle(now) is not None
        ]
        if len(done) <= most:
            return
        done.sort(key=lambda entry: entry[0])
        for _, table_id, runtime in done[: len(done) - most]:
            if self._runtimes.get(table_id) is runtime:
                del self._runtimes[table_id]
                await runtime.release()

    async def adopt_orphans(self) -> list[str]:
        """Take over every table live here whose owner process stopped (see
        :func:`~tote.server.processes.adopt_if_orphaned`); returns their ids. None
        while draining: this process is handing its own tables over."""
        if self.draining:
            return []
        adopted = []
        for table_id, runtime in list(self._runtimes.items()):
            try:
                if await adopt_if_orphaned(runtime):
                    adopted.append(table_id)
            except Exception:
                log.exception("table %s: taking it over failed", table_id)
        return adopted

    async def check_locks(self) -> list[str]:
        """Make sure this process still holds the locks of the tables it drives,
        reconnecting if their connection was lost (:meth:`Store.check_locks
        <tote.store.Store.check_locks>`); the tables whose lock another process took
        meanwhile are given up (:func:`~tote.server.processes.give_up`). Returns their ids."""
        lost = sorted(await run_sync(self.store.check_locks))
        for table_id in lost:
            runtime = self._runtimes.get(table_id)
            if runtime is not None:
                give_up(runtime)
        return lost

    async def evict_idle(self, idle_seconds: float) -> list[str]:
        """Forget the runtimes nobody has used for ``idle_seconds``, so memory holds the
        tables in use, not every table ever opened. Their tables stay in the store:
        the next request for one loads it again. Returns the ids forgotten."""
        forgotten = []
        for table_id in list(self._runtimes):
            runtime = self._runtimes.get(table_id)
            seconds = None if runtime is None else runtime.idle(time.monotonic())
            if runtime is not None and seconds is not None and seconds >= idle_seconds:
                del self._runtimes[table_id]  # checked and taken with no await between
                await runtime.release()
                forgotten.append(table_id)
        return forgotten

    async def resume(self) -> None:
        """Load every table in play, so its bots and clock carry on without a client."""
        rows = await run_sync(self.store.tables, "playing")
        for row in rows:
            if self.draining:
                return
            try:
                runtime = await self.get(row.id)
                await runtime.ensure_loaded()
            except Exception:
                log.exception("table %s could not be resumed", row.id)

    async def notice(self, payload: str) -> None:
        """A change announced by the store (``<table>:<kind>:<value>``, see
        :meth:`Store.notify <tote.store.Store.notify>`): the runtime of a table live
        in this process catches up; other tables are none of this process's business."""
        table_id, _, rest = payload.partition(":")
        kind, _, value = rest.partition(":")
        if kind == "owner":
            await self._take_over(table_id)
            return
        runtime = self._runtimes.get(table_id)
        if runtime is None:
            return
        try:
            if kind == "chat":  # issue 27: said through another process (or this one)
                await runtime.chat.catch_up()
                return
            await catch_up(runtime, kind, value)
        except DBAPIError as exc:  # a lost link: the next notice or refresh catches up
            log.warning(
                "table %s: catching up after %r failed: %s", table_id, payload, database_reason(exc)
            )
        except Exception:
            log.exception("table %s: catching up after %r failed", table_id, payload)

    async def refresh(self) -> None:
        """Catch every live table up (notices may have been missed)."""
        for runtime in list(self._runtimes.values()):
            try:
                await catch_up(runtime, "reload", "")
            except DBAPIError as exc:
                log.warning(
                    "table %s: catching up failed: %s", runtime.table_id, database_reason(exc)
                )
            except Exception:
                log.exception("table %s: catching up failed", runtime.table_id)

    def live(self) -> list[TableRuntime]:
        """Every table live in this process now."""
        return list(self._runtimes.values())

    async def _take_over(self, table_id: str) -> None:
        """Another process stopped gracefully and handed its tables over (``owner:free``):
        take this one now, live here or not, unless another process is faster or this
        one is draining too (issue 28)."""
        if self.draining:
            return
        try:
            runtime = await self.get(table_id)
            await runtime.ensure_loaded()  # a table loaded here for the first time is claimed
            if runtime.ownership.owner or await adopt_if_orphaned(runtime, handed_over=True):
                log.info("table %s: handed over by a process that stopped", table_id)
        except Refused:
            return  # this process began draining meanwhile
        except Exception:
            log.exception("table %s: taking it over from a stopping process failed", table_id)

    def refuse_if_draining(self) -> None:
        """A new table, or one not live here, is refused while draining: 503, try again
        (behind a load balancer, another process answers)."""
        if self.draining:
            raise Refused(
                "restarting",
                "this server is restarting; try again in a moment",
                503,
                retry_after=1.0,
            )

    async def drain(self, linger: float = 0.0) -> list[str]:
        """Stop gracefully (issue 28): take no table more; let every move in flight be
        stored and announced, then stop each table's bots and clock and close its
        sockets with 1001 (going away: browsers reconnect by themselves); wait for the
        move writer to finish; hand the tables this process drives over to the other
        processes at once (PostgreSQL; on SQLite the store holds everything a restart
        needs); then wait up to ``linger`` seconds for the sockets to send their last
        views and close. Returns the tables handed over. Called again, it waits for
        the first drain to end."""
        self.draining = True
        if self._drain is None:
            self._drain = asyncio.ensure_future(self._stop_all(linger))
        return await asyncio.shield(self._drain)

    async def _stop_all(self, linger: float) -> list[str]:
        runtimes = list(self._runtimes.values())
        await asyncio.gather(*(runtime.stop() for runtime in runtimes))
        await self.writer.flush()
        handed = await run_sync(self.store.hand_over)
        log.info(
            "draining: %d table(s) stopped, %d handed over to other processes",
            len(runtimes),
            len(handed),
        )
        deadline = time.monotonic() + linger
        while time.monotonic() < deadline and any(r.audience.connections for r in runtimes):
            await asyncio.sleep(0.05)
        return handed

    def shutdown(self) -> None:
        self.draining = True
        for runtime in self._runtimes.values():
            runtime.shutdown()

    def __len__(self) -> int:
        return len(self._runtimes)
