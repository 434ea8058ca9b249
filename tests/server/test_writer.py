"""The move writer: moves of tables moving together are committed together, and each
caller hears of its own moves only."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence

import pytest

from tote.core.errors import ToteError
from tote.server.writer import MoveWriter
from tote.store import Append, Store, VersionConflict


class SlowStore(Store):
    """A store whose batches are counted, and whose first batch waits for a signal."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.batches: list[list[str]] = []
        self.release = threading.Event()

    def append_batch(self, appends: Sequence[Append]) -> list[int | ToteError]:
        self.batches.append([a.table_id for a in appends])
        if len(self.batches) == 1:
            self.release.wait(10)
        return super().append_batch(appends)


def _tables(store: Store, n: int) -> list[str]:
    return [
        store.create_table("winners-circle", {}, k, [("A", None), ("B", None)])[0].id
        for k in range(n)
    ]


MOVE = (("chance", {"type": "draw_horse_card", "card": "H01"}),)


def test_moves_arriving_while_a_batch_is_written_go_into_one_next_batch(sqlite_url: str) -> None:
    """Accepted moves are stored before anyone hears of them; while one commit runs, the
    moves of every other table wait and then share a single commit."""
    store = SlowStore(sqlite_url)
    tables = _tables(store, 6)

    async def run() -> list[int]:
        writer = MoveWriter(store)
        first = asyncio.create_task(writer.append(tables[0], 0, MOVE))
        while not store.batches:
            await asyncio.sleep(0.01)
        rest = [asyncio.create_task(writer.append(t, 0, MOVE)) for t in tables[1:]]
        await asyncio.sleep(0.05)
        store.release.set()
        return list(await asyncio.gather(first, *rest))

    assert asyncio.run(run()) == [1] * 6
    assert store.batches == [tables[:1], tables[1:]]
    assert all(store.table(t).version == 1 for t in tables)


def test_a_refused_append_fails_its_own_caller_only(sqlite_url: str) -> None:
    """The version check per table: a stale move in a batch is refused to its caller
    (VersionConflict) while the other tables' moves in the batch are stored."""
    store = Store(sqlite_url)
    tables = _tables(store, 2)
    store.append_moves(tables[0], 0, MOVE)

    async def run() -> list[int | BaseException]:
        writer = MoveWriter(store)
        return list(
            await asyncio.gather(
                writer.append(tables[0], 0, MOVE),
                writer.append(tables[1], 0, MOVE),
                return_exceptions=True,
            )
        )

    stale, fresh = asyncio.run(run())
    assert isinstance(stale, VersionConflict) and fresh == 1


def test_a_failed_commit_reaches_every_caller_of_its_batch(sqlite_url: str) -> None:
    """When the database fails, no caller is told its moves were stored."""

    class BrokenStore(Store):
        def append_batch(self, appends: Sequence[Append]) -> list[int | ToteError]:
            raise OSError("disk full")

    store = BrokenStore(sqlite_url)
    tables = _tables(store, 2)

    async def run() -> list[int | BaseException]:
        writer = MoveWriter(store)
        return list(
            await asyncio.gather(
                *(writer.append(t, 0, MOVE) for t in tables), return_exceptions=True
            )
        )

    assert all(isinstance(answer, OSError) for answer in asyncio.run(run()))
    with pytest.raises(OSError):
        asyncio.run(MoveWriter(store).append(tables[0], 0, MOVE))
