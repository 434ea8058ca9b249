"""The simulator's rules loop for the tests of the games' quiet whole-game loops (issue 24,
2): each game's ``play_random`` must draw what this loop draws and end where it ends."""

from __future__ import annotations

import random

from tote.core import CHANCE
from tote.core.state import State


def rules_loop(
    state: State, rng: random.Random, streams: list[random.Random], checked: bool = True
) -> tuple[int, int]:
    """The simulator's rules loop (``tote.sim.play``), random seats from their streams;
    each move checked, or not (``checked=False``, as the simulator plays them). The
    seats' moves and the chance moves made."""
    step = state.apply if checked else state.apply_unchecked
    moves = chance = 0
    while True:
        turn = state.turn()
        if turn.chance:
            step(CHANCE, state.sample_chance(rng))
            chance += 1
        elif turn.seats:
            seat = turn.seats[0]
            step(seat, state.random_move(seat, streams[seat]))
            moves += 1
        else:
            return moves, chance


def any_seat_moves(state: State, rng: random.Random, seat_rng: random.Random) -> None:
    """One step of a game under way: a chance move from ``rng``, or a random move of a
    random seat among those who may act now (any seat of a simultaneous turn, not only
    the first), from ``seat_rng``; for tests that start the quiet loops mid-game."""
    turn = state.turn()
    if turn.chance:
        state.apply(CHANCE, state.sample_chance(rng))
    else:
        seat = turn.seats[seat_rng.randrange(len(turn.seats))]
        state.apply(seat, state.random_move(seat, seat_rng))


def streams(players: int, seed: int) -> tuple[random.Random, list[random.Random]]:
    """The game's stream and one per seat, from ``seed``."""
    return random.Random(seed), [random.Random(seed * 100 + s) for s in range(players)]


def play_both(slow: State, fast: State, seed: int) -> None:
    """Play ``slow`` on by the rules loop and ``fast`` by its game's quiet loop
    (``play_random``) from the same seeded streams: the same moves and chance moves
    counted, every stream left at the same point."""
    slow_rng, slow_streams = streams(slow.num_players, seed)
    fast_rng, fast_streams = streams(fast.num_players, seed)
    counted = rules_loop(slow, slow_rng, slow_streams)
    assert fast.play_random(fast_rng, fast_streams) == counted, seed
    assert slow_rng.getstate() == fast_rng.getstate()
    assert [s.getstate() for s in slow_streams] == [s.getstate() for s in fast_streams]
