"""A finished table's review over HTTP (issue 26, "Where people see it").

- ``POST /api/tables/{id}/review``: start the review of a finished table (every seat's
  decisions judged from what that seat knew then, :func:`tote.review.review`). It is
  computed once, in the background, and stored with the table (:mod:`tote.store.reviews`):
  asking again while it is in the works, or after, starts nothing more. Answers ``202``
  with its progress while it is in the works, ``200`` with the review once it is done.
- ``GET /api/tables/{id}/review``: where it stands: ``none`` (nobody asked yet),
  ``waiting`` (for a free worker), ``working`` (moves replayed so far), ``failed`` (why),
  ``done`` (the review). ``?seat=N`` keeps one seat's summary and decisions.

Who may read it: whoever may read the table's replay (:mod:`tote.server.replays`).
A finished game's replay shows every seat's view, so its review (which holds only what
each seat knew at each decision) shows nothing the replay does not; a table still in
play is refused (409: its record holds draws nobody may see yet), and so is one ended
early (403: its record is the host's alone). A seat the game does not have is refused
(400). A refusal starts and stores nothing.

Bounds per server process: :data:`MOST_AT_ONCE` reviews compute at once, each in a
child process (:mod:`.review_process`: a review holds the interpreter for seconds, and
in the server's own process every table would wait behind it), watched by a worker
thread,
:data:`MOST_WAITING` more wait their turn, and past that a new one is refused (503,
``Retry-After``). A review running over :data:`MOST_SECONDS` is stopped (and failed).
Across processes sharing a PostgreSQL database, the stored claim keeps one review per
table in the works (:meth:`Store.claim_review <tote.store.reviews.ReviewChanges.claim_review>`).
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query
from fastapi.responses import JSONResponse
from pydantic import BaseModel

from tote.core.moves import CHANCE
from tote.core.record import Record
from tote.review import review
from tote.server.errors import Refused
from tote.server.replay_book import Shelf
from tote.server.review_process import ReviewFailed, review_in_child
from tote.server.runtime import TableRuntime
from tote.server.tables import Tables
from tote.server.writer import run_sync

log = logging.getLogger("tote.server")

MOST_AT_ONCE = 1
"""Reviews computing at once in one server process (each takes one core for seconds:
Carcassonne's whole game about 20 s on the reference machine, docs/review.md)."""
MOST_WAITING = 4
"""Reviews waiting for a free worker, beyond those computing; one more is refused."""
MOST_SECONDS = 300.0
"""The longest one review may compute before it is stopped."""
STALE_AFTER = MOST_SECONDS + 60.0
"""A stored claim older than this belongs to a process that stopped: it is taken over."""
MOST_KEPT = 16
"""Done reviews kept in memory (besides the store), so a page asking again reads no row."""

Status = Literal["none", "waiting", "working", "failed", "done"]
Compute = Callable[[Record, Callable[[int, int], None]], dict[str, Any]]
"""Computes a record's review (as JSON), telling ``(moves replayed, moves)`` as it goes."""


class ReviewProgress(BaseModel):
    moves: int
    """Moves of the record replayed and judged so far."""
    of: int
    """Moves in the record."""


class ReviewAnswer(BaseModel):
    """Where a table's review stands, and the review once it is done."""

    table_id: str
    status: Status
    progress: ReviewProgress | None = None
    error: str | None = None
    """Why it failed (``failed``): asking again starts it anew."""
    review: dict[str, Any] | None = None
    """``Review.to_json()``, each decision with its replay ``step`` (``done``)."""


class Stopped(Exception):
    """A review stopped before its end: the server is stopping, or it ran too long."""


@dataclass
class Job:
    """A review in the works in this process."""

    table_id: str
    status: Status = "waiting"
    moves: int = 0
    of: int = 0
    error: str | None = None
    task: asyncio.Task[None] | None = field(default=None, repr=False)

    def answer(self) -> ReviewAnswer:
        progress = ReviewProgress(moves=self.moves, of=self.of) if self.of else None
        return ReviewAnswer(
            table_id=self.table_id, status=self.status, progress=progress, error=self.error
        )


def compute_review(record: Record, progress: Callable[[int, int], None]) -> dict[str, Any]:
    """Every seat's review of ``record`` as JSON, each decision with the replay step that
    shows its move played (:class:`~tote.server.replay_book.ReplayBook`'s steps)."""
    data = review(record, progress=progress).to_json()
    steps: dict[int, int] = {}
    for index, entry in enumerate(record.moves):
        if entry.by != CHANCE:
            steps[index] = len(steps) + 1
    for decision in data["decisions"]:
        decision["step"] = steps.get(decision["index"])
    return data


class Reviews:
    """This process's reviews: the jobs in the works and their bounds (module doc)."""

    def __init__(
        self,
        tables: Tables,
        *,
        at_once: int = MOST_AT_ONCE,
        waiting: int = MOST_WAITING,
        seconds: float = MOST_SECONDS,
        compute: Compute = compute_review,
    ) -> None:
        self.tables = tables
        self.store = tables.store
        self.at_once = at_once
        self.waiting = waiting
        self.seconds = seconds
        self.compute = compute
        self.jobs: dict[str, Job] = {}
        self._done: Shelf[str, dict[str, Any]] = Shelf(MOST_KEPT)
        self._slots: asyncio.Semaphore | None = None
        self._stop = threading.Event()
        self._executor = ThreadPoolExecutor(max_workers=at_once, thread_name_prefix="tote-review")

    def busy(self) -> int:
        """Reviews waiting or computing here."""
        return sum(1 for job in self.jobs.values() if job.status in ("waiting", "working"))

    async def readable(self, table_id: str) -> TableRuntime:
        """The table, if its review may be read: the replay's rule (module doc)."""
        runtime = await self.tables.get(table_id)
        await runtime.ensure_loaded()
        if runtime.status == "ended":
            raise Refused(
                "review",
                f"table {table_id} was ended early: its record is the host's alone, so it"
                " has no review here (the host may review the record with tote review)",
                403,
            )
        if runtime.status != "finished":
            raise Refused(
                "review",
                f"table {table_id} is {runtime.status}: a game is reviewed once it is over"
                " (until then its record holds draws nobody may see)",
                409,
            )
        return runtime

    async def status(self, runtime: TableRuntime) -> ReviewAnswer:
        """Where the table's review stands (nothing is started)."""
        table_id = runtime.table_id
        kept = self._done.get(table_id)
        if kept is not None:
            return ReviewAnswer(table_id=table_id, status="done", review=kept)
        row = await run_sync(self.store.review_of, table_id)
        if row is not None and row.status == "done" and row.review is not None:
            self._done.put(table_id, row.review)
            return ReviewAnswer(table_id=table_id, status="done", review=row.review)
        job = self.jobs.get(table_id)
        if job is not None:
            return job.answer()
        if row is not None and not self._dead(row.started_at):
            return ReviewAnswer(table_id=table_id, status="working")  # another process's
        return ReviewAnswer(table_id=table_id, status="none")

    def _dead(self, started_at: datetime) -> bool:
        """Whether a stored claim no job of this process holds is a stopped process's:
        on SQLite one process serves the database, so any such claim is; on PostgreSQL
        one older than :data:`STALE_AFTER`."""
        if not self.store.shared:
            return True
        return started_at < datetime.now(UTC) - timedelta(seconds=STALE_AFTER)

    async def start(self, runtime: TableRuntime) -> ReviewAnswer:
        """Start the table's review unless it is done or in the works; refused when this
        process has :attr:`at_once` + :attr:`waiting` reviews in the works already."""
        answer = await self.status(runtime)
        if answer.status in ("done", "waiting", "working"):
            return answer
        if self.busy() >= self.at_once + self.waiting:
            self.tables.meter.refused("reviews")
            raise Refused(
                "busy",
                f"the server is reviewing {self.busy()} games already (at most"
                f" {self.at_once} at once and {self.waiting} waiting); ask again in a minute",
                503,
                retry_after=60.0,
            )
        job = Job(runtime.table_id, "working" if self.busy() < self.at_once else "waiting")
        self.jobs[runtime.table_id] = job
        job.task = asyncio.create_task(self._run(job, runtime))
        return job.answer()

    async def _run(self, job: Job, runtime: TableRuntime) -> None:
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.at_once)
        async with self._slots:
            job.status = "working"
            started = time.perf_counter()
            claimed = False
            try:
                record = await runtime.record(host=False)
                job.of = len(record.moves)
                stale = datetime.now(UTC) - timedelta(seconds=STALE_AFTER)
                if not self.store.shared:
                    stale = datetime.now(UTC)  # one process: no other claim is alive
                claimed = await run_sync(self.store.claim_review, job.table_id, stale)
                if not claimed:  # done, or in the works in another process
                    self.jobs.pop(job.table_id, None)
                    return
                loop = asyncio.get_running_loop()
                result = await loop.run_in_executor(self._executor, self._compute, job, record)
                await run_sync(self.store.finish_review, job.table_id, result)
            except Exception as exc:
                if claimed:
                    await run_sync(self.store.drop_review_claim, job.table_id)
                self.tables.meter.job_failed("review")
                job.status = "failed"
                if isinstance(exc, Stopped):
                    job.error = str(exc)
                elif isinstance(exc, ReviewFailed):
                    job.error = f"{exc}; ask again to retry"
                else:
                    job.error = f"the review failed ({type(exc).__name__}); ask again to retry"
                if not isinstance(exc, (Stopped, Refused)):
                    log.exception("table %s: its review failed", job.table_id)
                return
            self.tables.meter.job_done("review", time.perf_counter() - started)
            self.jobs.pop(job.table_id, None)

    def _compute(self, job: Job, record: Record) -> dict[str, Any]:
        """In a worker thread: the review, its progress told to ``job`` as it goes. The
        server's own review (:func:`compute_review`) runs in a child process
        (:func:`~tote.server.review_process.review_in_child`); a ``compute`` handed in
        (tests) runs here."""
        deadline = time.monotonic() + self.seconds

        def progress(done: int, of: int) -> None:
            job.moves, job.of = done, of
            if self._stop.is_set():
                raise Stopped("the server stopped during the review; ask again")
            if time.monotonic() > deadline:
                raise Stopped(f"the review took over {self.seconds:.0f} s and was stopped")

        if self.compute is compute_review:
            return review_in_child(record, progress)
        return self.compute(record, progress)

    def shutdown(self) -> None:
        """Stop every review at its next move, and give up this process's claims."""
        self._stop.set()
        for job in list(self.jobs.values()):
            if job.task is not None:
                job.task.cancel()
            if job.status == "working":
                try:
                    self.store.drop_review_claim(job.table_id)
                except Exception:  # the database is away: the claim goes stale instead
                    log.warning("table %s: its review claim is left to go stale", job.table_id)
        self._executor.shutdown(wait=False, cancel_futures=True)


SeatQuery = Annotated[
    int | None, Query(ge=0, le=64, description="One seat's review; leave out for every seat.")
]


def _one_seat(answer: ReviewAnswer, runtime: TableRuntime, seat: int | None) -> ReviewAnswer:
    """``answer`` with only ``seat``'s summary and decisions; a seat the game does not
    have is refused."""
    if seat is None:
        return answer
    players = len(runtime.row.seats)
    if seat >= players:
        message = f"there is no seat {seat}: this game has seats 0 to {players - 1}"
        raise Refused("seat", message, 400)
    if answer.review is None:
        return answer
    data = dict(answer.review)
    data["seats"] = [s for s in data["seats"] if s["seat"] == seat]
    data["decisions"] = [d for d in data["decisions"] if d["seat"] == seat]
    return answer.model_copy(update={"review": data})


def review_router(reviews: Reviews) -> APIRouter:
    """The review endpoints (module doc)."""
    api = APIRouter(prefix="/api")

    @api.post(
        "/tables/{table_id}/review",
        summary="Start a finished table's review (computed once, in the background)",
        response_model=ReviewAnswer,
        responses={202: {"model": ReviewAnswer, "description": "In the works"}},
    )
    async def start(table_id: str, seat: SeatQuery = None) -> JSONResponse:
        runtime = await reviews.readable(table_id)
        _one_seat(ReviewAnswer(table_id=table_id, status="none"), runtime, seat)
        answer = _one_seat(await reviews.start(runtime), runtime, seat)
        code = 200 if answer.status == "done" else 202
        return JSONResponse(answer.model_dump(), status_code=code)

    @api.get(
        "/tables/{table_id}/review",
        summary="Where a finished table's review stands, and the review once done",
        response_model=ReviewAnswer,
    )
    async def status(table_id: str, seat: SeatQuery = None) -> ReviewAnswer:
        runtime = await reviews.readable(table_id)
        _one_seat(ReviewAnswer(table_id=table_id, status="none"), runtime, seat)
        return _one_seat(await reviews.status(runtime), runtime, seat)

    return api
