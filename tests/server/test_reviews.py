"""Issue 26, "Where people see it": a finished table's review over HTTP, computed once
on the server in the background, stored with the table, served to whoever may read the
table's replay; at most one in the works per table and a bounded number per server;
bad input (a live table, a table ended early, a seat that does not exist, a full
server) refused naming the reason, nothing stored."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from tote.core.record import Record
from tote.server import create_app
from tote.server.reviews import compute_review
from tote.store import Store

from .server_helpers import TestClient, new_game
from .test_replays import finished_match, stored_table

WAIT = 60.0
"""Seconds a test waits for a review to be done (a Wits & Wagers game takes about 1 s)."""


@contextmanager
def reviewing(
    store: Store, compute: Callable[..., dict[str, Any]] | None = None, **bounds: int
) -> Iterator[TestClient]:
    app = create_app(store, bot_delay=0, **bounds)
    if compute is not None:
        app.state.reviews.compute = compute
    with TestClient(app) as client:
        yield client


def wait_done(client: TestClient, table_id: str) -> dict[str, Any]:
    """Ask until the review is done (or failed), within :data:`WAIT` seconds."""
    deadline = time.monotonic() + WAIT
    while True:
        answer: dict[str, Any] = client.get(f"/api/tables/{table_id}/review").json()
        if answer["status"] in ("done", "failed") or time.monotonic() > deadline:
            return answer
        time.sleep(0.05)


class Counted:
    """The real review, counting its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, record: Record, progress: Callable[[int, int], None]) -> dict[str, Any]:
        self.calls += 1
        return compute_review(record, progress)


def test_a_finished_table_is_reviewed_once_stored_and_served_after_a_restart(
    store: Store,
) -> None:
    """Issue 26: the review is computed once, in the background, stored with the table;
    a second request returns the stored one; a restarted server serves it from the store."""
    match = finished_match("wits-and-wagers")
    table_id = stored_table(store, match)
    counted = Counted()
    with reviewing(store, counted) as client:
        assert client.get(f"/api/tables/{table_id}/review").json()["status"] == "none"
        first = client.post(f"/api/tables/{table_id}/review")
        assert first.status_code == 202, first.text
        assert first.json()["status"] in ("waiting", "working", "done")
        done = wait_done(client, table_id)
        assert done["status"] == "done", done
        again = client.post(f"/api/tables/{table_id}/review")
        assert again.status_code == 200 and again.json()["review"] == done["review"]
    assert counted.calls == 1
    review = done["review"]
    assert review["game"] == "wits-and-wagers"
    assert [s["seat"] for s in review["seats"]] == [0, 1, 2, 3]
    assert any(d["judged"] and d["mark"] for d in review["decisions"])
    seat_moves = [i for i, (actor, _) in enumerate(match.moves) if actor != "chance"]
    for decision in review["decisions"]:  # each decision names the replay step of its move
        assert seat_moves[decision["step"] - 1] == decision["index"]
    stored = store.review_of(table_id)
    assert stored is not None and stored.status == "done" and stored.review == review

    def never(record: Record, progress: Callable[[int, int], None]) -> dict[str, Any]:
        raise AssertionError("a stored review is computed again")

    with reviewing(store, never) as client:  # a restart: the store still has it
        answer = client.get(f"/api/tables/{table_id}/review?seat=2").json()
        assert answer["status"] == "done"
        assert [s["seat"] for s in answer["review"]["seats"]] == [2]
        assert {d["seat"] for d in answer["review"]["decisions"]} == {2}
        assert client.post(f"/api/tables/{table_id}/review").status_code == 200


def test_a_live_table_and_a_table_ended_early_are_refused_and_nothing_is_stored(
    store: Store,
) -> None:
    """Issue 26, bad input: a review of a live table is refused (409, as its replay is:
    its record holds draws nobody may see yet); one ended early is refused as its replay
    is (403: the record is the host's alone). Nothing is stored."""
    with reviewing(store) as client:
        live, _, _ = new_game(client, humans=1, bots={1: "random", 2: "random"})
        ended = stored_table(store, finished_match("winners-circle"), status="ended")
        for table_id, status in ((live, 409), (ended, 403)):
            for method in (client.post, client.get):
                answer = method(f"/api/tables/{table_id}/review")
                assert answer.status_code == status, answer.text
                assert answer.json()["rule"] == "review"
            assert store.review_of(table_id) is None
        assert "is playing" in client.post(f"/api/tables/{live}/review").json()["error"]
        missing = client.post("/api/tables/nope/review")
        assert missing.status_code == 404 and "no table" in missing.json()["error"]


def test_a_seat_the_game_does_not_have_is_refused_and_nothing_is_started(store: Store) -> None:
    """Issue 26, bad input: a seat that does not exist is refused naming the seats there
    are; nothing is started or stored."""
    table_id = stored_table(store, finished_match("winners-circle"))
    with reviewing(store) as client:
        for seat in ("3", "64"):
            answer = client.post(f"/api/tables/{table_id}/review?seat={seat}")
            assert answer.status_code == 400, answer.text
            assert answer.json() == {
                "error": f"there is no seat {seat}: this game has seats 0 to 2",
                "rule": "seat",
            }
        assert client.post(f"/api/tables/{table_id}/review?seat=-1").status_code == 400
        assert client.get(f"/api/tables/{table_id}/review").json()["status"] == "none"
    assert store.review_of(table_id) is None


def test_a_full_server_refuses_one_more_review_and_serves_the_rest(store: Store) -> None:
    """Issue 26: a bounded number of reviews per server: with 1 at once and 1 waiting, a
    third table's review is refused (503, Retry-After, naming the bound), nothing stored;
    asking again for one in the works starts nothing more (one per table)."""
    release = threading.Event()
    calls: list[str] = []

    def held(record: Record, progress: Callable[[int, int], None]) -> dict[str, Any]:
        calls.append(record.game)
        assert release.wait(WAIT)
        return {"decisions": [], "seats": []}

    tables = [stored_table(store, finished_match("winners-circle", seed)) for seed in (1, 2, 3)]
    with reviewing(store, held, reviews_at_once=1, reviews_waiting=1) as client:
        for table_id in tables[:2]:
            assert client.post(f"/api/tables/{table_id}/review").status_code == 202
        assert client.post(f"/api/tables/{tables[0]}/review").status_code == 202
        full = client.post(f"/api/tables/{tables[2]}/review")
        assert full.status_code == 503, full.text
        assert full.json()["rule"] == "busy"
        assert "at most 1 at once and 1 waiting" in full.json()["error"]
        assert full.headers["Retry-After"] == "60"
        assert client.get(f"/api/tables/{tables[1]}/review").json()["status"] == "waiting"
        release.set()
        assert [wait_done(client, t)["status"] for t in tables[:2]] == ["done", "done"]
        assert client.get(f"/api/tables/{tables[2]}/review").json()["status"] == "none"
    assert len(calls) == 2
    assert store.review_of(tables[2]) is None


def test_a_failed_review_keeps_nothing_and_may_be_asked_again(store: Store) -> None:
    """A review that fails says so and gives its claim up: nothing is stored, and asking
    again starts it anew."""
    failures = [RuntimeError("broken")]

    def flaky(record: Record, progress: Callable[[int, int], None]) -> dict[str, Any]:
        if failures:
            raise failures.pop()
        return {"decisions": [], "seats": []}

    table_id = stored_table(store, finished_match("winners-circle"))
    with reviewing(store, flaky) as client:
        client.post(f"/api/tables/{table_id}/review")
        failed = wait_done(client, table_id)
        assert failed["status"] == "failed" and "RuntimeError" in failed["error"]
        assert store.review_of(table_id) is None
        client.post(f"/api/tables/{table_id}/review")
        assert wait_done(client, table_id)["status"] == "done"


def test_the_stored_claim_keeps_one_review_per_table_in_the_works(any_store: Store) -> None:
    """Issue 26: at most one review per table in the works across processes (SQLite and
    PostgreSQL): a second claim is refused while the first is fresh, a stale claim (its
    process stopped) is taken over, a done review is never claimed again."""
    table_id = stored_table(any_store, finished_match("winners-circle"))
    past = datetime.now(UTC) - timedelta(minutes=10)
    assert any_store.claim_review(table_id, past)
    assert not any_store.claim_review(table_id, past)
    row = any_store.review_of(table_id)
    assert row is not None and row.status == "working" and row.review is None
    assert any_store.claim_review(table_id, datetime.now(UTC) + timedelta(seconds=1))
    any_store.finish_review(table_id, {"seats": []})
    assert not any_store.claim_review(table_id, datetime.now(UTC) + timedelta(seconds=1))
    done = any_store.review_of(table_id)
    assert done is not None and done.status == "done" and done.review == {"seats": []}
    any_store.drop_review_claim(table_id)  # gives up claims only, never a done review
    assert any_store.review_of(table_id) == done


@pytest.fixture(params=["sqlite", "postgresql"])
def old_url(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'old.db'}"
    url: str = request.getfixturevalue("own_postgres_url")
    return url


def test_migration_0004_adds_reviews_to_an_older_database(old_url: str) -> None:
    """Issue 26: migration 0004 upgrades a database made at 0003: its finished table stays
    and has no review until one is claimed and stored."""
    from alembic import command
    from sqlalchemy import create_engine, text

    from tote.store.migrate import alembic_config

    engine = create_engine(old_url)
    command.upgrade(alembic_config(engine), "0003")
    with engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO tables (id, game, options, seed, status, version, settings,"
                " host_token, engine, created_at) VALUES ('old', 'winners-circle', '{}', 7,"
                " 'finished', 0, '{}', 'x', '0.1', '2026-01-01 00:00:00+00')"
            )
        )
    engine.dispose()
    store = Store(old_url)
    try:
        assert store.table("old").status == "finished"
        assert store.review_of("old") is None
        assert store.claim_review("old", datetime.now(UTC))
        store.finish_review("old", {"seats": []})
        row = store.review_of("old")
        assert row is not None and row.status == "done" and row.finished_at is not None
    finally:
        store.engine.dispose()


def test_the_servers_review_runs_in_a_child_process_and_gives_the_same_review() -> None:
    """Issue 26 (the review computed on the server "in the background"): the server's
    own review runs in a child process, so the server's event loop and its tables do not
    wait behind seconds of Python holding the interpreter; what it computes is the same
    review, with its progress told to the end."""
    import multiprocessing

    from tote.server.review_process import review_in_child

    record = finished_match("wits-and-wagers").record()
    seen: list[tuple[int, int, bool]] = []

    def progress(done: int, of: int) -> None:
        in_child = any(p.name == "tote-review" for p in multiprocessing.active_children())
        seen.append((done, of, in_child))

    assert review_in_child(record, progress) == compute_review(record, lambda _d, _o: None)
    assert seen and all(in_child for _, _, in_child in seen)
    assert seen[-1][0] == seen[-1][1] == len(record.moves)


def test_a_stopped_review_ends_its_child_process() -> None:
    """Issue 26 (a review running too long, or the server stopping, is stopped): what
    the progress raises reaches the server, and the child process computing the review
    is ended, so a stopped review holds no core."""
    import multiprocessing

    from tote.server.review_process import review_in_child
    from tote.server.reviews import Stopped

    record = finished_match("carcassonne").record()

    def stop(done: int, of: int) -> None:
        raise Stopped("the server stopped during the review; ask again")

    with pytest.raises(Stopped, match="server stopped"):
        review_in_child(record, stop)
    assert not [p for p in multiprocessing.active_children() if p.name == "tote-review"]
