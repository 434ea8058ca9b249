"""WT 5 Phase 3, the Second Bet: after Start, a second secret ticket.

It is written like the Set-the-Stakes ticket (``stakes.py``: same grid, minimum,
cash limit, secrecy, money to the bank) and pays 2x (WT 5.2, ``payout.py``); a
player who played Long Odds may mark one of its bets on a horse now last (WT 8.8).

Next in reading order: ``windows.py`` (buying race cards and the action windows).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from tote.core.errors import IllegalMove
from tote.core.moves import Move
from tote.games.wetten import stakes
from tote.games.wetten.moves import SecondBet
from tote.games.wetten.payout import SECOND_BET
from tote.games.wetten.phases import PLAY

if TYPE_CHECKING:
    from tote.games.wetten.state import WettenState


def check_second_bet(state: WettenState, seat: int, move: Move) -> None:
    """WT 5.1: a ticket like the first; WT 8.8: the Long Odds mark, if any, on one
    of its bets on a horse now in last place."""
    if not isinstance(move, SecondBet):
        raise IllegalMove("WT 5.1 Second Bet", "now every player writes a Second Bet ticket")
    grid = stakes.check_ticket(state, seat, move.bets, "Second Bet ticket")
    if move.long_odds is not None:
        cell = (state.horse_index.get(move.long_odds.horse, -1), move.long_odds.place)
        if not state.long_odds[seat]:
            raise IllegalMove("WT 8.8 Long Odds", "you played no Long Odds card this race")
        if cell not in grid or cell[0] not in state.last_place():
            raise IllegalMove(
                "WT 8.8 Long Odds",
                "mark one of this ticket's bets on a horse now in last place",
            )


def do_second_bet(state: WettenState, moves: Mapping[int, Move]) -> None:
    """The Second Bet tickets written; the Neck-and-Neck rounds begin (WT 3.5)."""
    stakes.write_tickets(state, moves, SECOND_BET)
    state.stage = PLAY
