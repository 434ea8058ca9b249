"""Tables made over the REST API (no lobby clicking), for the tests that only need a
game under way: the accessibility checks, the turn alerts and keyboard play."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .web_helpers import LiveServer

GAMES: dict[str, int] = {
    "winners-circle": 3,
    "wetten": 3,
    "horse-fever": 3,
    "wits-and-wagers": 4,
    "carcassonne": 2,
}
"""Every shipped game and the seats its tests use (within each game's player count)."""


@dataclass
class Table:
    table_id: str
    host_token: str
    seat_tokens: dict[int, str]
    url: str

    def seat_link(self, seat: int) -> str:
        return f"{self.url}/t/{self.table_id}?seat={seat}&token={self.seat_tokens[seat]}"

    @property
    def watch_link(self) -> str:
        return f"{self.url}/t/{self.table_id}#watch"


def new_table(
    server: LiveServer,
    game: str,
    *,
    humans: Sequence[str] = ("Ann",),
    bots: int | None = None,
    bot: str = "random",
    start: bool = True,
    **extra: Any,
) -> Table:
    """A table of ``game`` whose first seats are taken by ``humans`` (by name) and
    the rest by ``bot`` bots (``GAMES[game]`` seats in all unless ``bots`` says how
    many); started unless ``start`` is false. ``extra`` goes into the request (e.g.
    ``variants``, ``tote_board``)."""
    count = len(humans) + (GAMES[game] - len(humans) if bots is None else bots)
    body = {
        "game": game,
        "players": count,
        "bots": [{"seat": seat, "bot": bot} for seat in range(len(humans), count)],
        **extra,
    }
    with server.api() as api:
        created = api.post("/api/tables", json=body)
        assert created.status_code == 201, created.text
        table_id = created.json()["table_id"]
        host = created.json()["host_token"]
        tokens = {}
        for seat, name in enumerate(humans):
            joined = api.post(f"/api/tables/{table_id}/join", json={"seat": seat, "name": name})
            assert joined.status_code == 200, joined.text
            tokens[seat] = joined.json()["token"]
        if start:
            started = api.post(f"/api/tables/{table_id}/start", headers={"X-Host-Token": host})
            assert started.status_code == 200, started.text
    return Table(table_id, host, tokens, server.url)
