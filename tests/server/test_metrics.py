"""``GET /metrics`` (issue 28, metrics): the Prometheus text format, read back with
``prometheus_client``'s own parser, counting what the server did."""

from __future__ import annotations

import contextlib
import random
import time
import warnings
from typing import Any

import pytest
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import text
from sqlalchemy.exc import OperationalError

from tote.server import create_app
from tote.store import Store

from .server_helpers import create_table, get_view, new_game, post_move, serving, socket

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

FAMILIES = {
    "tote_tables": "gauge",
    "tote_tables_live": "gauge",
    "tote_tables_driven": "gauge",
    "tote_websocket_connections": "gauge",
    "tote_moves": "counter",
    "tote_move_seconds": "histogram",
    "tote_bot_think_seconds": "histogram",
    "tote_rate_refusals": "counter",
    "tote_table_takeovers": "counter",
    "tote_database_errors": "counter",
    "tote_database_reconnects": "counter",
    "tote_jobs": "counter",
    "tote_job_failures": "counter",
    "tote_job_seconds": "histogram",
    "process_cpu_seconds": "counter",
}


def scrape(client: TestClient) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of ``/metrics``, parsed by prometheus_client: (name, labels) -> value.
    The families' types are checked against :data:`FAMILIES` on the way."""
    response = client.get("/metrics")
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/plain")
    families = {f.name: f for f in text_string_to_metric_families(response.text)}
    for name, kind in FAMILIES.items():
        assert name in families, f"no metric family {name}"
        assert families[name].type == kind, (name, families[name].type)
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in families.values()
        for sample in family.samples
    }


def value(samples: dict[Any, float], name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def play_moves(client: TestClient, table_id: str, tokens: list[str], moves: int) -> None:
    rng = random.Random(5)
    for _ in range(moves):
        seat = get_view(client, table_id)["view"]["turn"]["seats"][0]
        legal = get_view(client, table_id, tokens[seat])["view"]["legal_moves"]
        status, answer = post_move(client, table_id, tokens[seat], rng.choice(legal))
        assert status == 200, answer


def test_metrics_count_the_moves_played_and_the_tables_and_connections(store: Store) -> None:
    """Issue 28, metrics: the families exist with their types; the moves counter and the
    latency histogram go up by the number of moves played; tables by state and open
    WebSocket connections are read when scraped."""
    with serving(store) as client:
        before = scrape(client)
        table_id, _, tokens = new_game(client, humans=2)
        create_table(client)  # one more, left open
        play_moves(client, table_id, tokens, 7)
        with socket(client, table_id, tokens[0]), socket(client, table_id):
            after = scrape(client)
    assert value(after, "tote_moves_total") - value(before, "tote_moves_total") == 7
    assert value(after, "tote_move_seconds_count") - value(before, "tote_move_seconds_count") == 7
    assert value(after, "tote_move_seconds_bucket", le="+Inf") == 7
    assert value(after, "tote_tables", state="playing") == 1
    assert value(after, "tote_tables", state="open") == 1
    assert value(after, "tote_tables", state="finished") == 0
    assert value(after, "tote_tables_live", state="playing") == 1
    assert value(after, "tote_tables_live", state="open") == 0  # created, never loaded
    assert value(after, "tote_tables_driven") == 1
    assert value(after, "tote_websocket_connections") == 2
    assert value(before, "tote_websocket_connections") == 0


def test_metrics_count_bots_rate_refusals_board_jobs_and_database_errors(store: Store) -> None:
    """Issue 28, metrics: bot think time by bot, rate-limit refusals by limit (tables a
    minute, whole views again), tote board jobs, and the store's database errors."""
    app = create_app(store, bot_delay=0, tables_per_minute=2)
    with TestClient(app) as client:
        table_id, _, tokens = new_game(client, humans=1, bots={1: "odds"}, tote_board=True)
        assert client.post("/api/tables", json={"game": "winners-circle", "players": 2}).is_success
        refused = client.post("/api/tables", json={"game": "winners-circle", "players": 2})
        assert refused.status_code == 429
        with socket(client, table_id, tokens[0]) as seat:
            seat.ws.send_json({"type": "odds"})
            assert seat.expect("odds")["board"]["seat"] == 0
            for _ in range(8):  # five at once, then one every 2 s: some are refused
                seat.ws.send_json({"type": "view"})
            seat.ws.send_json({"type": "ping"})
            kinds = []
            while not kinds or kinds[-1]["type"] != "pong":
                kinds.append(seat.next())
            refusals = sum(1 for m in kinds if m["type"] == "error" and m["rule"] == "rate")
            assert refusals >= 1
        play_moves_until_the_bot_moved(client, table_id, tokens[0])
        with store.engine.connect() as connection, contextlib.suppress(OperationalError):
            connection.execute(text("SELECT * FROM no_such_table"))
        samples = scrape(client)
    assert value(samples, "tote_rate_refusals_total", limit="tables") == 1
    assert value(samples, "tote_rate_refusals_total", limit="views") == refusals
    assert value(samples, "tote_rate_refusals_total", limit="messages") == 0
    assert value(samples, "tote_jobs_total", job="board") == 1
    assert value(samples, "tote_job_seconds_count", job="board") == 1
    assert value(samples, "tote_bot_think_seconds_count", bot="odds") >= 1
    assert value(samples, "tote_database_errors_total", kind="error") == 1
    assert value(samples, "tote_table_takeovers_total") == 0


def test_a_failed_board_job_is_counted_as_failed_not_done(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 28, metrics: a tote board that could not be worked out is no job done."""
    from tote.core.errors import ToteError
    from tote.server import odds

    def refuse(*_args: Any) -> Any:
        raise ToteError("no worlds could be drawn")

    monkeypatch.setattr(odds, "_compute", refuse)
    app = create_app(store, bot_delay=0)
    with TestClient(app) as client:
        table_id, _, tokens = new_game(client, humans=1, bots={1: "odds"}, tote_board=True)
        with socket(client, table_id, tokens[0]) as seat:
            seat.ws.send_json({"type": "odds"})
            assert "no worlds" in seat.expect("error")["message"]
        samples = scrape(client)
    assert value(samples, "tote_jobs_total", job="board") == 0
    assert value(samples, "tote_job_seconds_count", job="board") == 0
    assert value(samples, "tote_job_failures_total", job="board") == 1


def play_moves_until_the_bot_moved(client: TestClient, table_id: str, token: str) -> None:
    """Seat 0 plays until the bot at seat 1 has chosen a move (at most 200 looks)."""
    for _ in range(200):
        if value(scrape(client), "tote_bot_think_seconds_count", bot="odds") >= 1:
            return
        view = get_view(client, table_id, token)["view"]
        if 0 in view["turn"]["seats"] and view["legal_moves"]:
            post_move(client, table_id, token, view["legal_moves"][0])
        time.sleep(0.02)
    raise AssertionError("the bot never moved")


def test_no_metrics_means_no_metrics_route(store: Store) -> None:
    """Issue 28, metrics: ``--no-metrics`` (``create_app(metrics=False)``) answers 404,
    and the server plays as before."""
    with TestClient(create_app(store, bot_delay=0, metrics=False)) as client:
        assert client.get("/metrics").status_code == 404
        table_id, _, tokens = new_game(client, humans=2)
        play_moves(client, table_id, tokens, 2)


def test_two_apps_count_apart(tmp_path: Any) -> None:
    """Issue 28, metrics: each app has a registry of its own (no clash, no sharing)."""
    stores = [Store(f"sqlite:///{tmp_path / f'{n}.db'}") for n in range(2)]
    try:
        with serving(stores[0]) as first, serving(stores[1]) as second:
            table_id, _, tokens = new_game(first, humans=2)
            play_moves(first, table_id, tokens, 3)
            assert value(scrape(first), "tote_moves_total") == 3
            assert value(scrape(second), "tote_moves_total") == 0
    finally:
        for store in stores:
            store.engine.dispose()


def test_scrapes_at_once_count_the_tables_once(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 28, metrics: ``/metrics`` is unauthenticated, so scrapes that come at once
    share one count of the tables (as ``/readyz`` shares one ``SELECT 1``): a flood of
    them never fills the worker threads the moves are stored through."""
    import asyncio
    import threading

    import tote.server.metrics
    from tote.server.metrics import Metrics
    from tote.server.tables import Tables

    counting: list[int] = []
    release = threading.Event()

    def slow_count(counted: Store) -> dict[str, int]:
        counting.append(1)
        release.wait(5)
        return {}

    monkeypatch.setattr(tote.server.metrics, "count_tables", slow_count)
    metrics = Metrics(Tables(store, bot_delay=0))

    async def scrapes() -> list[bytes]:
        asyncio.get_running_loop().call_later(0.2, release.set)
        return await asyncio.gather(*(metrics.exposition() for _ in range(8)))

    answers = asyncio.run(scrapes())
    assert len(counting) == 1
    assert all(b"tote_tables_live" in answer for answer in answers)
