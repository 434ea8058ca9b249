"""Issue 24 (a known defect, fixed in Carcassonne's observation version 2): each cell
of the board planes has 22 slots, one for each thing the encoder names (occupied, the
16 edge kinds, monastery, pennant, betting office, own meeples, other meeples). Version
1 had 21, and a betting office's flag and the seat's own meeples added up in one slot,
so a learner could not tell an office from a meeple. And the placement mask, found by
cell and rotation, is the generic one."""

from __future__ import annotations

import copy
import random

import numpy as np
import pytest

from tote.core.bot import Observation
from tote.core.moves import CHANCE
from tote.core.registry import get_game
from tote.envs import aec_env, parallel_env
from tote.envs.catalogue import EntryCatalogue
from tote.envs.games import action_catalogue, observation_encoder, observation_version
from tote.envs.games.carcassonne import CELL, FLAGS, CarcassonneCatalogue
from tote.envs.games.start import first_state

RADIUS = 2
SIDE = 2 * RADIUS + 1


def test_a_cell_has_a_slot_for_each_thing_it_names() -> None:
    """The office's flag, the seat's own meeples and the others' meeples are three
    slots: a tile with an office, two of seat 0's meeples and one of seat 1's reads
    1, 2 and 1 there, for seat 0; for seat 1 the meeples swap slots."""
    assert CELL == 1 + 16 + 5 and FLAGS == 17
    options = get_game("carcassonne").options({})
    encoder = observation_encoder("carcassonne", 2, options, board_radius=RADIUS)
    view = first_state("carcassonne", 2, options).view(0, log=False)
    tile = copy.deepcopy(view["state"]["tiles"][0])
    tile.update(x=1, y=-1, office=True, monastery=False, pennant=False)
    tile["meeples"] = [{"seat": 0}, {"seat": 0}, {"seat": 1}]
    view["state"]["tiles"].append(tile)
    cell = ((-1 + RADIUS) * SIDE + (1 + RADIUS)) * CELL
    for seat, own, other in ((0, 2.0, 1.0), (1, 1.0, 2.0)):
        planes = encoder.encode(view, seat)[: SIDE * SIDE * CELL]
        general = encoder.encode_general(view, seat)[: SIDE * SIDE * CELL]
        assert np.array_equal(planes, general)
        office, mine, theirs = planes[cell + FLAGS + 2 : cell + FLAGS + 5]
        assert (office, mine, theirs) == (1.0, own, other)
        assert planes[cell] == 1.0  # occupied
    assert np.all(encoder.space().high[FLAGS + 2 : FLAGS + 5] == (1.0, 5.0, 5.0))


def test_the_observation_version_is_in_the_metadata() -> None:
    """Carcassonne's observation is version 2 (this fix), the other games' version 1;
    both PettingZoo APIs state it in ``metadata["observation_version"]``."""
    assert observation_version("carcassonne") == 2
    assert aec_env("carcassonne", players=2).metadata["observation_version"] == 2
    assert parallel_env("carcassonne", players=2).metadata["observation_version"] == 2
    for game_id in ("winners-circle", "wits-and-wagers", "wetten", "horse-fever"):
        assert aec_env(game_id).metadata["observation_version"] == 1


@pytest.mark.parametrize(
    ("players", "variants", "radius"),
    [(4, (), 15), (2, ("base",), 15), (3, ("river",), 6), (5, ("abbot",), 15), (4, (), 3)],
)
def test_the_placement_mask_is_the_generic_mask(
    players: int, variants: tuple[str, ...], radius: int
) -> None:
    """Issue 24 (Carcassonne's AEC step): the catalogue's mask, which finds each legal
    placement's action by its cell and rotation, equals :class:`EntryCatalogue`'s,
    which looks each legal move up, for every seat at every position of seeded random
    games of every variant; with a small grid, some legal placements lie off it."""
    game = get_game("carcassonne")
    options = game.options({}, variants)
    catalogue = action_catalogue("carcassonne", players, options, board_radius=radius)
    assert isinstance(catalogue, CarcassonneCatalogue)
    placements = 0
    for seed in range(2):
        rng = random.Random(seed)
        state = game.new_state(options, players)
        for _ in range(400):
            if state.is_over:
                break
            for seat in range(players):
                fast = catalogue.mask(Observation(state, seat))
                generic = EntryCatalogue.mask(catalogue, Observation(state, seat))
                assert np.array_equal(fast, generic), (seed, seat)
                placements += int(fast[: (2 * radius + 1) ** 2 * 4].sum())
            turn = state.turn()
            if turn.chance:
                state.apply(CHANCE, state.sample_chance(rng))
            elif state.has_simultaneous_turns and len(turn.seats) > 1:
                for seat in turn.seats:
                    state.apply(seat, state.random_move(seat, rng))
            else:
                state.apply(turn.seats[0], state.random_move(turn.seats[0], rng))
    assert placements > 50
