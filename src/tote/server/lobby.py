"""Keeping the lobby small: how many tables a client may open, and how long an open
table nobody joins is kept (issue 18, defect 3).

Anyone may create a table, so without limits one client could fill the store and
every lobby page with tables nobody plays. Two limits hold it:

- :class:`CreationLimit`: at most ``per_minute`` new tables a minute from one client
  address (a sliding window; ``tote serve --tables-per-minute``, 30 by default); past
  it, ``429`` with ``Retry-After``.
- :func:`expire_open_tables`: an open table that no person joined within
  ``open_seconds`` is deleted (``tote serve --open-table-hours``, 24 by default; a bot
  may have been seated, but nobody holds a seat link).

The lobby's list is paginated (``GET /api/tables?limit=&offset=``) and read in one
query (:meth:`tote.store.Store.tables`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from tote.server.writer import run_sync
from tote.store import Store

log = logging.getLogger("tote.server")

EXPIRE_EVERY = 300.0
"""Seconds between two looks for open tables to expire."""
MOST_CLIENTS = 10_000
"""Client addresses remembered at once; past that, the quietest are forgotten."""


class CreationLimit:
    """At most ``per_minute`` tables created by one client in any 60 seconds."""

    def __init__(self, per_minute: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_minute = per_minute
        self.clock = clock
        self._created: dict[str, deque[float]] = {}

    def wait(self, client: str) -> float:
        """Seconds ``client`` must wait before creating a table (0: it may now, and this
        creation is counted)."""
        now = self.clock()
        times = self._created.setdefault(client, deque())
        while times and times[0] <= now - 60.0:
            times.popleft()
        if len(times) >= self.per_minute:
            return max(0.0, times[0] + 60.0 - now)
        times.append(now)
        if len(self._created) > MOST_CLIENTS:
            self._forget_quiet(now)
        return 0.0

    def _forget_quiet(self, now: float) -> None:
        """Drop every client with no creation in the last minute: memory stays bounded."""
        for client in [c for c, t in self._created.items() if not t or t[-1] <= now - 60.0]:
            del self._created[client]


async def expire_open_tables(store: Store, open_seconds: float) -> None:
    """Every few minutes, delete the open tables nobody joined in ``open_seconds``."""
    while True:
        try:
            older_than = datetime.now(UTC) - timedelta(seconds=open_seconds)
            gone = await run_sync(store.expire_open_tables, older_than)
            if gone:
                log.info("expired %d open table(s) nobody joined", gone)
        except Exception:
            log.exception("expiring open tables failed")
        await asyncio.sleep(min(EXPIRE_EVERY, open_seconds))
