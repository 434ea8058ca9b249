"""The ``odds`` message: a seat's tote board at a server table (issue 12, 2).

A table created with ``tote_board`` answers ``{"type": "odds"}`` with the board of the
connection's own seat (spectators: the public board), computed from that seat's
knowledge only (:func:`tote.core.tote_board.estimate` samples worlds from its view),
to that connection alone. The state is copied under the table's lock; the Monte Carlo
runs outside it, in a worker thread, within :data:`SECONDS` (so the event loop keeps
serving other tables), seeded by the number of moves so that asking twice at one
position gives one board. A connection has one board at a time in the works; asking
again meanwhile is refused, as is asking more often than the view allowance permits.
"""

from __future__ import annotations

import asyncio
import random
import time

from tote.bots import RANDOM, rollout_policy
from tote.core.errors import ToteError
from tote.core.state import State
from tote.core.tote_board import Board, estimate
from tote.server.connection import Connection
from tote.server.runtime import TableRuntime

SECONDS = 0.5
"""The time budget of one board at a server table."""
POLICY_SECONDS = 2.0
"""The time budget of a board whose rollouts play the game's normal bot (the table's
``tote_board_policy``, issue 25): each world costs 10 to 900 times a random one
(docs/bots.md), so it gets more time and still shows wider ranges."""
PRECISION = 0.02
"""The precision it aims at (the half-width of a 95% interval), within that time."""


def _compute(table: TableRuntime, state: State, seat: int | None, moves: int) -> Board:
    markets = table.game.markets
    assert markets is not None
    name = policy_of(table)
    if name == RANDOM:
        return estimate(
            state, seat, markets, rng=random.Random(moves), precision=PRECISION, seconds=SECONDS
        )
    policy = rollout_policy(table.game, name, moves)
    return estimate(
        state,
        seat,
        markets,
        rng=random.Random(moves),
        policy=policy,
        precision=PRECISION,
        seconds=POLICY_SECONDS,
    )


def policy_of(table: TableRuntime) -> str:
    """The table's board policy: ``random``, or the bot the host picked (issue 25)."""
    return str(table.row.settings.get("tote_board_policy", RANDOM))


async def answer_odds(table: TableRuntime, conn: Connection, data: dict[str, object]) -> None:
    """Answer one ``odds`` message (see the module docstring); errors change nothing."""
    if not table.row.settings.get("tote_board"):
        conn.error(
            "tote board",
            "this table plays without the tote board (the host switches it on when"
            " creating the table)",
        )
        return
    claimed = data.get("seat")
    if claimed is not None and claimed != conn.seat:
        conn.error("seat", "a seat sees only its own tote board")
        return
    if conn.odds_busy:
        table.meter.refused("odds")
        conn.error("rate", "your tote board is still being worked out")
        return
    wait = conn.views.take()
    if wait:
        table.meter.refused("odds")
        conn.error("rate", f"the tote board was sent a moment ago; ask again in {wait:.1f} s")
        return
    async with table.lock:
        await table.fresh_locked()
        match = table.match
        if match is None:
            conn.error("tote board", "the game has not started yet")
            return
        if match.state.is_over:
            conn.error("game over", "the game is over: no bet is open")
            return
        state = match.state.clone()
        moves = len(match.moves)
    conn.odds_busy = True
    started = time.perf_counter()
    try:
        board = await asyncio.to_thread(_compute, table, state, conn.seat, moves)
    except ToteError as exc:
        table.meter.job_failed("board")
        conn.error("tote board", str(exc))
        return
    except BaseException:
        table.meter.job_failed("board")
        raise
    finally:
        conn.odds_busy = False
    table.meter.job_done("board", time.perf_counter() - started)
    message: dict[str, object] = {
        "type": "odds",
        "moves": moves,
        "board": board.to_json(),
        "policy": policy_of(table),
    }
    bettable = table.game.markets.bettable if table.game.markets is not None else None
    if bettable is not None:
        # The outcomes a bet can be placed on: the page shows only these (issue 27, 5).
        message["bettable"] = list(bettable)
    conn.send(message)
