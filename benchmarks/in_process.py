"""The server's work per request, in this process: the units ``load.py`` and
``review_latency.py`` count with ``--instructions`` (issue 24, :mod:`counting`).

Those two benchmarks measure a server process from outside, over the network, in wall
time, with many clients at once: nothing there repeats instruction for instruction. What
does repeat is the server's own work on one request. Here the real app
(:func:`tote.server.create_app`) serves a fresh SQLite store in a temporary folder
through Starlette's in-process test client: no socket, no bots, one client, seeded
moves. The count covers the app's whole path for the request (routing, the move
checked, played and stored, the view built and written as JSON) and the client's small
share. Table ids, tokens and times differ from run to run (random strings of one length,
the clock), and the app's event loop runs in a thread of its own, so these counts repeat
closely rather than to the instruction as the games' do.
"""

from __future__ import annotations

import random
import tempfile
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # Starlette's note that it prefers httpx2
    from fastapi.testclient import TestClient

from tote.server import create_app
from tote.store import Store


@contextmanager
def serving() -> Iterator[TestClient]:
    """A client of the app around a fresh SQLite store, its lifespan running."""
    with tempfile.TemporaryDirectory(prefix="tote-count-") as folder:
        store = Store(f"sqlite:///{Path(folder) / 'tote.db'}")
        try:
            with TestClient(create_app(store, bot_delay=0.0, metrics=False)) as client:
                yield client
        finally:
            store.engine.dispose()


def new_table(client: TestClient, game: str, players: int) -> tuple[str, list[str]]:
    """A started table of ``players`` seats, every one joined: its id and seat tokens."""
    made = client.post("/api/tables", json={"game": game, "players": players, "bots": []})
    made.raise_for_status()
    table_id, host = made.json()["table_id"], made.json()["host_token"]
    tokens = []
    for seat in range(players):
        joined = client.post(f"/api/tables/{table_id}/join", json={"seat": seat, "name": "P"})
        joined.raise_for_status()
        tokens.append(joined.json()["token"])
    started = client.post(f"/api/tables/{table_id}/start", headers={"X-Host-Token": host})
    started.raise_for_status()
    return table_id, tokens


def view(client: TestClient, table_id: str, token: str | None = None) -> dict[str, Any]:
    """``GET /api/tables/{id}/view``: the seat's view (the public one without a token)."""
    headers = {"X-Seat-Token": token} if token else {}
    response = client.get(f"/api/tables/{table_id}/view", headers=headers)
    response.raise_for_status()
    found: dict[str, Any] = response.json()
    return found


def play_moves(game: str, players: int, moves: int, seed: int = 1) -> None:
    """``moves`` seeded random legal moves, each asked for and played over the API: the
    acting seat's view read (``GET .../view``, its legal moves), one of them posted
    (``POST .../moves``); a new table when one ends. The unit ``load.py`` counts: one
    move, the pair of requests a seat's client makes for it."""
    rng = random.Random(seed)
    with serving() as client:
        table_id, tokens = new_table(client, game, players)
        for _ in range(moves):
            public = view(client, table_id)
            if public["status"] != "playing":
                table_id, tokens = new_table(client, game, players)
                public = view(client, table_id)
            seat = public["view"]["turn"]["seats"][0]
            legal = view(client, table_id, tokens[seat])["view"]["legal_moves"]
            posted = client.post(
                f"/api/tables/{table_id}/moves",
                json={"move": rng.choice(legal)},
                headers={"X-Seat-Token": tokens[seat]},
            )
            posted.raise_for_status()


def read_views(game: str, players: int, reads: int) -> None:
    """``reads`` times ``GET /api/tables/{id}`` of a table in play (what every table's
    page and bot loop leans on): the unit ``review_latency.py`` counts, one read."""
    with serving() as client:
        table_id, _ = new_table(client, game, players)
        for _ in range(reads):
            client.get(f"/api/tables/{table_id}").raise_for_status()
