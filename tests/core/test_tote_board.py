"""The core's information-set sampling and tote board (issue 12), on the toy game.

The toy's die is fair, so the board must find each parity at 1/2 and each pick worth
1/2 point; the toy's only secret is a committed pick, which a sample must redraw."""

from __future__ import annotations

import json
import random

import pytest

from tote.core.errors import IllegalMove, OptionsError
from tote.core.state import State
from tote.core.tote_board import estimate, mean_interval, wilson

from .toy import TOY, Pick, ToyState


def new_toy() -> ToyState:
    state = TOY.new_state(None, 2)
    assert isinstance(state, ToyState)
    return state


def test_a_sample_keeps_the_seats_own_commitment_and_redraws_the_others() -> None:
    """Issue 12, 1: seat 1 sees seat 0 only as "committed"; its samples redraw seat 0's
    pick, while seat 0's own samples keep it."""
    state = new_toy()
    state.apply(0, Pick(1))
    picks_for_1 = {state.sample_world(1, random.Random(i))._pending[0] for i in range(40)}
    assert picks_for_1 == {Pick(1), Pick(2)}
    picks_for_0 = {state.sample_world(0, random.Random(i))._pending[0] for i in range(40)}
    assert picks_for_0 == {Pick(1)}
    for seat in (None, 0, 1):
        world = state.sample_world(seat, random.Random(7))
        assert json.dumps(world.view(seat)) == json.dumps(state.view(seat))


def test_a_samples_log_holds_only_what_its_seat_may_read() -> None:
    """Issue 12, 1: the private part of another seat's commitment is not in the log of a
    world sampled for seat 1, so nothing in the sample holds seat 0's real pick."""
    state = new_toy()
    state.apply(0, Pick(2))
    world = state.sample_world(1, random.Random(0))
    assert all(not e.private or set(e.private) <= {1} for e in world.log)
    assert state.log[-1].private == {0: {"move": {"type": "pick", "number": 2}}}


def test_a_sample_for_no_seat_at_all_is_refused_by_seat_number() -> None:
    state = new_toy()
    with pytest.raises(IllegalMove, match="no seat 5"):
        state.sample_world(5, random.Random(0))


def test_the_board_finds_a_fair_die_fair() -> None:
    """The die's parity is 1/2 each, and a pick is worth 1/2 point: the board's 95%
    intervals hold the truth, and it stops at the precision asked."""
    state = new_toy()
    board = estimate(state, 0, TOY.markets, rng=random.Random(3), precision=0.03)  # type: ignore[arg-type]
    assert board.stopped_by == "precision"
    odd = board.markets["die"]["odd"]
    assert odd.low <= 0.5 <= odd.high and odd.high - odd.low <= 0.061
    assert {b.bet.key for b in board.bets} == {"pick 1", "pick 2"}
    for bet in board.bets:
        assert bet.ev.low <= 0.5 <= bet.ev.high
    assert board.to_json()["markets"]["die"]["odd"]["value"] == odd.value


def test_the_board_stops_at_its_sample_cap_its_clock_or_a_cancel() -> None:
    state = new_toy()
    markets = TOY.markets
    assert markets is not None
    capped = estimate(state, 0, markets, rng=random.Random(1), samples=50, precision=0.001)
    assert (capped.samples, capped.stopped_by) == (50, "samples")
    ticks = iter(range(10**6))
    timed = estimate(
        state,
        0,
        markets,
        rng=random.Random(1),
        precision=0.001,
        seconds=5,
        clock=lambda: float(next(ticks)),
    )
    assert timed.stopped_by == "time" and timed.samples < 200
    seen: list[int] = []
    cancelled = estimate(
        state,
        0,
        markets,
        rng=random.Random(1),
        precision=0.001,
        progress=lambda n, widest: seen.append(n),
        cancelled=lambda: len(seen) >= 3,
    )
    assert cancelled.stopped_by == "cancelled" and cancelled.samples == seen[-1]


def test_the_board_of_a_seat_is_blind_to_other_seats_secrets() -> None:
    """Issue 12, 2: seat 1's board is the same whatever seat 0 committed."""
    markets = TOY.markets
    assert markets is not None
    boards = []
    for pick in (1, 2):
        state = new_toy()
        state.apply(0, Pick(pick))
        boards.append(estimate(state, 1, markets, rng=random.Random(9), samples=300).to_json())
    for board in boards:
        board.pop("seconds")
    assert boards[0] == boards[1]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"samples": 0}, "samples must be 1"),
        ({"seconds": 0.0}, "time budget must be above 0"),
        ({"seconds": -1.0}, "time budget must be above 0"),
        ({"precision": 0.0}, "precision must lie between 0 and 1"),
    ],
)
def test_a_budget_of_zero_or_below_is_refused(kwargs: dict[str, float], message: str) -> None:
    """Issue 12, bad input: a budget of zero or below is one clear refusal."""
    markets = TOY.markets
    assert markets is not None
    with pytest.raises(OptionsError, match=message):
        estimate(new_toy(), 0, markets, rng=random.Random(0), **kwargs)  # type: ignore[arg-type]


def test_a_finished_game_or_an_unknown_seat_has_no_board() -> None:
    markets = TOY.markets
    assert markets is not None
    state: State = new_toy()
    with pytest.raises(IllegalMove, match="no seat 4"):
        estimate(state, 4, markets, rng=random.Random(0))
    rng = random.Random(0)
    while not state.is_over:
        turn = state.turn()
        if turn.chance:
            state.apply("chance", state.sample_chance(rng))
        else:
            state.apply(turn.seats[0], state.random_move(turn.seats[0], rng))
    with pytest.raises(IllegalMove, match="game is over"):
        estimate(state, 0, markets, rng=random.Random(0))


def test_intervals_hold_what_they_should() -> None:
    assert wilson(0, 100).low == 0.0 and 0 < wilson(0, 100).high < 0.05
    half = wilson(50, 100)
    assert half.low < 0.5 < half.high
    assert mean_interval(10.0, 10.0, 10).low == mean_interval(10.0, 10.0, 10).high == 1.0
