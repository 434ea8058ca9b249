"""The lobby's lists and a table's chat over HTTP (issue 27, Add).

* ``GET /api/lobby``: the games in progress, to watch (game, players, how far along,
  which wait on an absent player: item 8), and the finished games (date, winner,
  variant), each list the most recent ``limit``, in words: names, not seat numbers or
  ids (a table's id only makes its link).
* ``GET /api/tables/{id}/chat``: the messages a table keeps (:mod:`tote.server.chat`),
  for the replay page, and anyone at the table.
* ``POST /api/tables/{id}/chat/spectators``: the host lets spectators chat, or not.

A finished table stores its result when the game ends (:meth:`Store.finish
<tote.store.Store.finish>`); one finished before issue 27 is replayed once, when the
lobby first lists it, and its result stored.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query
from pydantic import BaseModel

from tote.core.errors import ToteError
from tote.core.match import Match
from tote.core.narration import seat_names
from tote.core.registry import get_game
from tote.server.around import TIMEOUTS_OFFERED
from tote.server.chat import CHAT_KEPT
from tote.server.runtime import TableRuntime
from tote.server.schemas import TableInfo, _Request
from tote.server.tables import Tables
from tote.server.writer import run_sync
from tote.store import Store, TableRow

HostToken = Annotated[str | None, Header(description="The host token of the table.")]
LOBBY_LIST = 10
"""Tables in each of the lobby's lists, unless asked otherwise."""
MAX_LOBBY_LIST = 50


class LobbyTable(BaseModel):
    """One table as the lobby lists it: words a player reads."""

    id: str
    """Only for the table's link (never shown)."""
    title: str
    """The game's name."""
    variants: list[str]
    """The variants played, in words ("Royal Turf")."""
    players: list[str]
    """Who sits there, as the table calls them ("Ann", "Odds bot")."""
    moves: int
    """The players' moves so far (chance draws not counted): how far along."""
    started: datetime
    finished: datetime | None = None
    winners: list[str] = []
    """Who won (several on a tie); empty while in progress."""
    waiting_on: list[str] = []
    """Players whose seats timed out twice or more in a row and no bot plays (item 8)."""


class LobbyLists(BaseModel):
    playing: list[LobbyTable]
    finished: list[LobbyTable]


class ChatSettingRequest(_Request):
    spectators: bool
    """Whether spectators may chat at this table."""


def variant_words(name: str) -> str:
    """A variant's name in words: ``royal-turf`` is "Royal Turf"."""
    return " ".join(part.capitalize() for part in name.split("-"))


def _result(store: Store, row: TableRow) -> dict[str, Any] | None:
    """A finished table's result: stored, or (finished before issue 27) replayed once."""
    if row.result is not None:
        return row.result
    try:
        result = Match.replay(store.record(row.id)).state.result()
    except ToteError:
        return None
    if result is None:
        return None
    store.set_result(row.id, result.to_json())
    return result.to_json()


def lobby_table(row: TableRow, moves: int, result: dict[str, Any] | None) -> LobbyTable:
    game = get_game(row.game)
    names = seat_names([(s.name, s.bot) for s in row.seats])
    try:
        variants = [variant_words(v) for v in game.active_variants(game.options(row.options))]
    except ToteError:
        variants = []
    winners = [] if result is None else result.get("winners") or []
    return LobbyTable(
        id=row.id,
        title=game.title,
        variants=variants,
        players=names,
        moves=moves,
        started=row.created_at,
        finished=row.finished_at,
        winners=[names[w] for w in winners if isinstance(w, int) and 0 <= w < len(names)],
        waiting_on=[
            names[s.seat]
            for s in row.seats
            if s.timeouts >= TIMEOUTS_OFFERED and s.bot is None and s.stand_in is None
        ]
        if row.status == "playing"
        else [],
    )


def lobby_lists(store: Store, limit: int) -> LobbyLists:
    """The lobby's two lists, from the store (a few queries, whatever the store holds)."""
    playing = store.tables("playing", limit)
    finished = store.tables("finished", limit)
    moves = store.moves_played([row.id for row in playing + finished])
    return LobbyLists(
        playing=[lobby_table(row, moves.get(row.id, 0), None) for row in playing],
        finished=[lobby_table(row, moves.get(row.id, 0), _result(store, row)) for row in finished],
    )


async def host_seat(runtime: TableRuntime, seat: int) -> None:
    """Note the seat the host took (joined with the host token), issue 27 item 8."""
    async with runtime.lock:
        await run_sync(runtime.store.set_setting, runtime.table_id, "host_seat", seat)
        await runtime.reload_row_locked()


def lobby_routes(store: Store, tables: Tables) -> APIRouter:
    """The routes of issue 27's lobby and chat, under ``/api``."""
    from tote.server.app import ERRORS, _require_host

    api = APIRouter(prefix="/api", responses=ERRORS)

    @api.get("/lobby", summary="Games in progress and finished games, newest first, in words")
    async def lobby(
        limit: Annotated[
            int, Query(ge=1, le=MAX_LOBBY_LIST, description="Tables in each list.")
        ] = LOBBY_LIST,
    ) -> LobbyLists:
        return await run_sync(lobby_lists, store, limit)

    @api.get("/tables/{table_id}/chat", summary="The messages said at a table (issue 27)")
    async def chat(table_id: str) -> dict[str, Any]:
        await run_sync(store.table, table_id)  # 404 for no such table
        lines = await run_sync(store.chat, table_id, 0, CHAT_KEPT)
        return {"messages": [line.to_json() for line in lines]}

    @api.post(
        "/tables/{table_id}/chat/spectators",
        summary="Let spectators chat at the table, or keep the chat to its players (host only)",
    )
    async def spectators(
        table_id: str, request: ChatSettingRequest, x_host_token: HostToken = None
    ) -> TableInfo:
        runtime = await tables.get(table_id)
        await _require_host(store, table_id, x_host_token)
        async with runtime.lock:
            await runtime.fresh_locked()
            value = True if request.spectators else None
            await run_sync(store.set_setting, table_id, "spectator_chat", value)
            await runtime.reload_row_locked()
        return runtime.info()

    return api
