"""Several server processes on one PostgreSQL database: LISTEN for each other's changes.

Every change to a table (moves, seats, status) is announced by the store with
``pg_notify`` in the transaction that makes it, so a notice arrives only for a
change that was committed (:meth:`Store.notify <tote.store.Store.notify>`).
Each process listens on one connection of its own and hands every notice to
:meth:`Tables.notice <tote.server.tables.Tables.notice>`: a table live here
catches up from the store and sends its connections their new views.

The listening connection carries TCP keepalives (issue 28), as the store's do: if it
dies silently, the process notices within about a minute and listens again.

Notices are not queued while a listener is away: after (re)connecting, every
live table is caught up from the store, which stays the truth.
"""

from __future__ import annotations

import asyncio
import logging

import psycopg
from psycopg.conninfo import make_conninfo
from sqlalchemy.engine import make_url

from tote.server.tables import Tables
from tote.store import Store
from tote.store.connections import KEEPALIVES
from tote.store.store import CHANNEL

log = logging.getLogger("tote.server")

RECONNECT_PAUSE = 1.0
"""Seconds to wait before listening again after the connection was lost."""


def libpq_url(store: Store) -> str:
    """The store's URL as psycopg takes it (no SQLAlchemy driver name)."""
    url = make_url(store.url).set(drivername="postgresql")
    return url.render_as_string(hide_password=False)


async def listen(tables: Tables, store: Store, ready: asyncio.Event | None = None) -> None:
    """Hand every notice on :data:`~tote.store.store.CHANNEL` to ``tables``, until cancelled."""
    first = True
    pending: set[asyncio.Task[None]] = set()
    while True:
        try:
            async with await psycopg.AsyncConnection.connect(
                make_conninfo(libpq_url(store), **KEEPALIVES), autocommit=True
            ) as connection:
                await connection.execute(f"LISTEN {CHANNEL}")
                if ready is not None:
                    ready.set()
                if not first:  # notices sent while away are lost: catch everything up
                    tables.meter.listener_reconnected()
                    await tables.refresh()
                first = False
                async for notice in connection.notifies():
                    task = asyncio.create_task(tables.notice(notice.payload))
                    pending.add(task)
                    task.add_done_callback(pending.discard)
        except asyncio.CancelledError:
            for task in pending:
                task.cancel()
            raise
        except Exception as exc:
            log.warning(
                "listening for other servers' moves failed (%s); retrying",
                exc,
                extra={"event": "listener failed"},
            )
            tables.meter.listener_failed()
            first = False
        await asyncio.sleep(RECONNECT_PAUSE)
