"""Wits & Wagers' catalogue works its mask and index out from the rules (issue 24): the
same answers as the general catalogue's, which resolves and checks every entry."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from tote.core import CHANCE
from tote.core.bot import Observation
from tote.core.registry import get_game
from tote.envs.catalogue import EntryCatalogue
from tote.envs.games import action_catalogue
from tote.envs.games.wits_and_wagers import WitsAndWagersCatalogue
from tote.games.wits_and_wagers.phases import BET

GAME = get_game("wits-and-wagers")
CASES: list[tuple[int, dict[str, Any], dict[str, Any], float]] = [
    (4, {}, {}, 0.3),
    (7, {}, {}, 0.03),
    (4, {"betting": "secret"}, {}, 1.0),
    (7, {"betting": "secret"}, {}, 1.0),
    (4, {"chip_back_in_points": True}, {"stake_fractions": (0.1, 0.15, 1.0)}, 0.3),
    (7, {"chip_back_in_points": True}, {"stake_fractions": (0.1, 0.15, 1.0)}, 0.03),
    (4, {"betting": "secret"}, {"stake_fractions": (1.0, 0.5), "knowledge_spread": 0}, 1.0),
    (7, {"betting": "secret"}, {"stake_fractions": (1.0, 0.5), "knowledge_spread": 0}, 1.0),
]
"""Open and secret betting, and stake grids whose fractions round to the same chips,
each with 4 and 7 seats; the last number is the share of betting decisions compared,
drawn by a stream of its own (issue 30, fix 9: test time): random seats in open betting
move their bets for hundreds of decisions (thousands with 7 seats) before they happen
to lock them, so a share of them still compares many; every guess is compared."""


@pytest.mark.parametrize(("players", "options", "grid", "share"), CASES)
def test_the_mask_and_index_are_the_general_catalogues(
    players: int, options: dict[str, Any], grid: dict[str, Any], share: float
) -> None:
    """Issue 24 (one source of truth): along a seeded random game, at every guess and
    a seeded share of the betting decisions (``share``), a seat's mask (the seat to
    act, or the next) and the index of a rotating share of the entries' moves are
    those of :class:`EntryCatalogue` (each entry resolved against the view and checked
    by the state), and ``move`` gives the same move or the same refusal for those
    actions."""
    compared = 0
    picker = random.Random(-players)  # which decisions are compared: not the game's stream
    rules = GAME.options(options)
    fast = action_catalogue("wits-and-wagers", players, rules, **grid)
    assert isinstance(fast, WitsAndWagersCatalogue)
    general = EntryCatalogue(fast.game_id, fast.entries)
    state = GAME.new_state(rules, players)
    rng = random.Random(players)
    while not state.is_over:
        turn = state.turn()
        if turn.chance:
            state.apply(CHANCE, state.sample_chance(rng))
            continue
        if state.phase != BET or picker.random() < share:
            seat = (turn.seats[0] + compared % 2) % players
            obs = Observation(state, seat)
            mask = fast.mask(obs)
            assert np.array_equal(mask, general.mask(obs)), (compared, seat)
            for i, entry in enumerate(fast.entries):
                if (i + compared) % 61:
                    continue
                move = entry.at(obs)
                if move is not None:
                    assert fast.index(obs, move) == general.index(obs, move), (seat, i)
                assert _move(fast, obs, i) == _move(general, obs, i)
            compared += 1
        seat = turn.seats[0]
        legal = np.flatnonzero(fast.mask(Observation(state, seat)))
        index = int(legal[rng.randrange(len(legal))])
        state.apply(seat, fast.move(Observation(state, seat), index))
    assert compared >= 50


def _move(catalogue: EntryCatalogue, obs: Observation, index: int) -> object:
    try:
        return catalogue.move(obs, index)
    except ValueError as refusal:
        return str(refusal)
