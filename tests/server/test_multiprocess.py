"""Two real ``tote serve`` processes on one PostgreSQL database, each holding one
player's WebSocket: a move accepted by either reaches the player connected to the
other (LISTEN/NOTIFY), and two moves for the same state, one through each process,
are never both accepted."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from tote.store import Store

from .test_serve import tote_serve

FANOUT = 5.0
"""Seconds a move accepted by one process may take to reach the other's clients."""


def next_view(ws: ClientConnection, after: int) -> dict[str, Any]:
    """The first view message past version ``after`` (other messages are skipped)."""
    deadline = time.monotonic() + FANOUT
    while True:
        left = deadline - time.monotonic()
        assert left > 0, f"no view past version {after} within {FANOUT} s"
        message: dict[str, Any] = json.loads(ws.recv(timeout=left))
        if message["type"] == "view" and message["version"] > after:
            return message


def ws_url(base: str, table_id: str, token: str) -> str:
    return base.replace("http://", "ws://") + f"/ws/tables/{table_id}?token={token}"


def test_moves_reach_players_on_the_other_process(postgres_url: str, tmp_path: Path) -> None:
    log = tmp_path / "serve.log"
    with (
        tote_serve(postgres_url, tmp_path, log) as (_, base_a),
        tote_serve(postgres_url, tmp_path, log) as (_, base_b),
        httpx.Client(base_url=base_a, timeout=10) as a,
        httpx.Client(base_url=base_b, timeout=10) as b,
    ):
        created = a.post("/api/tables", json={"game": "winners-circle", "players": 2}).json()
        table_id, host = created["table_id"], created["host_token"]
        # One seat taken through each process; the same seat twice is refused.
        joined_a = a.post(f"/api/tables/{table_id}/join", json={"seat": 0, "name": "Ann"})
        joined_b = b.post(f"/api/tables/{table_id}/join", json={"seat": 1, "name": "Bob"})
        assert joined_a.status_code == joined_b.status_code == 200
        again = b.post(f"/api/tables/{table_id}/join", json={"seat": 0, "name": "Eve"})
        assert again.status_code == 409
        tokens = [joined_a.json()["token"], joined_b.json()["token"]]

        with (
            connect(ws_url(base_a, table_id, tokens[0])) as ws_a,
            connect(ws_url(base_b, table_id, tokens[1])) as ws_b,
        ):
            assert next_view(ws_a, -1)["status"] == "open"
            assert next_view(ws_b, -1)["status"] == "open"
            started = a.post(f"/api/tables/{table_id}/start", headers={"X-Host-Token": host})
            assert started.status_code == 200
            # B's player hears of the start made through A.
            views = [next_view(ws_a, -1), next_view(ws_b, -1)]
            while views[0]["status"] != "playing":
                views[0] = next_view(ws_a, views[0]["version"])
            while views[1]["status"] != "playing" or views[1]["version"] < views[0]["version"]:
                views[1] = next_view(ws_b, views[1]["version"] - 1)
            assert views[0]["version"] == views[1]["version"]

            # Play over the WebSockets until a move has crossed each way.
            sockets = [ws_a, ws_b]
            crossed: set[int] = set()
            for _ in range(20):
                seat = views[0]["view"]["turn"]["seats"][0]
                move = views[seat]["view"]["legal_moves"][0]
                sockets[seat].send(json.dumps({"type": "move", "move": move}))
                other = 1 - seat
                mine = next_view(sockets[seat], views[seat]["version"])
                theirs = next_view(sockets[other], views[other]["version"])
                assert theirs["version"] == mine["version"]  # the other process's player
                assert theirs["view"]["turn"] == mine["view"]["turn"]
                views[seat], views[other] = mine, theirs
                crossed.add(seat)
                if crossed == {0, 1}:
                    break
            assert crossed == {0, 1}, "the turn never passed between the seats"

            # The same state, two different moves, one through each process at once.
            seat = views[0]["view"]["turn"]["seats"][0]
            legal = views[seat]["view"]["legal_moves"]
            before = views[seat]["version"]
            headers = {"X-Seat-Token": tokens[seat]}
            answers: list[httpx.Response] = []
            go = threading.Barrier(2)

            def post(client: httpx.Client, move: Any) -> None:
                go.wait()
                path = f"/api/tables/{table_id}/moves"
                answers.append(client.post(path, json={"move": move}, headers=headers))

            threads = [
                threading.Thread(target=post, args=(a, legal[0])),
                threading.Thread(target=post, args=(b, legal[-1])),
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(15)
            codes = sorted(r.status_code for r in answers)
            assert codes == [200, 409], [r.text for r in answers]
            refused = next(r for r in answers if r.status_code == 409).json()
            # "retry" when it lost the race in the store; the rules' refusal when it
            # had already heard of the other move.
            assert refused["rule"], refused

            # Both players see the one accepted move, and the store holds it once.
            after_a = next_view(ws_a, before)
            after_b = next_view(ws_b, before)
            assert after_a["version"] == after_b["version"]
            store = Store(postgres_url)
            try:
                record = store.record(table_id)
            finally:
                store.engine.dispose()
            assert len(record.moves) == after_a["version"]
            seat_moves = [m for m in record.moves if m.by != "chance"]
            assert seat_moves[-1].by == seat
            accepted = next(r for r in answers if r.status_code == 200).json()
            assert accepted["version"] == after_a["version"]


def test_a_killed_owners_bots_are_taken_over_by_the_other_process(
    postgres_url: str, tmp_path: Path
) -> None:
    """One process drives a table's bots; when it dies (kill -9), the other process
    serving the table's player takes its bots over and the game goes on."""
    log = tmp_path / "serve.log"
    with (
        tote_serve(postgres_url, tmp_path, log) as (owner, base_a),
        tote_serve(postgres_url, tmp_path, log) as (_, base_b),
    ):
        with httpx.Client(base_url=base_a, timeout=10) as a:
            created = a.post(
                "/api/tables",
                json={"game": "winners-circle", "players": 2, "bots": [{"seat": 1, "bot": "odds"}]},
            ).json()
            table_id, host = created["table_id"], created["host_token"]
            token = a.post(f"/api/tables/{table_id}/join", json={"seat": 0, "name": "Ann"}).json()[
                "token"
            ]
            assert a.post(
                f"/api/tables/{table_id}/start", headers={"X-Host-Token": host}
            ).is_success  # process A starts the table: it drives the bot
        with connect(ws_url(base_b, table_id, token)) as ws:
            view = next_view(ws, -1)
            owner.kill()
            owner.wait(10)
            killed_at = view["version"]
            deadline = time.monotonic() + 30
            bot_moved = False
            while not bot_moved:
                assert time.monotonic() < deadline, "nobody took the bot over"
                if 0 in view["view"]["turn"]["seats"]:
                    move = view["view"]["legal_moves"][0]
                    ws.send(json.dumps({"type": "move", "move": move}))
                view = next_view(ws, view["version"])
                store = Store(postgres_url)
                try:
                    moves = store.record(table_id).moves[killed_at:]
                finally:
                    store.engine.dispose()
                bot_moved = any(m.by == 1 for m in moves)
