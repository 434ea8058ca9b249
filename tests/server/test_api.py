"""The HTTP API: games, creating and joining tables, host-only calls, views, records,
moves over HTTP, and one clear ``{"error": ...}`` line for every refusal."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import anyio
import pytest

from tote.core import all_games
from tote.server.limits import MAX_BODY, BodyLimit
from tote.store import Store

from .server_helpers import (
    TestClient,
    create_table,
    get_view,
    join,
    new_game,
    post_move,
    serving,
    start,
    version,
)


@pytest.fixture
def client(store: Store) -> Any:
    with serving(store) as client:
        yield client


def assert_error(response: Any, status: int, *words: str) -> dict[str, Any]:
    """A refusal: the status, and one line naming what is wrong."""
    assert response.status_code == status, response.text
    data: dict[str, Any] = response.json()
    assert set(data) <= {"error", "rule"}
    assert isinstance(data["error"], str) and data["error"]
    assert "\n" not in data["error"]
    for word in words:
        assert word in data["error"], data["error"]
    return data


# ------------------------------------------------------------------ games
def test_games_lists_variants_player_counts_and_bots(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert set(games) == {game.id for game in all_games()}
    assert {"winners-circle", "wits-and-wagers"} <= set(games)
    wc = games["winners-circle"]
    assert (wc["min_players"], wc["max_players"]) == (2, 6)
    assert "hidden-bets" in [v["name"] for v in wc["variants"]]
    assert {"random", "odds"} <= set(wc["bots"]) and wc["default_bot"] == "odds"
    assert wc["options"]["hidden_bets"] is False
    assert "properties" in wc["options_schema"]
    ww = games["wits-and-wagers"]
    assert ww["players_note"] and ww["options"]["answer_seconds"] == 30


def test_games_offer_three_levels_with_a_line_on_how_each_plays(client: TestClient) -> None:
    """Issue 25: every game's seat choices hold ``easy``, ``normal`` and ``hard``, each
    described in one line; Wits & Wagers' say how well each knows the answer."""
    for game in client.get("/api/games").json():
        assert {"easy", "normal", "hard", "strong"} <= set(game["bots"])
        levels = game["bot_levels"]
        assert set(levels) == {"easy", "normal", "hard"}
        assert all(text and "\n" not in text for text in levels.values())
        if game["id"] == "wits-and-wagers":
            assert "Knows the answer" in levels["easy"] and "factor of" in levels["normal"]


def test_openapi_lists_every_endpoint(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    paths = spec["paths"]
    expected = {
        "/api/games": {"get"},
        "/api/tables": {"get", "post"},
        "/api/tables/{table_id}": {"get"},
        "/api/tables/{table_id}/join": {"post"},
        "/api/tables/{table_id}/bots": {"post"},
        "/api/tables/{table_id}/start": {"post"},
        "/api/tables/{table_id}/end": {"post"},
        "/api/tables/{table_id}/view": {"get"},
        "/api/tables/{table_id}/record": {"get"},
        "/api/tables/{table_id}/moves": {"post"},
    }
    for path, methods in expected.items():
        assert methods <= set(paths[path]), path
    schemas = spec["components"]["schemas"]
    assert {"CreateTableRequest", "JoinRequest", "MoveRequest", "ViewResponse"} <= set(schemas)
    assert "/ws/tables/{table_id}" in spec["info"]["description"]


# ----------------------------------------------------------------- create
@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"game": "chess", "players": 2}, ["unknown game", "winners-circle"]),
        ({"game": "winners-circle", "players": 1}, ["2 to 6 players"]),
        ({"game": "winners-circle", "players": 3, "variants": ["nope"]}, ["no variant 'nope'"]),
        ({"game": "winners-circle", "players": 3, "options": {"starting_money": -5}}, ["money"]),
        ({"game": "winners-circle", "players": 3, "options": {"speed": 9}}, ["speed"]),
        (
            {"game": "winners-circle", "players": 3, "options": {"horse_cards_file": "/etc/x"}},
            ["names a file on the server"],
        ),
        (
            {"game": "wits-and-wagers", "players": 4, "options": {"question_pack": "/etc/x"}},
            ["names a file on the server"],
        ),
        (
            {
                "game": "winners-circle",
                "players": 3,
                "options": {"data_changes": {"payouts.show[0]": 400}},
            },
            ["data_changes", "plays only the data it ships"],
        ),
        ({"game": "wits-and-wagers", "players": 2}, ["4 to 20 players"]),
        ({"game": "winners-circle", "players": 3, "bots": [{"seat": 0, "bot": "x"}]}, ["bot"]),
        (
            {"game": "winners-circle", "players": 3, "bots": [{"seat": 3, "bot": "odds"}]},
            ["0 to 2"],
        ),
        ({"game": "winners-circle"}, ["players", "required"]),
        ({"game": "winners-circle", "players": "three"}, ["players"]),
        ({"game": "winners-circle", "players": 3, "colour": "red"}, ["colour"]),
        ({"game": "winners-circle", "players": 3, "move_seconds": 0}, ["move_seconds"]),
    ],
)
def test_bad_tables_are_refused_with_one_clear_line(
    client: TestClient, body: dict[str, Any], words: list[str]
) -> None:
    assert_error(client.post("/api/tables", json=body), 400, *words)


def test_a_body_that_is_not_json_is_refused(client: TestClient) -> None:
    response = client.post(
        "/api/tables", content=b"{nope", headers={"Content-Type": "application/json"}
    )
    assert_error(response, 400, "not valid JSON")


def test_create_then_read_the_public_table(client: TestClient) -> None:
    response = client.post(
        "/api/tables",
        json={
            "game": "winners-circle",
            "players": 3,
            "variants": ["hidden-bets"],
            "bots": [{"seat": 2, "bot": "odds"}],
            "move_seconds": 90,
        },
    )
    assert response.status_code == 201, response.text
    created = response.json()
    table_id, host = created["table_id"], created["host_token"]
    assert created["links"]["websocket"] == f"/ws/tables/{table_id}"
    assert created["links"]["join"] == f"/api/tables/{table_id}/join"
    table = client.get(f"/api/tables/{table_id}").json()
    assert table["status"] == "open" and table["variants"] == ["hidden-bets"]
    assert table["move_seconds"] == 90 and table["version"] == 0
    assert [(s["seat"], s["taken"], s["bot"]) for s in table["seats"]] == [
        (0, False, None),
        (1, False, None),
        (2, True, "odds"),
    ]
    text = client.get(f"/api/tables/{table_id}").text + client.get("/api/tables").text
    assert host not in text and "seed" not in text and "token" not in text
    listed = [t["id"] for t in client.get("/api/tables").json()]
    assert table_id in listed
    assert_error(client.get("/api/tables/nope"), 404, "no table")


# ------------------------------------------------------------------ seats
def test_joining_seats(client: TestClient, store: Store) -> None:
    table_id, _ = create_table(client, players=3, bots={1: "random"})
    url = f"/api/tables/{table_id}/join"
    first = client.post(url, json={"name": "Ann"}).json()
    assert first["seat"] == 0 and first["token"]
    assert first["websocket"] == f"/ws/tables/{table_id}?token={first['token']}"
    assert_error(client.post(url, json={"seat": 0, "name": "Bob"}), 409, "taken")
    assert_error(client.post(url, json={"seat": 1, "name": "Bob"}), 409, "taken")
    assert_error(client.post(url, json={"seat": 7, "name": "Bob"}), 400, "no seat 7")
    assert_error(client.post(url, json={"name": ""}), 400, "name")
    assert client.post(url, json={"name": "Cy"}).json()["seat"] == 2
    assert_error(client.post(url, json={"name": "Dee"}), 409, "every seat")
    assert_error(client.post("/api/tables/nope/join", json={"name": "E"}), 404, "no table")
    seats = client.get(f"/api/tables/{table_id}").json()["seats"]
    assert [(s["name"], s["taken"]) for s in seats] == [
        ("Ann", True),
        ("Player 2", True),
        ("Cy", True),
    ]
    assert store.seat_of(table_id, first["token"]) == 0


def test_only_the_host_adds_bots_starts_and_ends(client: TestClient) -> None:
    table_id, host = create_table(client, players=3)
    join(client, table_id, 0)
    bots = f"/api/tables/{table_id}/bots"
    assert_error(client.post(bots, json={"seat": 1, "bot": "odds"}), 401, "X-Host-Token")
    wrong = {"X-Host-Token": "guess"}
    assert_error(client.post(bots, json={"seat": 1, "bot": "odds"}, headers=wrong), 403, "host")
    assert_error(client.post(f"/api/tables/{table_id}/start", headers=wrong), 403, "host")
    assert_error(client.post(f"/api/tables/{table_id}/end"), 401, "host")
    hosted = {"X-Host-Token": host}
    assert_error(client.post(bots, json={"seat": 0, "bot": "odds"}, headers=hosted), 409, "taken")
    assert_error(client.post(bots, json={"seat": 1, "bot": "nope"}, headers=hosted), 400, "bot")
    assert_error(client.post(f"/api/tables/{table_id}/start", headers=hosted), 409, "1, 2")
    table = client.post(bots, json={"seat": 1, "bot": "odds"}, headers=hosted).json()
    seat = {key: table["seats"][1][key] for key in ("seat", "name", "taken", "bot")}
    assert seat == {"seat": 1, "name": "Player 2", "taken": True, "bot": "odds"}
    client.post(bots, json={"seat": 2, "bot": "random"}, headers=hosted)
    started = client.post(f"/api/tables/{table_id}/start", headers=hosted)
    assert started.status_code == 200 and started.json()["status"] == "playing"
    assert started.json()["version"] > 0  # the deal is stored
    assert_error(client.post(f"/api/tables/{table_id}/start", headers=hosted), 409, "playing")
    assert_error(client.post(f"/api/tables/{table_id}/join", json={"name": "Z"}), 409, "playing")
    ended = client.post(f"/api/tables/{table_id}/end", headers=hosted)
    assert ended.status_code == 200 and ended.json()["status"] == "ended"
    assert_error(client.post(f"/api/tables/{table_id}/end", headers=hosted), 409, "ended")
    assert table_id in [t["id"] for t in client.get("/api/tables?status=ended").json()]
    assert table_id not in [t["id"] for t in client.get("/api/tables").json()]


# ------------------------------------------------------------ views, record
def test_views_show_a_seat_its_own_view_and_others_the_public_one(client: TestClient) -> None:
    table_id, host = create_table(client, players=2)
    waiting = get_view(client, table_id)
    assert waiting["status"] == "open" and waiting["view"] is None
    tokens = [join(client, table_id, seat) for seat in (0, 1)]
    start(client, table_id, host)
    public = get_view(client, table_id)
    assert public["seat"] is None and public["view"]["seat"] is None
    assert public["view"]["legal_moves"] is None
    for seat, token in enumerate(tokens):
        mine = get_view(client, table_id, token)
        assert mine["seat"] == seat and mine["view"]["seat"] == seat
        assert mine["version"] == public["version"] > 0
    bad = client.get(f"/api/tables/{table_id}/view", headers={"X-Seat-Token": "nope"})
    assert_error(bad, 403, "not a seat")


def test_the_record_waits_for_the_end(client: TestClient) -> None:
    table_id, host, _ = new_game(client, 2)
    url = f"/api/tables/{table_id}/record"
    assert_error(client.get(url), 409, "once the game is over")
    assert_error(client.get(url, headers={"X-Host-Token": host}), 409, "once the game is over")
    client.post(f"/api/tables/{table_id}/end", headers={"X-Host-Token": host})
    assert_error(client.get(url), 403, "only the host")
    assert_error(client.get(url, headers={"X-Host-Token": "x"}), 403, "host")
    record = client.get(url, headers={"X-Host-Token": host}).json()
    assert record["format"] == "tote-record" and record["game"] == "winners-circle"
    assert record["moves"] and record["result"] is None


# ------------------------------------------------------------ moves (HTTP)
def test_moves_over_http(client: TestClient, store: Store) -> None:
    table_id, _, tokens = new_game(client, 2)
    shown = get_view(client, table_id)
    seat = shown["view"]["turn"]["seats"][0]
    other = 1 - seat
    legal = get_view(client, table_id, tokens[seat])["view"]["legal_moves"]
    before = version(store, table_id)
    url = f"/api/tables/{table_id}/moves"
    assert_error(client.post(url, json={"move": legal[0]}), 401, "X-Seat-Token")
    assert_error(
        client.post(url, json={"move": legal[0]}, headers={"X-Seat-Token": "x"}), 403, "token"
    )
    code, data = post_move(client, table_id, tokens[other], legal[0])
    assert code == 409 and data["rule"] == "turn order"
    response = client.post(
        url, json={"move": legal[0], "seat": seat}, headers={"X-Seat-Token": tokens[other]}
    )
    assert_error(response, 403, f"plays seat {other}, not seat {seat}")
    code, data = post_move(client, table_id, tokens[seat], {"type": "fly"})
    assert code == 400 and data["rule"] == "move format" and "fly" in data["error"]
    code, data = post_move(client, table_id, tokens[seat], {"type": "roll_die", "symbol": "x"})
    assert code == 409 and data["error"]
    assert_error(client.post(url, json={}, headers={"X-Seat-Token": tokens[seat]}), 400, "move")
    assert version(store, table_id) == before
    code, data = post_move(client, table_id, tokens[seat], legal[0])
    assert code == 200, data
    assert data["seat"] == seat and data["version"] > before
    assert version(store, table_id) == data["version"]
    assert store.record(table_id).moves[before].model_dump() == {"by": seat, "move": legal[0]}


def test_a_body_over_the_limit_is_refused_with_413(store: Store) -> None:
    """Issue 18, defect 2: an HTTP body over MAX_BODY bytes is refused with a 413 naming
    the limit, whether it declares its length or comes in chunks; nothing is created."""

    def chunks() -> Iterator[bytes]:
        for _ in range(8):
            yield b" " * 65536

    with serving(store) as client:
        big = b'{"game": "winners-circle", "players": 2, "pad": "' + b"x" * MAX_BODY + b'"}'
        response = client.post("/api/tables", content=big)
        assert response.status_code == 413
        assert response.json() == {
            "error": f"the request body is larger than {MAX_BODY} bytes",
            "rule": "limit",
        }
        response = client.post(
            "/api/tables", content=chunks(), headers={"content-type": "application/json"}
        )
        assert response.status_code == 413 and response.json()["rule"] == "limit"
        assert client.get("/api/tables").json() == []
        small = client.post("/api/tables", json={"game": "winners-circle", "players": 2})
        assert small.status_code == 201


def test_the_body_limit_reads_no_more_than_the_limit_of_a_chunked_body() -> None:
    """The middleware itself: of a 64 MB chunked body it reads only past the limit, then
    answers 413 without calling the app; a body within the limit reaches the app whole."""
    reached: list[bytes] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        reached.append((await receive())["body"])

    async def run(total_chunks: int) -> tuple[int, list[dict[str, Any]]]:
        read = 0
        sent: list[dict[str, Any]] = []

        async def receive() -> dict[str, Any]:
            nonlocal read
            read += 1
            return {"type": "http.request", "body": b"x" * 65536, "more_body": read < total_chunks}

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)

        await BodyLimit(app)({"type": "http", "headers": []}, receive, send)
        return read, sent

    read, sent = anyio.run(run, 1000)
    assert read == MAX_BODY // 65536 + 1 and sent[0]["status"] == 413 and reached == []
    read, sent = anyio.run(run, 2)
    assert read == 2 and sent == [] and reached == [b"x" * 131072]
