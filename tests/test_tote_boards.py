"""Every game's tote board (issue 12, 2), at positions of seeded random games: a seat's
board is the same at the real state and at any state it cannot tell from it (so it
cannot depend on other seats' secrets), and its chances add up as the race's places
do."""

from __future__ import annotations

import random

import pytest

from tote.core import CHANCE, State, all_games
from tote.core.game import Game
from tote.core.tote_board import estimate

from .properties import play_to_horizon

PLAYERS = {"wits-and-wagers": 4, "wetten": 4, "carcassonne": 3}
GAMES = [g for g in all_games() if g.markets is not None]


def positions(game: Game, seed: int, every: int = 40) -> list[State]:
    """Copies of a seeded random game's state, one in ``every`` moves."""
    state = game.new_state(None, PLAYERS.get(game.id, 3))
    rng = random.Random(seed)
    found = []
    moves = 0
    while not state.is_over:
        if moves % every == every - 1:
            found.append(state.clone())
        turn = state.turn()
        if turn.chance:
            state.apply(CHANCE, state.sample_chance(rng))
        else:
            state.apply(turn.seats[0], state.random_move(turn.seats[0], rng))
        moves += 1
    return found[:4]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_a_seats_board_is_blind_to_what_it_cannot_see(game: Game) -> None:
    """Issue 12, 2: the board of a seat does not change when only other seats' secrets
    change: at a world drawn for the seat (whose hidden parts are drawn afresh) it is
    the board of the real state, for the same seed."""
    markets = game.markets
    assert markets is not None
    for k, state in enumerate(positions(game, seed=3)):
        seat = k % state.num_players
        other = state.sample_world(seat, random.Random(k))
        boards = [
            estimate(s, seat, markets, rng=random.Random(9), samples=60).to_json()
            for s in (state, other)
        ]
        for board in boards:
            board.pop("seconds")
        assert boards[0] == boards[1], f"{game.id}, seat {seat}"


@pytest.mark.parametrize(
    "game",
    [g for g in GAMES if g.id in ("horse-fever", "wetten", "winners-circle")],
    ids=lambda g: g.id,
)
def test_every_place_goes_to_exactly_one_horse(game: Game) -> None:
    """Every race has a winner: the horses' chances of finishing first add up to 1 (in
    Wetten! to at least 1: horses reaching the goal together share a place)."""
    markets = game.markets
    assert markets is not None
    state = positions(game, seed=5)[0]
    board = estimate(state, 0, markets, rng=random.Random(1), samples=200)
    first = "win" if game.id == "winners-circle" else "1st"
    total = sum(outcomes[first].value for outcomes in board.markets.values())
    if game.id == "wetten":
        assert total >= 1.0 - 1e-9
    else:
        assert total == pytest.approx(1.0)


@pytest.mark.parametrize(
    "game", [g for g in GAMES if g.id in ("horse-fever", "wetten")], ids=lambda g: g.id
)
def test_the_first_race_chances_agree_with_real_first_races(game: Game) -> None:
    """Issue 12, 2 (honesty): before the first deal nothing is known to anyone; the
    public board's chance of each horse winning the first race agrees with its share of
    wins in 1,500 real games (the engine's own chance, every move checked, random
    players), within three standard errors of the difference."""
    markets = game.markets
    assert markets is not None
    players = PLAYERS.get(game.id, 3)
    start = game.new_state(None, players)
    board = estimate(start, None, markets, rng=random.Random(4), samples=1500, precision=0.001)
    runs = 1500
    wins: dict[str, int] = {}
    for seed in range(runs):
        state = game.new_state(None, players)
        play_to_horizon(start, state, markets, random.Random(10_000 + seed))
        for market, outcome in markets.outcomes(start, state).items():
            if outcome == "1st":
                wins[market] = wins.get(market, 0) + 1
    for market, outcomes in board.markets.items():
        p = outcomes["1st"].value
        f = wins.get(market, 0) / runs
        pooled = max((p + f) / 2, 0.01)
        tolerance = 3 * (pooled * (1 - pooled) * (1 / board.samples + 1 / runs)) ** 0.5
        assert abs(p - f) <= tolerance, f"{game.id} {market}: board {p:.3f}, real {f:.3f}"


@pytest.mark.parametrize(
    "game", [g for g in GAMES if g.markets and not g.markets.other_units], ids=lambda g: g.id
)
def test_a_board_in_one_unit_keeps_its_json(game: Game) -> None:
    """Issue 12 (Horse Fever's VP): a second unit is an addition to the board's JSON; a
    game whose bets pay in one unit has neither ``other_units`` nor ``other_ev``."""
    markets = game.markets
    assert markets is not None
    for k, state in enumerate(positions(game, seed=3)):
        board = estimate(state, k % state.num_players, markets, rng=random.Random(2), samples=30)
        found = board.to_json()
        assert "other_units" not in found
        assert all("other_ev" not in bet for bet in found["bets"])
        assert all(bet.other == {} for bet in board.bets)
