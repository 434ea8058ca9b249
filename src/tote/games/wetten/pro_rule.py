"""WT 9 The Pro-Rule "No chance...": show the Set-the-Stakes ticket for 8x.

In the Second Bet window a player may, in a priority turn (``windows.py``), turn
over their Set-the-Stakes ticket for everyone and mark one of its bets, which pays
8 times (``payout.py``); once per race, and only in the races the variant plays it
(WT 9.2, :attr:`WettenState.pro_rules`).

Next in reading order: ``payout.py`` (Phase 5, Payout, and the end of the game).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tote.core.errors import IllegalMove
from tote.core.events import Event
from tote.games.wetten import views, windows
from tote.games.wetten.moves import NoChance

if TYPE_CHECKING:
    from tote.games.wetten.state import WettenState


def may_show_ticket(state: WettenState, seat: int) -> bool:
    """WT 9.1: played this race, not yet shown, and a ticket with bets to mark."""
    return state.pro_rules and state.no_chance[seat] is None and bool(state.stakes[seat])


def check_no_chance(state: WettenState, seat: int, move: NoChance) -> None:
    """WT 9.1-9.2: in the Second Bet window of a race that plays the Pro-Rule, once,
    marking a bet of the player's own Set-the-Stakes ticket."""
    if not state.pro_rules:
        raise IllegalMove(
            "WT 9.2 variants", f'the Pro-Rule "No chance..." is not played in race {state.race}'
        )
    if state.timing != "second_bet":
        raise IllegalMove("WT 9.1 No chance", "the ticket is shown in the Second Bet phase")
    if state.no_chance[seat] is not None:
        raise IllegalMove("WT 9.1 No chance", "you have already marked a bet this race")
    cell = (state.horse_index.get(move.horse, -1), move.place)
    if cell not in state.stakes[seat]:
        raise IllegalMove("WT 9.1 No chance", "mark one of the bets on your Set-the-Stakes ticket")


def show_ticket(state: WettenState, seat: int, move: NoChance) -> None:
    """WT 9.1: the ticket is turned over for everyone; the marked bet pays 8x.
    Priority moves on as after an announcement (ruling 12)."""
    state.no_chance[seat] = (state.horse_index[move.horse], move.place)
    state.log.append(
        Event(
            "no_chance",
            {
                "seat": seat,
                "bets": views.grid_view(state, state.stakes[seat]),
                "marked": {"horse": move.horse, "place": move.place},
            },
        )
    )
    windows.after_announcement(state)
