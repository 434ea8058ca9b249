"""The steps of a Wits & Wagers question, as the state's phases, and who acts in each.

``WitsAndWagersState.phase`` is one of these; each step's checks and effects live in
the module named after it (see the package docstring for the reading order).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tote.core.state import TURN_CHANCE, TURN_OVER, Turn

if TYPE_CHECKING:
    from tote.games.wits_and_wagers.state import WitsAndWagersState

DRAW = "draw"
"""WW 1.3: the next question is drawn (chance)."""
ANSWER = "answer"
"""WW 2.1 Step 1: every seat writes a guess at once (secret, simultaneous)."""
BET = "bet"
"""WW 3 Step 3: the seats bet, openly one at a time or secretly at once (WW 3.4)."""
OVER = "over"


def set_phase(state: WitsAndWagersState, phase: str) -> None:
    """Move to ``phase`` and work out once who acts in it (``state.current``)."""
    state.phase = phase
    if phase == DRAW:
        state.current = TURN_CHANCE
    elif phase == ANSWER or (phase == BET and state.secret_betting):
        state.current = Turn(seats=state.seats, simultaneous=True)
    elif phase == BET:
        state.current = Turn(seats=tuple(s for s in state.seats if s not in state.locked))
    else:
        state.current = TURN_OVER
