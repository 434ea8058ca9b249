"""Issue 13: every game's action catalogue and observation encoder.

The catalogue is fixed for the options, its mask is exactly the moves the rules accept
now, index and move round-trip, and the encoder's vector has one length throughout.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from tote.core.bot import Observation
from tote.core.registry import get_game
from tote.envs.catalogue import accepts
from tote.envs.games import action_catalogue, observation_encoder

MAX_DECISIONS = 400
CASES = [
    ("winners-circle", 3, ()),
    ("winners-circle", 2, ("hidden-bets",)),
    ("winners-circle", 4, ("royal-turf", "crowded-field")),
    ("wits-and-wagers", 4, ()),
    ("carcassonne", 2, ()),
    ("horse-fever", 3, ()),
    ("horse-fever", 4, ("family",)),
    ("horse-fever", 6, ("party",)),
    ("horse-fever", 2, ("advanced", "short")),
    ("wetten", 3, ()),
    ("wetten", 4, ("beginners", "unlimited-bank")),
    ("carcassonne", 3, ("river", "abbot")),
]


def play_through(game_id: str, players: int, variants: tuple[str, ...], seed: int) -> int:
    """Plays a seeded game choosing uniformly among the masked actions, checking the
    catalogue and encoder at every decision (every legal action round-trips at every
    tenth decision, eight of them at the others: issue 30, fix 9, test time), and now
    and then that a world the seat cannot tell from the real one
    (``State.sample_world``) gives the same observation and mask; returns the number of
    decisions."""
    game = get_game(game_id)
    options = game.options({}, variants)
    catalogue = action_catalogue(game_id, players, options)
    encoder = observation_encoder(game_id, players, options)
    state = game.new_state(options, players)
    rng = random.Random(seed)
    sampler = random.Random(seed + 1)  # its own stream: the game is the same as before
    decisions = 0
    while not state.is_over and decisions < MAX_DECISIONS:
        turn = state.turn()
        if turn.chance:
            state.apply("chance", state.sample_chance(rng))
            continue
        seat = turn.seats[0]
        obs = Observation(state, seat)
        mask = catalogue.mask(obs)
        assert mask.shape == (catalogue.size,) and mask.dtype == np.int8
        legal = np.flatnonzero(mask)
        assert len(legal) > 0, "a seat to move has a legal action"
        vector = encoder.encode(obs.view, seat)
        assert vector.shape == (encoder.size,) and vector.dtype == np.float32
        assert encoder.space().contains(vector)
        checked = legal if decisions % 10 == 0 else sampler.sample(list(legal), min(8, len(legal)))
        for i in checked:
            move = catalogue.move(obs, int(i))
            assert accepts(obs, move) is None
            assert catalogue.index(obs, move) == i
        for i in rng.sample(range(catalogue.size), min(5, catalogue.size)):
            if not mask[i]:
                with pytest.raises(ValueError, match=f"action {i} "):
                    catalogue.move(obs, i)
        if obs.legal_moves is not None:
            on_grid = {catalogue.index(obs, m) for m in obs.legal_moves}
            assert on_grid == set(legal.tolist()), "mask = the legal moves"
        if decisions % 25 == 0:
            world = state.sample_world(seat, rng, log=False)
            seen = Observation(world, seat)
            assert np.array_equal(encoder.encode(seen.view, seat), vector)
            assert np.array_equal(catalogue.mask(seen), mask), "the mask reads only the view"
        state.apply(seat, catalogue.move(obs, int(rng.choice(legal))))
        decisions += 1
    return decisions


@pytest.mark.parametrize(("game_id", "players", "variants"), CASES)
def test_mask_is_what_the_rules_accept_and_moves_round_trip(
    game_id: str, players: int, variants: tuple[str, ...]
) -> None:
    """Issue 13, actions: the mapping goes both ways and the mask gives the legal ones."""
    assert play_through(game_id, players, variants, seed=7) > 0


@pytest.mark.parametrize("game_id", sorted({c[0] for c in CASES}))
def test_out_of_range_index_is_refused_by_name(game_id: str) -> None:
    """Issue 13, bad input: an out-of-range index is a clear error."""
    game = get_game(game_id)
    options = game.options({})
    players = next(c[1] for c in CASES if c[0] == game_id)
    catalogue = action_catalogue(game_id, players, options)
    state = game.new_state(options, players)
    obs = Observation(state, 0)
    for bad in (-1, catalogue.size):
        with pytest.raises(ValueError, match="out of range"):
            catalogue.move(obs, bad)


def test_unknown_grid_option_is_refused() -> None:
    """Issue 13, bad input: unknown options are refused with the known ones named."""
    from tote.core.errors import OptionsError

    options = get_game("winners-circle").options({})
    with pytest.raises(OptionsError, match="no action grid option 'stake_units'"):
        action_catalogue("winners-circle", 2, options, stake_units=3)


@pytest.mark.parametrize("game_id", sorted({c[0] for c in CASES}))
def test_the_catalogue_is_fixed_and_its_labels_distinct(game_id: str) -> None:
    """Issue 13: a fixed, documented catalogue: built twice for the same options it is
    the same list, and no two actions share a label."""
    game = get_game(game_id)
    players = next(c[1] for c in CASES if c[0] == game_id)
    labels = action_catalogue(game_id, players, game.options({})).labels()
    assert labels == action_catalogue(game_id, players, game.options({})).labels()
    assert len(set(labels)) == len(labels)
