"""Real ``tote serve`` processes on PostgreSQL whose database connections are
terminated from outside (``pg_terminate_backend``, as a database restart or a
network blip would): the connection holding the table locks is replaced and the
locks taken again, so bot tables keep moving, new ones move, and no table is
driven twice; the LISTEN connection is replaced and the changes missed meanwhile
are caught up."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import text
from websockets.sync.client import connect

from tote.store import Store
from tote.store.locks import _lock_key

from .test_multiprocess import next_view, ws_url
from .test_serve import tote_serve

PATIENCE = 15.0
"""Seconds a table may take to move on, or a lock to be held again, after a kill
(the servers check their locks every 2 s)."""


@pytest.fixture
def store(own_postgres_url: str) -> Iterator[Store]:
    store = Store(own_postgres_url)
    yield store
    store.engine.dispose()


def wait_for(what: str, check: Callable[[], bool]) -> None:
    deadline = time.monotonic() + PATIENCE
    while not check():
        assert time.monotonic() < deadline, f"{what}: not within {PATIENCE} s"
        time.sleep(0.05)


def backends(store: Store, pid: int) -> dict[int, str]:
    """The PostgreSQL backends serving process ``pid`` (its TCP connections to the
    database, matched by port), with their last statement."""
    sockets = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        link = os.readlink(fd) if fd.is_symlink() else ""
        if link.startswith("socket:["):
            sockets.add(link[len("socket:[") : -1])
    ports = []
    for table in ("tcp", "tcp6"):
        for line in Path(f"/proc/{pid}/net/{table}").read_text().splitlines()[1:]:
            fields = line.split()
            if fields[9] in sockets:
                ports.append(int(fields[1].rsplit(":", 1)[1], 16))
    with store.engine.connect() as connection:
        rows = connection.execute(
            text("SELECT pid, query FROM pg_stat_activity WHERE client_port = ANY(:ports)"),
            {"ports": ports},
        )
        return {backend: query for backend, query in rows}


def lock_holders(store: Store, table_id: str) -> list[int]:
    """The backends holding a table's advisory lock (pg_locks splits the key in two)."""
    key = _lock_key(table_id) & 0xFFFFFFFFFFFFFFFF
    with store.engine.connect() as connection:
        rows = connection.execute(
            text(
                "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted"
                " AND classid::bigint = :high AND objid::bigint = :low AND objsubid = 1"
            ),
            {"high": key >> 32, "low": key & 0xFFFFFFFF},
        )
        return [backend for (backend,) in rows]


def terminate(store: Store, backend: int) -> None:
    """End a backend from outside, waiting (up to 5 s) until it is gone."""
    with store.engine.connect() as connection:
        connection.execute(text("SELECT pg_terminate_backend(:pid, 5000)"), {"pid": backend})


def bot_table(http: httpx.Client) -> tuple[str, str]:
    """A Winners' Circle table in play: a player at seat 0 (id and token returned),
    a bot at seat 1, started through ``http``'s process (which then drives the bot)."""
    created = http.post(
        "/api/tables",
        json={"game": "winners-circle", "players": 2, "bots": [{"seat": 1, "bot": "odds"}]},
    ).json()
    table_id = created["table_id"]
    token = http.post(f"/api/tables/{table_id}/join", json={"seat": 0, "name": "Ann"}).json()
    headers = {"X-Host-Token": created["host_token"]}
    assert http.post(f"/api/tables/{table_id}/start", headers=headers).is_success
    return table_id, token["token"]


def bot_moves(store: Store, http: httpx.Client, table_id: str, token: str) -> None:
    """Play seat 0 through ``http`` until the bot at seat 1 has answered."""
    start = len(store.record(table_id).moves)
    headers = {"X-Seat-Token": token}

    def answered() -> bool:
        view = http.get(f"/api/tables/{table_id}/view", headers=headers).json()
        assert view["status"] == "playing", view["status"]
        if 0 in view["view"]["turn"]["seats"] and view["view"]["legal_moves"]:
            move = view["view"]["legal_moves"][0]
            http.post(f"/api/tables/{table_id}/moves", json={"move": move}, headers=headers)
        return any(m.by == 1 for m in store.record(table_id).moves[start:])

    wait_for(f"the bot of table {table_id} answering", answered)


def test_a_lost_lock_connection_is_replaced_with_one_process(
    store: Store, own_postgres_url: str, tmp_path: Path
) -> None:
    log = tmp_path / "serve.log"
    with (
        tote_serve(own_postgres_url, tmp_path, log) as (server, base),
        httpx.Client(base_url=base, timeout=10) as http,
    ):
        first, token = bot_table(http)
        bot_moves(store, http, first, token)
        (holder,) = lock_holders(store, first)
        assert holder in backends(store, server.pid)
        terminate(store, holder)

        bot_moves(store, http, first, token)  # the table it drives keeps moving
        second, other_token = bot_table(http)
        bot_moves(store, http, second, other_token)  # and a new one moves
        # Both locks are held again, on one new connection of the same process.
        (again,) = lock_holders(store, first)
        assert lock_holders(store, second) == [again] and again != holder
        assert again in backends(store, server.pid)
        assert "reconnected, 1 table lock(s) taken again" in log.read_text()


def test_a_lost_lock_connection_is_replaced_with_two_processes(
    store: Store, own_postgres_url: str, tmp_path: Path
) -> None:
    """A drives a table's bot, B serves its player; A's lock connection is killed.
    Whichever process takes the lock first drives the table, the other does not, and
    the table moves on; a table then started through A moves too."""
    log = tmp_path / "serve.log"
    with (
        tote_serve(own_postgres_url, tmp_path, log) as (server_a, base_a),
        tote_serve(own_postgres_url, tmp_path, log) as (server_b, base_b),
        httpx.Client(base_url=base_a, timeout=10) as a,
        httpx.Client(base_url=base_b, timeout=10) as b,
    ):
        first, token = bot_table(a)
        bot_moves(store, b, first, token)
        (holder,) = lock_holders(store, first)
        assert holder in backends(store, server_a.pid)
        terminate(store, holder)

        bot_moves(store, b, first, token)
        second, other_token = bot_table(a)
        bot_moves(store, a, second, other_token)
        (owner_of_second,) = lock_holders(store, second)
        ours = backends(store, server_a.pid)
        assert owner_of_second in ours and owner_of_second != holder

        def first_is_held() -> bool:
            return len(lock_holders(store, first)) == 1

        wait_for("the lock of the first table held again", first_is_held)
        (owner_of_first,) = lock_holders(store, first)
        theirs = backends(store, server_b.pid)
        assert owner_of_first in ours or owner_of_first in theirs
        bot_moves(store, b, first, token)
        said = ["the connection holding the table locks was lost; reconnected"]
        if owner_of_first in theirs:  # B took it before A reconnected: A gave it up
            said.append(f"table {first}: another process took over its bots and clock")
        for line in said:
            wait_for(f"the log saying {line!r}", lambda line=line: line in log.read_text())


def test_a_lost_listen_connection_is_replaced_and_catches_up(
    store: Store, own_postgres_url: str, tmp_path: Path
) -> None:
    """B's LISTEN connection is killed; a move made through A while B is not
    listening still reaches B's player (caught up), and so does the next one."""
    log = tmp_path / "serve.log"
    with (
        tote_serve(own_postgres_url, tmp_path, log) as (_, base_a),
        tote_serve(own_postgres_url, tmp_path, log) as (server_b, base_b),
        httpx.Client(base_url=base_a, timeout=10) as a,
    ):
        created = a.post("/api/tables", json={"game": "winners-circle", "players": 2}).json()
        table_id = created["table_id"]
        tokens = [
            a.post(f"/api/tables/{table_id}/join", json={"seat": s, "name": n}).json()["token"]
            for s, n in ((0, "Ann"), (1, "Bob"))
        ]
        headers = {"X-Host-Token": created["host_token"]}
        assert a.post(f"/api/tables/{table_id}/start", headers=headers).is_success

        def move_through_a() -> int:
            view: dict[str, Any] = a.get(f"/api/tables/{table_id}/view").json()
            seat = view["view"]["turn"]["seats"][0]
            seat_headers = {"X-Seat-Token": tokens[seat]}
            mine = a.get(f"/api/tables/{table_id}/view", headers=seat_headers).json()
            move = mine["view"]["legal_moves"][0]
            posted = a.post(
                f"/api/tables/{table_id}/moves", json={"move": move}, headers=seat_headers
            )
            assert posted.status_code == 200, posted.text
            version: int = posted.json()["version"]
            return version

        with connect(ws_url(base_b, table_id, tokens[1])) as ws:
            view = next_view(ws, -1)
            while view["status"] != "playing":
                view = next_view(ws, view["version"])
            listening = [p for p, q in backends(store, server_b.pid).items() if "LISTEN" in q]
            assert len(listening) == 1
            terminate(store, listening[0])

            missed = move_through_a()  # made while B is not listening
            view = next_view(ws, view["version"])
            while view["version"] < missed:
                view = next_view(ws, view["version"])
            assert view["version"] == missed

            def listening_again() -> bool:
                found = [p for p, q in backends(store, server_b.pid).items() if "LISTEN" in q]
                return bool(found) and found != listening

            wait_for("B listening again", listening_again)
            heard = move_through_a()  # notices resume
            view = next_view(ws, view["version"])
            assert view["version"] == heard
