"""Tables made over the REST API (no lobby clicking), for the tests that only need a
game under way: the accessibility checks, the turn alerts and keyboard play."""

from __future__ import annotations

import time
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


def view_of(server: LiveServer, table: Table, seat: int) -> dict[str, Any]:
    """The view of ``seat`` (one of the table's human seats), over the REST API."""
    with server.api() as api:
        answer = api.get(
            f"/api/tables/{table.table_id}/view", headers={"X-Seat-Token": table.seat_tokens[seat]}
        )
        assert answer.status_code == 200, answer.text
        view: dict[str, Any] = answer.json()["view"]
        return view


def move_for(server: LiveServer, table: Table, seat: int) -> bool:
    """Play ``seat``'s first legal move over the REST API if the game waits for it
    (a player with no page open); False when it is not that seat's turn."""
    view = view_of(server, table, seat)
    if seat not in view["turn"]["seats"] or not view["legal_moves"]:
        return False
    with server.api() as api:
        answer = api.post(
            f"/api/tables/{table.table_id}/moves",
            json={"move": view["legal_moves"][0]},
            headers={"X-Seat-Token": table.seat_tokens[seat]},
        )
        assert answer.status_code == 200, answer.text
    return True


def until_turn_of(server: LiveServer, table: Table, seat: int, others: Sequence[int]) -> None:
    """Wait until it is ``seat``'s turn, playing the ``others`` seats' moves (humans
    without a page) meanwhile; bots play by themselves."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        view = view_of(server, table, seat)
        if seat in view["turn"]["seats"] and view["legal_moves"] != []:
            return  # (a game taking free input, as a guess, lists no moves: None)
        if not any(move_for(server, table, other) for other in others):
            time.sleep(0.05)  # the bots are moving: ask again
    raise AssertionError(f"seat {seat} never got the turn: {view_of(server, table, seat)['turn']}")
