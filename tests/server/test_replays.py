"""Replays over HTTP (issue 16, "Replays in the browser"): every finished table, and
every record a user uploads, stepped through move by move, both ways, from any seat;
bad input (an unfinished table, a bad step or seat, an upload that is not a record or
does not replay) refused with a clear message and nothing kept.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from collections.abc import Iterator
from typing import Any

import pytest

from tote.core.match import Match
from tote.core.moves import CHANCE
from tote.core.record import Record
from tote.core.registry import all_games
from tote.server import create_app
from tote.server.limits import MAX_BODY
from tote.server.replay_book import MOST_CHECKPOINTS, ReplayBook, Shelf
from tote.sim.play import random_match
from tote.store import Store

from .server_helpers import TestClient, create_table, join, new_game, serving

PLAYERS = {"carcassonne": 2, "wits-and-wagers": 4}
"""Seats per game in these tests (the fewest that play quickly; else 3)."""
GAMES = [game.id for game in all_games()]


@pytest.fixture
def client(store: Store) -> Iterator[TestClient]:
    with serving(store) as client:
        yield client


def finished_match(game: str, seed: int = 5) -> Match:
    match = random_match(game, PLAYERS.get(game, 3), seed=seed)
    assert match.state.is_over
    return match


def stored_table(store: Store, match: Match, status: str = "finished") -> str:
    """A table in the store that played ``match`` (as a server would have stored it)."""
    row, _ = store.create_table(
        match.game.id,
        match.options.model_dump(mode="json"),
        match.seed or 0,
        [(p.name, p.bot) for p in match.players],
    )
    moves = [(actor, move.to_json()) for actor, move in match.moves]
    store.append_moves(row.id, 0, moves)
    store.set_status(row.id, status)
    return row.id


def expected_views(record: Record) -> list[dict[int | None, Any]]:
    """Each step's view for every seat and the public, replaying the record afresh
    through a Match (the rules check every move): step 0 after the chance moves before
    the first seat move, step k after the k-th seat move and the draws it led to."""
    match = Match(record.game, record.players, record.options, auto_chance=False)
    seats: list[int | None] = [None, *range(len(record.players))]
    views: list[dict[int | None, Any]] = []

    def take() -> None:
        views.append({s: json.loads(json.dumps(match.state.view(s))) for s in seats})

    for entry in record.moves:
        if entry.by == CHANCE:
            match.play_chance(entry.move)
            continue
        take()
        match.play(entry.by, entry.move)
    take()
    return views


def upload(client: TestClient, body: str | bytes) -> Any:
    return client.post("/api/replays", content=body, headers={"Content-Type": "application/json"})


def told(view: dict[str, Any]) -> dict[str, Any]:
    """A replayed view without the sentences the server adds to its log entries (issue
    15), which must be there, each a sentence: the rest is the game's own view."""
    for entry in view["log"]:
        assert isinstance(entry.pop("sentence"), str) and entry  # the entry keeps its data
    return view


# ------------------------------------------------------------- every game
@pytest.mark.parametrize("game", GAMES)
def test_a_finished_table_steps_both_ways_like_its_record(
    client: TestClient, store: Store, game: str
) -> None:
    """Issue 16: a finished table can be stepped through forwards and backwards from
    any seat (a finished game reveals everything); each step's view is the one replaying
    the record gives, and the step names the seat move it shows played."""
    match = finished_match(game)
    table_id = stored_table(store, match)
    record = Record.model_validate(client.get(f"/api/tables/{table_id}/record").json())
    expected = expected_views(record)
    steps = len(expected) - 1
    seat_moves = [entry for entry in record.moves if entry.by != CHANCE]
    assert steps == len(seat_moves) > 0
    url = f"/api/tables/{table_id}/replay"
    last = len(record.players) - 1
    walks: list[tuple[int | None, list[int]]] = [
        (None, list(range(steps + 1))),
        (0, list(range(steps, -1, -1))),
        (last, [steps, 0, steps // 2, steps // 2 - 1, steps // 2, 1, 0]),
    ]
    for seat, walk in walks:
        for step in walk:
            params = {"step": step} if seat is None else {"step": step, "seat": seat}
            answer = client.get(url, params=params).json()
            assert answer["step"] == step and answer["steps"] == steps
            assert answer["seat"] == seat and answer["table_id"] == table_id
            assert told(answer["view"]) == expected[step][seat], (seat, step)
            if step == 0:
                assert answer["move"] is None
            else:
                move = seat_moves[step - 1]
                assert answer["move"]["by"] == move.by and answer["move"]["move"] == move.move
                words = answer["move"]["words"]  # the move as the game names it (issue 15)
                assert words and "_" not in words and "{" not in words
            assert answer["players"] == [p.model_dump() for p in record.players]
    end = client.get(url, params={"step": steps}).json()
    assert end["over"] and end["view"]["result"] is not None


@pytest.mark.parametrize("game", GAMES)
def test_an_uploaded_record_replays_and_downloads(client: TestClient, game: str) -> None:
    """Issue 16: any record file a user uploads can be stepped through, and downloaded
    again; the same file gives the same id (its content hash)."""
    record = finished_match(game, seed=11).record()
    answer = upload(client, record.to_json_text())
    assert answer.status_code == 201, answer.text
    first = answer.json()
    assert upload(client, record.model_dump_json()).json()["replay_id"] == first["replay_id"]
    expected = expected_views(record)
    assert first["steps"] == len(expected) - 1 and first["over"]
    for step in (0, 1, first["steps"], first["steps"] - 1, 2):
        got = client.get(first["replay"], params={"step": step, "seat": 1}).json()
        assert told(got["view"]) == expected[step][1] and got["replay_id"] == first["replay_id"]
    again = Record.model_validate(client.get(first["record"]).json())
    assert again.moves == record.moves and again.seed == record.seed
    assert Match.replay(again).state.result() == Match.replay(record).state.result()


def test_the_log_from_marks_what_a_step_added(client: TestClient) -> None:
    """Issue 16, "the move just played described in words": ``log_from`` is where the
    entries of the step's move (and the draws after it) start in the seat's log."""
    record = finished_match("winners-circle").record()
    rid = upload(client, record.model_dump_json()).json()["replay_id"]
    before = client.get(f"/api/replays/{rid}", params={"step": 3}).json()
    after = client.get(f"/api/replays/{rid}", params={"step": 4}).json()
    assert after["log_from"] == len(before["view"]["log"])
    assert len(after["view"]["log"]) > after["log_from"]


# ---------------------------------------------------------------- refusals
def test_a_table_not_finished_has_no_replay(client: TestClient) -> None:
    """Issue 16: only a finished table is replayed; open, playing and ended tables are
    refused with a clear message (their record holds draws nobody may see yet)."""
    table_id, host = create_table(client, "winners-circle", 3)
    answer = client.get(f"/api/tables/{table_id}/replay")
    assert answer.status_code == 409 and "is open" in answer.json()["error"]
    playing, host, _ = new_game(client, 2, {2: "random"})
    answer = client.get(f"/api/tables/{playing}/replay", params={"step": 0})
    assert answer.status_code == 409 and "once the game is over" in answer.json()["error"]
    client.post(f"/api/tables/{playing}/end", headers={"X-Host-Token": host})
    answer = client.get(f"/api/tables/{playing}/replay")
    assert answer.status_code == 403 and "ended early" in answer.json()["error"]
    assert client.get("/api/tables/nope/replay").status_code == 404
    join(client, table_id, 0)


@pytest.mark.parametrize(
    ("params", "rule", "words"),
    [
        ({"step": 100_000}, "step", "this replay has steps 0 to"),
        ({"step": -1}, "request", "step"),
        ({"step": "two"}, "request", "step"),
        ({"seat": 3}, "seat", "this game has seats 0 to 2"),
        ({"seat": -1}, "request", "seat"),
        ({"seat": 1000}, "request", "seat"),
    ],
)
def test_a_bad_step_or_seat_is_refused(
    client: TestClient, store: Store, params: dict[str, Any], rule: str, words: str
) -> None:
    """Issue 16, bad input: a step past the end or a seat the game does not have is
    refused naming the steps or seats there are."""
    table_id = stored_table(store, finished_match("winners-circle"))
    answer = client.get(f"/api/tables/{table_id}/replay", params=params)
    assert answer.status_code == 400
    assert answer.json()["rule"] == rule and words in answer.json()["error"]


def _bad_records() -> list[tuple[str, bytes, str]]:
    good = finished_match("winners-circle").record()
    data = json.loads(good.model_dump_json())
    illegal = json.loads(good.model_dump_json())
    seat_index = next(i for i, m in enumerate(illegal["moves"]) if m["by"] != "chance")
    illegal["moves"][seat_index + 2] = illegal["moves"][seat_index]
    illegal["result"] = None
    lines = "\n".join([good.model_dump_json()] * 2)
    return [
        ("not JSON", b"this is no record", "not JSON: line 1"),
        ("empty", b"  \n", "empty"),
        ("binary", b"\xff\xfe\x00", "not text"),
        ("gzip", gzip.compress(good.model_dump_json().encode()), "gzip"),
        ("a list", b"[1, 2]", "JSON list, not a record"),
        ("not a record", b'{"hello": "world"}', "not a valid tote record"),
        ("no version", json.dumps({**data, "version": 7}).encode(), "version"),
        ("unknown game", json.dumps({**data, "game": "chess"}).encode(), "unknown game 'chess'"),
        ("bad options", json.dumps({**data, "options": {"speed": 99}}).encode(), "speed"),
        ("no players", json.dumps({**data, "players": []}).encode(), "players"),
        ("illegal move", json.dumps(illegal).encode(), f"move {seat_index + 2}"),
        ("run file", lines.encode(), "holds 2 lines"),
        (
            "server file",
            json.dumps({**data, "options": {"horse_cards_file": "/etc/passwd"}}).encode(),
            "names a file on the server",
        ),
        (
            "changed data",
            json.dumps({**data, "options": {"data_changes": {"payouts.show[0]": 9}}}).encode(),
            "plays only the data it ships",
        ),
    ]


@pytest.mark.parametrize(("name", "body", "words"), _bad_records(), ids=lambda v: str(v)[:12])
def test_an_upload_that_does_not_replay_is_refused(
    client: TestClient, name: str, body: bytes, words: str
) -> None:
    """Issue 16, bad input: an upload that is not a record, or does not replay, is
    refused naming what and where; nothing is kept under its id."""
    answer = upload(client, body)
    assert answer.status_code == 400, (name, answer.text)
    assert answer.json()["rule"] == "record" and words in answer.json()["error"], name
    try:
        record = Record.model_validate_json(body)
    except ValueError:
        return
    rid = hashlib.sha256(record.model_dump_json().encode()).hexdigest()[:32]
    gone = client.get(f"/api/replays/{rid}")
    assert gone.status_code == 404 and "upload the file again" in gone.json()["error"]


def test_uploads_are_bounded(client: TestClient, store: Store) -> None:
    """Issue 16: an upload is bounded by the body limit (256 KiB), and one line of a run
    file (what ``tote simulate --save`` writes) is a record like any other."""
    too_big = b'{"game": "' + b"x" * MAX_BODY + b'"}'
    assert upload(client, too_big).status_code == 413
    line = finished_match("horse-fever").record().model_dump_json() + "\n"
    assert upload(client, line).status_code == 201


def test_uploads_are_rate_limited(store: Store) -> None:
    """Issue 16: uploads from one address are limited like table creation
    (``--tables-per-minute``): past it, 429 with Retry-After."""
    body = finished_match("winners-circle").record().model_dump_json()
    with TestClient(create_app(store, bot_delay=0, tables_per_minute=2)) as client:
        assert upload(client, body).status_code == 201
        assert upload(client, body).status_code == 201
        third = upload(client, body)
        assert third.status_code == 429 and "uploads a minute" in third.json()["error"]
        assert int(third.headers["Retry-After"]) >= 1


def test_kept_books_and_checkpoints_are_bounded() -> None:
    """Issue 16: replays are kept in a bounded cache, and a long record keeps a bounded
    number of checkpoints (stepping back costs at most the moves between two)."""
    shelf: Shelf[str, int] = Shelf(2)
    shelf.put("a", 1)
    shelf.put("b", 2)
    assert shelf.get("a") == 1
    shelf.put("c", 3)
    assert len(shelf) == 2 and shelf.get("b") is None and shelf.get("a") == 1
    book = ReplayBook(finished_match("wetten").record())
    assert len(book._checkpoints) <= MOST_CHECKPOINTS + 1
    assert book.view(book.steps, None) == json.loads(json.dumps(book.view(book.steps, None)))


def test_openapi_lists_the_replay_endpoints(client: TestClient) -> None:
    """Issue 16: the new endpoints are part of the documented REST API."""
    paths = client.get("/openapi.json").json()["paths"]
    assert "get" in paths["/api/tables/{table_id}/replay"]
    assert "post" in paths["/api/replays"]
    assert "get" in paths["/api/replays/{replay_id}"]
    assert "get" in paths["/api/replays/{replay_id}/record"]
