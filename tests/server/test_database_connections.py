"""Database connections that died are replaced before a request uses them, and
PostgreSQL connections carry TCP keepalives (issue 28, "Database connections")."""

from __future__ import annotations

import secrets
from typing import Any

import psycopg
import pytest
from psycopg.conninfo import conninfo_to_dict

from tote.server import create_app
from tote.store import Store
from tote.store.connections import KEEPALIVES

from .conftest import POSTGRES, _libpq
from .server_helpers import TestClient


@pytest.fixture
def named_url(postgres_url: str) -> str:
    """The test schema's URL with an application name of this test's own, so that its
    connections (and no other test's) can be found in ``pg_stat_activity``."""
    return f"{postgres_url}&application_name=tote_conn_{secrets.token_hex(4)}"


def terminate(url: str) -> int:
    """Terminate every server connection of the application named in ``url``."""
    name = url.rsplit("application_name=", 1)[1]
    with psycopg.connect(_libpq(POSTGRES), autocommit=True) as admin:
        rows = admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = %s",
            (name,),
        ).fetchall()
    return len(rows)


def test_requests_after_the_pools_connections_died_succeed(named_url: str) -> None:
    """Issue 28: after every connection of the process is terminated (as by a database
    restart), the next requests are answered, none with a 500: each pooled connection
    is pinged before use and replaced if dead."""
    store = Store(named_url)
    try:
        app = create_app(store, bot_delay=0)
        with TestClient(app, raise_server_exceptions=False) as client:
            body = {"game": "winners-circle", "players": 2}
            for _ in range(3):  # a few connections in the pool
                assert client.post("/api/tables", json=body).status_code == 201
            assert terminate(named_url) >= 1
            statuses = [client.get("/api/tables").status_code for _ in range(3)]
            statuses.append(client.post("/api/tables", json=body).status_code)
            assert statuses == [200, 200, 200, 201]
    finally:
        store.engine.dispose()


def test_postgresql_connections_carry_tcp_keepalives(
    named_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 28: the pool's connections (the table-lock one among them) and the LISTEN
    connection ask for keepalives (30 s idle, every 10 s, 3 probes)."""
    store = Store(named_url)
    try:
        with store.engine.connect() as connection:
            info = connection.connection.driver_connection.info  # type: ignore[union-attr]
            parameters = info.get_parameters()
        for name, value in KEEPALIVES.items():
            assert parameters.get(name) == str(value), (name, parameters)
        listened: list[tuple[Any, ...]] = []
        connect = psycopg.AsyncConnection.connect

        async def recording(*args: Any, **kwargs: Any) -> Any:
            listened.append(args)
            return await connect(*args, **kwargs)

        monkeypatch.setattr(psycopg.AsyncConnection, "connect", recording)
        with TestClient(create_app(store, bot_delay=0)) as client:
            assert client.get("/api/tables").status_code == 200
        assert listened
        wanted = {name: str(value) for name, value in KEEPALIVES.items()}
        for args in listened:
            assert wanted.items() <= conninfo_to_dict(args[0]).items(), args
    finally:
        store.engine.dispose()


def test_a_database_errors_text_holds_no_parameter(tmp_path: Any) -> None:
    """Issue 28 (no secret in a log line): the store's statements carry token hashes as
    parameters (defect 1: a move is stored only while its token's hash plays the seat);
    a database error's text, logged with its traceback, names none of them."""
    from sqlalchemy import text
    from sqlalchemy.exc import DBAPIError

    store = Store(f"sqlite:///{tmp_path / 'x.db'}")
    secret = "0f" * 32
    with pytest.raises(DBAPIError) as failed, store.engine.connect() as connection:
        connection.execute(text("SELECT * FROM no_such_table WHERE token = :t"), {"t": secret})
    assert secret not in str(failed.value)
    assert "no_such_table" in str(failed.value)
