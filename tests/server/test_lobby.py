"""Keeping the lobby small (issue 18, defect 3): the list of tables comes a page at a
time from one query, one address opens a bounded number of tables a minute, and open
tables nobody joins are deleted after a while."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

from sqlalchemy import event

from tote.server import create_app
from tote.server.lobby import MOST_CLIENTS, CreationLimit
from tote.store import Store

from .server_helpers import TestClient, create_table, join, new_game, serving


def test_the_list_of_tables_is_one_query_a_page(store: Store) -> None:
    """3,000 tables once took one query each; a page of them is now one query, newest
    first, and pages follow each other without gaps or repeats."""
    ids = [
        store.create_table("winners-circle", {}, seed, [("A", None), ("B", "odds")])[0].id
        for seed in range(30)
    ]
    statements: list[str] = []

    def count(*args: object) -> None:
        statements.append(str(args[2]))

    event.listen(store.engine, "before_cursor_execute", count)
    try:
        first = store.tables("open", 12, 0)
    finally:
        event.remove(store.engine, "before_cursor_execute", count)
    assert len(statements) == 1
    pages = first + store.tables("open", 12, 12) + store.tables("open", 12, 24)
    assert [row.id for row in pages] == list(reversed(ids))
    assert all(len(row.seats) == 2 and row.seats[1].bot == "odds" for row in pages)
    assert [row.id for row in store.tables("open")] == list(reversed(ids))


def test_the_lobby_api_pages_and_bounds_its_answer(store: Store) -> None:
    with serving(store) as client:
        made = [create_table(client)[0] for _ in range(5)]
        page = client.get("/api/tables", params={"limit": 2, "offset": 1}).json()
        assert [t["id"] for t in page] == list(reversed(made))[1:3]
        assert len(client.get("/api/tables").json()) == 5
        too_many = client.get("/api/tables", params={"limit": 10_000})
        assert too_many.status_code == 400 and "limit" in too_many.json()["error"]


def test_one_address_opens_a_bounded_number_of_tables_a_minute(store: Store) -> None:
    """Past the limit: 429, a rule, a sentence with the wait, and Retry-After; nothing
    is created."""
    with TestClient(create_app(store, bot_delay=0, tables_per_minute=3)) as client:
        for _ in range(3):
            create_table(client)
        refused = client.post("/api/tables", json={"game": "winners-circle", "players": 2})
        assert refused.status_code == 429
        assert (
            refused.json()["rule"] == "limit" and "3 new tables a minute" in refused.json()["error"]
        )
        assert 1 <= int(refused.headers["Retry-After"]) <= 60
        assert len(client.get("/api/tables").json()) == 3


def test_the_creation_limit_is_a_sliding_minute_and_forgets_quiet_clients() -> None:
    now = [0.0]
    limit = CreationLimit(2, clock=lambda: now[0])
    assert limit.wait("a") == 0 and limit.wait("a") == 0
    assert limit.wait("a") == 60.0 and limit.wait("b") == 0
    now[0] = 30.0
    assert limit.wait("a") == 30.0
    now[0] = 60.0
    assert limit.wait("a") == 0
    for n in range(MOST_CLIENTS + 1):
        limit.wait(f"client {n}")
    now[0] = 200.0
    limit.wait("late")
    limit.wait("later")
    assert len(limit._created) <= MOST_CLIENTS


def test_open_tables_nobody_joined_are_deleted_after_a_while(store: Store) -> None:
    """Only open tables, only those no person joined, only once old enough."""
    with serving(store) as client:
        lonely, _ = create_table(client, bots={1: "odds"})
        joined, _ = create_table(client)
        join(client, joined, 0)
        playing, _, _ = new_game(client, 1, {1: "odds"})
    assert store.expire_open_tables(datetime.now(UTC) - timedelta(hours=1)) == 0
    assert store.expire_open_tables(datetime.now(UTC) + timedelta(seconds=1)) == 1
    assert {row.id for row in store.tables()} == {joined, playing}
    assert lonely not in {row.id for row in store.tables()}


def test_the_server_expires_open_tables_on_its_own(store: Store) -> None:
    with TestClient(create_app(store, bot_delay=0, open_table_seconds=0.3)) as client:
        table_id, _ = create_table(client)
        deadline = time.monotonic() + 10
        while client.get(f"/api/tables/{table_id}").status_code != 404:
            assert time.monotonic() < deadline, "the open table was never expired"
            time.sleep(0.05)


def test_finished_tables_in_memory_are_bounded(store: Store) -> None:
    """Issue 18, defect 6: reading the view of every finished table once no longer keeps
    each in memory for ten minutes: at most MOST_DONE idle ones stay, the least recently
    used leave first (and come back from the store when asked again)."""
    from tote.server.tables import MOST_DONE

    ids = []
    for seed in range(MOST_DONE + 8):
        row, _ = store.create_table("winners-circle", {}, seed, [("A", "odds"), ("B", "odds")])
        store.set_status(row.id, "finished")
        ids.append(row.id)
    with serving(store) as client:
        for table_id in ids:
            assert client.get(f"/api/tables/{table_id}/view").status_code == 200
        live = client.app.state.tables  # type: ignore[attr-defined]
        assert len(live) == MOST_DONE
        assert ids[-1] in live._runtimes and ids[0] not in live._runtimes
        assert client.get(f"/api/tables/{ids[0]}/view").json()["status"] == "finished"


def test_a_client_asking_too_often_is_told_to_wait_and_keeps_its_connection(
    store: Store,
) -> None:
    """Issue 18, defect 6: ``{"type": "view"}`` sends the whole log back, so a client may
    ask a few times, then once every two seconds; any message past 60 at once is refused
    too. Each refusal is an ``error`` with rule ``rate``; the connection stays."""
    from .server_helpers import socket

    with serving(store) as client:
        table_id, _, tokens = new_game(client, 2)
        with socket(client, table_id, tokens[0]) as player:
            player.latest_view()
            for _ in range(5):
                player.ws.send_text('{"type": "view"}')
                assert player.expect("view")
            player.ws.send_text('{"type": "view"}')
            error = player.expect("error")
            assert error["rule"] == "rate" and "ask again" in error["message"]
            for _ in range(80):
                player.ws.send_text('{"type": "ping"}')
            kinds = [player.next()["type"] for _ in range(80)]
            assert kinds.count("error") >= 10 and kinds.count("pong") >= 50
            time.sleep(0.2)
            player.ws.send_text('{"type": "ping"}')
            assert player.expect("pong")


def test_the_allowance_is_a_token_bucket() -> None:
    from tote.server.connection import Allowance

    now = [0.0]
    bucket = Allowance(rate=0.5, burst=2, clock=lambda: now[0])
    assert bucket.take() == 0 and bucket.take() == 0
    assert bucket.take() == 2.0
    now[0] = 1.0
    assert bucket.take() == 1.0
    now[0] = 2.0
    assert bucket.take() == 0 and bucket.take() > 0
