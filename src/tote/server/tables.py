"""Live tables: one :class:`TableRuntime` per table in play in this process.

The store is the truth; a runtime is a cache of it. A runtime holds the
table's :class:`~tote.core.match.Match`, rebuilt from the store's record with
:meth:`Match.replay <tote.core.match.Match.replay>`, so a server restarted
(even after ``kill -9``) carries on every table exactly where its last stored
move left it.

Accepting a move, whoever makes it (a player over HTTP or WebSocket, a bot,
the clock), always goes the same way, under the table's :class:`asyncio.Lock`:

1. the core checks it (``Match.play``); a refusal changes and stores nothing;
2. the seat's move and the chance moves it led to are stored in one
   transaction, at the version the runtime expects
   (:mod:`tote.server.writer`, which commits the moves of tables moving at
   the same moment together);
3. only then is every connection sent its own seat's view.

If the store refuses the write (another worker stored a move first), the
runtime reloads from the store and the move is refused with a retry message.
Anything else that leaves the cache in doubt (a failed write, a cancelled
task) marks it stale, and the next holder of the lock reloads it first. Every
reader of the match holds the lock too, so nobody ever sees a move that is
not stored.

Chance moves after version ``v`` are drawn from a stream derived from the
table's secret seed and ``v``, so the draws are the same whether or not the
server was restarted in between, and a restart never replays the stream from
its beginning (which would repeat the game's first draws).
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple, ParamSpec, TypeVar

import orjson

from tote.bots import default_bot, get_bot, make_bot
from tote.core.bot import Bot, Observation
from tote.core.errors import IllegalMove, ToteError
from tote.core.match import Match
from tote.core.moves import Actor, Move
from tote.core.record import PlayerEntry, Record
from tote.core.registry import get_game
from tote.core.state import State
from tote.server.schemas import SeatInfo, TableInfo
from tote.server.writer import MoveWriter
from tote.store import NotFound, Store, TableRow, VersionConflict
from tote.store.store import hash_token

log = logging.getLogger("tote.server")

P = ParamSpec("P")
R = TypeVar("R")

MAX_MESSAGE = 64 * 1024
"""Longest message a client may send, in characters."""
MAX_QUEUED = 256
"""Messages waiting for a slow client before it is dropped (it may reconnect)."""
RETRY_PAUSE = 1.0
"""Seconds a bot waits before trying again after the store refused its move."""

CLOSE_GOING_AWAY = 1001
CLOSE_SERVER_ERROR = 1011
CLOSE_BAD_TOKEN = 4403
CLOSE_NO_TABLE = 4404
CLOSE_TOO_SLOW = 4408

MESSAGE_TYPES = ("move", "view", "ping")
"""What a client may send over the WebSocket."""


class Refused(Exception):
    """A request the table refuses: ``rule`` names why, ``message`` is one line for the
    user, ``status`` is the HTTP status it maps to."""

    def __init__(self, rule: str, message: str, status: int = 409) -> None:
        self.rule = rule
        self.message = message
        self.status = status
        super().__init__(message)


def to_json(message: Mapping[str, Any]) -> str:
    """Compact JSON text of a message. orjson writes the same text as the standard
    library's compact form, several times faster: a server encodes a view for every
    seat after every move. What orjson cannot write (an integer past 64 bits, such as
    a Wits & Wagers guess of 10**30 sent as a JSON number) goes the standard way."""
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


async def run_sync(fn: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """Run a blocking store call in a worker thread, so the event loop keeps serving."""
    return await asyncio.to_thread(fn, *args, **kwargs)


# ------------------------------------------------------------ connections
class Close(NamedTuple):
    """Queued last for a connection: close it with this code and reason."""

    code: int
    reason: str


class Connection:
    """One WebSocket client of a table: the seat it plays (``None``: a spectator) and
    its outbox.

    Messages are queued as JSON text, serialised the moment they are made: a
    game's view may share lists with its state, so a dict queued now could show
    a later move by the time it is written. Sending never waits: the
    connection's own task writes the queue, so one slow client cannot hold up a
    table. A client that falls :data:`MAX_QUEUED` messages behind is closed;
    reconnecting resumes it.
    """

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.closed = False
        self.log_sent = 0
        """Log entries this client has: the next view message carries only the rest."""
        self._queue: asyncio.Queue[str | Close] = asyncio.Queue()

    def send(self, message: dict[str, Any]) -> None:
        self.send_text(to_json(message))

    def send_text(self, text: str) -> None:
        if self.closed:
            return
        if self._queue.qsize() >= MAX_QUEUED:
            self.close(CLOSE_TOO_SLOW, "too many messages waiting; reconnect to resume")
            return
        self._queue.put_nowait(text)

    def error(self, rule: str, message: str) -> None:
        self.send({"type": "error", "rule": rule, "message": message})

    def close(self, code: int, reason: str) -> None:
        if not self.closed:
            self.closed = True
            self._queue.put_nowait(Close(code, reason))

    async def next(self) -> str | Close:
        return await self._queue.get()


# --------------------------------------------------------------- helpers
def table_info(
    row: TableRow, *, status: str | None = None, version: int | None = None
) -> TableInfo:
    """A table's public information (no token, no seed, no move)."""
    game = get_game(row.game)
    try:
        variants = game.active_variants(game.options(row.options))
    except ToteError:
        variants = []
    return TableInfo(
        id=row.id,
        game=row.game,
        title=game.title,
        status=status or row.status,
        players=len(row.seats),
        seats=[SeatInfo(seat=s.seat, name=s.name, taken=s.taken, bot=s.bot) for s in row.seats],
        variants=variants,
        options=row.options,
        move_seconds=row.settings.get("move_seconds"),
        version=row.version if version is None else version,
        created_at=row.created_at,
    )


def _time_limit(state: State, settings: Mapping[str, Any]) -> float | None:
    """Seconds the seats to act now have: the game's own timer (``time_limit()``, where
    the game has one and it runs now), else the table's ``move_seconds``, else none."""
    own = getattr(state, "time_limit", None)
    if callable(own):
        seconds = own()
        if isinstance(seconds, int | float) and not isinstance(seconds, bool):
            return float(seconds)
    table = settings.get("move_seconds")
    return float(table) if isinstance(table, int | float) and table > 0 else None


# --------------------------------------------------------------- runtime
class TableRuntime:
    """One table, live in this process: its match, connections, bots and clock.

    Methods whose names end in ``_locked`` expect the caller to hold :attr:`lock`;
    the public ``async`` methods take it themselves.
    """

    def __init__(
        self, store: Store, row: TableRow, *, bot_delay: float, writer: MoveWriter
    ) -> None:
        self.store = store
        self.writer = writer
        self.table_id = row.id
        self.game = get_game(row.game)
        self.bot_delay = bot_delay
        self.lock = asyncio.Lock()
        self.row = row
        self.status: str = row.status
        self.match: Match | None = None
        self.broken: str | None = None
        """Why the table cannot be replayed (a record this engine refuses), or None."""
        self.deadline: float | None = None
        """When the seats to act now run out of time (Unix seconds), or None."""
        self.connections: set[Connection] = set()
        self._bots: dict[int, Bot] = {}
        self._stand_ins: dict[int, Bot] = {}
        self._fallback_rng = random.Random()
        self._token_seats: dict[str, int] = {}
        self._stale = True
        self._closed = False
        self._bot_task: asyncio.Task[None] | None = None
        self._timer_task: asyncio.Task[None] | None = None
        self._clock_seats: frozenset[int] = frozenset()
        self._epoch = 0
        self.owner = False
        """This process drives the table's bots and clock (see :meth:`_claim_locked`)."""
        self.touched = time.monotonic()
        """When a request last asked for this table, or its last client left."""

    # ---------------------------------------------------------- reading
    @property
    def version(self) -> int:
        """Moves stored so far, as this runtime knows them."""
        return len(self.match.moves) if self.match is not None else self.row.version

    def info(self) -> TableInfo:
        return table_info(self.row, status=self.status, version=self.version)

    def view_message(self, seat: int | None, log_from: int | None = None) -> dict[str, Any]:
        """What a seat (``None``: a spectator) is sent: its own view and nothing else.

        Without ``log_from`` the view holds the whole log (HTTP answers). With it
        (WebSocket clients, which keep the log), the view's ``log`` is null and
        the message carries the seat's log entries from ``log_from`` on as
        ``"log_from"`` and ``"log"``: a view no longer grows with the game.
        """
        match = self.match
        message: dict[str, Any] = {
            "type": "view",
            "table_id": self.table_id,
            "status": self.status,
            "seat": seat,
            "version": self.version,
            "deadline": self.deadline,
            "view": None,
        }
        if match is None:
            return message
        state = match.state
        if log_from is None:
            message["view"] = state.view(seat)
        else:
            message["view"] = state.view(seat, log=False)
            message["log_from"] = log_from
            message["log"] = state.log_view(seat, log_from)
        return message

    def _send_view(self, conn: Connection) -> None:
        """A connection's view with the whole log (on connecting, or when it asks)."""
        conn.send(self.view_message(conn.seat, 0))
        conn.log_sent = self._log_size()

    def _log_size(self) -> int:
        return len(self.match.state.log) if self.match is not None else 0

    async def ensure_loaded(self) -> None:
        """Load the table (and resume its bots and clock) if not loaded yet."""
        async with self.lock:
            await self._fresh_locked()

    async def view(self, seat: int | None) -> str:
        """The seat's view message as JSON text (taken under the lock: see :class:`Connection`)."""
        async with self.lock:
            await self._fresh_locked()
            return to_json(self.view_message(seat))

    async def seat_for(self, token: str) -> int | None:
        """The seat a token plays at this table, or None."""
        key = hash_token(token)
        if key in self._token_seats:
            return self._token_seats[key]
        seat = await run_sync(self.store.seat_of, self.table_id, token)
        if seat is not None:
            self._token_seats[key] = seat
        return seat

    async def record(self, *, host: bool) -> Record:
        """The table's record: for everyone once the game is over, for the host once the
        table is ended. Never earlier: it holds the chance moves (hidden draws)."""
        async with self.lock:
            await self._fresh_locked()
            if self.status == "ended" and not host:
                raise Refused(
                    "record", "only the host can read the record of a table ended early", 403
                )
            if self.status not in ("finished", "ended"):
                raise Refused(
                    "record",
                    "the record is shown once the game is over: it holds hidden draws",
                    409,
                )
            record = await run_sync(self.store.record, self.table_id)
            result = None if self.match is None else self.match.state.result()
            if result is not None:
                record = record.model_copy(update={"result": result.to_json()})
            return record

    # ---------------------------------------------------------- the lobby
    async def join(self, seat: int | None, name: str) -> tuple[int, str]:
        """Take a free human seat (the first free one if ``seat`` is None)."""
        async with self.lock:
            await self._fresh_locked()
            if self.status != "open":
                raise Refused("seats", f"table {self.table_id} is {self.status}: no seat to join")
            seats = self.row.seats
            if seat is None:
                free = [s.seat for s in seats if not s.taken]
                if not free:
                    raise Refused("seats", "every seat at this table is taken")
                seat = free[0]
            elif not 0 <= seat < len(seats):
                raise Refused(
                    "seats", f"this table has no seat {seat} (seats 0 to {len(seats) - 1})", 400
                )
            try:
                token = await run_sync(self.store.join, self.table_id, seat, name)
            except NotFound:
                raise
            except ToteError as exc:
                raise Refused("seats", str(exc)) from None
            self._token_seats[hash_token(token)] = seat
            await self._reload_row_locked()
            return seat, token

    async def set_bot(self, seat: int, bot: str) -> None:
        """Put a bot in a seat no player has taken (the host's call)."""
        async with self.lock:
            await self._fresh_locked()
            if self.status != "open":
                raise Refused("seats", f"table {self.table_id} is {self.status}: seats are set")
            if not 0 <= seat < len(self.row.seats):
                raise Refused(
                    "seats",
                    f"this table has no seat {seat} (seats 0 to {len(self.row.seats) - 1})",
                    400,
                )
            try:
                get_bot(self.game, bot)
            except ToteError as exc:
                raise Refused("bots", str(exc), 400) from None
            try:
                await run_sync(self.store.set_bot, self.table_id, seat, bot, f"Player {seat + 1}")
            except NotFound:
                raise
            except ToteError as exc:
                raise Refused("seats", str(exc)) from None
            await self._reload_row_locked()

    async def start(self) -> None:
        """Deal the game: every seat must be taken by a player or a bot."""
        async with self.lock:
            await self._fresh_locked()
            if self.status != "open":
                raise Refused("start", f"table {self.table_id} is already {self.status}")
            free = [s.seat for s in self.row.seats if not s.taken]
            if free:
                listed = ", ".join(str(s) for s in free)
                raise Refused("start", f"seat(s) {listed} still free: let players join or add bots")
            if self.match is None:  # else: dealt before a crash, only the status was lost
                players = [PlayerEntry(name=s.name, bot=s.bot) for s in self.row.seats]
                match = Match(self.game, players, self.row.options, None, auto_chance=False)
                match.seed = self.row.seed
                self.match = match
                self._reseed()
                match.advance()
                dealt: list[tuple[Actor, Move]] = list(match.moves)
                await self._store_locked(0, dealt)
            await self._claim_locked()
            await run_sync(self.store.set_status, self.table_id, "playing")
            self.status = "playing"
            self._make_bots()
            await self._after_change_locked(mover=None)
            self._broadcast({"type": "table", "table": self.info().model_dump(mode="json")})

    async def end(self) -> None:
        """Stop the table for good (the host's call); the record stays for the host."""
        async with self.lock:
            await self._fresh_locked()
            if self.status in ("finished", "ended"):
                raise Refused("end", f"table {self.table_id} is already {self.status}")
            await run_sync(self.store.set_status, self.table_id, "ended")
            self.status = "ended"
            await self._disown_locked()
            self._update_clock(None)
            self._broadcast_views()
            self._broadcast({"type": "table", "table": self.info().model_dump(mode="json")})

    # ------------------------------------------------------------ playing
    async def play(self, seat: int, move: Mapping[str, Any]) -> str:
        """A player's move, from HTTP or WebSocket. Returns the seat's new view message
        (JSON text).

        Refusals raise :class:`IllegalMove` (the rules) or :class:`Refused` (the table)
        and change nothing.
        """
        async with self.lock:
            await self._fresh_locked()
            self._check_playing()
            await self._play_locked(seat, move)
            return to_json(self.view_message(seat))

    def _check_playing(self) -> None:
        if self.broken is not None:
            raise Refused("server", self.broken, 500)
        if self.status == "open":
            raise Refused("turn order", "the game has not started yet")
        if self.status == "ended":
            raise Refused("game over", "the host ended this table")
        if self.status == "finished":
            raise Refused("game over", "the game is over; no more moves")

    def _reseed(self) -> None:
        """Chance moves after the current version come from (secret seed, version)."""
        assert self.match is not None
        self.match.rng = random.Random(f"tote-chance:{self.row.seed}:{len(self.match.moves)}")

    async def _play_locked(
        self,
        seat: int,
        move: Move | Mapping[str, Any],
        notice: dict[str, Any] | None = None,
    ) -> None:
        """Check, store, then announce one seat's move (``notice`` goes out just before
        the new views)."""
        match = self.match
        assert match is not None
        before = len(match.moves)
        self._reseed()
        try:
            match.play(seat, move)
        except IllegalMove:
            raise
        except Exception as exc:  # a bug in a game: the state may be half changed
            self._stale = True
            log.exception("table %s: seat %s's move %r failed", self.table_id, seat, move)
            raise Refused("server", "the server failed to play this move", 500) from exc
        await self._store_locked(before, match.moves[before:])
        if notice is not None:
            self._broadcast(notice)
        await self._after_change_locked(mover=seat)

    async def _store_locked(self, expected: int, moves: Sequence[tuple[Actor, Move]]) -> None:
        """Store moves the match has just accepted; on any doubt, reload from the store."""
        rows = [(actor, move.to_json()) for actor, move in moves]
        try:
            await self.writer.append(self.table_id, expected, rows)
        except VersionConflict:
            self._stale = True
            await self._fresh_locked()
            raise Refused(
                "retry",
                "the table moved on meanwhile and your move was not played: "
                "look at the new view and try again",
            ) from None
        except Exception as exc:
            self._stale = True
            log.exception("table %s: storing moves at version %d failed", self.table_id, expected)
            raise Refused("server", "the move could not be stored; try again", 503) from exc
        except BaseException:  # cancelled mid-write: the store knows whether it landed
            self._stale = True
            raise

    async def _after_change_locked(self, mover: int | None) -> None:
        """After stored moves: mark a finished game, restart the clock if the turn
        changed hands, send every connection its view, and wake the bots."""
        assert self.match is not None
        if self.match.state.is_over and self.status == "playing":
            self.status = "finished"
            await run_sync(self.store.set_status, self.table_id, "finished")
            await self._disown_locked()
        self._update_clock(mover)
        self._broadcast_views()
        self._schedule_bots()

    # -------------------------------------------------------- broadcasting
    def _broadcast(self, message: dict[str, Any]) -> None:
        text = to_json(message)
        for conn in list(self.connections):
            conn.send_text(text)

    def _broadcast_views(self) -> None:
        """Each connection gets its own seat's view and the log entries it lacks
        (computed once per seat and starting point)."""
        size = self._log_size()
        views: dict[tuple[int | None, int], str] = {}
        for conn in list(self.connections):
            key = (conn.seat, min(conn.log_sent, size))
            if key not in views:
                views[key] = to_json(self.view_message(*key))
            conn.send_text(views[key])
            conn.log_sent = size

    async def connect(self, conn: Connection) -> None:
        """Register a connection and send it the current view, then the table's info."""
        async with self.lock:
            await self._fresh_locked()
            if self.broken is not None:
                raise Refused("server", self.broken, 500)
            self.connections.add(conn)
            self._send_view(conn)
            conn.send({"type": "table", "table": self.info().model_dump(mode="json")})

    def disconnect(self, conn: Connection) -> None:
        self.connections.discard(conn)
        self.touched = time.monotonic()

    def idle(self, now: float) -> float | None:
        """Seconds since this table was last used here; None while it is in use (a
        client connected, a bot about to move, a clock running, a request at work)."""
        if self.connections or self._bot_task or self._timer_task or self.lock.locked():
            return None
        return now - self.touched

    async def release(self) -> None:
        """Leave the table to the store (and, on PostgreSQL, its bots and clock to
        another process): this runtime is forgotten."""
        async with self.lock:
            self.shutdown()
            await self._disown_locked()

    async def handle_message(self, conn: Connection, text: str) -> None:
        """One client message. Errors go to this connection only and change nothing."""
        if len(text) > MAX_MESSAGE:
            conn.error("protocol", f"message too long (more than {MAX_MESSAGE} characters)")
            return
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            conn.error("protocol", f"not JSON: {exc.msg} at character {exc.pos}")
            return
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            conn.error("protocol", 'a message is a JSON object with a "type", e.g. "move"')
            return
        kind = data["type"]
        if kind == "ping":
            conn.send({"type": "pong"})
            return
        if kind == "view":
            async with self.lock:
                await self._fresh_locked()
                self._send_view(conn)  # serialised under the lock
            return
        if kind != "move":
            known = ", ".join(MESSAGE_TYPES)
            conn.error("protocol", f"unknown message type {kind!r} (known: {known})")
            return
        if conn.seat is None:
            conn.error("spectator", "spectators cannot move; join a seat to play")
            return
        claimed = data.get("seat")
        if claimed is not None and claimed != conn.seat:
            conn.error("seat", f"this connection plays seat {conn.seat}, not seat {claimed}")
            return
        move = data.get("move")
        if not isinstance(move, dict):
            conn.error("protocol", 'a move message is {"type": "move", "move": {...}}')
            return
        try:
            await self.play(conn.seat, move)
        except IllegalMove as exc:
            conn.error(exc.rule, exc.message)
        except Refused as exc:
            conn.error(exc.rule, exc.message)

    # -------------------------------------------------------------- loading
    async def _fresh_locked(self) -> None:
        """Reload from the store if the cache is in doubt, and resend every view."""
        if self._stale:
            await self._reload_locked()
            for conn in self.connections:  # the log may differ from what they were sent
                conn.log_sent = 0
            self._broadcast_views()

    async def _reload_row_locked(self) -> None:
        """Re-read the table row (seats changed) and tell every connection."""
        self.row = await run_sync(self.store.table, self.table_id)
        self._broadcast({"type": "table", "table": self.info().model_dump(mode="json")})

    async def _reload_locked(self) -> None:
        """Rebuild from the store: the row, and the match replayed from the record."""
        row, record = await run_sync(self._read)
        self.row = row
        self.status = row.status
        self.match = None
        self.broken = None
        self._bots = {}
        if record.moves or row.status != "open":
            try:
                # Without the seed, the replay draws nothing itself: chance moves
                # still to draw come from the stream of their version (_reseed).
                match = Match.replay(record.model_copy(update={"seed": None}))
            except ToteError as exc:
                self.broken = f"table {self.table_id} cannot be resumed: {exc}"
                log.error("%s", self.broken)
                self._stale = False
                return
            match.seed = row.seed
            self.match = match
            self._reseed()
            match.advance()
            if len(match.moves) > len(record.moves):  # pending chance never stored
                await self._store_locked(len(record.moves), match.moves[len(record.moves) :])
            if match.state.is_over and self.status == "playing":
                self.status = "finished"
                await run_sync(self.store.set_status, self.table_id, "finished")
            self._make_bots()
        if self.status == "playing":
            await self._claim_locked()
        self._stale = False
        self._clock_seats = frozenset()
        self._update_clock(None)
        self._schedule_bots()

    def _read(self) -> tuple[TableRow, Record]:
        return self.store.table(self.table_id), self.store.record(self.table_id)

    def _make_bots(self) -> None:
        self._bots = {
            s.seat: make_bot(self.game, s.bot, self.row.seed, s.seat)
            for s in self.row.seats
            if s.bot is not None
        }

    # ------------------------------------------------- several processes
    async def _claim_locked(self) -> None:
        """Become the driver of this table's bots and clock, unless another process is.

        Tried again on every reload, so when the owner stops (its advisory lock
        goes with its connection) the next process to hear of the table takes over.
        """
        if not self.owner:
            try:
                self.owner = await run_sync(self.store.try_own, self.table_id)
            except Exception:
                log.exception("table %s: could not claim its bots and clock", self.table_id)

    async def _disown_locked(self) -> None:
        if self.owner:
            self.owner = False
            try:
                await run_sync(self.store.disown, self.table_id)
            except Exception:
                log.exception("table %s: could not release its lock", self.table_id)

    async def adopt_if_orphaned(self) -> bool:
        """Take over a table in play whose bots and clock nobody drives (its owner
        stopped, and its lock went with its connection): True if this process did.

        The table is reloaded first, so the bots and the clock resume from the
        store's state. Only on a shared store: on SQLite this process owns them all.
        """
        if self.owner or self._closed or self.status != "playing" or not self.store.shared:
            return False
        if not self._bots and self.deadline is None:
            return False  # no bot and no clock: nothing to drive, no query to make
        async with self.lock:
            if self.owner or self.status != "playing":
                return False
            await self._claim_locked()
            if not self.owner:
                return False
            log.info("table %s: took over its bots and clock", self.table_id)
            self._stale = True
            await self._fresh_locked()
            return True

    async def notice(self, kind: str, value: str) -> None:
        """Another process (or this one) changed the table in the store: catch up.

        Notices of what this runtime already knows (its own moves, a status or a
        seat it already has) are dropped without reading the store. Otherwise the
        runtime is rebuilt from the store, and every connection gets its new view.
        """
        if self._closed or (self._stale and not self.connections and not self.owner):
            return  # nobody is watching: the next user reloads it anyway
        async with self.lock:
            if self._stale:
                await self._fresh_locked()
                return
            if kind == "moves":
                if value.isdigit() and self.version >= int(value):
                    return
            elif kind == "status":
                if self.status == value:
                    return
            elif kind == "seats" and value.isdigit() and int(value) < len(self.row.seats):
                if self.row.seats[int(value)].taken:
                    return
                await self._reload_row_locked()
                return
            self._stale = True
            await self._fresh_locked()
            self._broadcast({"type": "table", "table": self.info().model_dump(mode="json")})

    # ---------------------------------------------------------------- bots
    def _bot_seat(self) -> int | None:
        if self.status != "playing" or self.match is None or self._closed or not self.owner:
            return None
        return next((s for s in self.match.state.turn().seats if s in self._bots), None)

    def _schedule_bots(self) -> None:
        if self._bot_task is None and self._bot_seat() is not None:
            self._bot_task = asyncio.create_task(self._run_bots())

    async def _run_bots(self) -> None:
        """Bots move one at a time, each after ``bot_delay``, while a bot is to act."""
        try:
            pause = self.bot_delay
            while True:
                await asyncio.sleep(pause)
                pause = self.bot_delay
                async with self.lock:
                    await self._fresh_locked()
                    seat = self._bot_seat()
                    if seat is None:
                        return
                    try:
                        await self._bot_plays_locked(seat)
                    except Refused as exc:
                        log.warning("table %s: bot at seat %d: %s", self.table_id, seat, exc)
                        pause = max(self.bot_delay, RETRY_PAUSE)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: bots stopped", self.table_id)
        finally:
            if self._bot_task is asyncio.current_task():
                self._bot_task = None

    async def _bot_plays_locked(self, seat: int) -> None:
        """The bot's choice; a random legal move if it fails or chooses an illegal one."""
        assert self.match is not None
        state = self.match.state
        bot = self._bots[seat]
        try:
            move: Move | None = bot.choose(Observation(state, seat))
        except Exception:
            log.exception("table %s: bot %r at seat %d failed", self.table_id, bot.name, seat)
            move = None
        if move is not None:
            try:
                await self._play_locked(seat, move)
                return
            except IllegalMove as exc:
                log.warning(
                    "table %s: bot %r at seat %d: illegal move %s",
                    self.table_id,
                    bot.name,
                    seat,
                    exc,
                )
        await self._play_locked(seat, state.random_move(seat, self._fallback_rng))

    # --------------------------------------------------------------- clock
    def _update_clock(self, mover: int | None) -> None:
        """Start a new clock when the turn passes to seats that were not waiting (or the
        one seat to act just moved itself); shrinking the waiting seats (commitments,
        locked bets) keeps the clock running."""
        state = self.match.state if self.match is not None else None
        seats = (
            frozenset(state.turn().seats)
            if state is not None and self.status == "playing"
            else frozenset()
        )
        if state is None or not seats:
            self._clock_seats = frozenset()
            self._set_deadline(None)
            return
        new_turn = not seats <= self._clock_seats or (mover is not None and seats == {mover})
        self._clock_seats = seats
        if new_turn:
            self._epoch += 1
            limit = _time_limit(state, self.row.settings)
            self._set_deadline(None if limit is None else time.time() + limit)

    def _set_deadline(self, deadline: float | None) -> None:
        self.deadline = deadline
        old = self._timer_task
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        self._timer_task = None
        if deadline is not None and not self._closed and self.owner:
            self._timer_task = asyncio.create_task(self._expire(self._epoch, deadline))

    async def _expire(self, epoch: int, deadline: float) -> None:
        """When time runs out, play the timeout move of every seat still to act."""
        try:
            await asyncio.sleep(max(0.0, deadline - time.time()))
            async with self.lock:
                await self._fresh_locked()
                timed_out: set[int] = set()
                while epoch == self._epoch and self.status == "playing":
                    assert self.match is not None
                    waiting = [s for s in self.match.state.turn().seats if s not in timed_out]
                    if not waiting:
                        break
                    seat = waiting[0]
                    timed_out.add(seat)
                    try:
                        move = self._timeout_move(seat)
                        await self._play_locked(seat, move, {"type": "timeout", "seat": seat})
                    except (IllegalMove, Refused) as exc:
                        log.warning("table %s: timeout of seat %d: %s", self.table_id, seat, exc)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: the clock failed", self.table_id)

    def _timeout_move(self, seat: int) -> Move:
        """The game's timeout move; where it has none, the game's default bot moves."""
        assert self.match is not None
        state = self.match.state
        move = state.timeout_move(seat)
        if move is not None:
            return move
        if seat not in self._stand_ins:
            self._stand_ins[seat] = make_bot(self.game, default_bot(self.game), self.row.seed, seat)
        return self._stand_ins[seat].choose(Observation(state, seat))

    # ------------------------------------------------------------ shutdown
    def shutdown(self) -> None:
        """Stop the bots and the clock and close every connection (server stopping)."""
        self._closed = True
        for task in (self._bot_task, self._timer_task):
            if task is not None:
                task.cancel()
        for conn in list(self.connections):
            conn.close(CLOSE_GOING_AWAY, "the server is restarting; reconnect to resume")


class Tables:
    """Every live table of this process, loaded from the store on first use."""

    def __init__(self, store: Store, *, bot_delay: float) -> None:
        self.store = store
        self.writer = MoveWriter(store)
        self.bot_delay = bot_delay
        self._runtimes: dict[str, TableRuntime] = {}

    async def get(self, table_id: str) -> TableRuntime:
        """The table's runtime (raises :class:`~tote.store.NotFound`)."""
        runtime = self._runtimes.get(table_id)
        if runtime is None:
            row = await run_sync(self.store.table, table_id)
            # Another request may have made it while this one read the row.
            runtime = self._runtimes.setdefault(
                table_id,
                TableRuntime(self.store, row, bot_delay=self.bot_delay, writer=self.writer),
            )
        runtime.touched = time.monotonic()
        return runtime

    async def adopt_orphans(self) -> list[str]:
        """Take over every table live here whose owner process stopped (see
        :meth:`TableRuntime.adopt_if_orphaned`); returns their ids."""
        adopted = []
        for table_id, runtime in list(self._runtimes.items()):
            try:
                if await runtime.adopt_if_orphaned():
                    adopted.append(table_id)
            except Exception:
                log.exception("table %s: taking it over failed", table_id)
        return adopted

    async def evict_idle(self, idle_seconds: float) -> list[str]:
        """Forget the runtimes nobody has used for ``idle_seconds``, so memory holds the
        tables in use, not every table ever opened. Their tables stay in the store:
        the next request for one loads it again. Returns the ids forgotten."""
        forgotten = []
        for table_id in list(self._runtimes):
            runtime = self._runtimes.get(table_id)
            seconds = None if runtime is None else runtime.idle(time.monotonic())
            if runtime is not None and seconds is not None and seconds >= idle_seconds:
                del self._runtimes[table_id]  # checked and taken with no await between
                await runtime.release()
                forgotten.append(table_id)
        return forgotten

    async def resume(self) -> None:
        """Load every table in play, so its bots and clock carry on without a client."""
        rows = await run_sync(self.store.tables, "playing")
        for row in rows:
            try:
                runtime = await self.get(row.id)
                await runtime.ensure_loaded()
            except Exception:
                log.exception("table %s could not be resumed", row.id)

    async def notice(self, payload: str) -> None:
        """A change announced by the store (``<table>:<kind>:<value>``, see
        :meth:`Store.notify <tote.store.Store.notify>`): the runtime of a table live
        in this process catches up; other tables are none of this process's business."""
        table_id, _, rest = payload.partition(":")
        kind, _, value = rest.partition(":")
        runtime = self._runtimes.get(table_id)
        if runtime is None:
            return
        try:
            await runtime.notice(kind, value)
        except Exception:
            log.exception("table %s: catching up after %r failed", table_id, payload)

    async def refresh(self) -> None:
        """Catch every live table up (notices may have been missed)."""
        for runtime in list(self._runtimes.values()):
            try:
                await runtime.notice("reload", "")
            except Exception:
                log.exception("table %s: catching up failed", runtime.table_id)

    def shutdown(self) -> None:
        for runtime in self._runtimes.values():
            runtime.shutdown()

    def __len__(self) -> int:
        return len(self._runtimes)
