"""Issue 28, "at most one process drives each table": a bot's or the clock's move is
stored only while the storing process holds the table's advisory lock, checked in the
transaction that stores it. A process whose lock connection was cut, and whose table
another process took over before it noticed, can no longer slip in one more move."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from sqlalchemy import text

from tote.store import NotDriver, Store


def open_table(store: Store) -> str:
    row, _host = store.create_table("winners-circle", {}, 7, [("Ann", None), ("Bob", "odds")])
    return row.id


@pytest.fixture
def two_processes(own_postgres_url: str) -> Iterator[tuple[Store, Store]]:
    first, second = Store(own_postgres_url), Store(own_postgres_url)
    yield first, second
    for store in (first, second):
        store.disown_all()
        store.engine.dispose()


def version(store: Store, table_id: str) -> int:
    return store.table(table_id).version


def test_the_lock_holder_stores_its_bot_moves(two_processes: tuple[Store, Store]) -> None:
    driver, _ = two_processes
    table_id = open_table(driver)
    assert driver.try_own(table_id)
    assert driver.append_moves(table_id, 0, [(0, {"bet": 1})], by_driver=True) == 1


def test_a_process_without_the_lock_cannot_store_a_bot_move(
    two_processes: tuple[Store, Store],
) -> None:
    driver, other = two_processes
    table_id = open_table(driver)
    assert driver.try_own(table_id)
    with pytest.raises(NotDriver, match="no longer holds its lock"):
        other.append_moves(table_id, 0, [(0, {"bet": 1})], by_driver=True)
    assert version(driver, table_id) == 0
    assert other.append_moves(table_id, 0, [(0, {"bet": 1})]) == 1  # a player's move: no fence


def test_a_driver_whose_lock_went_with_its_connection_is_fenced_off(
    two_processes: tuple[Store, Store],
) -> None:
    """The chaos run's case: the lock connection is cut, another process takes the
    table, and the old driver, not yet aware, tries one more bot move."""
    driver, other = two_processes
    table_id = open_table(driver)
    assert driver.try_own(table_id)
    backend = driver._lock_backend
    assert backend is not None
    with other.engine.connect() as admin:
        admin.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": backend})
        admin.commit()
    deadline = time.monotonic() + 30  # the backend ends a moment after it is told to
    while not other.try_own(table_id):
        assert time.monotonic() < deadline, "the cut lock was never free"
        time.sleep(0.05)
    assert driver.holds(table_id)  # it has not looked yet: check_locks would tell it
    with pytest.raises(NotDriver):
        driver.append_moves(table_id, 0, [(0, {"bet": 1})], by_driver=True)
    assert version(other, table_id) == 0
    assert other.append_moves(table_id, 0, [(0, {"bet": 1})], by_driver=True) == 1
    assert driver.check_locks() == {table_id}


def test_a_fenced_move_leaves_the_rest_of_its_batch_be(two_processes: tuple[Store, Store]) -> None:
    from tote.store import Append

    driver, other = two_processes
    mine, theirs = open_table(driver), open_table(driver)
    assert driver.try_own(mine) and other.try_own(theirs)
    answers = driver.append_batch(
        [
            Append(mine, 0, ((0, {"bet": 1}),), by_driver=True),
            Append(theirs, 0, ((0, {"bet": 1}),), by_driver=True),
        ]
    )
    assert answers[0] == 1 and isinstance(answers[1], NotDriver)
    assert version(driver, theirs) == 0


def test_on_sqlite_the_one_process_drives_every_table(store: Store) -> None:
    table_id = open_table(store)
    assert store.append_moves(table_id, 0, [(0, {"bet": 1})], by_driver=True) == 1
