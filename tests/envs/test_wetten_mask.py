"""Wetten!'s action mask of the ticket phases (issue 24): the rules read directly give
the mask that trying every action on the state gives."""

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

VARIANTS: list[tuple[int, dict[str, Any], dict[str, Any]]] = [
    (4, {}, {}),
    (3, {"pro_rules": "none"}, {"stake_units": (1, 3)}),
    (5, {"pro_rules": "from_race_4", "unlimited_bank": True}, {}),
    (4, {"track_length": 12, "top_up": "gift_minimum"}, {"stake_units": (1, 2, 4, 8, 16)}),
]
"""The rulebook's game, beginners, "Make it professional!" with an unlimited bank, a
short track (broke players and the game's end come soon), on several stake grids."""


@pytest.mark.parametrize(("players", "options", "grid"), VARIANTS)
def test_the_ticket_mask_is_the_mask_of_every_action_tried(
    players: int, options: dict[str, Any], grid: dict[str, Any]
) -> None:
    """Issue 24: at every decision of seeded random games, the mask of the seat to act
    and of one more seat, turning round the table (those writing a ticket, Long Odds
    marks among them; those already committed; the other phases) equals
    :class:`EntryCatalogue`'s, which tries every action on the state."""
    game = get_game("wetten")
    parsed = game.options(options)
    catalogue = action_catalogue("wetten", players, parsed, **grid)
    general = EntryCatalogue(catalogue.game_id, catalogue.entries)  # type: ignore[attr-defined]
    tickets = long_odds = decisions = 0
    for seed in range(3):
        state = game.new_state(parsed, players)
        rng = random.Random(seed)
        while not state.is_over:
            turn = state.turn()
            if turn.chance:
                state.apply(CHANCE, state.sample_chance(rng))
                continue
            # the seat to act and one more, turning round the table: every seat's mask
            # is compared, in every phase, without comparing all of them at every
            # decision (issue 30, fix 9: test time)
            decisions += 1
            for seat in sorted({turn.seats[0], decisions % players}):
                obs = Observation(state, seat)
                mask = catalogue.mask(obs)
                assert np.array_equal(mask, general.mask(obs)), (seed, seat, state.stage)
                if obs.legal_moves is None:
                    tickets += 1
                    long_odds += bool(state.long_odds[seat])
            state.apply(turn.seats[0], state.random_move(turn.seats[0], rng))
    assert tickets >= 50 and long_odds >= 1, (tickets, long_odds)
