"""WC 6.1 hidden information: face-down chips are known to their owner only."""

from __future__ import annotations

import json

from tote.games.winners_circle.state import WinnersCircleState

from .wc_helpers import (
    bet,
    events,
    hidden_chip_leaks,
    move,
    new_state,
    prepare,
    put_horse,
)

# Seat 1's chips go on the same four horses in both games, only the values are
# swapped between red and white: the two games differ in nothing else.
OTHERS = {
    0: [("red", 2), ("blue", 1), ("green", 1), ("yellow", 0)],
    2: [("red", 0), ("blue", 1), ("green", 2), ("yellow", 1)],
}


Step = dict[int | None, str]
"""Every seat's view (and the spectators', key ``None``) as JSON text after one move."""


def hidden_game(red_chip: int, white_chip: int) -> tuple[list[Step], WinnersCircleState]:
    """A Hidden Bets game to the end of race 1: the views after every bet and race move
    (each checked for leaks as it happens), and the state after the payout."""
    state = new_state(3, hidden_bets=True)
    prepare(state)
    seat_1 = [("red", red_chip), ("blue", 1), ("green", 0), ("white", white_chip)]
    plan = {**{s: list(b) for s, b in OTHERS.items()}, 1: seat_1}
    steps: list[Step] = []

    def record() -> None:
        assert hidden_chip_leaks(state) == []
        steps.append({seat: as_json(state, seat) for seat in (None, 0, 1, 2)})

    while state.phase == "bets":
        seat = state.turn().seats[0]
        bet(state, seat, *plan[seat].pop(0))
        record()
    for name, progress in (("red", 30), ("blue", 31)):
        put_horse(state, name, progress)
        move(state, name, "head")
        record()
    put_horse(state, "green", 32)
    move(state, "green", "head")
    assert state.race == 2
    return steps, state


def as_json(state: WinnersCircleState, seat: int | None) -> str:
    return json.dumps(state.view(seat), sort_keys=True)


def test_wc_6_1_other_seats_cannot_tell_face_down_values_apart() -> None:
    """WC 6.1: two games that differ only in which of seat 1's face-down chips lies on
    which horse look exactly the same to seats 0 and 2 and to spectators, until the
    chips are turned over at the payout; seat 1 itself sees the difference."""
    steps_a, paid_a = hidden_game(red_chip=1, white_chip=2)
    steps_b, paid_b = hidden_game(red_chip=2, white_chip=1)
    assert len(steps_a) == len(steps_b) == 12 + 2
    for a, b in zip(steps_a, steps_b, strict=True):
        for seat in (None, 0, 2):
            assert a[seat] == b[seat]
    first_bet_of_seat_1 = 1
    pairs = list(zip(steps_a, steps_b, strict=True))[first_bet_of_seat_1:]
    assert all(a[1] != b[1] for a, b in pairs)
    # The payout turns the chips over: now everyone sees the difference.
    assert as_json(paid_a, None) != as_json(paid_b, None)
    assert as_json(paid_a, 0) != as_json(paid_b, 0)


def test_wc_6_1_no_view_shows_another_seats_face_down_chip() -> None:
    """WC 6.1: at every step of the bets and the race, the bets list, the chips in hand
    and the log of every view hide other seats' chip values and show one's own (checked
    inside ``hidden_game`` after every move)."""
    steps, _ = hidden_game(red_chip=1, white_chip=2)
    assert len(steps) == 14


def test_wc_6_1_the_payout_reveals_every_chip_to_everyone() -> None:
    """WC 6.1: once the race ends, every chip value is public."""
    _, paid = hidden_game(red_chip=1, white_chip=2)
    payout = events(paid, "payout", seat=None)[0]
    assert {(b["seat"], b["horse"], b["chip"]) for b in payout["bets"] if b["seat"] == 1} == {
        (1, "red", 1),
        (1, "blue", 1),
        (1, "green", 0),
        (1, "white", 2),
    }


def test_leak_checker_notices_a_leak() -> None:
    """The leak checker used here and in the property tests can fail: a chip logged face
    up in a standard game, then checked as if the game hid chips, is reported."""
    state = new_state(3)
    prepare(state)
    bet(state, 0, "red", 2)
    assert hidden_chip_leaks(state) == []  # standard game: nothing is hidden
    state.options = state.options.model_copy(update={"hidden_bets": True})
    problems = hidden_chip_leaks(state)
    assert "view None: log shows seat 0's chip" in problems
    assert "view 1: log shows seat 0's chip" in problems
    assert not any(p.startswith("view 0:") for p in problems)
