"""Around the game (issue 16): rematch, the table's clock, seats of absent players.

* ``POST /api/tables/{id}/rematch``: a finished table's players and host start (the
  first call) or follow (every later call) one new table with the same game, options,
  settings and seats; each caller gets their own seat back there (and the host the new
  host token).
* ``POST /api/tables/{id}/clock``: the host changes the per-move clock, or switches it off.
* ``POST /api/tables/{id}/seats/{seat}/bot`` and ``.../human``: the host lets a bot play
  an absent player's seat, and gives it back. When the absent one is the host (their
  seat, :attr:`TableInfo.host_seat`, timed out :data:`TIMEOUTS_OFFERED` times in a
  row), every other seated player may hand it to a bot too (issue 27, item 8).
* ``POST /api/tables/{id}/seats/{seat}/link``: the host gets a fresh link for a seat
  (its old link stops working).

Every refusal changes nothing. docs/server.md says what each call does and why.
"""

from __future__ import annotations

import secrets
from typing import Annotated

from fastapi import APIRouter, Header
from fastapi import Path as PathParam

from tote.bots import default_bot, get_bot
from tote.core.errors import ToteError
from tote.server.clock import time_limit
from tote.server.errors import Refused
from tote.server.runtime import TableRuntime
from tote.server.schemas import (
    MAX_SEATS,
    ClockRequest,
    RematchResponse,
    SeatLinkResponse,
    StandInRequest,
    TableInfo,
)
from tote.server.tables import Tables
from tote.server.writer import run_sync
from tote.store import NotFound, Store

HostToken = Annotated[str | None, Header(description="The host token of the table.")]
SeatToken = Annotated[str | None, Header(description="A seat token of the table.")]
TIMEOUTS_OFFERED = 2
"""Timeouts in a row after which a seat is offered to a bot (issue 27, item 8; the
browser's ``hosttools.js`` has the same number)."""
SeatNumber = Annotated[int, PathParam(ge=0, lt=MAX_SEATS, description="The seat (from 0).")]


def around_routes(store: Store, tables: Tables) -> APIRouter:
    """The routes of issue 16, under ``/api`` (``create_app`` includes them)."""
    from tote.server.app import ERRORS, _require_host

    api = APIRouter(prefix="/api", responses=ERRORS)

    @api.post(
        "/tables/{table_id}/rematch",
        summary="Start or follow the rematch of a finished table (its players and host)",
    )
    async def rematch(
        table_id: str, x_seat_token: SeatToken = None, x_host_token: HostToken = None
    ) -> RematchResponse:
        runtime = await tables.get(table_id)
        seat = None if x_seat_token is None else await runtime.seat_for(x_seat_token)
        host = x_host_token is not None and await run_sync(store.is_host, table_id, x_host_token)
        if seat is None and not host:
            raise Refused(
                "rematch",
                "you did not sit at this table: only its players (X-Seat-Token) and its"
                " host (X-Host-Token) can start or follow its rematch",
                403,
            )
        await runtime.ensure_loaded()
        if runtime.status != "finished":
            raise Refused(
                "rematch",
                f"the game at table {table_id} is {runtime.status}, not finished:"
                " a rematch starts once the game is over",
                409,
            )
        new_id = await run_sync(store.create_rematch, table_id, secrets.randbits(63))
        if runtime.row.rematch != new_id:
            async with runtime.lock:
                await runtime.reload_row_locked()  # every player sees the rematch
        token = host_token = None
        if seat is not None:
            try:
                token = await run_sync(store.new_seat_token, new_id, seat, kept_only=True)
            except ToteError as exc:
                if not host:
                    raise Refused("rematch", f"the rematch's {exc}", 409) from None
                seat = None  # the host still gets the new table
        if host:
            host_token = await run_sync(store.new_host_token, new_id)
        new = await tables.get(new_id)
        async with new.lock:
            await new.fresh_locked()
            await new.reload_row_locked()  # a superseded token's sockets close (4403)
        return RematchResponse(
            table_id=new_id, seat=seat, token=token, host_token=host_token, table=new.info()
        )

    @api.post("/tables/{table_id}/clock", summary="Change or switch off the clock (host only)")
    async def clock(
        table_id: str, request: ClockRequest, x_host_token: HostToken = None
    ) -> TableInfo:
        runtime = await tables.get(table_id)
        await _require_host(store, table_id, x_host_token)
        await set_clock(runtime, request.move_seconds)
        return runtime.info()

    @api.post(
        "/tables/{table_id}/seats/{seat}/bot",
        summary=(
            "Let a bot play an absent player's seat (the host; any other player when the"
            " host's own seat timed out twice in a row)"
        ),
    )
    async def stand_in(
        table_id: str,
        seat: SeatNumber,
        request: StandInRequest | None = None,
        x_host_token: HostToken = None,
        x_seat_token: SeatToken = None,
    ) -> TableInfo:
        runtime = await tables.get(table_id)
        if x_host_token is not None or x_seat_token is None:
            await _require_host(store, table_id, x_host_token)
            by_host = True
        else:
            by_host = False
            mine = await runtime.seat_for(x_seat_token)
            if mine is None:
                raise Refused("token", f"this token is not a seat of table {table_id}", 403)
            if mine == seat:
                raise Refused(
                    "stand-in", "you play this seat: a bot takes it only from others", 409
                )
        bot = request.bot if request is not None else None
        await hand_to_bot(runtime, seat, bot, by_host=by_host)
        return runtime.info()

    @api.post(
        "/tables/{table_id}/seats/{seat}/human",
        summary="Give a seat a bot played back to its player (host only)",
    )
    async def give_back(
        table_id: str, seat: SeatNumber, x_host_token: HostToken = None
    ) -> TableInfo:
        runtime = await tables.get(table_id)
        await _require_host(store, table_id, x_host_token)
        await give_back_seat(runtime, seat)
        return runtime.info()

    @api.post(
        "/tables/{table_id}/seats/{seat}/link",
        summary="A new link for a player's seat; the old one stops working (host only)",
    )
    async def new_link(
        table_id: str, seat: SeatNumber, x_host_token: HostToken = None
    ) -> SeatLinkResponse:
        runtime = await tables.get(table_id)
        await _require_host(store, table_id, x_host_token)
        token = await new_seat_link(runtime, seat)
        return SeatLinkResponse(table_id=table_id, seat=seat, token=token)

    return api


def _check_seat(runtime: TableRuntime, seat: int) -> None:
    seats = len(runtime.row.seats)
    if seat >= seats:
        raise Refused("seats", f"this table has no seat {seat} (seats 0 to {seats - 1})", 400)


def _check_playing(runtime: TableRuntime, what: str) -> None:
    if runtime.status != "playing":
        raise Refused("stand-in", f"table {runtime.table_id} is {runtime.status}: {what}", 409)


async def set_clock(runtime: TableRuntime, seconds: int | None) -> None:
    """The host sets the per-move clock (None: off). In play, the seats to act get the
    new time from now, unless the game's own timer runs (Wits & Wagers' answers)."""
    async with runtime.lock:
        await runtime.fresh_locked()
        if runtime.status not in ("open", "playing"):
            raise Refused("clock", f"table {runtime.table_id} is {runtime.status}: no clock", 409)
        await run_sync(runtime.store.set_setting, runtime.table_id, "move_seconds", seconds)
        await runtime.reload_row_locked()
        match = runtime.match
        if runtime.status == "playing" and match is not None:
            if time_limit(match.state, {}) is None:
                runtime.clock.reset()
            runtime.audience.broadcast_views()  # the new deadline


async def hand_to_bot(
    runtime: TableRuntime, seat: int, bot: str | None, *, by_host: bool = True
) -> None:
    """Let a bot play a player's seat until the host gives it back (the host's call,
    offered when the seat timed out repeatedly or its player left). ``by_host`` False:
    another seated player's call, allowed only for the host's own seat once it timed out
    :data:`TIMEOUTS_OFFERED` times in a row (issue 27, item 8: the host is the absent one)."""
    async with runtime.lock:
        await runtime.fresh_locked()
        _check_seat(runtime, seat)
        _check_playing(runtime, "seats are handed to bots only during the game")
        if not by_host:
            _check_absent_host(runtime, seat)
        row = runtime.row.seats[seat]
        if row.bot is not None:
            raise Refused("stand-in", f"seat {seat} is a bot's already ({row.bot})", 409)
        if row.stand_in is not None:
            raise Refused("stand-in", f"the {row.stand_in} bot already plays seat {seat}", 409)
        name = bot or default_bot(runtime.game)
        try:
            get_bot(runtime.game, name)
        except ToteError as exc:
            raise Refused("bots", str(exc), 400) from None
        try:
            await run_sync(runtime.store.set_stand_in, runtime.table_id, seat, name)
        except NotFound:
            raise
        except ToteError as exc:
            raise Refused("stand-in", str(exc), 409) from None
        await runtime.reload_row_locked()
        runtime.bots.make()
        runtime.bots.schedule()


def _check_absent_host(runtime: TableRuntime, seat: int) -> None:
    """A player (not the host) may hand only the host's own seat to a bot, and only once
    it timed out :data:`TIMEOUTS_OFFERED` times in a row (issue 27, item 8)."""
    if runtime.row.settings.get("host_seat") != seat:
        raise Refused(
            "stand-in",
            "only the host hands a player's seat to a bot (players may, once the host's own"
            f" seat timed out {TIMEOUTS_OFFERED} times in a row)",
            403,
        )
    timeouts = runtime.timeouts.get(seat, 0)
    if timeouts < TIMEOUTS_OFFERED:
        raise Refused(
            "stand-in",
            f"the host's seat timed out {timeouts} time(s) in a row; players may hand it to a"
            f" bot after {TIMEOUTS_OFFERED}",
            409,
        )


async def give_back_seat(runtime: TableRuntime, seat: int) -> None:
    """The player plays their seat again; if it is to act, its clock starts afresh."""
    async with runtime.lock:
        await runtime.fresh_locked()
        _check_seat(runtime, seat)
        _check_playing(runtime, "no seat to give back")
        if runtime.row.seats[seat].stand_in is None:
            raise Refused("stand-in", f"no bot plays seat {seat}: nothing to give back", 409)
        await run_sync(runtime.store.set_stand_in, runtime.table_id, seat, None)
        if runtime.timeouts.pop(seat, None):
            await runtime.store_timeouts_locked(seat)
        await runtime.reload_row_locked()
        runtime.bots.make()
        match = runtime.match
        if match is not None and seat in match.state.turn().seats:
            if time_limit(match.state, {}) is None:
                runtime.clock.reset()
            runtime.audience.broadcast_views()


async def new_seat_link(runtime: TableRuntime, seat: int) -> str:
    """A new token for a player's seat: the old one stops working, and the connections
    it opened are closed (``4403``): here at once, in other processes on the notice, and
    its moves are refused by the store in any case (issue 28, defect 1)."""
    async with runtime.lock:
        await runtime.fresh_locked()
        _check_seat(runtime, seat)
        try:
            token = await run_sync(runtime.store.new_seat_token, runtime.table_id, seat)
        except NotFound:
            raise
        except ToteError as exc:
            raise Refused("seats", str(exc), 409) from None
        await runtime.reload_row_locked()
        return token
