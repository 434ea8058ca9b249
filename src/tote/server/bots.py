"""The bots seated at one live table, and how they take their turns.

The bots themselves are in :mod:`tote.bots`; here a table runs them. Whenever
a bot is to act, it moves after a short visible delay (``bot_delay``), one
bot at a time, through the same path as a player's move (checked, stored,
then announced). A bot that fails, or chooses an illegal move, plays a random
legal move instead, so a table never waits on a broken bot. Only the process
that drives the table (:mod:`tote.server.processes`) moves its bots.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from typing import TYPE_CHECKING

from tote.bots import BEST_EV, HARD, ISMCTS, STRONG, Budget, make_bot
from tote.core.bot import Bot, Observation
from tote.core.errors import IllegalMove
from tote.core.moves import Move
from tote.server.errors import Refused

if TYPE_CHECKING:
    from tote.server.runtime import TableRuntime

log = logging.getLogger("tote.server")

RETRY_PAUSE = 1.0
"""Seconds a bot waits before trying again after the store refused its move."""

SEARCH_BOTS = frozenset({ISMCTS, BEST_EV, STRONG, HARD})
"""Bots that search (issues 12 and 25; the ``hard`` level is ``strong``, named as the
host chose it): they choose in a worker thread, the table's lock held, so that the
server keeps answering other tables meanwhile."""
TABLE_THINK_SECONDS = 5.0
"""The longest a search bot thinks over one move at a table (issue 25: ``strong``'s
fixed budget is about 1 s on the reference machine, but some positions of Carcassonne
and Horse Fever cost far more): its fixed budget, cut short at this time. A table's
moves are recorded, so its replay never depends on how far a search got."""
TABLE_BUDGET = Budget(seconds=TABLE_THINK_SECONDS, fixed_first=True)


class Bots:
    """One table's bots by seat, and the task that moves them while one is to act."""

    def __init__(self, table: TableRuntime, *, delay: float) -> None:
        self.table = table
        self.delay = delay
        """Seconds a bot waits before it moves."""
        self._bots: dict[int, Bot] = {}
        self._fallback_rng = random.Random()
        self._task: asyncio.Task[None] | None = None

    @property
    def seated(self) -> bool:
        """Any seat of the table is a bot's."""
        return bool(self._bots)

    @property
    def busy(self) -> bool:
        """A task is moving the bots (or about to)."""
        return self._task is not None

    def make(self) -> None:
        """Make the bots of the table's seats (the table was loaded or started), and of
        the seats the host let a bot play while their player is away (issue 16)."""
        table = self.table
        self._bots = {
            s.seat: make_bot(table.game, bot, table.row.seed, s.seat, budget=TABLE_BUDGET)
            for s in table.row.seats
            if (bot := s.bot or s.stand_in) is not None
        }

    def clear(self) -> None:
        self._bots = {}

    def _to_act(self) -> int | None:
        """The seat of a bot to act now, if this process drives the table's bots."""
        table = self.table
        if (
            table.status != "playing"
            or table.match is None
            or table.closed
            or not table.ownership.owner
        ):
            return None
        return next((s for s in table.match.state.turn().seats if s in self._bots), None)

    def schedule(self) -> None:
        """Wake the bots if one is to act and they are not at work already."""
        if self._task is None and self._to_act() is not None:
            self._task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        """Bots move one at a time, each after ``delay``, while a bot is to act."""
        table = self.table
        try:
            pause = self.delay
            while True:
                await asyncio.sleep(pause)
                pause = self.delay
                async with table.lock:
                    await table.fresh_locked()
                    seat = self._to_act()
                    if seat is None:
                        return
                    try:
                        await self._play_locked(seat)
                    except Refused as exc:
                        log.warning("table %s: bot at seat %d: %s", table.table_id, seat, exc)
                        pause = max(self.delay, RETRY_PAUSE)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: bots stopped", table.table_id)
        finally:
            if self._task is asyncio.current_task():
                self._task = None

    async def _play_locked(self, seat: int) -> None:
        """The bot's choice; a random legal move if it fails or chooses an illegal one."""
        table = self.table
        assert table.match is not None
        state = table.match.state
        bot = self._bots[seat]
        started = time.perf_counter()
        try:
            observation = Observation(state, seat)
            if bot.name in SEARCH_BOTS:  # tenths of a second: off the event loop
                move: Move | None = await asyncio.to_thread(bot.choose, observation)
            else:
                move = bot.choose(observation)
            table.meter.bot_thought(bot.name, time.perf_counter() - started)
        except Exception:
            log.exception("table %s: bot %r at seat %d failed", table.table_id, bot.name, seat)
            move = None
        if move is not None:
            try:
                await table.play_locked(seat, move)
                return
            except IllegalMove as exc:
                log.warning(
                    "table %s: bot %r at seat %d: illegal move %s",
                    table.table_id,
                    bot.name,
                    seat,
                    exc,
                )
        await table.play_locked(seat, state.random_move(seat, self._fallback_rng))

    def cancel(self) -> None:
        """Stop the bots (the server is stopping)."""
        if self._task is not None:
            self._task.cancel()
