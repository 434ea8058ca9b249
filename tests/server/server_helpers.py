"""Helpers for the server tests (``from .server_helpers import ...``).

Tables are driven through the public API only (HTTP and WebSocket), with a
``TestClient`` used as a context manager so that the app's event loop (and its
bot and clock tasks) lives as long as the test. WebSocket reads have a timeout:
a server that stays silent fails the test instead of hanging it.
"""

from __future__ import annotations

import json
import random
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import anyio

with warnings.catch_warnings():
    # Starlette 1.x prefers httpx2 for its test client; httpx still works.
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient
    from starlette.testclient import WebSocketTestSession

from tote.core.match import Match
from tote.server import create_app
from tote.server.client import ViewLog
from tote.store import Store

Message = dict[str, Any]
TIMEOUT = 10.0


@contextmanager
def serving(
    store: Store, bot_delay: float = 0.0, fanout: bool | None = None
) -> Iterator[TestClient]:
    """A client of a fresh app around ``store``, its lifespan running (``fanout=False``:
    deaf to other processes' changes, as a worker whose listener is down)."""
    with TestClient(create_app(store, bot_delay=bot_delay, fanout=fanout)) as client:
        yield client


def create_table(
    client: TestClient,
    game: str = "winners-circle",
    players: int = 3,
    bots: dict[int, str] | None = None,
    **extra: Any,
) -> tuple[str, str]:
    """A new table; returns (table id, host token)."""
    body = {
        "game": game,
        "players": players,
        "bots": [{"seat": s, "bot": b} for s, b in (bots or {}).items()],
        **extra,
    }
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    data = response.json()
    return data["table_id"], data["host_token"]


def join(client: TestClient, table_id: str, seat: int, name: str | None = None) -> str:
    response = client.post(
        f"/api/tables/{table_id}/join", json={"seat": seat, "name": name or f"Seat {seat}"}
    )
    assert response.status_code == 200, response.text
    assert response.json()["seat"] == seat
    token: str = response.json()["token"]
    return token


def start(client: TestClient, table_id: str, host: str) -> None:
    response = client.post(f"/api/tables/{table_id}/start", headers={"X-Host-Token": host})
    assert response.status_code == 200, response.text


def new_game(
    client: TestClient,
    humans: int,
    bots: dict[int, str] | None = None,
    game: str = "winners-circle",
    **extra: Any,
) -> tuple[str, str, list[str]]:
    """A started table whose first ``humans`` seats joined; returns (id, host, tokens)."""
    bots = bots or {}
    table_id, host = create_table(client, game, humans + len(bots), bots, **extra)
    tokens = [join(client, table_id, seat) for seat in range(humans)]
    start(client, table_id, host)
    return table_id, host, tokens


def post_move(client: TestClient, table_id: str, token: str, move: Message) -> tuple[int, Message]:
    response = client.post(
        f"/api/tables/{table_id}/moves", json={"move": move}, headers={"X-Seat-Token": token}
    )
    return response.status_code, response.json()


def get_view(client: TestClient, table_id: str, token: str | None = None) -> Message:
    headers = {"X-Seat-Token": token} if token else {}
    response = client.get(f"/api/tables/{table_id}/view", headers=headers)
    assert response.status_code == 200, response.text
    data: Message = response.json()
    return data


def receive(ws: WebSocketTestSession, timeout: float = TIMEOUT) -> Message:
    """The next message, or a failure after ``timeout`` seconds (the test client's own
    ``receive_json`` waits forever)."""

    async def get() -> Any:
        with anyio.fail_after(timeout):
            return await ws._send_rx.receive()

    message = ws.portal.call(get)
    ws._raise_on_close(message)
    data: Message = json.loads(message["text"])
    return data


class Socket:
    """A WebSocket client that keeps every message it was sent."""

    def __init__(self, ws: WebSocketTestSession, seat: int | None) -> None:
        self.ws = ws
        self.seat = seat
        self.messages: list[Message] = []
        """Every message received, in order."""
        self._read = 0
        """How many of them :meth:`next` has handed out."""
        self._log = ViewLog()

    def receive(self, timeout: float = TIMEOUT) -> Message:
        """Wait for a new message (and keep it). A view message's ``view`` is made whole
        again, its log put back as a client does (:mod:`tote.server.client`); the
        entries it brought stay in its ``log``."""
        message = receive(self.ws, timeout)
        if message["type"] == "view":
            message["view"] = self._log.read(message)
        self.messages.append(message)
        return message

    def next(self, timeout: float = TIMEOUT) -> Message:
        """The first message not handed out yet (received earlier, or now)."""
        if self._read == len(self.messages):
            self.receive(timeout)
        self._read += 1
        return self.messages[self._read - 1]

    def until(self, pred: Callable[[Message], bool], timeout: float = TIMEOUT) -> Message:
        """The next ``view`` message for which ``pred`` holds."""
        while True:
            message = self.next(timeout)
            if message["type"] == "view" and pred(message):
                return message

    def expect(self, kind: str) -> Message:
        """The next message of type ``kind`` (skipping views and notices)."""
        while True:
            message = self.next()
            if message["type"] == kind:
                return message
            assert message["type"] in ("table", "view", "timeout", "chat"), message

    def latest_view(self) -> Message:
        """Hand out everything received so far; the last view among it."""
        self._read = len(self.messages)
        return self.views[-1]

    def move(self, move: Message, **extra: Any) -> None:
        self.ws.send_json({"type": "move", "move": move, **extra})

    @property
    def views(self) -> list[Message]:
        return [m for m in self.messages if m["type"] == "view"]


@contextmanager
def socket(client: TestClient, table_id: str, token: str | None = None) -> Iterator[Socket]:
    """Connect (a seat with ``token``, else a spectator) and read the first view."""
    url = f"/ws/tables/{table_id}" + (f"?token={token}" if token else "")
    with client.websocket_connect(url) as ws:
        sock = Socket(ws, None)
        first = sock.receive()
        assert first["type"] == "view", first
        sock.seat = first["seat"]
        assert sock.expect("table")["table"]["id"] == table_id
        sock._read = 0
        yield sock


def plain(view: Message) -> Message:
    """A view as the state made it: each log entry without the sentence the server adds
    (``"sentence"``, issue 15), which every entry must have."""
    log = view.get("log")
    if log is None:
        return view
    assert all(isinstance(e.get("sentence"), str) and e["sentence"] for e in log), log
    return {**view, "log": [{k: v for k, v in e.items() if k != "sentence"} for e in log]}


def to_move(view: Message) -> list[int]:
    """The seats to act in a view message (empty once the game is over)."""
    seats: list[int] = view["view"]["turn"]["seats"]
    return seats


def play_humans(
    spectator: Socket,
    players: dict[int, Socket],
    rng: random.Random,
    stop: Callable[[Message], bool] = lambda m: False,
) -> int:
    """Play random legal moves for the human ``players`` (bots play themselves) until
    the game is over or ``stop`` holds for the spectator's view; returns moves made.

    The spectator tells whose turn it is: once a human is to act, nothing can
    change until that human moves, so the human then waits for that very view.
    """
    made = 0
    while True:
        shown = spectator.until(lambda m: m["view"]["over"] or stop(m) or to_move(m)[0] in players)
        if shown["view"]["over"] or stop(shown):
            return made
        seat = to_move(shown)[0]
        mine = players[seat].until(lambda m, seat=seat: seat in to_move(m))
        assert mine["version"] == shown["version"]
        assert mine["view"]["seat"] == seat
        players[seat].move(rng.choice(mine["view"]["legal_moves"]))
        made += 1


def replayed(store: Store, table_id: str) -> Match:
    """The table's match as the store has it."""
    return Match.replay(store.record(table_id))


def version(store: Store, table_id: str) -> int:
    return store.table(table_id).version
