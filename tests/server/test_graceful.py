"""Graceful restarts (issue 28): SIGTERM to a real ``tote serve`` in the middle of play.

Players play over WebSockets (a scripted client: a random legal move whenever its seat
alone is to act, reconnecting when its socket closes) against bots, beside tables of
bots alone. The server is sent SIGTERM: every socket is closed with 1001 (going
away), every move a player saw answered (the next view came) is in the store at its
place, and the tables go on: on SQLite once the server is started again, on
PostgreSQL at once on the other process, which the stopping one handed its tables to.
"""

from __future__ import annotations

import json
import random
import signal
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tote.store import Store

from .server_helpers import new_game, post_move, serving, socket
from .test_serve import tote_serve

BOT_DELAY = 0.1
"""Seconds the bots wait: the bot tables are still in play when the signal comes."""
WAIT = 20.0
"""Seconds anything awaited here may take (a bound, never a measure)."""


class Address:
    """The server the players connect to (as a load balancer would send them)."""

    def __init__(self, base: str) -> None:
        self.base = base


class Player(threading.Thread):
    """Plays one seat over a WebSocket to whichever server ``address`` names now."""

    def __init__(self, table_id: str, token: str, seat: int, address: Address) -> None:
        super().__init__(daemon=True)
        self.table_id, self.token, self.seat, self.address = table_id, token, seat, address
        self.rng = random.Random(seat + len(table_id))
        self.acknowledged: list[tuple[int, dict[str, Any]]] = []
        """(index in the record, move) of every move answered with the next view."""
        self.closed_with: list[int] = []
        """The close codes of the server's sockets, in order."""
        self.stop = threading.Event()

    def run(self) -> None:
        deadline = time.monotonic() + 3 * WAIT
        while not self.stop.is_set() and time.monotonic() < deadline:
            url = self.address.base.replace("http://", "ws://")
            try:
                with connect(f"{url}/ws/tables/{self.table_id}?token={self.token}") as ws:
                    self._play(ws)
            except ConnectionClosed as closed:
                if closed.rcvd is not None:
                    self.closed_with.append(closed.rcvd.code)
            except OSError:
                pass  # the server is away: try again, as a browser does
            time.sleep(0.1)

    def _play(self, ws: Any) -> None:
        sent: tuple[int, dict[str, Any]] | None = None
        while not self.stop.is_set():
            try:
                message = json.loads(ws.recv(timeout=0.2))
            except TimeoutError:
                continue
            if message["type"] == "error":
                sent = None  # refused: nothing was played
            if message["type"] != "view":
                continue
            if sent is not None and message["version"] > sent[0]:
                self.acknowledged.append(sent)
                sent = None
            view = message["view"]
            mine = message["status"] == "playing" and view["turn"]["seats"] == [self.seat]
            if sent is None and mine and view["legal_moves"]:
                move = self.rng.choice(view["legal_moves"])
                sent = (message["version"], move)
                ws.send(json.dumps({"type": "move", "move": move}))


def open_tables(address: Address, players: int, bot_tables: int) -> tuple[list[Player], list[str]]:
    """Tables of a player (seat 0) and a bot, and tables of two bots; all started."""
    made: list[tuple[str, str]] = []
    ids = []
    with httpx.Client(base_url=address.base, timeout=10) as http:
        for n in range(players + bot_tables):
            bots = [{"seat": seat, "bot": "odds"} for seat in ((1,) if n < players else (0, 1))]
            body = {"game": "winners-circle", "players": 2, "bots": bots}
            created = http.post("/api/tables", json=body).json()
            table_id, host = created["table_id"], created["host_token"]
            if n < players:
                joined = http.post(f"/api/tables/{table_id}/join", json={"seat": 0, "name": "P"})
                made.append((table_id, joined.json()["token"]))
            started = http.post(f"/api/tables/{table_id}/start", headers={"X-Host-Token": host})
            assert started.status_code == 200, started.text
            ids.append(table_id)
    return [Player(t, token, 0, address) for t, token in made], ids


def wait_until(check: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not check():
        assert time.monotonic() < deadline, f"not within {WAIT} s: {what}"
        time.sleep(0.1)


def versions(store: Store, ids: list[str]) -> dict[str, tuple[str, int]]:
    return {t: (row.status, row.version) for t in ids for row in [store.table(t)]}


def check_acknowledged(store: Store, players: list[Player]) -> int:
    """Every acknowledged move is in the store, at its place; returns how many."""
    count = 0
    for player in players:
        moves = store.record(player.table_id).moves
        for index, move in player.acknowledged:
            assert index < len(moves), (player.table_id, index)
            assert (moves[index].by, moves[index].move) == (player.seat, move)
            count += 1
    return count


def all_went_on(store: Store, ids: list[str], before: dict[str, tuple[str, int]]) -> bool:
    now = versions(store, ids)
    return all(status != "playing" or now[t][1] > before[t][1] for t, (status, _) in now.items())


def test_sigterm_on_sqlite_drains_and_a_restart_carries_on(sqlite_url: str, tmp_path: Path) -> None:
    """Issue 28, graceful restarts (SQLite, one process): SIGTERM in the middle of play
    closes every socket with 1001, loses no acknowledged move, and the tables carry
    on when the server is started again (bots and players)."""
    store = Store(sqlite_url)
    log = tmp_path / "serve.log"
    with tote_serve(sqlite_url, tmp_path, log, BOT_DELAY) as (first, base):
        address = Address(base)
        players, ids = open_tables(address, players=3, bot_tables=2)
        for player in players:
            player.start()
        wait_until(lambda: all(len(p.acknowledged) >= 3 for p in players), "players play")
        first.send_signal(signal.SIGTERM)
        first.wait(WAIT)
        assert all(p.closed_with[:1] == [1001] for p in players), [p.closed_with for p in players]
        assert "draining: " in log.read_text()
        stopped = versions(store, ids)
        assert any(status == "playing" for status, _ in stopped.values())
    with tote_serve(sqlite_url, tmp_path, log, BOT_DELAY) as (_, base):
        address.base = base
        wait_until(lambda: all_went_on(store, ids, stopped), "every table goes on")
        for player in players:
            player.stop.set()
            player.join(WAIT)
    assert check_acknowledged(store, players) >= 9
    store.engine.dispose()


def test_sigterm_on_postgresql_hands_the_tables_to_the_other_process(
    postgres_url: str, tmp_path: Path
) -> None:
    """Issue 28, graceful restarts (PostgreSQL, two processes): the stopping process
    closes its sockets with 1001 and hands its tables over; the other process takes
    them at once (a notice, not the wait for a lost lock) and every table goes on,
    its players reconnected there; no acknowledged move is lost."""
    store = Store(postgres_url)
    logs = tmp_path / "a.log", tmp_path / "b.log"
    with (
        tote_serve(postgres_url, tmp_path, logs[0], BOT_DELAY) as (a, base_a),
        tote_serve(postgres_url, tmp_path, logs[1], BOT_DELAY) as (_, base_b),
    ):
        address = Address(base_a)
        players, ids = open_tables(address, players=3, bot_tables=2)  # a drives them all
        for player in players:
            player.start()
        wait_until(lambda: all(len(p.acknowledged) >= 3 for p in players), "players play")
        address.base = base_b  # reconnecting players go to b
        a.send_signal(signal.SIGTERM)
        a.wait(WAIT)
        assert all(p.closed_with[:1] == [1001] for p in players), [p.closed_with for p in players]
        stopped = versions(store, ids)
        handed = logs[0].read_text()
        assert "draining: " in handed
        playing = [t for t in ids if stopped[t][0] == "playing"]
        assert playing
        wait_until(lambda: all_went_on(store, ids, stopped), "every table goes on")
        taken = logs[1].read_text()
        bot_tables = [t for t in ids[len(players) :] if t in playing]
        assert all(f"table {t}: handed over" in taken for t in bot_tables), taken[-2000:]
        for player in players:
            player.stop.set()
            player.join(WAIT)
    assert check_acknowledged(store, players) >= 9
    store.engine.dispose()


def test_a_draining_server_takes_no_table_and_no_connection_more(store: Store) -> None:
    """Issue 28, graceful restarts: once draining, the server says so
    (``tables.draining``, for readiness), a connected player's socket is closed with
    1001 after the last view, and a new table, a new socket and a move are refused
    with a line saying the server is restarting (503 with ``Retry-After`` over HTTP,
    1001 on the socket): the player reconnects, to another process or this one
    restarted."""
    with serving(store) as client:
        tables = client.app.state.tables  # type: ignore[attr-defined]
        table_id, _, tokens = new_game(client, 2, move_seconds=None)
        with socket(client, table_id, tokens[0]) as playing:
            assert not tables.draining
            client.portal.call(tables.drain)
            assert tables.draining
            with pytest.raises(WebSocketDisconnect) as closed:
                while True:
                    playing.receive()
            assert closed.value.code == 1001
        created = client.post("/api/tables", json={"game": "winners-circle", "players": 2})
        assert created.status_code == 503 and created.headers["Retry-After"] == "1"
        assert created.json()["rule"] == "restarting"
        assert client.get(f"/api/tables/{table_id}/view").status_code == 503
        code, refused = post_move(client, table_id, tokens[0], {"type": "pass"})
        assert code == 503 and "restarting" in refused["error"]
        with client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[1]}") as ws:
            assert ws.receive_json()["rule"] == "restarting"
            with pytest.raises(WebSocketDisconnect) as again:
                ws.receive_json()
            assert again.value.code == 1001
