"""WT 2 Phase 1, Set the Stakes: secret tickets in the horse x place grid.

Every player writes a ticket at the same time (a simultaneous turn); its money goes
to the bank at once and only its total is public. The Second Bet ticket (WT 5,
``second_bet.py``) is checked and written by the same functions.

Next in reading order: ``rounds.py`` (the race rounds, Start and Neck-and-Neck).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from tote.core import draws
from tote.core.errors import IllegalMove
from tote.core.events import Event
from tote.core.moves import Move
from tote.games.wetten import views, windows
from tote.games.wetten.data import PLACES
from tote.games.wetten.moves import Bet, Cell, SecondBet, SetTheStakes
from tote.games.wetten.payout import SET_THE_STAKES
from tote.games.wetten.phases import STAKES, Grid, shared_move

if TYPE_CHECKING:
    from tote.games.wetten.state import WettenState

STEP = 1000
"""Ruling 2: bets are multiples of 1000 (the smallest banknote)."""


def check_stakes(state: WettenState, seat: int, move: Move) -> None:
    """WT 2.1: now every player writes a Set-the-Stakes ticket."""
    if not isinstance(move, SetTheStakes):
        raise IllegalMove(
            "WT 2.1 Set the Stakes", "now every player writes a Set-the-Stakes ticket"
        )
    check_ticket(state, seat, move.bets, "Set-the-Stakes ticket")


def check_ticket(state: WettenState, seat: int, bets: Sequence[Bet], what: str) -> Grid:
    """WT 2.2-2.4 (and 5.1 for the Second Bet): one amount per cell, each at
    least the minimum stake in multiples of 1000, together at most the cash."""
    grid: Grid = {}
    for bet in bets:
        if bet.horse not in state.horse_index:
            raise IllegalMove(
                "WT 2.2 the betting grid",
                f"there is no horse {bet.horse!r}; horses: {', '.join(state.horse_names)}",
            )
        if not 1 <= bet.place <= PLACES:
            raise IllegalMove("WT 2.2 the betting grid", f"places are 1 to 4, not {bet.place}")
        cell = (state.horse_index[bet.horse], bet.place)
        if cell in grid:
            raise IllegalMove(
                "WT 2.2 the betting grid",
                f"{bet.horse} in place {bet.place} appears twice; a cell holds one amount",
            )
        if bet.stake < state.min_stake or bet.stake % STEP:
            raise IllegalMove(
                "WT 2.3 minimum stake",
                f"each bet in race {state.race} is at least {state.min_stake} in multiples"
                f" of {STEP}, not {bet.stake}",
            )
        grid[cell] = bet.stake
    total = sum(grid.values())
    if total > state.cash[seat]:
        raise IllegalMove(
            "WT 2.4 only money at hand",
            f"your {what} totals {total} but you have {state.cash[seat]}",
        )
    return grid


def do_stakes(state: WettenState, moves: Mapping[int, Move]) -> None:
    """The Set-the-Stakes tickets written; the window before the Start cards opens."""
    write_tickets(state, moves, SET_THE_STAKES)
    windows.open_window(state, "start_before")


def write_tickets(state: WettenState, moves: Mapping[int, Move], kind: str) -> None:
    """WT 2.1, 2.5, 5.1: the tickets lie face down; their money goes to the
    bank at once and is never returned. Only each ticket's total is public."""
    totals = []
    for seat in range(state.num_players):
        move = moves[seat]
        assert isinstance(move, SetTheStakes | SecondBet)
        grid = {(state.horse_index[b.horse], b.place): b.stake for b in move.bets}
        (state.stakes if kind == SET_THE_STAKES else state.second)[seat] = grid
        if isinstance(move, SecondBet) and move.long_odds is not None:
            state.long_odds_cell[seat] = (
                state.horse_index[move.long_odds.horse],
                move.long_odds.place,
            )
        total = sum(grid.values())
        state.cash[seat] -= total
        state.bank += total
        totals.append(total)
    state.log.append(
        Event(
            "tickets",
            {"ticket": kind, "totals": totals},
            {s: {"bets": views.grid_view(state, _ticket(state, s, kind))} for s in moves},
        )
    )


def _ticket(state: WettenState, seat: int, kind: str) -> Grid:
    return (state.stakes if kind == SET_THE_STAKES else state.second)[seat]


def random_ticket(state: WettenState, seat: int, rng: random.Random) -> Move:
    """A random player's ticket (either kind): 0-3 random bets of one or two minimum
    stakes, and under Long Odds (WT 8.8) the first bet on a last horse marked."""
    budget = state.cash[seat]
    minimum = state.min_stake
    bets: list[Bet] = []
    for h, p in draws.sample(rng, state._cells, draws.below(rng, 4)):
        stake = minimum * (1 + draws.below(rng, 2))
        if stake > budget:
            break
        budget -= stake
        bets.append(shared_move(Bet, state.horse_names[h], p, stake))
    if state.stage == STAKES:
        return SetTheStakes(tuple(bets))
    marked = None
    if state.long_odds[seat]:
        last = state.last_place()
        for bet in bets:
            if state.horse_index[bet.horse] in last:
                marked = Cell(bet.horse, bet.place)
                break
    return SecondBet(tuple(bets), marked)
