"""Issue 15: the end of a game shows every seat's final standing, its score and how
the points came. For many random finished games of every game and variant, each
seat's lines add up to exactly its score, and the standings' ranks and winners are
the game's :class:`Result`, tie-breaks included."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tote.core.game import Game
from tote.core.registry import get_game
from tote.core.standings import Standings

from ..carcassonne.test_properties import setups as carcassonne_setups
from ..horse_fever.test_properties import game_setups as horse_fever_setups
from ..properties import Setup, step_random
from ..wetten.test_properties import game_setups as wetten_setups
from ..winners_circle.test_properties import game_setups as winners_circle_setups
from ..wits_and_wagers.test_properties import game_setups as wits_setups

SETUPS: dict[str, st.SearchStrategy[Setup]] = {
    "winners-circle": winners_circle_setups(),
    "wetten": wetten_setups(),
    "horse-fever": horse_fever_setups(),
    "wits-and-wagers": wits_setups(),
    "carcassonne": carcassonne_setups(),
}


def finished(game: Game, setup: Setup) -> Any:
    options, players, seed = setup
    state = game.new_state(options, players)
    rng = random.Random(seed)
    while not state.is_over:
        step_random(state, rng)
    return state


def check(game: Game, state: Any) -> Standings:
    result = state.result()
    standings = game.standings(state)
    assert standings is not None and result is not None
    for standing in standings.seats:
        total = sum(line.points for line in standing.lines)
        assert total == standing.score == result.scores[standing.seat], (
            standing.seat,
            standing.lines,
        )
        assert standing.rank == result.ranking[standing.seat]
        assert standing.winner == (standing.seat in result.winners)
        assert all(line.label and line.points for line in standing.lines)
    assert [s.seat for s in standings.seats] == list(range(state.num_players))
    return standings


def make_test(game_id: str, examples: int) -> Any:
    @settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(SETUPS[game_id])
    def test(setup: Setup) -> None:
        game = get_game(game_id)
        check(game, finished(game, setup))

    test.__doc__ = f"Issue 15: {game_id}'s standings add up to every score and keep its ranking."
    return test


test_winners_circle_standings_add_up = make_test("winners-circle", 300)
test_wetten_standings_add_up = make_test("wetten", 150)
test_horse_fever_standings_add_up = make_test("horse-fever", 300)
test_wits_and_wagers_standings_add_up = make_test("wits-and-wagers", 150)
test_carcassonne_standings_add_up = make_test("carcassonne", 100)


def test_no_standings_before_the_end() -> None:
    """Issue 15: standings are the end of a game; a game under way has none."""
    for game_id in SETUPS:
        game = get_game(game_id)
        assert game.standings(game.new_state({}, max(4, game.min_players))) is None
