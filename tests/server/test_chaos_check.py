"""The chaos run's own checks (``benchmarks/chaos.py``) read what they check rightly.

Issue 28, defect 3: the chaos run reported "every table in play is owned again (5
unowned)" while every table kept moving. The check compared a table's lock key
(unsigned) with the key read back from ``pg_locks`` (``classid << 32 | objid`` in a
signed ``bigint``, negative whenever the key's high bit is set): half the tables,
owned all along, were counted unowned.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import psycopg
import pytest

from tote.core.record import MoveEntry
from tote.store import Store
from tote.store.locks import _lock_key

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


@pytest.fixture
def chaos() -> Iterator[ModuleType]:
    sys.path.insert(0, str(BENCHMARKS))  # chaos.py imports its neighbour load.py
    try:
        yield importlib.import_module("chaos")
    finally:
        sys.path.remove(str(BENCHMARKS))


def table_ids(high_bit: bool, count: int) -> list[str]:
    """Table ids whose lock key has its high bit set (negative), or clear."""
    ids = (f"chaos-check-{n}" for n in range(10_000))
    return [t for t in ids if (_lock_key(t) < 0) == high_bit][:count]


def test_a_held_lock_is_seen_whatever_its_key(chaos: ModuleType, postgres_url: str) -> None:
    """Issue 28, defect 3: every table whose lock a process holds counts as owned,
    those whose key has the high bit set too; and two tables whose keys share their
    low 32 bits are not taken for one table locked twice."""
    store = Store(postgres_url)
    twins = ["chaos-twin-23691", "chaos-twin-69373"]  # keys with the same low 32 bits
    assert _lock_key(twins[0]) != _lock_key(twins[1])
    assert _lock_key(twins[0]) & 0xFFFFFFFF == _lock_key(twins[1]) & 0xFFFFFFFF
    owned = table_ids(True, 2) + table_ids(False, 2)
    libpq = postgres_url.replace("postgresql+psycopg://", "postgresql://", 1).split("?")[0]
    database = libpq.rsplit("/", 1)[1]
    admin: psycopg.Connection[Any] = psycopg.connect(libpq, autocommit=True)
    try:
        assert all(store.try_own(t) for t in owned)
        held = chaos.held_locks(admin, database)
        assert {chaos._key(t) for t in owned} <= held
        other = Store(postgres_url)  # another process, owning the twins' other table
        try:
            assert store.try_own(twins[0]) and other.try_own(twins[1])
            figures = chaos.Figures()
            chaos.sample_locks(admin, database, figures)
            assert figures.doubly_locked == 0
        finally:
            other.disown_all()
            other.engine.dispose()
    finally:
        store.disown_all()
        store.engine.dispose()
        admin.close()


def test_a_move_played_after_a_view_behind_is_not_lost(chaos: ModuleType) -> None:
    """Issue 28, defect 3: a 10-minute chaos run reported acknowledged moves lost. A
    process that learns of an earlier move between the view it showed (version 5) and
    the move it was sent (here a move of the player that the server stored, but whose
    answer never came) plays the move after it: stored, at its place, the last move
    before the answer's version that is not a chance move. A move missing from the
    record, or another in its place, is still lost."""
    record = [MoveEntry(by=0, move={"n": 1})] * 5
    record += [MoveEntry(by=0, move={"n": 7}), MoveEntry(by=1, move={"n": 9})]
    record += [MoveEntry(by=0, move={"n": 2}), MoveEntry(by="chance", move={"c": 1})]
    seat = chaos.Seat("t", "token")
    seat.acknowledged = [(4, 5, {"n": 1}), (5, 9, {"n": 2})]
    assert chaos.unstored(seat, record) == ([], 1)
    seat.acknowledged.append((9, 11, {"n": 3}))
    assert chaos.unstored(seat, record)[0] == [("t", 9, 11, "the record stops at 9")]
    seat.acknowledged = [(6, 7, {"n": 4})]
    assert chaos.unstored(seat, record)[0] == [("t", 6, 7, "seat 1's {'n': 9} at 6")]
