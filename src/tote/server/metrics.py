"""``GET /metrics``: what one server process is doing, in the Prometheus text format
(issue 28, metrics).

:class:`Metrics` is the :class:`~tote.server.meter.Meter` of a process with metrics on
(``tote serve``'s default; ``--no-metrics`` leaves the route out, so ``/metrics``
answers 404). Each app has a registry of its own, not ``prometheus_client``'s global
one, so several apps in one process (tests) never count into each other. Counted as
things happen: moves, the move latency, bots' think time, rate refusals, takeovers,
the listener's failures and reconnections, tote board jobs. Read when scraped: the
tables in the database by state (one ``GROUP BY`` query in a worker thread, one at a
time however many scrapes come at once, the same from every process), the tables
live here by state, the tables driven here, WebSocket connections, the lock
connection's reconnections (from the store). Database errors are counted by an event
of the store's engine, so every query of the process is seen without touching the
store's code.

Every name starts with ``tote_``; docs/deploy.md lists them. Nothing here holds a
secret: labels are states, limits, bot and job names.
"""

from __future__ import annotations

from collections import Counter as Tally
from collections.abc import Iterator
from typing import TYPE_CHECKING

from fastapi import APIRouter
from fastapi.responses import Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Histogram,
    PlatformCollector,
    ProcessCollector,
    generate_latest,
)
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector
from sqlalchemy import event, func, select
from sqlalchemy.engine import ExceptionContext
from sqlalchemy.exc import IntegrityError

from tote.server.health import OneAtATime
from tote.server.meter import Meter
from tote.store import Store
from tote.store.models import TableModel

if TYPE_CHECKING:
    from tote.server.tables import Tables

STATES = ("open", "playing", "finished", "ended")
"""A table's states, each reported even when no table is in it."""
JOBS = ("board", "review")
"""Jobs worked out beside play: ``board`` (a tote board, issue 12), ``review`` (a finished
table's review, issue 26)."""
LIMITS = ("messages", "views", "odds", "tables", "uploads", "reviews")
"""The rate limits a refusal is counted under."""
MOVE_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
"""Seconds: a move answered in milliseconds at bots' pace, in a second when saturated."""
THINK_BUCKETS = (0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
"""Seconds: rule bots choose in a millisecond, search bots in tenths of a second."""
JOB_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 0.75, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)
"""Seconds: a tote board is given half a second; a review takes 1 to 30 s (issue 26)."""
COUNT_WAIT = 2.0
"""Seconds a scrape waits for the tables' count; past it, that family is left out."""


def count_tables(store: Store) -> dict[str, int]:
    """The tables in the database by state (blocking: run it in a thread)."""
    query = select(TableModel.status, func.count()).group_by(TableModel.status)
    with store.engine.connect() as connection:
        return {status: count for status, count in connection.execute(query)}


class Metrics(Meter):
    """The counters, gauges and histograms of one server process (see the module)."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.registry = CollectorRegistry(auto_describe=True)
        registry = self.registry
        self.moves = Counter(
            "tote_moves",
            "Seats' moves stored and announced (players', bots' and the clock's).",
            registry=registry,
        )
        self.move_seconds = Histogram(
            "tote_move_seconds",
            "A player's move, from its receipt to stored and announced.",
            buckets=MOVE_BUCKETS,
            registry=registry,
        )
        self.bot_seconds = Histogram(
            "tote_bot_think_seconds",
            "A bot's time to choose its move.",
            ["bot"],
            buckets=THINK_BUCKETS,
            registry=registry,
        )
        self.refusals = Counter(
            "tote_rate_refusals",
            "Requests and messages refused for going past a rate limit, by limit.",
            ["limit"],
            registry=registry,
        )
        self.takeovers = Counter(
            "tote_table_takeovers",
            "Tables whose driving process stopped, taken over by this one (their lock).",
            registry=registry,
        )
        self.database_errors = Counter(
            "tote_database_errors",
            "Database errors: of the store's queries (kind error or disconnect), and"
            " of the connection listening for other processes' changes (listener).",
            ["kind"],
            registry=registry,
        )
        self.jobs = Counter(
            "tote_jobs", "Jobs worked out beside play, by job.", ["job"], registry=registry
        )
        self.job_failures = Counter(
            "tote_job_failures",
            "Jobs beside play that failed (refused or an error), by job; not in tote_jobs.",
            ["job"],
            registry=registry,
        )
        self.job_seconds = Histogram(
            "tote_job_seconds",
            "A job's time, by job.",
            ["job"],
            buckets=JOB_BUCKETS,
            registry=registry,
        )
        for limit in LIMITS:
            self.refusals.labels(limit)
        for kind in ("error", "disconnect", "listener"):
            self.database_errors.labels(kind)
        for job in JOBS:
            self.jobs.labels(job)
            self.job_failures.labels(job)
            self.job_seconds.labels(job)
        self.listener_reconnections = 0
        self.stored: dict[str, int] | None = None
        """The tables in the database by state, counted for the scrape under way."""
        self._count = OneAtATime(lambda: count_tables(tables.store))
        """One count at a time, however many scrapes come at once."""
        registry.register(_Scraped(self))
        ProcessCollector(registry=registry)  # CPU seconds, memory, open files
        PlatformCollector(registry=registry)
        event.listen(tables.store.engine, "handle_error", self._database_error)

    def _database_error(self, context: ExceptionContext) -> None:
        if isinstance(context.original_exception, IntegrityError):
            return  # two processes' writes clashed: the store retries, nothing failed
        self.database_errors.labels("disconnect" if context.is_disconnect else "error").inc()

    async def exposition(self) -> bytes:
        """Everything, in the Prometheus text format (the tables counted first, off the
        event loop; a database that does not answer leaves ``tote_tables`` out)."""
        try:
            self.stored = await self._count.answer(COUNT_WAIT)
        except Exception:  # counted by the engine's error event; the rest is still served
            self.stored = None
        return generate_latest(self.registry)

    # ------------------------------------------------------------ Meter
    def move_accepted(self) -> None:
        self.moves.inc()

    def move_answered(self, seconds: float) -> None:
        self.move_seconds.observe(seconds)

    def bot_thought(self, bot: str, seconds: float) -> None:
        self.bot_seconds.labels(bot).observe(seconds)

    def refused(self, limit: str) -> None:
        self.refusals.labels(limit).inc()

    def table_taken_over(self) -> None:
        self.takeovers.inc()

    def listener_failed(self) -> None:
        self.database_errors.labels("listener").inc()

    def listener_reconnected(self) -> None:
        self.listener_reconnections += 1

    def job_done(self, job: str, seconds: float) -> None:
        self.jobs.labels(job).inc()
        self.job_seconds.labels(job).observe(seconds)

    def job_failed(self, job: str) -> None:
        self.job_failures.labels(job).inc()


class _Scraped(Collector):
    """What is read when scraped: the tables live here and the store's lock connection."""

    def __init__(self, metrics: Metrics) -> None:
        self.metrics = metrics

    def collect(self) -> Iterator[Metric]:
        tables = self.metrics.tables
        stored = self.metrics.stored
        if stored is not None:
            in_store = GaugeMetricFamily(
                "tote_tables",
                "Tables in the database, by state (every process tells the same count).",
                labels=["state"],
            )
            for state in STATES:
                in_store.add_metric([state], stored.get(state, 0))
            yield in_store
        live = tables.live()
        states = Tally(runtime.status for runtime in live)
        by_state = GaugeMetricFamily(
            "tote_tables_live", "Tables live in this process's memory, by state.", labels=["state"]
        )
        for state in STATES:
            by_state.add_metric([state], states[state])
        yield by_state
        yield GaugeMetricFamily(
            "tote_tables_driven",
            "Tables in play whose bots and clock this process drives (holds their lock).",
            value=sum(1 for r in live if r.status == "playing" and r.ownership.owner),
        )
        yield GaugeMetricFamily(
            "tote_websocket_connections",
            "WebSocket connections open to this process's tables.",
            value=sum(len(runtime.audience.connections) for runtime in live),
        )
        reconnects = CounterMetricFamily(
            "tote_database_reconnects",
            "Reconnections after a lost connection: the one listening for other processes'"
            " changes (listener), the one holding the table locks (locks).",
            labels=["connection"],
        )
        reconnects.add_metric(["listener"], self.metrics.listener_reconnections)
        reconnects.add_metric(["locks"], tables.store.lock_reconnects)
        yield reconnects


def metrics_router(metrics: Metrics) -> APIRouter:
    """``GET /metrics``, unauthenticated like the health checks: it holds counts only."""
    router = APIRouter()

    @router.get("/metrics", include_in_schema=False)
    async def scrape() -> Response:
        return Response(content=await metrics.exposition(), media_type=CONTENT_TYPE_LATEST)

    return router
