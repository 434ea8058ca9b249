"""Issue 24, item 1 (the AEC step without a view): a game's state writer, which reads
the state itself instead of the seat's position view, gives exactly the vector of the
game's :data:`Writer` of that view (the specification), for every seat, at every
position of seeded random games of every variant. It can therefore encode nothing the
seat's view does not show."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tote.core.moves import CHANCE
from tote.core.registry import get_game
from tote.envs.games import observation_encoder
from tote.envs.observation import WriterEncoder

from .test_fast_writers import CASES as EVERY_VARIANT

CASES = tuple(case for case in EVERY_VARIANT if case[0] in ("horse-fever", "carcassonne"))
"""Every variant of the two games whose encoders read the state."""
STEPS = 400
"""Positions compared a seed (every seat's vector at each)."""


@pytest.mark.parametrize(("game_id", "players", "variants"), CASES)
def test_the_state_writer_writes_the_views_vector(
    game_id: str, players: int, variants: tuple[str, ...]
) -> None:
    """``encode_state`` (the state writer) equals ``encode_general`` of the seat's
    position view bit for bit, for every seat, at every position of two seeded random
    games (a small board radius too, so that some tiles lie off the grid); and the
    vectors change along the game, so the comparison is not vacuous."""
    game = get_game(game_id)
    options = game.options({}, variants)
    grids = [{}, {"board_radius": 2}] if game_id == "carcassonne" else [{}]
    for grid in grids:
        encoder = observation_encoder(game_id, players, options, **grid)
        assert isinstance(encoder, WriterEncoder) and encoder.has_state_writer
        distinct: set[bytes] = set()
        for seed in range(2):
            rng = random.Random(seed)
            state = game.new_state(options, players)
            for _ in range(STEPS):
                for seat in range(players):
                    general = encoder.encode_general(state.position_view(seat), seat)
                    written = encoder.encode_state(state, seat)
                    assert written.dtype == general.dtype == np.float32
                    assert written.tobytes() == general.tobytes(), (grid, seed, seat)
                    distinct.add(written.tobytes())
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
