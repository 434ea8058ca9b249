"""Issue 15: the end of a Wetten! game shows where each player's money came from and
went: the starting money, the winnings race by race, the stakes and the fees."""

from __future__ import annotations

import random

from tote.games.wetten import GAME

from .test_payout import ALL_PLACES, finish_race
from .wt_helpers import new_state, pass_window, step_random, to_second_bet, write_tickets


def test_wt_10_2_race_one_hand_checked_then_the_game_played_out() -> None:
    """WT 1.2: everyone starts with 10,000; WT 2.5 / 10.2: seat 0 stakes 1000 on each of
    Queen's four places (4000, never returned) and Queen takes one place: 4 x 1000 is
    paid back in race 1; the others bet nothing and win nothing in race 1."""
    state = new_state(3)
    to_second_bet(state, tickets={0: ALL_PLACES})
    pass_window(state)
    write_tickets(state)
    finish_race(state)
    rng = random.Random(5)
    while not state.is_over:
        step_random(state, rng)
    standings = GAME.standings(state)
    assert standings is not None
    lines = [dict((line.label, line.points) for line in s.lines) for s in standings.seats]
    assert all(mine["Starting money"] == 10_000 for mine in lines)
    assert lines[0]["Race 1: winnings"] == 4000
    assert lines[0]["Stakes on Set-the-Stakes tickets"] <= -4000
    assert "Race 1: winnings" not in lines[1] and "Race 1: winnings" not in lines[2]
    for seat in standings.seats:
        assert sum(line.points for line in seat.lines) == seat.score == state.cash[seat.seat]
