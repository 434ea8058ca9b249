"""Issue 28, defect 7: a client flooding its WebSocket gets ``rate`` errors and keeps
its connection, and the server's outbox for it stays bounded (docs/server.md,
"Resource budget")."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
from websockets.sync.client import connect

from tote.server.connection import MAX_QUEUED

from .test_multiprocess import ws_url
from .test_serve import tote_serve

FLOOD = 4 * MAX_QUEUED
"""Messages sent back to back, never read meanwhile: each one would once have been
answered, past the outbox's bound."""


def test_a_flood_gets_rate_errors_and_the_connection_stays(tmp_path: Path) -> None:
    """Issue 28, defect 7: ``FLOOD`` pings sent at once to a real ``tote serve``: the
    first 60 are answered, the rest refused with rule ``rate`` (or dropped unanswered
    while answers wait unread); the connection stays open and answers again later."""
    url = f"sqlite:///{tmp_path / 'tote.db'}"
    with (
        tote_serve(url, tmp_path, tmp_path / "serve.log") as (_, base),
        httpx.Client(base_url=base, timeout=10) as http,
    ):
        table_id = http.post("/api/tables", json={"game": "winners-circle", "players": 2}).json()[
            "table_id"
        ]
        joined = http.post(f"/api/tables/{table_id}/join", json={"seat": 0, "name": "Ann"})
        with connect(ws_url(base, table_id, joined.json()["token"])) as ws:
            for _ in range(FLOOD):
                ws.send('{"type": "ping"}')
            kinds: list[str] = []
            while True:  # everything answered so far (the connection stays open)
                try:
                    message = json.loads(ws.recv(timeout=2))
                except TimeoutError:
                    break
                kinds.append(message["type"])
                if message["type"] == "error":
                    assert message["rule"] == "rate", message
            assert kinds.count("pong") >= 60 and kinds.count("error") >= 1, kinds
            ws.send('{"type": "ping"}')
            for _ in range(MAX_QUEUED):  # the flood's last answers, if any, come first
                if json.loads(ws.recv(timeout=10))["type"] == "pong":
                    break
            else:
                raise AssertionError("the connection no longer answers pings")
