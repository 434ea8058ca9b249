"""The store is the truth: a new app (a restarted server, another worker) on the same
database carries every table on where it was, and a worker that fell behind
refuses a move with a retry message instead of storing it."""

from __future__ import annotations

import json
import random
import time

from sqlalchemy import text

from tote.store import Store

from .server_helpers import (
    TestClient,
    create_table,
    get_view,
    join,
    new_game,
    post_move,
    serving,
    socket,
    start,
    to_move,
    version,
)


def wait_for(check: object, timeout: float = 10.0) -> None:
    """Poll ``check()`` until it is true (bots move in the background)."""
    assert callable(check)
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def play_http(
    client: TestClient, table_id: str, tokens: list[str], moves: int, rng: random.Random
) -> None:
    """``moves`` human moves over HTTP, waiting for the bots in between."""
    humans = range(len(tokens))
    for _ in range(moves):
        wait_for(lambda: to_move(get_view(client, table_id))[0] in humans)
        seat = to_move(get_view(client, table_id))[0]
        legal = get_view(client, table_id, tokens[seat])["view"]["legal_moves"]
        code, data = post_move(client, table_id, tokens[seat], rng.choice(legal))
        assert code == 200, data
    wait_for(lambda: to_move(get_view(client, table_id))[0] in humans)


def test_a_new_app_on_the_same_database_carries_on(any_url: str) -> None:
    """Every view is the same after a restart. The table is untimed (issue 16: tables
    get a clock by default), since a restarted clock rightly gives a fresh deadline."""
    rng = random.Random(5)
    first = Store(any_url)
    with serving(first) as client:
        table_id, _, tokens = new_game(client, 2, {2: "odds"}, move_seconds=None)
        play_http(client, table_id, tokens, 6, rng)
        before = {
            seat: get_view(client, table_id, token)
            for seat, token in [(None, None), (0, tokens[0]), (1, tokens[1])]
        }
    first.engine.dispose()
    second = Store(any_url)
    with serving(second) as client:
        after = {
            seat: get_view(client, table_id, token)
            for seat, token in [(None, None), (0, tokens[0]), (1, tokens[1])]
        }
        assert after == before
        play_http(client, table_id, tokens, 4, rng)
        shown = get_view(client, table_id)["version"]
        assert shown > before[None]["version"]
    assert version(second, table_id) == shown  # a stopped server drains: it serves no more
    second.engine.dispose()


def test_bots_resume_after_a_restart_with_no_client(store: Store) -> None:
    """A bot whose turn it was when the server stopped moves as soon as it is back,
    before any client asks for the table."""
    with serving(store, bot_delay=60) as client:
        table_id, _, tokens = new_game(client, 1, {1: "odds"})
        if to_move(get_view(client, table_id)) == [0]:
            legal = get_view(client, table_id, tokens[0])["view"]["legal_moves"]
            assert post_move(client, table_id, tokens[0], legal[0])[0] == 200
        assert to_move(get_view(client, table_id)) == [1]
        stopped_at = version(store, table_id)
    time.sleep(0.05)
    assert version(store, table_id) == stopped_at  # the bot waited, then was stopped
    with serving(Store(store.url), bot_delay=0):
        wait_for(lambda: version(store, table_id) > stopped_at)


def test_a_worker_that_fell_behind_refuses_with_a_retry(any_url: str) -> None:
    """Two apps on one database: the one that did not see the last move refuses a move
    at the old version (the store's version check), reloads, then plays on. (On
    PostgreSQL, ``b`` does not listen for ``a``'s notices: its listener is down.)"""
    one, two = Store(any_url), Store(any_url)
    with serving(one) as a, serving(two, fanout=False) as b:
        table_id, _, tokens = new_game(a, 2, move_seconds=None)  # each process times alone
        shown = get_view(b, table_id)  # b loads the table now
        seat = to_move(shown)[0]
        legal = get_view(b, table_id, tokens[seat])["view"]["legal_moves"]
        assert post_move(a, table_id, tokens[seat], legal[0])[0] == 200
        stored = version(one, table_id)
        code, data = post_move(b, table_id, tokens[seat], legal[-1])
        assert code == 409 and data["rule"] == "retry" and "try again" in data["error"]
        assert version(one, table_id) == stored
        now = get_view(b, table_id)
        assert now == get_view(a, table_id) and now["version"] == stored
        nxt = to_move(now)[0]
        legal = get_view(b, table_id, tokens[nxt])["view"]["legal_moves"]
        assert post_move(b, table_id, tokens[nxt], legal[0])[0] == 200
        assert version(one, table_id) > stored
    one.engine.dispose()
    two.engine.dispose()


def test_an_idle_table_leaves_memory_and_comes_back_from_the_store(store: Store) -> None:
    """Tables nobody uses are forgotten by the server (memory holds the tables in use);
    the next request loads one again from the store, exactly where it was. A table
    with a client connected, or a bot about to move, is never forgotten (nor one whose
    clock runs: this one is untimed, issue 16)."""
    rng = random.Random(11)
    with serving(store) as client:
        tables = client.app.state.tables  # type: ignore[attr-defined]
        table_id, _, tokens = new_game(client, 2, move_seconds=None)
        play_http(client, table_id, tokens, 4, rng)
        with socket(client, table_id, tokens[0]) as watching:
            watching.latest_view()
            assert client.portal.call(tables.evict_idle, 0.0) == []  # type: ignore[union-attr]
        before = get_view(client, table_id, tokens[1])
        assert client.portal.call(tables.evict_idle, 3600.0) == []  # type: ignore[union-attr]
        assert client.portal.call(tables.evict_idle, 0.0) == [table_id]  # type: ignore[union-attr]
        assert len(tables) == 0
        assert get_view(client, table_id, tokens[1]) == before
        play_http(client, table_id, tokens, 2, rng)
        assert version(store, table_id) > before["version"]


def test_a_table_whose_bot_is_about_to_move_stays_in_memory(store: Store) -> None:
    """Bots move by themselves: their table is in use even with nobody watching."""
    with serving(store, bot_delay=30.0) as client:
        tables = client.app.state.tables  # type: ignore[attr-defined]
        new_game(client, 0, {0: "random", 1: "odds"})
        assert client.portal.call(tables.evict_idle, 0.0) == []  # type: ignore[union-attr]
        assert len(tables) == 1


def test_a_table_created_by_an_older_engine_starts_with_its_options_as_meant(
    store: Store,
) -> None:
    """Records and stored tables are public contracts: a Horse Fever table opened by
    engine 0.1.0 with ``rounds=2`` (then allowed without a house rule, HF 0.9) still
    starts on this engine, as the house rule ``any_rounds``."""
    with serving(store) as client:
        table_id, host = create_table(
            client, "horse-fever", 2, {1: "random"}, options={"rounds": 2, "any_rounds": True}
        )
    with store.engine.begin() as connection:
        row = connection.execute(
            text("SELECT options FROM tables WHERE id = :id"), {"id": table_id}
        ).one()
        options = row[0] if isinstance(row[0], dict) else json.loads(row[0])
        options.pop("any_rounds")
        connection.execute(
            text("UPDATE tables SET engine = '0.1.0', options = :options WHERE id = :id"),
            {"options": json.dumps(options), "id": table_id},
        )
    with serving(store) as client:
        token = join(client, table_id, 0)
        start(client, table_id, host)
        assert get_view(client, table_id, token)["view"]["state"]["rounds"] == 2
