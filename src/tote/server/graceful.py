"""A graceful stop: on SIGTERM (or a first Ctrl+C) the server drains before it exits.

uvicorn, told to stop, closes every WebSocket at once with 1012 and only then runs
the app's lifespan shutdown, too late to say goodbye properly. :class:`GracefulServer`
runs the drain first (:meth:`Tables.drain <tote.server.tables.Tables.drain>`):
it stops listening for new connections, lets the moves in flight be stored and
answered, closes every table's sockets with 1001 (going away: browsers reconnect by
themselves, to another process or to this one restarted), hands the tables it drives
to the other processes on PostgreSQL, and only then lets uvicorn stop. A second
signal stops at once, as uvicorn does (issue 28, graceful restarts).
"""

from __future__ import annotations

import asyncio
import logging
import signal
from collections.abc import Awaitable, Callable
from types import FrameType
from typing import TYPE_CHECKING, Any

import uvicorn

if TYPE_CHECKING:
    from fastapi import FastAPI

    from tote.server.tables import Tables

log = logging.getLogger("tote.server")

DRAIN_SECONDS = 10.0
"""The longest a drain may take before the server stops anyway."""
LINGER_SECONDS = 3.0
"""Of which the longest spent waiting for the sockets to send their last views and
close (a client that does not answer the close frame is closed by uvicorn)."""
SHUTDOWN_SECONDS = 10.0
"""After the drain, the longest uvicorn waits for the requests still open."""


class GracefulServer(uvicorn.Server):
    """uvicorn's server, with ``drain`` run before it stops on SIGTERM or SIGINT."""

    def __init__(self, config: uvicorn.Config, drain: Callable[[], Awaitable[Any]]) -> None:
        super().__init__(config)
        self._drain = drain
        self._loop: asyncio.AbstractEventLoop | None = None
        self._draining: asyncio.Task[None] | None = None

    async def serve(self, sockets: Any = None) -> None:
        self._loop = asyncio.get_running_loop()
        await super().serve(sockets)

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        first = sig in (signal.SIGTERM, signal.SIGINT) and not self.should_exit
        if not first or not self.started or self._loop is None or self._draining is not None:
            super().handle_exit(sig, frame)  # a second signal, or not serving yet: stop now
            return
        self._captured_signals.append(sig)  # uvicorn raises it again once stopped
        self._loop.call_soon_threadsafe(self._begin_drain)

    def _begin_drain(self) -> None:
        if self._draining is None and not self.should_exit:
            self._draining = asyncio.create_task(self._drain_then_stop())

    async def _drain_then_stop(self) -> None:
        log.info("stopping gracefully: draining the tables")
        for server in self.servers:
            server.close()  # no new connection; the open ones carry on
        try:
            async with asyncio.timeout(DRAIN_SECONDS):
                await self._drain()
        except TimeoutError:
            log.error("draining took over %.0f s; stopping anyway", DRAIN_SECONDS)
        except Exception:
            log.exception("draining failed; stopping anyway")
        finally:
            self.should_exit = True


def serve(app: FastAPI, **options: Any) -> None:
    """Run the tote app as :func:`uvicorn.run` does (``options`` are its), draining its
    tables (:meth:`Tables.drain <tote.server.tables.Tables.drain>`) on the first
    SIGTERM or SIGINT; requests still open after the drain get ``SHUTDOWN_SECONDS``
    unless ``timeout_graceful_shutdown`` says otherwise."""
    tables: Tables = app.state.tables
    options.setdefault("timeout_graceful_shutdown", SHUTDOWN_SECONDS)
    server = GracefulServer(
        uvicorn.Config(app, **options), lambda: tables.drain(linger=LINGER_SECONDS)
    )
    server.run()
