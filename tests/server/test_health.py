"""``GET /healthz`` and ``GET /readyz`` (issue 28, health): cheap, unauthenticated,
no secret in the answer; ready only while the database answers and the process is
not stopping."""

from __future__ import annotations

from sqlalchemy import create_engine

from tote.store import Store

from .server_helpers import serving

UNREACHABLE = "postgresql+psycopg://tote:s3cret-password@127.0.0.1:1/tote?connect_timeout=2"
"""A database nobody listens at (port 1), its URL holding a password."""


def test_healthz_and_readyz_answer_without_a_token(store: Store) -> None:
    """Issue 28, health: both answer 200 with a small JSON body, no token needed."""
    with serving(store) as client:
        healthz = client.get("/healthz")
        assert healthz.status_code == 200 and healthz.json() == {"status": "ok"}
        readyz = client.get("/readyz")
        assert readyz.status_code == 200 and readyz.json() == {"status": "ready"}
        for _ in range(50):  # never rate-limited
            assert client.get("/readyz").status_code == 200


def test_readyz_is_503_while_the_database_does_not_answer(store: Store) -> None:
    """Issue 28, health: a database that does not answer makes ``/readyz`` 503 with a
    reason naming no host, user or password, while ``/healthz`` stays 200 (the process
    is up); ready again once the database answers."""
    with serving(store) as client:
        engine = store.engine
        store.engine = create_engine(UNREACHABLE)
        try:
            readyz = client.get("/readyz")
            healthz = client.get("/healthz")
        finally:
            store.engine.dispose()
            store.engine = engine
        assert readyz.status_code == 503, readyz.text
        assert readyz.json()["status"] == "not ready"
        assert readyz.json()["reason"].startswith("the database does not answer")
        for secret in ("s3cret", "tote:", "127.0.0.1", ":1/"):
            assert secret not in readyz.text
        assert healthz.status_code == 200
        assert client.get("/readyz").status_code == 200


def test_readyz_is_503_once_the_process_is_stopping(store: Store) -> None:
    """Issue 28, health: a process that takes no more tables (it is stopping) is not
    ready, so a load balancer sends new clients elsewhere."""
    with serving(store) as client:
        client.app.state.tables.draining = True  # type: ignore[attr-defined]
        readyz = client.get("/readyz")
        assert readyz.status_code == 503
        assert readyz.json() == {"status": "not ready", "reason": "this process is stopping"}
        assert client.get("/healthz").status_code == 200
        client.app.state.tables.draining = False  # type: ignore[attr-defined]
