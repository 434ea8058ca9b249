"""WC 5 Paying Out, on the state: the race is settled by ``payout.py``'s pure
:func:`~tote.games.winners_circle.payout.settle`, logged, and the next race prepared
(WC 5.6) or the game ended after the third (WC 1.3). Next in reading order:
``views.py`` (the variants, WC 6, are woven into the phases they change).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tote.core.events import Event
from tote.games.winners_circle import race_preparation, running
from tote.games.winners_circle.payout import settle
from tote.games.winners_circle.phases import OVER, RACES

if TYPE_CHECKING:
    from tote.games.winners_circle.state import WinnersCircleState


def pay_out(state: WinnersCircleState) -> None:
    """WC 5.1-5.5: settle the race (WC 6.1: every chip is turned over); WC 5.6: the
    next race, or the end of the game after the third."""
    last = running.last_place(state)
    multiplier = state.table.race_multipliers[state.race - 1]
    money, lines = settle(
        state.bets,
        state.finished,
        last,
        state.pace_horse,
        state.money,
        state.table,
        multiplier,
        state.options.alternative_payouts,
    )
    state.money = money
    summary = {
        "race": state.race,
        "win": state.horse_names[state.finished[0]],
        "place": state.horse_names[state.finished[1]],
        "show": state.horse_names[state.finished[2]],
        "last": [state.horse_names[h] for h in last],
        "pace_horse": None if state.pace_horse is None else state.horse_names[state.pace_horse],
        "multiplier": multiplier,
        # WC 6.1: at the end of the race every chip is turned over.
        "bets": [
            {"seat": b.seat, "horse": state.horse_names[b.horse], "chip": b.chip}
            for b in state.bets
        ],
        "payments": [
            {
                "seat": line.seat,
                "horse": state.horse_names[line.horse],
                "reason": line.reason,
                "amount": line.amount,
            }
            for line in lines
        ],
        "money": list(state.money),
    }
    state.history.append(summary)
    state.log.append(Event("payout", summary))
    # WC 2.3 / 5.6: used cards are discarded, chips go back to their owners.
    if state.race == RACES:
        state.phase = OVER
        return
    state.race += 1
    race_preparation.start_race(state)
