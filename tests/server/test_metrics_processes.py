"""The metrics of several ``tote serve`` processes on PostgreSQL (issue 28, metrics):
reconnections of the lock and LISTEN connections, the listener's failures, and
takeovers of a killed process's tables, counted in each process's ``/metrics``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from tote.store import Store

from .test_lost_connections import (
    backends,
    bot_moves,
    bot_table,
    lock_holders,
    terminate,
    wait_for,
)
from .test_serve import tote_serve


@pytest.fixture
def store(own_postgres_url: str) -> Iterator[Store]:
    store = Store(own_postgres_url)
    yield store
    store.engine.dispose()


def sample(http: httpx.Client, name: str, **labels: str) -> float:
    """One sample of the process's ``/metrics``, parsed by prometheus_client."""
    for family in text_string_to_metric_families(http.get("/metrics").text):
        for found in family.samples:
            if found.name == name and found.labels == labels:
                return found.value
    return 0.0


def test_reconnections_failures_and_takeovers_are_counted(
    store: Store, own_postgres_url: str, tmp_path: Path
) -> None:
    """Issue 28, metrics: A's lock connection and LISTEN connection are killed, then A
    itself (kill -9): A counts one reconnection of each and the listener's failure, and
    B counts the takeover of the table A drove."""
    log = tmp_path / "serve.log"
    reconnects = "tote_database_reconnects_total"
    with (
        tote_serve(own_postgres_url, tmp_path, log) as (server_a, base_a),
        tote_serve(own_postgres_url, tmp_path, log) as (_, base_b),
        httpx.Client(base_url=base_a, timeout=10) as a,
        httpx.Client(base_url=base_b, timeout=10) as b,
    ):
        table_id, token = bot_table(a)
        bot_moves(store, b, table_id, token)
        assert sample(a, reconnects, connection="locks") == 0
        assert sample(a, "tote_tables_driven") == 1 and sample(b, "tote_tables_driven") == 0
        (holder,) = lock_holders(store, table_id)
        terminate(store, holder)
        wait_for("A's locks again", lambda: sample(a, reconnects, connection="locks") > 0)

        listening = [p for p, q in backends(store, server_a.pid).items() if "LISTEN" in q]
        assert len(listening) == 1
        terminate(store, listening[0])
        wait_for("A listening again", lambda: sample(a, reconnects, connection="listener") > 0)
        assert sample(a, reconnects, connection="listener") == 1
        assert sample(a, "tote_database_errors_total", kind="listener") == 1

        server_a.kill()
        server_a.wait(10)
        bot_moves(store, b, table_id, token)
        wait_for("B's takeover counted", lambda: sample(b, "tote_table_takeovers_total") >= 1)
        assert sample(b, "tote_tables_driven") == 1
