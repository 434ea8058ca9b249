"""A table's clock: how long the seats to act have, and what happens when time runs out.

A game's own time limit (``State.time_limit()``, e.g. Wits & Wagers' 30 s)
comes first, else the table's ``move_seconds``. When the time of the seats to
act runs out, each of them plays the game's timeout move
(``State.timeout_move``), or, where the game has none, the move of the game's
default bot standing in for it. Only the process that drives the table
(:mod:`tote.server.processes`) runs its clock; the others show the deadline.

A revealed answer gets its own moment on the table pages (issue 15): the clock of
the turn that follows a reveal starts ``REVEAL_PAUSE_SECONDS`` later, so nobody
loses time to it. The pause is the server's, not the game's: the moves, the
record and the game's own ``time_limit()`` stay as they are.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tote.bots import default_bot, make_bot
from tote.core.bot import Bot, Observation
from tote.core.errors import IllegalMove
from tote.core.events import Event
from tote.core.moves import Move
from tote.core.state import State
from tote.server.errors import Refused
from tote.server.schemas import MAX_MOVE_SECONDS

if TYPE_CHECKING:
    from tote.server.runtime import TableRuntime

log = logging.getLogger("tote.server")

REVEAL_PAUSE_SECONDS = 5.0
"""How long the table pages show a revealed answer before the next question's clock
starts (issue 15: "a short pause that the server's clock allows for")."""

REVEALS: Mapping[str, frozenset[str]] = {"wits-and-wagers": frozenset({"answer"})}
"""The log entries, by game, that the pages show as a reveal: Wits & Wagers' answer
(WW 4-6: the answer, the winning guess, who is paid)."""


def reveal_pause(game: str, events: Sequence[Event]) -> float:
    """Seconds the next clock waits for: ``REVEAL_PAUSE_SECONDS`` when ``events`` (the
    log entries since the last turn) hold one of the game's reveals, else none."""
    kinds = REVEALS.get(game, frozenset())
    return REVEAL_PAUSE_SECONDS if any(event.kind in kinds for event in events) else 0.0


def time_limit(state: State, settings: Mapping[str, Any]) -> float | None:
    """Seconds the seats to act now have: the game's own timer (``time_limit()``, where
    the game has one and it runs now), else the table's ``move_seconds``, else none;
    never more than a day (``MAX_MOVE_SECONDS``), however large a stored option is."""
    own = getattr(state, "time_limit", None)
    if callable(own):
        seconds = own()
        if isinstance(seconds, int | float) and not isinstance(seconds, bool):
            return float(min(seconds, MAX_MOVE_SECONDS))
    table = settings.get("move_seconds")
    if isinstance(table, int | float) and not isinstance(table, bool) and table > 0:
        return float(min(table, MAX_MOVE_SECONDS))
    return None


class Clock:
    """The deadline of one table's seats to act now, and the task waiting for it."""

    def __init__(self, table: TableRuntime) -> None:
        self.table = table
        self.deadline: float | None = None
        """When the seats to act now run out of time (Unix seconds), or None."""
        self._seats: frozenset[int] = frozenset()
        """The seats the running clock counts for."""
        self._epoch = 0
        """Counts the clocks started: a clock that ran out late finds it moved on."""
        self._task: asyncio.Task[None] | None = None
        self._stand_ins: dict[int, Bot] = {}
        self._log_seen = 0
        """The log entries before the running clock started: the later ones are new."""

    @property
    def running(self) -> bool:
        """A task waits for the deadline."""
        return self._task is not None

    def reset(self) -> None:
        """Start afresh for whoever is to act (the table was just loaded)."""
        self._seats = frozenset()
        self._log_seen = len(self._log())
        self.update(None)

    def _log(self) -> Sequence[Event]:
        match = self.table.match
        entries: Sequence[Event] = getattr(match.state, "log", ()) if match is not None else ()
        return entries

    def update(self, mover: int | None) -> None:
        """Start a new clock when the turn passes to seats that were not waiting (or the
        one seat to act just moved itself); shrinking the waiting seats (commitments,
        locked bets) keeps the clock running."""
        table = self.table
        state = table.match.state if table.match is not None else None
        seats = (
            frozenset(state.turn().seats)
            if state is not None and table.status == "playing"
            else frozenset()
        )
        if state is None or not seats:
            self._seats = frozenset()
            self._set_deadline(None)
            return
        new_turn = not seats <= self._seats or (mover is not None and seats == {mover})
        self._seats = seats
        if new_turn:
            self._epoch += 1
            limit = time_limit(state, table.row.settings)
            entries = self._log()
            if limit is not None:
                limit += reveal_pause(table.row.game, entries[self._log_seen :])
            self._log_seen = len(entries)
            self._set_deadline(None if limit is None else time.time() + limit)

    def _set_deadline(self, deadline: float | None) -> None:
        self.deadline = deadline
        old = self._task
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        self._task = None
        if deadline is not None and not self.table.closed and self.table.ownership.owner:
            self._task = asyncio.create_task(self._expire(self._epoch, deadline))

    async def _expire(self, epoch: int, deadline: float) -> None:
        """When time runs out, play the timeout move of every seat still to act."""
        table = self.table
        try:
            await asyncio.sleep(max(0.0, deadline - time.time()))
            async with table.lock:
                await table.fresh_locked()
                timed_out: set[int] = set()
                while epoch == self._epoch and table.status == "playing":
                    assert table.match is not None
                    waiting = [s for s in table.match.state.turn().seats if s not in timed_out]
                    if not waiting:
                        break
                    seat = waiting[0]
                    timed_out.add(seat)
                    try:
                        move = self._timeout_move(seat)
                        await table.play_locked(seat, move, {"type": "timeout", "seat": seat})
                    except (IllegalMove, Refused) as exc:
                        log.warning("table %s: timeout of seat %d: %s", table.table_id, seat, exc)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: the clock failed", table.table_id)

    def _timeout_move(self, seat: int) -> Move:
        """The game's timeout move; where it has none, the game's default bot moves."""
        table = self.table
        assert table.match is not None
        state = table.match.state
        move = state.timeout_move(seat)
        if move is not None:
            return move
        if seat not in self._stand_ins:
            self._stand_ins[seat] = make_bot(
                table.game, default_bot(table.game), table.row.seed, seat
            )
        return self._stand_ins[seat].choose(Observation(state, seat))

    def cancel(self) -> None:
        """Stop waiting for the deadline (the server is stopping)."""
        if self._task is not None:
            self._task.cancel()
