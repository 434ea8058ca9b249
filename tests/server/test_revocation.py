"""Issue 28, defects 1 and 2: a seat token the host replaced (a new link, a rematch asked
again) stops playing everywhere at once. Every process closes the sockets it opened
(``4403``), and every move is authorised against the token as stored when the move is
stored, so even a process that has not heard of the change refuses it."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tote.core.moves import Actor
from tote.server.connection import CLOSE_BAD_TOKEN
from tote.store import SeatRefused, Store
from tote.store.store import hash_token

from .server_helpers import Socket, get_view, new_game, post_move, serving, socket, to_move
from .test_around import _finished_table
from .test_multiprocess import FANOUT, next_view, ws_url
from .test_serve import tote_serve


def _closed_with(ws: ClientConnection) -> int | None:
    """The code the server closes ``ws`` with (other messages are skipped), or None if
    it stays open for :data:`FANOUT` seconds."""
    deadline = time.monotonic() + FANOUT
    try:
        while (left := deadline - time.monotonic()) > 0:
            ws.recv(timeout=left)
    except TimeoutError:
        return None
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd is not None else None
    return None


def _closed_code(sock: Socket) -> int:
    """The code the server closes a test client's socket with (other messages skipped)."""
    with pytest.raises(WebSocketDisconnect) as closed:
        for _ in range(100):
            sock.receive(timeout=3)
    return closed.value.code


def test_a_new_link_closes_the_old_links_sockets_on_every_process(
    postgres_url: str, tmp_path: Path
) -> None:
    """Issue 28, defect 1: the host gives seat 0 a new link through process A; the
    socket the old link opened on process B is closed with 4403, and B refuses the old
    token from then on."""
    log = tmp_path / "serve.log"
    with (
        tote_serve(postgres_url, tmp_path, log) as (_, base_a),
        tote_serve(postgres_url, tmp_path, log) as (_, base_b),
        httpx.Client(base_url=base_a, timeout=10) as a,
        httpx.Client(base_url=base_b, timeout=10) as b,
    ):
        created = a.post("/api/tables", json={"game": "winners-circle", "players": 2}).json()
        table_id, host = created["table_id"], {"X-Host-Token": created["host_token"]}
        old = a.post(f"/api/tables/{table_id}/join", json={"seat": 0, "name": "Ann"}).json()
        a.post(f"/api/tables/{table_id}/join", json={"seat": 1, "name": "Bo"})
        assert a.post(f"/api/tables/{table_id}/start", headers=host).status_code == 200
        with connect(ws_url(base_b, table_id, old["token"])) as ws:
            next_view(ws, -1)
            renewed = a.post(f"/api/tables/{table_id}/seats/0/link", headers=host)
            assert renewed.status_code == 200
            assert _closed_with(ws) == CLOSE_BAD_TOKEN
        path = f"/api/tables/{table_id}/view"
        assert b.get(path, headers={"X-Seat-Token": old["token"]}).status_code == 403
        fresh = {"X-Seat-Token": renewed.json()["token"]}
        assert b.get(path, headers=fresh).json()["seat"] == 0


@pytest.fixture
def two_stores(postgres_url: str) -> Iterator[list[Store]]:
    """Two stores on one PostgreSQL database: two server processes' connections."""
    stores = [Store(postgres_url), Store(postgres_url)]
    yield stores
    for store in stores:
        store.engine.dispose()


def test_a_process_that_missed_the_notice_refuses_the_old_token(two_stores: list[Store]) -> None:
    """Issue 28, defect 1 (the class): process B is deaf to notices (its listener is
    down) and knows seat N's old token; after the host gave the seat a new link through
    A, B's move with the old token is refused (403, rule ``token``, nothing stored),
    and B then closes the old token's socket with 4403."""
    store_a, store_b = two_stores
    with serving(store_a) as a, serving(store_b, fanout=False) as b:
        table_id, host, tokens = new_game(a, 2)
        seat = to_move(get_view(b, table_id))[0]
        with socket(b, table_id, tokens[seat]) as player:
            view = player.latest_view()
            renewed = a.post(
                f"/api/tables/{table_id}/seats/{seat}/link", headers={"X-Host-Token": host}
            )
            assert renewed.status_code == 200
            move = view["view"]["legal_moves"][0]
            status, answer = post_move(b, table_id, tokens[seat], move)
            assert (status, answer.get("rule")) == (403, "token"), answer
            assert store_a.table(table_id).version == view["version"]
            assert _closed_code(player) == CLOSE_BAD_TOKEN
        status, _ = post_move(b, table_id, renewed.json()["token"], move)
        assert status == 200


def test_a_process_that_missed_the_notice_refuses_a_seat_a_bot_plays(
    two_stores: list[Store],
) -> None:
    """Issue 28, defect 1 (stand-ins): the host hands seat N to a bot through process A;
    process B, deaf to notices, refuses the player's own move (409, rule ``stand-in``)
    and stores nothing."""
    store_a, store_b = two_stores
    with serving(store_a, bot_delay=60) as a, serving(store_b, fanout=False) as b:
        table_id, host, tokens = new_game(a, 2)
        seat = to_move(get_view(b, table_id))[0]
        view = get_view(b, table_id, tokens[seat])
        handed = a.post(
            f"/api/tables/{table_id}/seats/{seat}/bot",
            json={"bot": "random"},
            headers={"X-Host-Token": host},
        )
        assert handed.status_code == 200
        status, answer = post_move(b, table_id, tokens[seat], view["view"]["legal_moves"][0])
        assert (status, answer.get("rule")) == (409, "stand-in"), answer
        assert store_a.table(table_id).version == view["version"]


def test_a_superseded_rematch_token_is_closed_and_refused(store: Store) -> None:
    """Issue 28, defect 2: a player asks for the rematch twice; the socket the first
    token opened at the new table is closed with 4403, that token's
    move is refused once the table starts, and the second token's is taken."""
    with serving(store) as client:
        table_id, host, tokens = _finished_table(client, "winners-circle")
        url = f"/api/tables/{table_id}/rematch"
        first = client.post(url, headers={"X-Seat-Token": tokens[0]}).json()
        new_id = first["table_id"]
        with socket(client, new_id, first["token"]) as superseded:
            second = client.post(url, headers={"X-Seat-Token": tokens[0]}).json()
            assert second["table_id"] == new_id and second["token"] != first["token"]
            assert _closed_code(superseded) == CLOSE_BAD_TOKEN
        other = client.post(url, headers={"X-Seat-Token": tokens[1]}).json()
        renewed = client.post(url, headers={"X-Host-Token": host}).json()
        hosted = {"X-Host-Token": renewed["host_token"]}
        assert client.post(f"/api/tables/{new_id}/start", headers=hosted).status_code == 200
        seat_tokens = {0: second["token"], 1: other["token"]}
        seat = to_move(get_view(client, new_id))[0]
        move = get_view(client, new_id, seat_tokens[seat])["view"]["legal_moves"][0]
        status, answer = post_move(client, new_id, first["token"], move)
        assert (status, answer.get("rule")) == (403, "token"), answer
        assert post_move(client, new_id, seat_tokens[seat], move)[0] == 200


def test_the_store_takes_a_players_move_only_with_the_seats_token(any_store: Store) -> None:
    """Issue 28, defects 1 and 2 (the store's part, on SQLite and PostgreSQL): a
    player's move is stored only with the seat's current token and no bot standing in;
    a refusal stores nothing. Bots' and clocks' moves carry no token."""
    row, _ = any_store.create_table("winners-circle", {}, 1, [("Ann", None), ("Bo", None)])
    old = any_store.join(row.id, 0, "Ann")
    new = any_store.new_seat_token(row.id, 0)
    move: list[tuple[Actor, dict[str, Any]]] = [(0, {"type": "pass"})]
    with pytest.raises(SeatRefused) as refused:
        any_store.append_moves(row.id, 0, move, by_token=(0, hash_token(old)))
    assert refused.value.rule == "token" and any_store.table(row.id).version == 0
    assert any_store.append_moves(row.id, 0, move, by_token=(0, hash_token(new))) == 1
    any_store.set_stand_in(row.id, 0, "random")
    with pytest.raises(SeatRefused) as refused:
        any_store.append_moves(row.id, 1, move, by_token=(0, hash_token(new)))
    assert refused.value.rule == "stand-in" and any_store.table(row.id).version == 1
    assert any_store.append_moves(row.id, 1, move) == 2
