"""One table live in this process: :class:`TableRuntime`, its lifecycle and its moves.

The store is the truth; a runtime is a cache of it. A runtime holds the
table's :class:`~tote.core.match.Match`, rebuilt from the store's record with
:meth:`Match.replay <tote.core.match.Match.replay>`, so a server restarted
(even after ``kill -9``) carries on every table exactly where its last stored
move left it. Here a table is loaded, joined, given bots, started, played and
ended; the runtime leaves memory when :class:`~tote.server.tables.Tables`
forgets it.

Accepting a move, whoever makes it (a player over HTTP or WebSocket, a bot,
the clock), always goes the same way, under the table's :class:`asyncio.Lock`:

1. the core checks it (``Match.play``); a refusal changes and stores nothing;
2. the seat's move and the chance moves it led to are stored in one
   transaction, at the version the runtime expects and, for a player's move,
   only while the token it came with still plays the seat, no bot standing in
   (issue 28: whatever this process remembers of the seat)
   (:mod:`tote.server.writer`, which commits the moves of tables moving at
   the same moment together);
3. only then is every connection sent its own seat's view
   (:mod:`tote.server.views`).

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

The runtime's parts each hold their own state: its connections
(:class:`~tote.server.views.Audience`), its clock
(:class:`~tote.server.clock.Clock`), its bots (:class:`~tote.server.bots.Bots`)
and whether this process drives them
(:class:`~tote.server.processes.Ownership`).
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy.exc import DBAPIError

from tote.bots import get_bot
from tote.core.errors import IllegalMove, ToteError
from tote.core.match import Match
from tote.core.moves import Actor, Move
from tote.core.record import PlayerEntry, Record
from tote.core.registry import get_game
from tote.server.bots import Bots
from tote.server.chat import TableChat
from tote.server.clock import Clock
from tote.server.connection import CLOSE_GOING_AWAY, Connection, to_json
from tote.server.errors import Refused
from tote.server.meter import Meter
from tote.server.processes import Ownership
from tote.server.schemas import TableInfo
from tote.server.views import Audience, table_info, table_message, view_message
from tote.server.writer import MoveWriter, database_reason, run_sync
from tote.store import NotDriver, NotFound, SeatRefused, Store, TableRow, VersionConflict
from tote.store.store import hash_token

log = logging.getLogger("tote.server")


class TableRuntime:
    """One table, live in this process: its match, connections, bots and clock.

    Methods whose names end in ``_locked`` expect the caller to hold :attr:`lock`;
    the public ``async`` methods take it themselves.
    """

    def __init__(
        self,
        store: Store,
        row: TableRow,
        *,
        bot_delay: float,
        writer: MoveWriter,
        meter: Meter | None = None,
    ) -> None:
        self.store = store
        self.writer = writer
        self.meter = meter or Meter()
        """What this table counts for the operators (issue 28, metrics)."""
        self.table_id = row.id
        self.game = get_game(row.game)
        self.lock = asyncio.Lock()
        self.row = row
        self.status: str = row.status
        self.match: Match | None = None
        self.broken: str | None = None
        """Why the table cannot be replayed (a record this engine refuses), or None."""
        self.stale = True
        """The cache is in doubt: the next holder of the lock reloads it first."""
        self._loaded = False
        """Loaded from the store at least once (the first load claims the table)."""
        self.closed = False
        """The server is stopping, or this runtime was forgotten: nothing more runs."""
        self.touched = time.monotonic()
        """When a request last asked for this table, or its last client left."""
        self.timeouts: dict[int, int] = _timeouts(row)
        """Each seat's timeouts in a row (issue 16: the host may let a bot play it), kept
        in the store too (issue 27, item 8: the lobby, a restart, other processes)."""
        self._left: set[int] = set()
        """Seats whose player's last connection here closed during the game."""
        self.audience = Audience(self)
        self.chat = TableChat(self)
        self.clock = Clock(self)
        self.bots = Bots(self, delay=bot_delay)
        self.ownership = Ownership(store, row.id)

    # ---------------------------------------------------------- reading
    @property
    def version(self) -> int:
        """Moves stored so far, as this runtime knows them."""
        return len(self.match.moves) if self.match is not None else self.row.version

    def info(self) -> TableInfo:
        return table_info(
            self.row,
            status=self.status,
            version=self.version,
            connected=self.audience.seats() if self.status == "playing" else None,
            timeouts=self.timeouts,
        )

    async def ensure_loaded(self) -> None:
        """Load the table (and resume its bots and clock) if not loaded yet."""
        async with self.lock:
            await self.fresh_locked()

    async def view(self, seat: int | None) -> str:
        """The seat's view message as JSON text (taken under the lock: see
        :class:`~tote.server.connection.Connection`)."""
        async with self.lock:
            await self.fresh_locked()
            return to_json(view_message(self, seat))

    def seat_holding(self, token_hash: str | None) -> int | None:
        """The seat the token with this hash plays, as this process last read the table."""
        if token_hash is None:
            return None
        return next((s.seat for s in self.row.seats if s.token_hash == token_hash), None)

    async def seat_for(self, token: str) -> int | None:
        """The seat a token plays at this table, or None: the table as last read here
        answers, else the store (a seat taken through another process a moment ago)."""
        seat = self.seat_holding(hash_token(token))
        if seat is None:
            seat = await run_sync(self.store.seat_of, self.table_id, token)
        return seat

    async def _check_token_locked(self, seat: int, token_hash: str | None) -> None:
        """Refuse a token that no longer plays ``seat`` (issue 28, defects 1 and 2),
        reading the table again first if this process does not know it as the seat's:
        it may be newer than what was read here. The store checks again when storing a
        move (:attr:`Append.by_token <tote.store.Append.by_token>`), so a change not
        heard of yet here is refused all the same."""
        if self.seat_holding(token_hash) != seat:
            await self.reload_row_locked()
        if self.seat_holding(token_hash) != seat:
            raise Refused(
                "token",
                f"this link no longer plays seat {seat}: a newer link for the seat replaced it",
                403,
            )

    async def record(self, *, host: bool) -> Record:
        """The table's record: for everyone once the game is over, for the host once the
        table is ended. Never earlier: it holds the chance moves (hidden draws)."""
        async with self.lock:
            await self.fresh_locked()
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
            await self.fresh_locked()
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
            await self.reload_row_locked()
            return seat, token

    async def set_bot(self, seat: int, bot: str) -> None:
        """Put a bot in a seat no player has taken (the host's call)."""
        async with self.lock:
            await self.fresh_locked()
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
            await self.reload_row_locked()

    async def start(self) -> None:
        """Deal the game: every seat must be taken by a player or a bot."""
        async with self.lock:
            await self.fresh_locked()
            if self.status != "open":
                raise Refused("start", f"table {self.table_id} is already {self.status}")
            free = [s.seat for s in self.row.seats if not s.taken]
            if free:
                listed = ", ".join(str(s) for s in free)
                kept = any(s.reserved for s in self.row.seats)
                raise Refused(
                    "start",
                    f"seat(s) {listed} still free: let players join or add bots"
                    + ("; seats kept for last game's players wait for them" if kept else ""),
                )
            if self.match is None:  # else: dealt before a crash, only the status was lost
                players = [PlayerEntry(name=s.name, bot=s.bot) for s in self.row.seats]
                match = Match(
                    self.game,
                    players,
                    self.row.options,
                    None,
                    auto_chance=False,
                    written_by=self.row.engine,
                )
                match.seed = self.row.seed
                self.match = match
                self._reseed()
                match.advance()
                dealt: list[tuple[Actor, Move]] = list(match.moves)
                await self._store_locked(0, dealt)
            await self.ownership.claim()
            await run_sync(self.store.set_status, self.table_id, "playing")
            self.status = "playing"
            self.bots.make()
            await self._after_change_locked(mover=None)
            self.audience.broadcast_table()

    async def end(self) -> None:
        """Stop the table for good (the host's call); the record stays for the host."""
        async with self.lock:
            await self.fresh_locked()
            if self.status in ("finished", "ended"):
                raise Refused("end", f"table {self.table_id} is already {self.status}")
            await run_sync(self.store.set_status, self.table_id, "ended")
            self.status = "ended"
            await self.ownership.disown()
            self.clock.update(None)
            self.audience.broadcast_views()
            self.audience.broadcast_table()

    # ------------------------------------------------------------ playing
    async def play(self, seat: int, move: Mapping[str, Any], token_hash: str | None) -> str:
        """A player's move over HTTP, made with the token whose hash is ``token_hash``.
        Returns the seat's new view message (JSON text).

        Refusals raise :class:`IllegalMove` (the rules) or :class:`Refused` (the table,
        the token) and change nothing.
        """
        received = time.perf_counter()
        async with self.lock:
            await self._play_seat_locked(seat, move, token_hash)
            answer = to_json(view_message(self, seat))
        self.meter.move_answered(time.perf_counter() - received)
        return answer

    async def play_from_socket(
        self, seat: int, move: Mapping[str, Any], token_hash: str | None
    ) -> None:
        """A player's move over a WebSocket, as :meth:`play`, with no view returned: the
        player's connection gets its new view with everyone's. Making one more for the
        answer cost a third of the views a move makes (issue 28, Load)."""
        received = time.perf_counter()
        async with self.lock:
            await self._play_seat_locked(seat, move, token_hash)
        self.meter.move_answered(time.perf_counter() - received)

    async def _play_seat_locked(
        self, seat: int, move: Mapping[str, Any], token_hash: str | None
    ) -> None:
        await self.fresh_locked()
        await self._check_token_locked(seat, token_hash)
        self._check_playing()
        stand_in = self.row.seats[seat].stand_in
        if stand_in is not None:
            raise Refused(
                "stand-in",
                f"the {stand_in} bot plays seat {seat} for you now; ask the host to give it back",
                409,
            )
        assert token_hash is not None  # _check_token_locked refuses a missing token
        await self.play_locked(seat, move, by_token=(seat, token_hash))
        if self.timeouts.pop(seat, 0):
            await self.store_timeouts_locked(seat)
            self.audience.broadcast_table()

    def _check_playing(self) -> None:
        if self.broken is not None:
            raise Refused("server", self.broken, 500)
        if self.status == "open":
            raise Refused("turn order", "the game has not started yet")
        if self.status == "ended":
            raise Refused("game over", "the host ended this table")
        if self.status == "finished":
            raise Refused("game over", "the game is over; no more moves")
        if self.closed:  # drained (issue 28): another process, or the restarted one, plays on
            raise Refused("restarting", "the server is restarting; reconnect and play again", 503)

    def _reseed(self) -> None:
        """Chance moves after the current version come from (secret seed, version)."""
        assert self.match is not None
        self.match.rng = random.Random(f"tote-chance:{self.row.seed}:{len(self.match.moves)}")

    async def play_locked(
        self,
        seat: int,
        move: Move | Mapping[str, Any],
        notice: dict[str, Any] | None = None,
        by_token: tuple[int, str] | None = None,
    ) -> None:
        """Check, store, then announce one seat's move (``notice`` goes out just before
        the new views). A player's, a bot's or the clock's move, all the same way; a
        player's is stored only while ``by_token`` (its seat and token hash) still plays."""
        match = self.match
        assert match is not None
        before = len(match.moves)
        self._reseed()
        try:
            match.play(seat, move)
        except IllegalMove:
            raise
        except Exception as exc:  # a bug in a game: the state may be half changed
            self.stale = True
            log.exception("table %s: seat %s's move %r failed", self.table_id, seat, move)
            raise Refused("server", "the server failed to play this move", 500) from exc
        await self._store_locked(before, match.moves[before:], by_token, by_driver=by_token is None)
        if notice is not None:
            self.audience.broadcast(notice)
        await self._after_change_locked(mover=seat)
        self.meter.move_accepted()
        if notice is not None and notice.get("type") == "timeout":
            self.timeouts[seat] = self.timeouts.get(seat, 0) + 1
            await self.store_timeouts_locked(seat)
            self.audience.broadcast_table()

    async def store_timeouts_locked(self, seat: int) -> None:
        """Store a seat's timeouts in a row (issue 27, item 8); a failure only logs: the
        count is advice to the host, never part of the game."""
        try:
            await run_sync(self.store.set_timeouts, self.table_id, seat, self.timeouts.get(seat, 0))
        except Exception:
            log.exception("table %s: storing seat %d's timeouts failed", self.table_id, seat)

    async def _store_locked(
        self,
        expected: int,
        moves: Sequence[tuple[Actor, Move]],
        by_token: tuple[int, str] | None = None,
        *,
        by_driver: bool = False,
    ) -> None:
        """Store moves the match has just accepted; on any doubt, reload from the store.
        A bot's or the clock's move (``by_driver``) is stored only while this process
        holds the table's lock (issue 28)."""
        rows = [(actor, move.to_json()) for actor, move in moves]
        try:
            await self.writer.append(self.table_id, expected, rows, by_token, by_driver=by_driver)
        except VersionConflict:
            self.stale = True
            await self.fresh_locked()
            raise Refused(
                "retry",
                "the table moved on meanwhile and your move was not played: "
                "look at the new view and try again",
            ) from None
        except NotDriver as exc:  # the lock went with its connection: check_locks decides
            self.stale = True
            await self.fresh_locked()
            raise Refused("driver", str(exc), 409) from None
        except SeatRefused as exc:  # the token or stand-in changed: re-read, hang up on it
            self.stale = True
            await self.fresh_locked()
            raise Refused(exc.rule, str(exc), 403 if exc.rule == "token" else 409) from None
        except Exception as exc:
            self.stale = True
            if isinstance(exc, DBAPIError) and exc.connection_invalidated:
                log.warning(
                    "table %s: storing moves at version %d failed, the database link was lost: %s",
                    self.table_id,
                    expected,
                    database_reason(exc),
                )
            else:
                log.exception(
                    "table %s: storing moves at version %d failed", self.table_id, expected
                )
            raise Refused("server", "the move could not be stored; try again", 503) from exc
        except BaseException:  # cancelled mid-write: the store knows whether it landed
            self.stale = True
            raise

    async def _after_change_locked(self, mover: int | None) -> None:
        """After stored moves: mark a finished game, restart the clock if the turn
        changed hands, send every connection its view, and wake the bots."""
        assert self.match is not None
        if self.match.state.is_over and self.status == "playing":
            self.status = "finished"
            await run_sync(self.store.finish, self.table_id, _result(self.match))
            await self.ownership.disown()
        try:
            self.clock.update(mover)
        except Exception:  # a stored move is always announced, whatever the clock does
            log.exception("table %s: the clock could not be set", self.table_id)
        self.audience.broadcast_views()
        self.bots.schedule()

    # -------------------------------------------------------- connections
    async def connect(self, conn: Connection) -> None:
        """Register a connection and send it the current view, then the table's info."""
        async with self.lock:
            await self.fresh_locked()
            if self.broken is not None:
                raise Refused("server", self.broken, 500)
            if conn.seat is not None:
                await self._check_token_locked(conn.seat, conn.token_hash)
            self.audience.add(conn)
            self.audience.send_view(conn)
            conn.send(table_message(self))
            await self.chat.greet(conn)
            if conn.seat in self._left:  # the host sees the seat's player is back (issue 16)
                self._left.discard(conn.seat)
                self.audience.broadcast_table()

    def disconnect(self, conn: Connection) -> None:
        self.audience.discard(conn)
        self.touched = time.monotonic()
        seat = conn.seat
        if seat is not None and seat not in self.audience.seats() and self.status == "playing":
            self._left.add(seat)  # the host sees the seat's player left (issue 16)
            if not self.closed:
                self.audience.broadcast_table()

    # -------------------------------------------------------------- loading
    async def fresh_locked(self) -> None:
        """Reload from the store if the cache is in doubt, and resend every view."""
        if self.stale:
            await self._reload_locked()
            self.audience.resend_views()

    async def reload_row_locked(self) -> None:
        """Re-read the table row (seats changed) and tell every connection."""
        self.row = await run_sync(self.store.table, self.table_id)
        self.timeouts = _timeouts(self.row)
        self.audience.close_revoked()
        self.audience.broadcast_table()

    async def _reload_locked(self) -> None:
        """Rebuild from the store: the row, and the match replayed from the record."""
        row, record = await run_sync(self._read)
        self.row = row
        self.timeouts = _timeouts(row)
        self.audience.close_revoked()
        self.status = row.status
        self.match = None
        self.broken = None
        self.bots.clear()
        if record.moves or row.status != "open":
            try:
                # Without the seed, the replay draws nothing itself: chance moves
                # still to draw come from the stream of their version (_reseed).
                match = Match.replay(record.model_copy(update={"seed": None}))
            except ToteError as exc:
                self.broken = f"table {self.table_id} cannot be resumed: {exc}"
                log.error("%s", self.broken)
                self.stale = False
                return
            match.seed = row.seed
            self.match = match
            self._reseed()
            match.advance()
            if len(match.moves) > len(record.moves):  # pending chance never stored
                await self._store_locked(len(record.moves), match.moves[len(record.moves) :])
            if match.state.is_over and self.status == "playing":
                self.status = "finished"
                await run_sync(self.store.finish, self.table_id, _result(match))
            self.bots.make()
        if self.status == "playing" and not self._loaded and not self.closed:
            # A table first loaded here is claimed at once; later reloads leave
            # orphans to adopt_if_orphaned, which waits to be sure the owner is gone.
            await self.ownership.claim()
        self._loaded = True
        self.stale = False
        self.clock.reset()
        self.bots.schedule()

    def _read(self) -> tuple[TableRow, Record]:
        return self.store.table(self.table_id), self.store.record(self.table_id)

    # ------------------------------------------------------ leaving memory
    def idle(self, now: float) -> float | None:
        """Seconds since this table was last used here; None while it is in use (a
        client connected, a bot about to move, a clock running, a request at work)."""
        if self.audience.connections or self.bots.busy or self.clock.running or self.lock.locked():
            return None
        return now - self.touched

    async def release(self) -> None:
        """Leave the table to the store (and, on PostgreSQL, its bots and clock to
        another process): this runtime is forgotten."""
        async with self.lock:
            self.shutdown()
            await self.ownership.disown()

    async def stop(self) -> None:
        """Let the move in flight finish (it holds the lock: stored, then announced),
        then stop as :meth:`shutdown` does; moves sent afterwards are refused. The
        server is draining (issue 28, graceful restarts)."""
        async with self.lock:
            self.shutdown()

    def shutdown(self) -> None:
        """Stop the bots and the clock and close every connection (server stopping)."""
        self.closed = True
        self.bots.cancel()
        self.clock.cancel()
        self.audience.close_all(CLOSE_GOING_AWAY, "the server is restarting; reconnect to resume")


def _timeouts(row: TableRow) -> dict[int, int]:
    """The seats' timeouts in a row as stored (issue 27, item 8)."""
    return {s.seat: s.timeouts for s in row.seats if s.timeouts}


def _result(match: Match) -> dict[str, Any] | None:
    """A finished game's result as the store keeps it for the lobby (issue 27)."""
    result = match.state.result()
    return None if result is None else result.to_json()
