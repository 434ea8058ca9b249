"""The HTTP and WebSocket API: :func:`create_app` builds it around a :class:`Store`.

Routes only translate between the wire and the live tables
(:mod:`tote.server.tables`, :mod:`tote.server.runtime`), where every rule about
tables lives. Every refusal is one JSON line,
``{"error": "...", "rule": "..."}``, with a fitting status code.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import secrets
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated, Any, Literal

from fastapi import (
    APIRouter,
    FastAPI,
    Header,
    Path,
    Query,
    Request,
    WebSocket,
    WebSocketDisconnect,
)
from fastapi.responses import Response

from tote import __version__
from tote.bots import bots_for, default_bot, get_bot
from tote.bots.levels import level_descriptions
from tote.core.errors import OptionsError
from tote.core.game import Game
from tote.core.record import Record
from tote.core.registry import all_games, get_game
from tote.server.around import around_routes
from tote.server.connection import (
    CLOSE_BAD_TOKEN,
    CLOSE_GOING_AWAY,
    CLOSE_NO_TABLE,
    CLOSE_SERVER_ERROR,
    Close,
    Connection,
)
from tote.server.errors import Refused
from tote.server.health import health_router
from tote.server.http_errors import add_error_handlers
from tote.server.limits import BodyLimit
from tote.server.lobby import CreationLimit, expire_open_tables
from tote.server.lobbylists import host_seat, lobby_routes
from tote.server.metrics import Metrics, metrics_router
from tote.server.processes import CHECK_LOCKS_EVERY
from tote.server.protocol import handle_message
from tote.server.replays import replay_router
from tote.server.reviews import MOST_AT_ONCE, MOST_SECONDS, MOST_WAITING, Reviews, review_router
from tote.server.runtime import TableRuntime
from tote.server.schemas import (
    CreateTableRequest,
    CreateTableResponse,
    ErrorResponse,
    GameInfo,
    GlossaryInfo,
    JoinRequest,
    JoinResponse,
    MoveRequest,
    SetBotRequest,
    TableInfo,
    TableLinks,
    VariantInfo,
    ViewResponse,
)
from tote.server.tables import Tables
from tote.server.views import table_info
from tote.server.writer import run_sync
from tote.store import NotFound, Store
from tote.store.store import hash_token
from tote.web import mount

DESCRIPTION = """\
Play tote's games at a table: create it, join seats, add bots, start, play.

**Seats and hosts.** `POST /api/tables` returns a host token (send it as
`X-Host-Token` to add bots, start and end the table); `POST .../join` returns
a seat token (send it as `X-Seat-Token`). Tokens are shown once.

**WebSocket** `/ws/tables/{table_id}?token=SEAT_TOKEN` plays a seat; without
a token you watch. The server sends `{"type": "view", "status", "seat",
"version", "deadline", "view", "log_from", "log"}` on connect and after every
change, each connection its own seat's view only (`view` is null until the
table starts; `deadline` is when the seats to act run out of time, Unix
seconds, or null). Each log entry is sent once: `view.log` is null and `log`
holds the entries from index `log_from` on; keep them (the first message,
and the answer to `{"type": "view"}`, start at 0). Every log entry (here and over
HTTP) carries `sentence`: the entry in words, seats called by the table's names.
It also sends `{"type": "table", "table": {...}}` (seats changed),
`{"type": "timeout", "seat": N}` (the server played a seat's timeout move),
`{"type": "chat", "messages": [{"id", "seat", "name", "text", "at", "version"}]}`
(table chat, issue 27: every message kept on connecting, if any, then each new one) and
`{"type": "error", "rule", "message"}` (your last message was refused; nothing
changed). Send `{"type": "move", "move": {...}}` to play, `{"type": "view"}`
to get your view again, `{"type": "odds"}` for your tote board at a table
created with `tote_board` (answered `{"type": "odds", "moves", "board"}`, to you
alone: the public board for spectators), `{"type": "chat", "text": "..."}` to say
something at the table (players; spectators, with an optional `"name"`, if the host
allows), `{"type": "ping"}` for a `pong`. A bad token is
closed with code 4403 (so is a socket whose token the seat no longer has: a new link, a
rematch asked for again), an unknown table with 4404.
"""

ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorResponse} for code in (400, 401, 403, 404, 409)
}
PAGE = 50
"""Tables in a page of the lobby's list, unless asked otherwise."""
MAX_PAGE = 200
"""Most tables in one page."""

log = logging.getLogger("tote.server")

ADOPT_EVERY = 2.0
"""Seconds between looks for tables whose owner process stopped (shared stores only)."""
FORGET_AFTER = 600.0
"""Seconds a table nobody uses stays in a server's memory."""
LOCAL_FILE_SUFFIXES = ("_file", "_pack")
"""Option names that point at a file on the server's disk (see :func:`_check_remote_options`)."""


def create_app(
    store: Store,
    *,
    bot_delay: float = 0.6,
    fanout: bool | None = None,
    forget_after: float = FORGET_AFTER,
    tables_per_minute: int | None = None,
    open_table_seconds: float | None = None,
    metrics: bool = True,
    reviews_at_once: int = MOST_AT_ONCE,
    reviews_waiting: int = MOST_WAITING,
    review_seconds: float = MOST_SECONDS,
) -> FastAPI:
    """The tote server around ``store``; bots wait ``bot_delay`` seconds before moving.
    A table nobody has used for ``forget_after`` seconds leaves memory (it stays in the
    store, and the next request loads it again).

    Tables in play are resumed when the app starts (its lifespan), so their
    bots and clocks carry on without waiting for a client. On PostgreSQL the
    lifespan also listens for changes made by other server processes
    (:mod:`tote.server.fanout`), so each process's connections see every move;
    ``fanout=False`` turns that off (tests of a worker that fell behind). Tests drive the
    app with ``with TestClient(create_app(store, bot_delay=0)) as client``.

    ``tables_per_minute`` limits the tables one client address creates a minute, and an
    open table nobody joined in ``open_table_seconds`` is deleted (:mod:`tote.server.lobby`;
    ``tote serve`` sets both, ``None`` here: no limit).

    ``/healthz`` and ``/readyz`` are always served, ``/metrics`` unless ``metrics`` is
    False (issue 28: :mod:`tote.server.health`, :mod:`tote.server.metrics`).

    A finished table's review (issue 26, :mod:`tote.server.reviews`) computes in the
    background, ``reviews_at_once`` at a time with ``reviews_waiting`` more waiting, each
    stopped after ``review_seconds``.
    """
    tables = Tables(store, bot_delay=bot_delay)
    reviews = Reviews(
        tables, at_once=reviews_at_once, waiting=reviews_waiting, seconds=review_seconds
    )
    creation = None if tables_per_minute is None else CreationLimit(tables_per_minute)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        tasks: list[asyncio.Task[None]] = []
        listen_to_others = store.shared if fanout is None else fanout
        if listen_to_others:  # other processes may serve the same tables: hear their moves
            from tote.server.fanout import listen

            listening = asyncio.Event()
            tasks.append(asyncio.create_task(listen(tables, store, listening)))
            # If it cannot listen yet, it keeps trying in the background (and logs why).
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(listening.wait(), timeout=10)
        tasks.append(asyncio.create_task(tables.resume()))
        tasks.append(asyncio.create_task(_forget_idle_tables(tables, forget_after)))
        if open_table_seconds is not None:
            tasks.append(asyncio.create_task(expire_open_tables(store, open_table_seconds)))
        if store.shared:
            tasks.append(asyncio.create_task(_adopt_orphans(tables)))
        try:
            yield
        finally:
            for task in tasks:
                task.cancel()
            try:
                await tables.drain()  # at once if a signal drained it already (issue 28)
            finally:
                tables.shutdown()
                reviews.shutdown()
                await run_sync(store.disown_all)

    app = FastAPI(title="tote", version=__version__, description=DESCRIPTION, lifespan=lifespan)
    app.state.tables = tables
    app.state.reviews = reviews
    app.state.store = store
    app.add_middleware(BodyLimit)  # a body over the limit is refused before it is read
    add_error_handlers(app)
    app.include_router(health_router(store, tables))
    if metrics:
        tables.meter = meter = Metrics(tables)
        app.include_router(metrics_router(meter))
    app.include_router(_api(store, tables, creation))
    app.include_router(replay_router(tables, tables_per_minute))  # issue 16: replays
    app.include_router(around_routes(store, tables))  # rematch, clock, stand-ins (issue 16)
    app.include_router(lobby_routes(store, tables))  # chat, the lobby's lists (issue 27)
    app.include_router(review_router(reviews))  # a finished game's review (issue 26)
    _add_websocket(app, tables)
    mount(app)  # the browser UI: lobby, table pages, static files
    return app


async def _adopt_orphans(tables: Tables) -> None:
    """Keep this process's tables' locks (every half second: a lost lock connection is
    replaced and the locks taken back at once), and every few seconds take over the
    tables live here whose owner process stopped, so their bots and clocks carry on."""
    last_adoption = time.monotonic()
    while True:
        await asyncio.sleep(CHECK_LOCKS_EVERY)
        try:
            await tables.check_locks()
        except Exception as exc:  # the database is away: try again next time
            log.warning("checking the table locks failed (%s); trying again", exc)
            continue
        if time.monotonic() - last_adoption >= ADOPT_EVERY:
            last_adoption = time.monotonic()
            await tables.adopt_orphans()


async def _forget_idle_tables(tables: Tables, idle_seconds: float) -> None:
    """Every so often, let the tables nobody uses leave memory."""
    while True:
        await asyncio.sleep(min(60.0, idle_seconds))
        try:
            await tables.evict_idle(idle_seconds)
        except Exception:
            log.exception("forgetting idle tables failed")


# ----------------------------------------------------------------- helpers
def _game_info(game: Game) -> GameInfo:
    return GameInfo(
        id=game.id,
        title=game.title,
        min_players=game.min_players,
        max_players=game.max_players,
        players_note=game.players_note,
        variants=[
            VariantInfo(name=name, description=description, options=dict(patch))
            for name, (description, patch) in game.variants.items()
        ],
        bots=list(bots_for(game)),
        default_bot=default_bot(game),
        bot_levels=level_descriptions(game),
        tote_board=game.markets is not None,
        options=game.options().model_dump(mode="json"),
        options_schema=game.options_model.model_json_schema(),
    )


def _json(text: str) -> Response:
    """A view serialised under the table's lock, sent as it is (``response_model``
    still documents its shape)."""
    return Response(content=text, media_type="application/json")


def _links(table_id: str) -> TableLinks:
    base = f"/api/tables/{table_id}"
    return TableLinks(
        table=base,
        join=f"{base}/join",
        view=f"{base}/view",
        moves=f"{base}/moves",
        websocket=f"/ws/tables/{table_id}",
    )


def _check_remote_options(game: Game, options: dict[str, Any]) -> None:
    """Refuse options that name a file on the server (a question pack, a data file):
    over the network they would let anyone read the server's files. Changed data
    (``data_changes``, issue 29) is the laboratory's: each set would be loaded and kept
    by the server, so the server plays only the data it ships."""
    if options.get("data_changes"):
        raise OptionsError(
            f"{game.id} option 'data_changes' changes the game's data (tote simulate --set);"
            " the server plays only the data it ships (replay such a record with tote replay)"
        )
    for name, field in game.options_model.model_fields.items():
        extra = field.json_schema_extra
        local = (isinstance(extra, dict) and bool(extra.get("local_file"))) or name.endswith(
            LOCAL_FILE_SUFFIXES
        )
        if local and options.get(name) is not None:
            raise OptionsError(
                f"{game.id} option {name!r} names a file on the server;"
                " it cannot be set over the network"
            )


def _bot_seats(game: Game, players: int, request: CreateTableRequest) -> dict[int, str]:
    bots: dict[int, str] = {}
    for entry in request.bots:
        if entry.seat >= players:
            raise OptionsError(f"bot seat {entry.seat}: the table has seats 0 to {players - 1}")
        if entry.seat in bots:
            raise OptionsError(f"seat {entry.seat} is given two bots")
        get_bot(game, entry.bot)
        bots[entry.seat] = entry.bot
    return bots


async def _require_host(store: Store, table_id: str, token: str | None) -> None:
    if not token:
        raise Refused("host", "only the host may do this: send the X-Host-Token header", 401)
    if not await run_sync(store.is_host, table_id, token):
        raise Refused("host", "this is not the host token of this table", 403)


async def _seat(runtime: TableRuntime, token: str | None) -> int | None:
    if token is None:
        return None
    seat = await runtime.seat_for(token)
    if seat is None:
        raise Refused("token", f"this token is not a seat of table {runtime.table_id}", 403)
    return seat


HostToken = Annotated[str | None, Header(description="The host token of the table.")]
SeatToken = Annotated[str | None, Header(description="A seat token from /join.")]


# ---------------------------------------------------------------------- API
def _api(store: Store, tables: Tables, creation: CreationLimit | None) -> APIRouter:
    api = APIRouter(prefix="/api", responses=ERRORS)

    @api.get("/games", summary="Every game: variants, player counts, bots, options")
    async def games() -> list[GameInfo]:
        return [_game_info(game) for game in all_games()]

    @api.get(
        "/games/{game_id}/glossary",
        summary="A game's terms, explained for the Help panel and tooltips (issue 15)",
    )
    async def glossary(game_id: Annotated[str, Path(max_length=40)]) -> GlossaryInfo:
        try:
            game = get_game(game_id)
        except OptionsError as exc:
            raise Refused("game", str(exc), 404) from None
        try:
            terms = game.glossary().to_json()
        except OptionsError as exc:
            raise Refused("glossary", f"{game.title} has no glossary: {exc}", 404) from None
        return GlossaryInfo(game=game.id, title=game.title, terms=terms)

    @api.post("/tables", status_code=201, summary="Create a table (you become its host)")
    async def create_table(request: CreateTableRequest, http: Request) -> CreateTableResponse:
        tables.refuse_if_draining()
        game = get_game(request.game)
        game.check_players(request.players)
        _check_remote_options(game, request.options)
        options = game.options(request.options, request.variants)
        game.new_state(options, request.players)  # options that only fail at the deal
        if creation is not None:
            wait = creation.wait(http.client.host if http.client else "unknown")
            if wait > 0:
                raise Refused(
                    "limit",
                    f"at most {creation.per_minute} new tables a minute from one address;"
                    f" try again in {math.ceil(wait)} s",
                    429,
                    retry_after=wait,
                )
        bots = _bot_seats(game, request.players, request)
        seats = [(f"Player {seat + 1}", bots.get(seat)) for seat in range(request.players)]
        settings: dict[str, Any] = {}
        if request.move_seconds is not None:
            settings["move_seconds"] = request.move_seconds
        if request.tote_board:
            if game.markets is None:
                raise Refused("tote board", f"{game.title} has no tote board", 422)
            settings["tote_board"] = True
            if request.tote_board_policy != "random":
                settings["tote_board_policy"] = request.tote_board_policy  # issue 25
        elif request.tote_board_policy != "random":
            raise Refused(
                "tote board",
                "a tote board policy needs the tote board: switch tote_board on too",
                422,
            )
        if request.spectator_chat:
            settings["spectator_chat"] = True  # issue 27
        row, host_token = await run_sync(
            store.create_table,
            game.id,
            options.model_dump(mode="json"),
            secrets.randbits(63),
            seats,
            settings,
        )
        return CreateTableResponse(
            table_id=row.id, host_token=host_token, table=table_info(row), links=_links(row.id)
        )

    @api.get("/tables", summary="Tables, newest first (default: the open ones), a page at once")
    async def list_tables(
        status: Annotated[
            Literal["open", "playing", "finished", "ended", "all"],
            Query(description="Which tables to list."),
        ] = "open",
        limit: Annotated[int, Query(ge=1, le=MAX_PAGE, description="Tables in a page.")] = PAGE,
        offset: Annotated[int, Query(ge=0, le=1_000_000, description="Tables to skip.")] = 0,
    ) -> list[TableInfo]:
        rows = await run_sync(store.tables, None if status == "all" else status, limit, offset)
        return [table_info(row) for row in rows]

    @api.get("/tables/{table_id}", summary="A table's public information")
    async def get_table(table_id: str) -> TableInfo:
        return table_info(await run_sync(store.table, table_id))

    @api.post("/tables/{table_id}/join", summary="Take a free seat; returns its secret token")
    async def join(
        table_id: str, request: JoinRequest, x_host_token: HostToken = None
    ) -> JoinResponse:
        runtime = await tables.get(table_id)
        if x_host_token is not None:  # the host takes a seat: it is the host's (issue 27)
            await _require_host(store, table_id, x_host_token)
        seat, token = await runtime.join(request.seat, request.name.strip() or "Player")
        if x_host_token is not None:
            await host_seat(runtime, seat)
        return JoinResponse(
            table_id=table_id,
            seat=seat,
            token=token,
            websocket=f"/ws/tables/{table_id}?token={token}",
        )

    @api.post("/tables/{table_id}/bots", summary="Put a bot in a free seat (host only)")
    async def set_bot(
        table_id: str, request: SetBotRequest, x_host_token: HostToken = None
    ) -> TableInfo:
        runtime = await tables.get(table_id)
        await _require_host(store, table_id, x_host_token)
        await runtime.set_bot(request.seat, request.bot)
        return runtime.info()

    @api.post("/tables/{table_id}/start", summary="Deal the game (host only; seats all taken)")
    async def start(table_id: str, x_host_token: HostToken = None) -> TableInfo:
        runtime = await tables.get(table_id)
        await _require_host(store, table_id, x_host_token)
        await runtime.start()
        return runtime.info()

    @api.post("/tables/{table_id}/end", summary="End the table for good (host only)")
    async def end(table_id: str, x_host_token: HostToken = None) -> TableInfo:
        runtime = await tables.get(table_id)
        await _require_host(store, table_id, x_host_token)
        await runtime.end()
        return runtime.info()

    @api.get(
        "/tables/{table_id}/view",
        summary="Your seat's view (X-Seat-Token), or the public view without a token",
        response_model=ViewResponse,
    )
    async def view(table_id: str, x_seat_token: SeatToken = None) -> Response:
        runtime = await tables.get(table_id)
        seat = await _seat(runtime, x_seat_token)
        return _json(await runtime.view(seat))

    @api.get(
        "/tables/{table_id}/record",
        summary="The game's record: once it is over (or, ended early, for the host)",
    )
    async def record(table_id: str, x_host_token: HostToken = None) -> Record:
        runtime = await tables.get(table_id)
        host = False
        if x_host_token is not None:
            await _require_host(store, table_id, x_host_token)
            host = True
        return await runtime.record(host=host)

    @api.post(
        "/tables/{table_id}/moves",
        summary="Play a move for your seat (as the WebSocket move message)",
        response_model=ViewResponse,
    )
    async def move(table_id: str, request: MoveRequest, x_seat_token: SeatToken = None) -> Response:
        runtime = await tables.get(table_id)
        if x_seat_token is None:
            raise Refused("token", "send your seat token in the X-Seat-Token header", 401)
        seat = await _seat(runtime, x_seat_token)
        assert seat is not None
        if request.seat is not None and request.seat != seat:
            raise Refused("seat", f"your token plays seat {seat}, not seat {request.seat}", 403)
        return _json(await runtime.play(seat, request.move, hash_token(x_seat_token)))

    return api


# ---------------------------------------------------------------- WebSocket
def _add_websocket(app: FastAPI, tables: Tables) -> None:
    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str, token: str | None = None) -> None:
        """Play a seat (``?token=``) or watch; see the API description for messages."""
        await websocket.accept()
        try:
            runtime = await tables.get(table_id)
        except NotFound:
            await _refuse(websocket, CLOSE_NO_TABLE, "table", f"no table {table_id!r}")
            return
        except Refused as exc:  # draining (issue 28): reconnect, to another process
            await _refuse(websocket, CLOSE_GOING_AWAY, exc.rule, exc.message)
            return
        seat: int | None = None
        if token is not None:
            seat = await runtime.seat_for(token)
            if seat is None:
                await _refuse(
                    websocket,
                    CLOSE_BAD_TOKEN,
                    "token",
                    f"this token is not a seat of table {table_id}"
                    " (join to get one, or connect without a token to watch)",
                )
                return
        conn = Connection(seat, None if token is None else hash_token(token))
        try:
            await runtime.connect(conn)
        except Refused as exc:
            code = CLOSE_BAD_TOKEN if exc.rule == "token" else CLOSE_SERVER_ERROR
            await _refuse(websocket, code, exc.rule, exc.message)
            return
        # Sending runs in a task of its own, so a slow client never holds up a table;
        # receiving runs here, until the client disconnects.
        sender = asyncio.create_task(_send_loop(websocket, conn))
        try:
            await _receive_loop(websocket, runtime, conn)
        finally:
            runtime.disconnect(conn)
            conn.closed = True
            sender.cancel()


async def _refuse(websocket: WebSocket, code: int, rule: str, message: str) -> None:
    """Say why in an error message, then close with the reason (at most 123 bytes)."""
    await websocket.send_json({"type": "error", "rule": rule, "message": message})
    reason = message.encode()[:123].decode(errors="ignore")
    await websocket.close(code=code, reason=reason)


async def _send_loop(websocket: WebSocket, conn: Connection) -> None:
    """Write the connection's queued messages; a Close closes the socket."""
    try:
        while True:
            item = await conn.next()
            if isinstance(item, Close):
                await websocket.close(code=item.code, reason=item.reason)
                return
            await websocket.send_text(item)
    except (WebSocketDisconnect, RuntimeError, OSError):
        return  # the client has gone: the receiving side ends the connection


async def _receive_loop(websocket: WebSocket, runtime: TableRuntime, conn: Connection) -> None:
    """Handle the client's messages one at a time, in order, until it disconnects."""
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        text = message.get("text")
        if text is None:
            conn.error("protocol", "send text frames holding JSON, not binary frames")
            continue
        await handle_message(runtime, conn, text)
