"""CC 1.4: the steps of a turn and the turn order.

A turn: draw a tile (a chance move), place it, place a meeple (or the abbot, or
take the abbot back), scoring by itself; with The Bets, settle the chips (a choice
only where a stack could follow two features), then everyone may bet. The state's
``phase`` says which step waits; :func:`set_phase` says who moves in it (the
turn passes on in ``tile_placement.end_turn``). Next in reading order: ``setup.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tote.core.state import TURN_CHANCE, TURN_OVER, Turn

if TYPE_CHECKING:
    from tote.games.carcassonne.state import CarcassonneState

DRAW = "draw"
PLACE = "place"
MEEPLE = "meeple"
SETTLE = "settle"
BET = "bet"
OVER = "over"


def set_phase(state: CarcassonneState, phase: str) -> None:
    """Enter ``phase`` and say who moves in it: chance draws (CC 1.3), the active
    player places (CC 1.4), the chooser settles (CB 3.5, ruling B5), every seat with
    chips bets at once (CB 2.1, ruling B6)."""
    state.phase = phase
    if phase == DRAW:
        state.current = TURN_CHANCE
    elif phase in (PLACE, MEEPLE):
        state.current = state.seat_turns[state.active]
    elif phase == SETTLE:
        state.current = state.seat_turns[state.queue[0].chooser]
    elif phase == BET:
        seats = tuple(s for s in range(state.num_players) if state.chips[s])
        state.current = Turn(seats=seats, simultaneous=True)
    else:
        state.current = TURN_OVER
