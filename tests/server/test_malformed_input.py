"""Malformed client input is refused, never a server error (issue 28, defect 6).

Before: a replay upload nested deeply or holding an integer of more than 4,300 digits
was a ``500`` (or a reset connection), and a move whose ``type`` was a list or an
object was answered with rule ``server`` and a traceback in the log, over HTTP and over
the WebSocket. Every place that reads a client's JSON (moves, uploads, table creation,
seats, names) is fuzzed here with odd JSON values and odd JSON text, seeded
(``derandomize``): every answer is a ``4xx`` naming the problem (HTTP) or an ``error``
with a client's rule (WebSocket), never a ``500`` nor rule ``server``.
"""

from __future__ import annotations

import json
import string
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tote.core.game import Game
from tote.core.record import Record
from tote.core.registry import all_games
from tote.server import create_app
from tote.server.client_json import MAX_DEPTH, read_json
from tote.sim.play import random_match
from tote.store import Store

from .server_helpers import TestClient, create_table, join, receive, start

SETTINGS = settings(
    max_examples=60,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
SERVER_RULES = {"server"}
"""Rules that say the server failed, not the client."""

leaves = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=12)
    | st.sampled_from(["place_bet", "move_horse", "red", "chip", "type", ""])
)
json_values = st.recursive(
    leaves,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(string.ascii_lowercase, max_size=6), inner, max_size=4)
    ),
    max_leaves=16,
)


def _nested(depth: int, open_: str, close: str) -> str:
    return open_ * depth + "1" + close * depth


odd_texts = st.one_of(
    st.integers(MAX_DEPTH + 1, 3000).map(lambda d: _nested(d, "[", "]")),
    st.integers(MAX_DEPTH + 1, 3000).map(lambda d: _nested(d, '{"a":', "}")),
    st.integers(4290, 6000).map(lambda n: "9" * n),
    st.sampled_from(["NaN", "Infinity", "-Infinity", "1e999", '"\\ud800"', "{", "", "nul"]),
)
"""JSON text (and near-JSON) that Python's parser or the serialisers after it refuse."""


@pytest.fixture
def client(store: Store) -> Iterator[TestClient]:
    with TestClient(create_app(store, bot_delay=0), raise_server_exceptions=False) as client:
        yield client


def post_json(
    client: TestClient, url: str, body: Any, headers: dict[str, str] | None = None
) -> Any:
    """POST ``body`` as Python writes JSON: ``NaN`` and ``Infinity`` included, as
    Python's parser (the server's) reads them."""
    headers = {"Content-Type": "application/json", **(headers or {})}
    return client.post(url, content=json.dumps(body), headers=headers)


def refused_cleanly(response: Any) -> None:
    """A client error naming the problem (or, for a value that happens to be fine, a
    success): never a 5xx nor rule ``server``."""
    assert response.status_code < 500, response.text
    if response.status_code >= 400:
        answer = response.json()
        assert answer["error"] and answer.get("rule") not in SERVER_RULES, answer


def moves(kinds: st.SearchStrategy[str]) -> st.SearchStrategy[Any]:
    """A move message's ``move``: anything; an object with an odd ``type``; a real type
    with odd fields."""
    return st.one_of(
        json_values,
        st.builds(
            lambda t, rest: {**rest, "type": t},
            json_values,
            json_values.filter(dict.__instancecheck__) | st.just({}),
        ),
        st.builds(
            lambda k, f, v: {"type": k, f: v},
            kinds,
            st.sampled_from(["horse", "chip", "seat", "x"]),
            json_values,
        ),
    )


def test_a_move_type_that_is_a_list_or_an_object_is_a_format_error(client: TestClient) -> None:
    """Issue 28, defect 6: the instance the probe found, over HTTP and the WebSocket."""
    table_id, host = create_table(client, players=2)
    tokens = [join(client, table_id, seat) for seat in range(2)]
    start(client, table_id, host)
    for odd in (["place_bet"], {"a": 1}):
        for token in tokens:
            response = client.post(
                f"/api/tables/{table_id}/moves",
                json={"move": {"type": odd}},
                headers={"X-Seat-Token": token},
            )
            assert response.status_code == 400, response.text
            assert response.json()["rule"] == "move format"
            assert "'type' is a string" in response.json()["error"]
        with client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[0]}") as ws:
            assert receive(ws)["type"] == "view"
            ws.send_json({"type": "move", "move": {"type": odd}})
            answer = next(m for m in iter(lambda: receive(ws), None) if m["type"] == "error")
            assert answer["rule"] == "move format", answer


def test_odd_moves_over_http_are_refused_cleanly(client: TestClient) -> None:
    """Issue 28, defect 6: any JSON as a move (or its type, or a field), and odd JSON text
    as the body, is a 4xx naming the problem, for the seat to act and the other."""
    table_id, host = create_table(client, players=2)
    tokens = [join(client, table_id, seat) for seat in range(2)]
    start(client, table_id, host)
    url = f"/api/tables/{table_id}/moves"

    @SETTINGS
    @given(
        move=moves(st.sampled_from(["place_bet", "move_horse", "roll_die"])), seat=st.integers(0, 1)
    )
    def check(move: Any, seat: int) -> None:
        headers = {"X-Seat-Token": tokens[seat]}
        refused_cleanly(post_json(client, url, {"move": move}, headers))
        refused_cleanly(post_json(client, url, {"move": move, "seat": move}, headers))

    @SETTINGS
    @given(text=odd_texts)
    def check_text(text: str) -> None:
        headers = {"X-Seat-Token": tokens[0], "Content-Type": "application/json"}
        response = client.post(url, content='{"move": ' + text + "}", headers=headers)
        assert response.status_code == 400, response.text
        assert response.json()["rule"] == "request" and response.json()["error"]

    check()
    check_text()


def test_odd_moves_over_the_websocket_are_protocol_or_format_errors(client: TestClient) -> None:
    """Issue 28, defect 6: over the WebSocket, every odd move message (and any message
    with odd fields) is answered with an ``error`` of a client's rule and the connection
    stays open (a ``ping`` after it is answered)."""
    table_id, host = create_table(client, players=2)
    tokens = [join(client, table_id, seat) for seat in range(2)]
    start(client, table_id, host)

    def answers(text: str) -> list[dict[str, Any]]:
        with client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[0]}") as ws:
            ws.send_text(text)
            ws.send_json({"type": "ping"})
            got = []
            while (message := receive(ws))["type"] != "pong":
                got.append(message)
            return got

    @settings(SETTINGS, max_examples=40)
    @given(move=moves(st.sampled_from(["place_bet", "move_horse"])))
    def check(move: Any) -> None:
        for message in answers(json.dumps({"type": "move", "move": move})):
            if message["type"] == "error":
                assert message["rule"] not in SERVER_RULES, message

    @settings(SETTINGS, max_examples=20)
    @given(text=odd_texts)
    def check_text(text: str) -> None:
        errors = [
            m for m in answers('{"type": "move", "move": ' + text + "}") if m["type"] == "error"
        ]
        assert errors and errors[0]["rule"] == "protocol", errors

    @settings(SETTINGS, max_examples=30)
    @given(
        kind=st.sampled_from(["move", "view", "odds", "ping"]) | json_values,
        rest=st.dictionaries(st.sampled_from(["seat", "move", "n", "type"]), json_values),
    )
    def check_message(kind: Any, rest: dict[str, Any]) -> None:
        for message in answers(json.dumps({**rest, "type": kind})):
            if message["type"] == "error":
                assert message["rule"] not in SERVER_RULES, message

    check()
    check_text()
    check_message()


def test_odd_uploads_are_refused_naming_the_problem(client: TestClient) -> None:
    """Issue 28, defect 6: a record with any field (or a move's field) replaced by odd JSON,
    or odd JSON text, is a ``400`` (rule ``record``) naming the problem, never a ``500``."""
    record = random_match("winners-circle", 2, seed=3).record().model_dump(mode="json")
    fields = sorted(record)
    headers = {"Content-Type": "application/json"}

    @SETTINGS
    @given(field=st.sampled_from(fields), value=json_values, index=st.integers(0, 20))
    def check(field: str, value: Any, index: int) -> None:
        for changed in ({**record, field: value}, _with_move_field(record, index, value)):
            response = client.post("/api/replays", content=json.dumps(changed), headers=headers)
            refused_cleanly(response)

    @SETTINGS
    @given(text=odd_texts, field=st.sampled_from(fields))
    def check_text(text: str, field: str) -> None:
        for body in (text, json.dumps({**record, field: None})[:-1] + f', "x": {text}}}'):
            response = client.post("/api/replays", content=body, headers=headers)
            assert response.status_code == 400, response.text
            assert response.json()["rule"] == "record" and response.json()["error"]

    check()
    check_text()


def _with_move_field(record: dict[str, Any], index: int, value: Any) -> dict[str, Any]:
    moves = [dict(entry) for entry in record["moves"]]
    entry = moves[index % len(moves)]
    entry["move"] = {**entry["move"], "horse": value}
    return {**record, "moves": moves}


def test_odd_tables_seats_and_names_are_refused_cleanly(client: TestClient) -> None:
    """Issue 28, defect 6: table creation (every game's options among its fields),
    joining (seat, name) and bots with odd JSON in any field are 4xx naming the
    problem."""
    table_id, host = create_table(client, players=3)

    @SETTINGS
    @given(
        field=st.sampled_from(
            ["game", "players", "variants", "options", "bots", "move_seconds", "tote_board"]
        ),
        value=json_values,
        option=json_values,
    )
    def check_create(field: str, value: Any, option: Any) -> None:
        body = {"game": "winners-circle", "players": 2, "options": {"rounds": option}, field: value}
        refused_cleanly(post_json(client, "/api/tables", body))

    @SETTINGS
    @given(seat=json_values, name=json_values)
    def check_seats(seat: Any, name: Any) -> None:
        refused_cleanly(
            post_json(client, f"/api/tables/{table_id}/join", {"seat": seat, "name": name})
        )
        bots = f"/api/tables/{table_id}/bots"
        headers = {"X-Host-Token": host}
        refused_cleanly(post_json(client, bots, {"seat": seat, "bot": name}, headers))

    @settings(SETTINGS, max_examples=150)
    @given(game=st.sampled_from(all_games()), data=st.data())
    def check_options(game: Game, data: st.DataObject) -> None:
        names = sorted(game.options_model.model_fields)
        options = data.draw(st.dictionaries(st.sampled_from(names), json_values, max_size=3))
        body = {"game": game.id, "players": game.min_players, "options": options}
        refused_cleanly(post_json(client, "/api/tables", body))

    check_create()
    check_seats()
    check_options()


def test_record_json_round_trips_what_an_upload_accepts() -> None:
    """The depth bound leaves room for every real record (issue 28, defect 6)."""
    for game, players in (("carcassonne", 2), ("horse-fever", 3), ("wits-and-wagers", 4)):
        record = random_match(game, players, seed=1).record().model_dump(mode="json")
        assert Record.from_json(read_json(json.dumps(record))).game == game
