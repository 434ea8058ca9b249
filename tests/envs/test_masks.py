"""Issue 30, fix 1: an action mask holds only what its seat may know.

Wits & Wagers' guess grid reads the answer (blurred, the documented model of what the
player behind a seat knows), so its written guesses differ from question to question;
which guess actions are legal must not. And for every game, a world the seat cannot
tell from the real one (``State.sample_world``) gives the seat the same mask.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from tote.core.bot import Observation
from tote.core.registry import get_game
from tote.envs.games import action_catalogue
from tote.games.wits_and_wagers.moves import DrawQuestion
from tote.games.wits_and_wagers.questions import load_pack

PLAYERS = 4
SEATS = (0, 3)
"""Two seats, each with its own blur of every answer."""


@pytest.mark.parametrize("grid", [{}, {"knowledge_spread": 0}])
def test_the_guess_mask_is_the_same_for_every_question(grid: dict[str, float]) -> None:
    """Issue 30, fix 1: at the first guess of a game, every seat's mask is the same
    whichever of the 410 questions was drawn (it told a seat that the answer was small
    when two quantiles of its belief were written alike), and every written guess is
    legal: a different move for each guess action (the default blur, and spread 0,
    an expert)."""
    game = get_game("wits-and-wagers")
    options = game.options({})
    catalogue = action_catalogue("wits-and-wagers", PLAYERS, options, **grid)
    masks: dict[bytes, list[str]] = {}
    for question in load_pack(None):
        state = game.new_state(options, PLAYERS)
        state.apply("chance", DrawQuestion(question.id))
        for seat in SEATS:
            mask = catalogue.mask(Observation(state, seat))
            masks.setdefault(mask.tobytes(), []).append(f"{question.id}/{seat}")
    assert len(masks) == 1, f"{len(masks)} masks: {[v[:3] for v in masks.values()]}"
    (mask,) = (np.frombuffer(m, dtype=np.int8) for m in masks)
    labels = catalogue.labels()
    legal = {labels[i] for i in np.flatnonzero(mask)}
    assert {label for label in labels if label.startswith("guess the ")} <= legal


SAMPLED = [
    ("winners-circle", 3, ()),
    ("winners-circle", 2, ("hidden-bets",)),
    ("wits-and-wagers", 4, ()),
    ("wits-and-wagers", 4, ("secret-betting",)),
    ("wetten", 3, ()),
    ("horse-fever", 3, ()),
    ("horse-fever", 4, ("party",)),
    ("carcassonne", 2, ()),
]


@pytest.mark.parametrize(("game_id", "players", "variants"), SAMPLED)
def test_the_mask_is_a_function_of_what_the_seat_may_know(
    game_id: str, players: int, variants: tuple[str, ...]
) -> None:
    """Issue 30, fix 1: at every decision of a seeded random game, each seat asked gets
    the same mask in worlds it cannot tell from the real one (other hands, answers,
    secret moves and decks redrawn by ``State.sample_world``), and the same mask
    wherever it sees the same view."""
    game = get_game(game_id)
    options = game.options({}, variants)
    catalogue = action_catalogue(game_id, players, options)
    state = game.new_state(options, players)
    rng = random.Random(11)
    by_view: dict[str, bytes] = {}
    decisions = 0
    while not state.is_over and decisions < 60:
        turn = state.turn()
        if turn.chance:
            state.apply("chance", state.sample_chance(rng))
            continue
        for seat in turn.seats:
            obs = Observation(state, seat)
            mask = catalogue.mask(obs)
            key = repr((seat, obs.view))
            assert by_view.setdefault(key, mask.tobytes()) == mask.tobytes()
            world = state.sample_world(seat, rng, log=False)
            assert np.array_equal(catalogue.mask(Observation(world, seat)), mask), (
                f"{game_id}: seat {seat}'s mask changed with what it cannot see"
            )
        seat = turn.seats[0]
        obs = Observation(state, seat)
        legal = np.flatnonzero(catalogue.mask(obs))
        state.apply(seat, catalogue.move(obs, int(rng.choice(legal))))
        decisions += 1
