"""Issue 30, fix 5: every feature of an observation has its real bounds in the space.

The observation space was ``Box(-inf, inf)`` while the docs said the values are scaled
to about 0-1 (Carcassonne's chip counts reached 6). Each encoder now gives every value
finite bounds and clips to them; the bounds are the real ones, so in seeded random games
no value needs clipping.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from tote.core.bot import Observation
from tote.core.registry import get_game
from tote.envs.games import action_catalogue, observation_encoder
from tote.envs.observation import Features

CASES = [
    ("winners-circle", 2, (), {}),
    ("winners-circle", 6, ("hidden-bets", "crowded-field"), {}),
    ("wits-and-wagers", 4, (), {}),
    ("wits-and-wagers", 7, ("secret-betting",), {}),
    ("wetten", 3, (), {}),
    ("wetten", 5, ("track-by-players", "unlimited-bank"), {}),
    ("horse-fever", 2, ("advanced", "short"), {}),
    ("horse-fever", 5, (), {}),
    ("horse-fever", 8, ("party",), {}),
    ("carcassonne", 2, ("base",), {"board_radius": 6}),
    ("carcassonne", 5, ("river", "abbot"), {"board_radius": 8}),
]
DECISIONS = 250


@pytest.mark.parametrize(
    ("game_id", "players", "variants", "grid"),
    CASES,
    ids=["-".join([c[0], str(c[1]), *c[2]]) for c in CASES],
)
def test_observations_lie_within_their_space(
    game_id: str, players: int, variants: tuple[str, ...], grid: dict[str, int]
) -> None:
    """Issue 30, fix 5: the space's bounds are finite, and the acting seat's observation
    at every decision of a seeded random game (every seat's at every fifth) lies within
    them, before the encoder's clipping as after it."""
    game = get_game(game_id)
    options = game.options({}, variants)
    catalogue = action_catalogue(game_id, players, options, **grid)
    encoder = observation_encoder(game_id, players, options, **grid)
    space = encoder.space()
    assert np.isfinite(space.low).all() and np.isfinite(space.high).all()
    assert (space.low < space.high).all()
    state = game.new_state(options, players)
    rng = random.Random(3)
    decisions = 0
    while decisions < DECISIONS:
        if state.turn().chance:
            state.apply("chance", state.sample_chance(rng))
            continue
        acting = state.turn().seats[0] if state.turn().seats else 0
        for seat in range(players) if decisions % 5 == 0 else (acting,):
            view = state.view(seat, log=False)
            vector = encoder.encode(view, seat)
            assert space.contains(vector)
            raw = Features()
            encoder._write(raw, view, seat)  # type: ignore[attr-defined]
            outside = np.flatnonzero((raw.array() < space.low) | (raw.array() > space.high))
            assert not len(outside), f"{game_id}: values {outside[:5]} outside their bounds"
        if state.is_over:
            break
        obs = Observation(state, acting)
        legal = np.flatnonzero(catalogue.mask(obs))
        if not len(legal):
            break  # a Carcassonne tile with no place on this small grid
        state.apply(acting, catalogue.move(obs, int(rng.choice(legal))))
        decisions += 1


def test_amounts_beyond_their_bounds_are_clipped() -> None:
    """Issue 30, fix 5: an amount unbounded in principle (Winner's Circle money, with
    the starting money an option allows) is clipped to its stated bound, so the
    observation stays in the space."""
    game = get_game("winners-circle")
    options = game.options({"starting_money": 1_000_000})
    encoder = observation_encoder("winners-circle", 2, options)
    state = game.new_state(options, 2)
    vector = encoder.encode(state.view(0, log=False), 0)
    assert encoder.space().contains(vector)
    assert vector.max() == 10.0, "a million is written as the bound, 10 thousands"
