"""Fixtures for the server tests: stores on a fresh SQLite file, and on PostgreSQL.

PostgreSQL runs at ``postgresql+psycopg://postgres@127.0.0.1/test`` (override
with ``TOTE_TEST_POSTGRES``); each test session works in a schema of its own,
dropped at the end. Tests that take ``any_store`` run on both databases; the
PostgreSQL run is skipped, saying why, when the server cannot be reached.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tote.store import Store

POSTGRES = os.environ.get("TOTE_TEST_POSTGRES", "postgresql+psycopg://postgres@127.0.0.1/test")


def _libpq(url: str) -> str:
    return url.replace("postgresql+psycopg://", "postgresql://", 1)


@contextmanager
def _fresh_schema() -> Iterator[str]:
    """A URL into a new schema of the test PostgreSQL database, dropped afterwards."""
    import psycopg

    try:
        admin = psycopg.connect(_libpq(POSTGRES), connect_timeout=3, autocommit=True)
    except psycopg.Error as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        pytest.skip(f"PostgreSQL is not reachable at {POSTGRES}: {first}")
    schema = f"tote_test_{os.getpid()}_{secrets.token_hex(3)}"
    with admin:
        admin.execute(f'CREATE SCHEMA "{schema}"')
        try:
            yield f"{POSTGRES}?options=-csearch_path%3D{schema}"
        finally:
            admin.execute(f'DROP SCHEMA "{schema}" CASCADE')


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A URL into a fresh schema of the test PostgreSQL database, shared by the session."""
    with _fresh_schema() as url:
        yield url


@pytest.fixture
def own_postgres_url() -> Iterator[str]:
    """A URL into a schema of this test alone: for tests of server processes that count
    every table in the database (locks held, tables driven), which tables left in play
    by earlier tests would otherwise join."""
    with _fresh_schema() as url:
        yield url


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tote.db'}"


@pytest.fixture
def store(sqlite_url: str) -> Iterator[Store]:
    store = Store(sqlite_url)
    yield store
    store.engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def any_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database URL: an SQLite file, then PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'tote.db'}"
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
def any_store(any_url: str) -> Iterator[Store]:
    store = Store(any_url)
    yield store
    store.engine.dispose()
