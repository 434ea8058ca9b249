"""The table store on SQLite (the default) and PostgreSQL (by URL)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from tote.core import Match
from tote.core.errors import ToteError
from tote.sim.runner import random_match
from tote.store import Append, NotFound, Store, VersionConflict
from tote.store.locks import _lock_key

POSTGRES = "postgresql+psycopg://postgres@127.0.0.1/test"


def _postgres_reachable() -> bool:
    try:
        with create_engine(POSTGRES).connect() as connection:
            connection.execute(text("select 1"))
        return True
    except Exception:
        return False


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    if request.param == "sqlite":
        yield Store(f"sqlite:///{tmp_path / 'tote.db'}")
    else:
        if not _postgres_reachable():
            pytest.skip(f"PostgreSQL is not reachable at {POSTGRES}")
        yield Store(POSTGRES)


def _played_match(moves: int = 40) -> Match:
    return random_match("winners-circle", 2, seed=5, max_moves=moves)


def test_a_table_is_its_record_and_replays(store: Store) -> None:
    """Storage: a table stores seed, options and the ordered moves; replaying them gives
    the same state."""
    match = _played_match()
    table, _ = store.create_table(
        "winners-circle", match.options.model_dump(), 5, [("A", None), ("B", "odds")]
    )
    moves = [(actor, move.to_json()) for actor, move in match.moves]
    assert store.append_moves(table.id, 0, moves) == len(moves)
    replayed = Match.replay(store.record(table.id))
    assert replayed.state.view(None) == match.state.view(None)
    assert store.table(table.id).version == len(moves)


def test_a_move_for_a_stale_version_is_refused(store: Store) -> None:
    """Storage: the version check means two workers never both accept a move for the
    same state; the loser changes nothing."""
    table, _ = store.create_table("winners-circle", {}, 1, [("A", None), ("B", None)])
    store.append_moves(table.id, 0, [("chance", {"type": "draw_horse_card", "card": "H01"})])
    with pytest.raises(VersionConflict):
        store.append_moves(table.id, 0, [("chance", {"type": "draw_horse_card", "card": "H02"})])
    assert [m.move["card"] for m in store.record(table.id).moves] == ["H01"]


def test_concurrent_writers_at_one_version_accept_exactly_one(store: Store) -> None:
    table, _ = store.create_table("winners-circle", {}, 1, [("A", None), ("B", None)])
    results: list[str] = []
    barrier = threading.Barrier(6)

    def write(card: str) -> None:
        barrier.wait()
        try:
            store.append_moves(table.id, 0, [("chance", {"type": "draw_horse_card", "card": card})])
            results.append("ok")
        except VersionConflict:
            results.append("conflict")

    threads = [threading.Thread(target=write, args=(f"H0{i}",)) for i in range(1, 7)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == ["conflict"] * 5 + ["ok"]
    assert len(store.record(table.id).moves) == 1


def _draw(card: str) -> tuple[tuple[str, dict[str, str]], ...]:
    return (("chance", {"type": "draw_horse_card", "card": card}),)


def test_a_batch_stores_many_tables_and_refuses_only_its_stale_appends(store: Store) -> None:
    """Storage: several tables' moves go in one transaction; an append at a stale version
    or for no table is refused on its own, writes nothing, and the others are stored."""
    tables = [
        store.create_table("winners-circle", {}, n, [("A", None), ("B", None)])[0].id
        for n in range(4)
    ]
    store.append_moves(tables[1], 0, _draw("H01"))
    answers = store.append_batch(
        [
            Append(tables[3], 0, _draw("H03")),
            Append(tables[1], 0, _draw("H09")),  # stale: tables[1] is at version 1
            Append("no-such-table", 0, _draw("H09")),
            Append(tables[0], 0, (*_draw("H04"), *_draw("H05"))),
            Append(tables[1], 1, _draw("H02")),
        ]
    )
    assert answers[0] == 1 and answers[3] == 2 and answers[4] == 2
    assert isinstance(answers[1], VersionConflict) and isinstance(answers[2], NotFound)
    cards = {t: [m.move["card"] for m in store.record(t).moves] for t in tables}
    assert cards == {
        tables[0]: ["H04", "H05"],
        tables[1]: ["H01", "H02"],
        tables[2]: [],
        tables[3]: ["H03"],
    }
    assert [store.table(t).version for t in tables] == [2, 2, 0, 1]


def test_seat_tokens_act_only_for_their_seat_and_are_stored_hashed(store: Store) -> None:
    table, host = store.create_table("winners-circle", {}, 1, [("A", None), ("B", None)])
    token = store.join(table.id, 1, "Bea")
    assert store.seat_of(table.id, token) == 1
    assert store.seat_of(table.id, "guess") is None
    assert store.is_host(table.id, host) and not store.is_host(table.id, token)
    with pytest.raises(ToteError, match="already taken"):
        store.join(table.id, 1, "Eve")
    with store.engine.connect() as connection:
        stored = [row[0] for row in connection.execute(text("select token from seats"))]
        hosts = [row[0] for row in connection.execute(text("select host_token from tables"))]
    assert token not in stored and host not in hosts
    assert store.table(table.id).seats[1].name == "Bea"


def test_bots_fill_free_seats_only(store: Store) -> None:
    table, _ = store.create_table("winners-circle", {}, 1, [("A", None), ("B", None)])
    store.join(table.id, 0, "Ann")
    store.set_bot(table.id, 1, "odds", "Odds bot")
    assert store.table(table.id).seats[1].bot == "odds"
    with pytest.raises(ToteError, match="taken by a player"):
        store.set_bot(table.id, 0, "odds", "Odds bot")


def test_unknown_tables_are_not_found(store: Store) -> None:
    with pytest.raises(NotFound):
        store.table("nope")
    with pytest.raises(NotFound):
        store.append_moves("nope", 0, [("chance", {})])


def test_status_and_listing(store: Store) -> None:
    table, _ = store.create_table("winners-circle", {}, 1, [("A", None), ("B", None)])
    assert table.id in {t.id for t in store.tables("open")}
    store.set_status(table.id, "playing")
    assert table.id not in {t.id for t in store.tables("open")}
    assert store.table(table.id).status == "playing"


def test_a_new_sqlite_file_needs_no_setup_and_reopens(tmp_path: Path) -> None:
    """Storage: the default is an SQLite file that needs no set-up; migrations run once."""
    url = f"sqlite:///{tmp_path / 'fresh.db'}"
    table, _ = Store(url).create_table("winners-circle", {}, 3, [("A", None), ("B", None)])
    assert Store(url).table(table.id).seed == 3


def _lock_holders(store: Store, table_id: str) -> list[int]:
    """The PostgreSQL backends holding a table's advisory lock (pg_locks splits the
    64-bit key into two 32-bit halves)."""
    key = _lock_key(table_id) & 0xFFFFFFFFFFFFFFFF
    with store.engine.connect() as connection:
        rows = connection.execute(
            text(
                "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted"
                " AND classid::bigint = :high AND objid::bigint = :low AND objsubid = 1"
            ),
            {"high": key >> 32, "low": key & 0xFFFFFFFF},
        )
        return [pid for (pid,) in rows]


def _terminate(store: Store, pids: list[int]) -> None:
    with store.engine.connect() as connection:
        for pid in pids:
            connection.execute(text("SELECT pg_terminate_backend(:pid, 5000)"), {"pid": pid})


def test_a_lost_lock_connection_is_replaced_and_its_locks_taken_again(store: Store) -> None:
    """Ownership: when the connection holding the table locks is terminated from
    outside, the store opens a new one and takes its locks again; a lock another
    process took meanwhile is reported lost, never held twice."""
    if not store.shared:
        pytest.skip("advisory locks are PostgreSQL's")
    other = Store(store.url)
    try:
        kept, taken = (
            store.create_table("winners-circle", {}, 1, [("A", None), ("B", None)])[0].id
            for _ in range(2)
        )
        assert store.try_own(kept) and store.try_own(taken)
        (holder,) = _lock_holders(store, kept)
        assert _lock_holders(store, taken) == [holder]
        _terminate(store, [holder])
        assert other.try_own(taken)  # the lock went with the connection: free to take

        assert store.check_locks() == {taken}  # reconnected: kept is held again
        (again,) = _lock_holders(store, kept)
        assert again != holder
        assert store.check_locks() == set()
        fresh = store.create_table("winners-circle", {}, 1, [("A", None), ("B", None)])[0].id
        assert store.try_own(fresh) and _lock_holders(store, fresh) == [again]
        assert not store.try_own(taken)

        # Lost in the middle of a claim: the claim still succeeds, on a new connection.
        _terminate(store, [again])
        late = store.create_table("winners-circle", {}, 1, [("A", None), ("B", None)])[0].id
        assert store.try_own(late)
        (third,) = _lock_holders(store, late)
        assert _lock_holders(store, kept) == _lock_holders(store, fresh) == [third]
        store.disown(kept)
        assert _lock_holders(store, kept) == []
    finally:
        other.disown_all()
        other.engine.dispose()
        store.disown_all()
        store.engine.dispose()


def test_a_look_at_a_lock_takes_nothing(store: Store) -> None:
    """``lock_is_free`` reads ``pg_locks`` for the table's key without taking the lock:
    another process adopting an orphan looks twice before it takes (issue 18)."""
    if not store.shared:
        assert not store.lock_is_free("T1")  # SQLite: this process owns every table
        return
    other = Store(store.url)
    try:
        assert store.lock_is_free("T1") and store.lock_is_free("T2")
        assert other.try_own("T1")
        assert not store.lock_is_free("T1") and store.lock_is_free("T2")
        assert not store.try_own("T1") and store.lock_is_free("T2")
        other.disown("T1")
        assert store.lock_is_free("T1")
    finally:
        other.engine.dispose()


def test_migration_0002_keeps_the_tables_of_an_older_database(tmp_path: Path) -> None:
    """Issue 16: a database made before rematches and stand-in bots (revision 0001) is
    upgraded in place when opened: its tables and seats stay, no seat is kept for
    anyone, no bot stands in, no rematch is linked, and its seats can still be taken."""
    from alembic import command

    from tote.store.migrate import alembic_config

    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = create_engine(url)
    command.upgrade(alembic_config(engine), "0001")
    with engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO tables (id, game, options, seed, status, version, settings,"
                " host_token, engine, created_at) VALUES ('old', 'winners-circle', '{}', 7,"
                " 'open', 0, '{}', 'x', '0.1', '2026-01-01 00:00:00')"
            )
        )
        for seat in (0, 1):
            connection.execute(
                text(
                    "INSERT INTO seats (table_id, seat, name, bot, token)"
                    f" VALUES ('old', {seat}, 'Player {seat + 1}', NULL, NULL)"
                )
            )
    engine.dispose()
    store = Store(url)
    table = store.table("old")
    assert table.rematch is None and table.seed == 7
    assert [(s.reserved, s.stand_in, s.taken) for s in table.seats] == [(False, None, False)] * 2
    token = store.join("old", 1, "Ann")
    assert store.seat_of("old", token) == 1


def test_a_rematch_is_made_once_and_again_after_it_expired(store: Store) -> None:
    """Issue 16: every call for a table's rematch returns the same new table, with the
    seats of players kept for them; if that table expired unjoined (the lobby deletes
    open tables nobody joined: here, deleted as it would), the next call makes a new one."""
    table, _ = store.create_table("winners-circle", {}, 1, [("Ann", None), ("B", "odds")])
    first = store.create_rematch(table.id, 2)
    assert store.create_rematch(table.id, 3) == first == store.table(table.id).rematch
    seats = store.table(first).seats
    assert [(s.name, s.bot, s.reserved) for s in seats] == [
        ("Ann", None, True),
        ("B", "odds", False),
    ]
    with store._write() as session:
        session.execute(text("DELETE FROM seats WHERE table_id = :t"), {"t": first})
        session.execute(text("DELETE FROM tables WHERE id = :t"), {"t": first})
    again = store.create_rematch(table.id, 5)
    assert again != first and store.table(again).seats[0].reserved
