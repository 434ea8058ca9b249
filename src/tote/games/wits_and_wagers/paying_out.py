"""WW 4-6, Steps 4 to 6: the winning slot (the largest guess not above the answer, in
``mat.py``), the 3-point bonus for its writers (WW 5.1), then losing bets pay their
poker chips to the bank and winning bets are paid the slot's odds (WW 6.1-6.2); the
next question, or the end after the seventh (WW 6.3, WW 1.4). Next in reading order:
``timeouts.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tote.core.events import Event
from tote.games.wits_and_wagers import views
from tote.games.wits_and_wagers.mat import ALL_TOO_HIGH, SLOT_ODDS, winning_slot
from tote.games.wits_and_wagers.phases import DRAW, OVER, set_phase
from tote.games.wits_and_wagers.setup import QUESTIONS_PER_GAME

if TYPE_CHECKING:
    from tote.games.wits_and_wagers.state import WitsAndWagersState

BONUS = 3


def settle(state: WitsAndWagersState, win: int | None = None) -> None:
    """WW 4-6: the winning slot, the bonus, then losing and winning bets. ``win``: the
    winning slot (:func:`mat.winning_slot`), when the caller has found it already (the
    quiet loop of ``fast_game``, on whole numbers)."""
    if win is None:
        win = winning_slot(state.mat, state.answer)
    mat = views.mat_view(state)
    points_before = list(state.points)
    results: list[dict[str, Any]] = []
    bonus = [] if win == ALL_TOO_HIGH else list(state.mat[win][1])
    for seat in bonus:  # WW 5.1
        state.points[seat] += BONUS
        state.bank_paid += BONUS
    for seat in state.seats:
        for wager in state.bets.get(seat, ()):
            if wager.slot == win:
                # WW 6.2: the stake is the betting chip (1 point) and the poker chips
                # under it; it comes back with odds x stake in new chips.
                gain = SLOT_ODDS[win] * (1 + wager.chips)
                if state.options.chip_back_in_points:
                    gain += 1
                state.points[seat] += gain
                state.bank_paid += gain
                results.append({"seat": seat, **views.wager_view(state, wager, mat), "won": gain})
            else:
                # WW 6.1: the betting chip comes back; its poker chips go to the bank.
                state.points[seat] -= wager.chips
                state.bank_collected += wager.chips
                results.append(
                    {"seat": seat, **views.wager_view(state, wager, mat), "lost": wager.chips}
                )
    summary = {
        "number": state.number,
        **views.question_view(state, answer=True),
        "winning_slot": win,
        "winning_guess": mat[win]["guess"],
        "odds": SLOT_ODDS[win],
        "mat": mat,
        "bonus": bonus,
        "bets": results,
        "points_before": points_before,
        "points": list(state.points),
    }
    state.history.append(summary)
    state.log.append(Event("answer", summary))
    set_phase(state, OVER if state.number == QUESTIONS_PER_GAME else DRAW)
