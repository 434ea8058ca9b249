"""Issue 15: the end of a Winner's Circle game shows each seat's money race by race.
The rulebook's example 3 (WC 5.1-5.4), played as race 1, then the game played out."""

from __future__ import annotations

import random

from tote.games.winners_circle import GAME

from ..properties import step_random
from .test_payout import EXAMPLE_3_PLAN
from .wc_helpers import force_pace_horse, new_state, place_bets, prepare, run_to_finish


def test_example_3_race_1_lines_and_the_tie_rule() -> None:
    """WC 5.1-5.4 example 3: A's 2-chip on the winner (350 a bet, 2 bets) and 1-chip on
    the placed pace horse (150 + 100) make 950; C's 2-chip on the last horse costs 200
    (WC 5.4); D cannot pay the 100 it owes with nothing, so it has no line for race 1.
    WC 1.3: equal money shares the place."""
    state = new_state(4)
    prepare(state)
    place_bets(state, EXAMPLE_3_PLAN)
    force_pace_horse(state, "blue")
    run_to_finish(state, ("red", "blue", "green"))
    rng = random.Random(3)
    while not state.is_over:
        step_random(state, rng)
    standings = GAME.standings(state)
    assert standings is not None
    race_1 = [
        [(line.label, line.points) for line in s.lines if line.label.startswith("Race 1:")]
        for s in standings.seats
    ]
    assert race_1[0] == [("Race 1: Win on Red, Place on Blue + pace horse", 950)]
    assert race_1[1] == [("Race 1: Place on Blue + pace horse", 500)]
    assert race_1[2] == [
        ("Race 1: Place on Blue + pace horse, Show on Green", 500),
        ("Race 1: bets on the last horse (White)", -200),
    ]
    assert race_1[3] == []
    assert standings.unit == "money" and "Equal money" in (standings.tie_break or "")
