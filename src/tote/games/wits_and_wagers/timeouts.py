"""WW 7 Time: each step's time limit, with the teams' extra time (WW 7.1), and the
move a server plays for a seat whose time runs out (WW 7.2). The engine keeps no
clock. Next in reading order: ``views.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tote.core.moves import Move
from tote.games.wits_and_wagers.moves import LockBets, NoGuess, PlaceBets
from tote.games.wits_and_wagers.phases import ANSWER, BET

if TYPE_CHECKING:
    from tote.games.wits_and_wagers.state import WitsAndWagersState


def timeout_move(state: WitsAndWagersState, seat: int) -> Move | None:
    """WW 7.2: time out in Step 1 leaves the card blank; in Step 3 the bets stand.
    ``None`` when the seat has nothing to do or the step has no time limit."""
    if seat not in state.turn().seats or time_limit(state) is None:
        return None
    if state.phase == ANSWER:
        return NoGuess()
    if state.phase == BET:
        return PlaceBets(state.bets.get(seat, ())) if state.secret_betting else LockBets()
    return None


def time_limit(state: WitsAndWagersState) -> int | None:
    """WW 7.1: seconds for the current step, with the teams' extra time."""
    base = {ANSWER: state.options.answer_seconds, BET: state.options.bet_seconds}.get(state.phase)
    if base is None:
        return None
    if any(len(team.members) > 1 for team in state.teams):
        base += state.options.team_extra_seconds
    return base
