"""Issue 24, item 1 (the AEC step's encoder): a game's fast writer, one list of floats
built without a :class:`Features` call a value, gives exactly the vector of its
:data:`Writer` (the specification, whose bounds make the space), for every seat, at
every position of seeded random games of every game and every variant."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tote.core.bot import Observation
from tote.core.moves import CHANCE
from tote.core.registry import get_game
from tote.envs.games import observation_encoder
from tote.envs.observation import WriterEncoder

CASES: tuple[tuple[str, int, tuple[str, ...]], ...] = (
    ("winners-circle", 4, ()),
    ("winners-circle", 2, ("hidden-bets",)),
    ("winners-circle", 5, ("hidden-bets",)),
    ("winners-circle", 3, ("crowded-field",)),
    ("winners-circle", 4, ("alternative-payouts",)),
    ("winners-circle", 6, ("royal-turf",)),
    ("wits-and-wagers", 4, ()),
    ("wits-and-wagers", 5, ("secret-betting",)),
    ("wits-and-wagers", 4, ("chip-back",)),
    ("wits-and-wagers", 6, ("untimed",)),
    ("wetten", 4, ()),
    ("wetten", 3, ("beginners",)),
    ("wetten", 4, ("make-it-professional",)),
    ("wetten", 5, ("unlimited-bank",)),
    ("wetten", 3, ("track-by-players",)),
    ("horse-fever", 4, ()),
    ("horse-fever", 3, ("advanced",)),
    ("horse-fever", 4, ("family",)),
    ("horse-fever", 5, ("party",)),
    ("horse-fever", 2, ("short",)),
    ("horse-fever", 4, ("long",)),
    ("carcassonne", 4, ()),
    ("carcassonne", 2, ("base",)),
    ("carcassonne", 3, ("river",)),
    ("carcassonne", 5, ("abbot",)),
)
STEPS = 400
"""Positions compared a seed (every seat's vector at each)."""


@pytest.mark.parametrize(("game_id", "players", "variants"), CASES)
def test_the_fast_writer_writes_the_writers_vector(
    game_id: str, players: int, variants: tuple[str, ...]
) -> None:
    """Issue 24, item 1: ``encode`` (the fast writer) equals ``encode_general`` (the
    game's ``write`` through :class:`Features`) bit for bit, for every seat, at every
    position of two seeded random games; and the vectors change along the game, so the
    comparison is not vacuous."""
    game = get_game(game_id)
    options = game.options({}, variants)
    encoder = observation_encoder(game_id, players, options)
    assert isinstance(encoder, WriterEncoder) and encoder.has_fast_writer
    distinct: set[bytes] = set()
    for seed in range(2):
        rng = random.Random(seed)
        state = game.new_state(options, players)
        for _ in range(STEPS):
            for seat in range(players):
                view = Observation(state, seat).view
                fast = encoder.encode(view, seat)
                general = encoder.encode_general(view, seat)
                assert fast.dtype == general.dtype == np.float32
                assert fast.tobytes() == general.tobytes(), (seed, seat, view["state"])
                distinct.add(fast.tobytes())
            if state.is_over:
                break
            turn = state.turn()
            if turn.chance:
                state.apply(CHANCE, state.sample_chance(rng))
            elif state.has_simultaneous_turns and len(turn.seats) > 1:
                for seat in turn.seats:
                    state.apply(seat, state.random_move(seat, rng))
            else:
                state.apply(turn.seats[0], state.random_move(turn.seats[0], rng))
    assert len(distinct) > 20


def test_packed_floats_are_numpys_floats() -> None:
    """Issue 24, item 1: the fast writers' lists become float32 arrays by
    :mod:`struct` (each double rounded to float32 as numpy rounds it); the same bytes
    as ``np.array(values, dtype=np.float32)`` for thirds, ties, subnormals, signed zero,
    NaN, integers and flags, and values beyond float32 (infinite, numpy's way)."""
    from tote.envs.observation import _float32

    values: list[float] = [0.1, 1 / 3, 2.0**-149, 2.0**-150, 1e-40, -0.0, float("nan")]
    values += [1, True, 3.4e38, 3.4028235e38, 1 + 2.0**-24, 1 + 3 * 2.0**-24, 0.7 / 1000]
    packs: dict[int, object] = {}
    same = _float32(values, packs)  # type: ignore[arg-type]
    assert same.tobytes() == np.array(values, dtype=np.float32).tobytes()
    assert same.flags.writeable and packs
    with np.errstate(over="ignore"):
        beyond = [1e39, -1e39, 5.0]
        assert _float32(beyond, {}).tobytes() == np.array(beyond, dtype=np.float32).tobytes()
