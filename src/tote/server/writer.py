"""The move writer: every table's accepted moves, stored in batches.

Each accepted move must be stored before anyone hears of it, and each commit
waits for the disk. Committed one by one, the moves of many busy tables would
queue for the disk one after another (an SQLite file has one writer at a
time). Here one task of the server's event loop stores them: whatever moves
are waiting when it is free go into one transaction
(:meth:`Store.append_batch <tote.store.Store.append_batch>`), while the next
ones gather. Each caller still resumes only once its own moves are committed,
or with its own refusal, so "accepted means stored" holds as before; and one
worker thread per batch replaces one per move.

The store's other calls (reads, seats, status) are few and go one by one,
each in a worker thread of its own: :func:`run_sync`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any, ParamSpec, TypeVar

from sqlalchemy.exc import DBAPIError

from tote.core.moves import Actor
from tote.store import Append, Store

P = ParamSpec("P")
R = TypeVar("R")


async def run_sync(fn: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """Run a blocking store call in a worker thread, so the event loop keeps serving."""
    return await asyncio.to_thread(fn, *args, **kwargs)


def database_reason(exc: DBAPIError) -> str:
    """The database's reason for a failed statement, on one line, without the statement
    or its parameters: a lost link is expected when the database restarts or a link is
    cut, and is logged as a warning, not a traceback (issue 28)."""
    return " ".join(str(exc.orig or type(exc).__name__).split())[:200]


class MoveWriter:
    """Stores moves for every table of one server process (see the module's doc)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._waiting: list[tuple[Append, asyncio.Future[int]]] = []
        self._task: asyncio.Task[None] | None = None

    async def append(
        self,
        table_id: str,
        expected_version: int,
        moves: Sequence[tuple[Actor, dict[str, Any]]],
        by_token: tuple[int, str] | None = None,
        *,
        by_driver: bool = False,
    ) -> int:
        """Store moves accepted at ``expected_version`` (a player's: while ``by_token``
        still plays, :attr:`Append.by_token <tote.store.Append.by_token>`; a bot's or
        the clock's: while this process drives the table, :attr:`Append.by_driver
        <tote.store.Append.by_driver>`); the new version once committed.

        Raises what :meth:`Store.append_moves <tote.store.Store.append_moves>` raises
        (:class:`~tote.store.VersionConflict` when the table moved on meanwhile,
        :class:`~tote.store.SeatRefused`, :class:`~tote.store.NotDriver`), or the
        database's error when the whole batch failed.
        """
        done: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        append = Append(table_id, expected_version, tuple(moves), by_token, by_driver)
        self._waiting.append((append, done))
        if self._task is None:
            self._task = asyncio.create_task(self._write())
        return await done

    async def flush(self) -> None:
        """Wait until every move handed to the writer is committed or refused (the
        server is draining: issue 28, graceful restarts)."""
        while self._task is not None:
            await asyncio.wait({self._task})

    async def _write(self) -> None:
        """Write batches until nothing waits."""
        batch: list[tuple[Append, asyncio.Future[int]]] = []
        try:
            while self._waiting:
                batch, self._waiting = self._waiting, []
                appends = [append for append, _ in batch]
                try:
                    answers: list[int | Exception] = list(
                        await asyncio.to_thread(self.store.append_batch, appends)
                    )
                except Exception as exc:  # the database failed: nothing of it is known stored
                    answers = [exc] * len(batch)
                for (_, done), answer in zip(batch, answers, strict=True):
                    if done.done():  # its caller gave up waiting
                        continue
                    if isinstance(answer, Exception):
                        done.set_exception(answer)
                    else:
                        done.set_result(answer)
        except asyncio.CancelledError:  # the server is stopping: nobody waits in vain
            for _, done in [*batch, *self._waiting]:
                done.cancel()
            self._waiting = []
            raise
        finally:
            self._task = None
