"""Issue 24 (Horse Fever's AEC step): the catalogue's mask, which asks the rules' betting
limits once and resolves no grid bet where no bet is legal, is the generic mask that
tries every stake on the state, on every variant."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from tote.core.bot import Observation
from tote.core.moves import CHANCE
from tote.core.registry import get_game
from tote.envs.catalogue import EntryCatalogue
from tote.envs.games import action_catalogue
from tote.envs.games.horse_fever import BETTING, HorseFeverCatalogue

VARIANTS: tuple[tuple[int, dict[str, Any]], ...] = (
    (4, {}),
    (3, {"advanced": True}),
    (4, {"mode": "family"}),
    (2, {"length": "short"}),
    (4, {"mode": "party"}),
    (5, {"mode": "party"}),
)


@pytest.mark.parametrize(("players", "chosen"), VARIANTS)
def test_the_betting_mask_is_the_generic_mask(players: int, chosen: dict[str, Any]) -> None:
    """Issue 24, HF AEC step: at every betting decision of seeded random games (the
    board game, advanced, family, short and party games) and at a fifth of the other
    positions, every seat's mask, the seats to act and the others, equals
    :class:`EntryCatalogue`'s, which checks each action's move on the state; and some
    betting masks hold some bets but not all (the grid's stakes above a seat's Danari),
    so the comparison is not vacuous."""
    game = get_game("horse-fever")
    options = game.options(chosen)
    catalogue = action_catalogue("horse-fever", players, options)
    assert isinstance(catalogue, HorseFeverCatalogue)
    compared = refused = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_state(options, players)
        for _ in range(3000):
            if state.is_over:
                break
            turn = state.turn()
            betting = getattr(state, "phase", None) in BETTING
            if betting or rng.random() < 0.2:
                for seat in range(players):
                    obs = Observation(state, seat)
                    fast = catalogue.mask(obs)
                    generic = EntryCatalogue.mask(catalogue, Observation(state, seat))
                    assert np.array_equal(fast, generic), (seed, state.phase, seat)
                    compared += 1
                    refused += int(betting and 0 < fast.sum() < 49)
            if turn.chance:
                state.apply(CHANCE, state.sample_chance(rng))
            elif state.has_simultaneous_turns and len(turn.seats) > 1:
                for seat in turn.seats:
                    state.apply(seat, state.random_move(seat, rng))
            else:
                state.apply(turn.seats[0], state.random_move(turn.seats[0], rng))
    assert compared > 10 and refused > 0
