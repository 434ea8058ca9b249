"""How the store reaches its database: the engine's connections, and one server per
SQLite file (issue 28).

- :func:`make_engine`: every pooled connection to a database server is pinged before it
  is handed out (``pool_pre_ping``), so after a database restart a connection that died in the pool
  is replaced instead of failing one request; PostgreSQL connections carry TCP
  keepalives (:data:`KEEPALIVES`), so a connection whose peer vanished without a reset
  (a machine gone, a cable pulled, a firewall forgetting it) is noticed within about a
  minute, not when the operating system gives up on it hours later.
- :class:`SqliteFileLock`: a server process holds an OS lock (``flock``) on a file
  beside the SQLite file for as long as it lives, so a second server on the same file
  refuses to start instead of driving the same tables (issue 28, defect 5). The
  operating system drops the lock when the process ends in any way, ``kill -9``
  included, so a restart never finds a stale lock.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine
from sqlalchemy.engine import Engine, make_url

KEEPALIVES: dict[str, int] = {
    "keepalives": 1,
    "keepalives_idle": 30,
    "keepalives_interval": 10,
    "keepalives_count": 3,
}
"""libpq's TCP keepalive settings for every PostgreSQL connection: the first probe after
30 s of silence, then one every 10 s, the connection given up after 3 unanswered (about
a minute in all)."""


def connect_args(url: str) -> dict[str, Any]:
    """The driver's connection arguments for ``url``: :data:`KEEPALIVES` on PostgreSQL."""
    return dict(KEEPALIVES) if make_url(url).get_backend_name() == "postgresql" else {}


def make_engine(url: str) -> Engine:
    """The store's engine: connections to a database server pinged before use and kept
    alive. (An SQLite file has no server to restart: no ping on the hot path there.)

    A database error's text names the statement but not its parameters
    (``hide_parameters``): they hold token hashes (every player's move is stored only
    while its token's hash plays the seat, issue 28, defect 1), and that text reaches
    the logs with the error's traceback."""
    server = make_url(url).get_backend_name() != "sqlite"
    return create_engine(
        url, pool_pre_ping=server, connect_args=connect_args(url), hide_parameters=True
    )


def sqlite_file(url: str) -> Path | None:
    """The file an SQLite URL names (None: not SQLite, or a database in memory)."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return None
    database = parsed.database or ""
    if database in ("", ":memory:") or database.startswith("file::memory:"):
        return None
    return Path(database).resolve()


class SqliteFileTaken(Exception):
    """Another process serves this SQLite file."""


class SqliteFileLock:
    """An OS lock on ``<file>.lock`` that one process at a time may hold (issue 28,
    defect 5). Held until :meth:`release` or the process's end, however it ends."""

    def __init__(self, database: Path) -> None:
        self.database = database
        self.path = database.with_name(database.name + ".lock")
        self._fd: int | None = None

    def acquire(self) -> None:
        """Take the lock, or raise :class:`SqliteFileTaken` at once if another holds it.
        (Where the OS has no ``flock``, Windows, nothing is locked.)"""
        try:
            import fcntl
        except ImportError:
            return

        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise SqliteFileTaken(str(self.database)) from None
        except BaseException:
            os.close(fd)
            raise
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())  # who holds it, for a person looking
        self._fd = fd

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the file drops the lock
            self._fd = None
