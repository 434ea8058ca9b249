"""Health checks for load balancers and supervisors (issue 28, health).

- ``GET /healthz``: the process is up and its event loop answers. Always ``200``
  ``{"status": "ok"}``; it touches nothing else, so a slow database never makes a
  supervisor restart a process that would recover by itself.
- ``GET /readyz``: this process can take tables now: the database answers a
  ``SELECT 1`` (in a worker thread, never on the event loop) and the process is not
  stopping. ``200`` ``{"status": "ready"}``, else ``503`` ``{"status": "not ready",
  "reason": "..."}``. A load balancer sends new clients only where it answers 200.

Both are cheap, unauthenticated and not rate-limited, and hold no secret: the
reason names the kind of database error, never its message (which may name the
host and the user). However many checks come at once, one ``SELECT 1`` at a time
is in flight: the others wait for its answer, so a database that hangs never ties
up more than one worker thread, and after :data:`READY_WAIT` seconds without an
answer the check says so.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Generic, TypeVar

from fastapi import APIRouter
from fastapi.responses import JSONResponse
from sqlalchemy import text

from tote.server.writer import run_sync
from tote.store import Store

if TYPE_CHECKING:
    from tote.server.tables import Tables

READY_WAIT = 3.0
"""Seconds ``/readyz`` waits for the database's answer before it answers 503."""

R = TypeVar("R")


class OneAtATime(Generic[R]):
    """A blocking database read run in a worker thread, one at a time: whoever asks while
    it runs waits for the same answer. Unauthenticated routes (``/readyz``, ``/metrics``)
    read through one, so however many requests come at once, a database that hangs ties
    up one worker thread, never the pool the moves are stored through (issue 28)."""

    def __init__(self, read: Callable[[], R]) -> None:
        self._read = read
        self._running: asyncio.Task[R] | None = None

    async def answer(self, wait: float) -> R:
        """The read's result, from the one under way or a new one; :class:`TimeoutError`
        after ``wait`` seconds, or the read's own error."""
        if self._running is None or self._running.done():
            self._running = asyncio.create_task(run_sync(self._read))
            self._running.add_done_callback(_retrieve)
        return await asyncio.wait_for(asyncio.shield(self._running), wait)


def ping(store: Store) -> None:
    """One ``SELECT 1`` through the store's engine (blocking: run it in a thread)."""
    with store.engine.connect() as connection:
        connection.execute(text("SELECT 1"))


class Readiness:
    """Whether this process can take tables; one database check in flight at a time."""

    def __init__(self, store: Store, tables: Tables) -> None:
        self.store = store
        self.tables = tables
        self._check = OneAtATime(lambda: ping(store))

    async def reason(self) -> str | None:
        """Why this process cannot take tables now, or None if it can."""
        if self.tables.draining:
            return "this process is stopping"
        try:
            await self._check.answer(READY_WAIT)
        except TimeoutError:
            return f"the database has not answered in {READY_WAIT:g} s"
        except Exception as exc:
            return f"the database does not answer ({type(exc).__name__})"
        if self.tables.draining:
            return "this process is stopping"
        return None


def _retrieve(check: asyncio.Task[R]) -> None:
    """Take a finished check's error, so that one nobody waited for is not reported."""
    if not check.cancelled():
        check.exception()


def health_router(store: Store, tables: Tables) -> APIRouter:
    """``/healthz`` and ``/readyz`` (see the module)."""
    router = APIRouter(tags=["health"])
    readiness = Readiness(store, tables)

    @router.get("/healthz", summary="The process is up (for supervisors)")
    async def healthz() -> dict[str, str]:
        return {"status": "ok"}

    @router.get(
        "/readyz",
        summary="The database answers and this process can take tables (for load balancers)",
        responses={503: {"description": "Not ready: the reason is given"}},
    )
    async def readyz() -> JSONResponse:
        reason = await readiness.reason()
        if reason is not None:
            return JSONResponse({"status": "not ready", "reason": reason}, status_code=503)
        return JSONResponse({"status": "ready"})

    return router
