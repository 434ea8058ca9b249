"""Carcassonne's tote board (issue 12, 2): honest feature sizes for a bookmaker tile's
chips, and chip values as CB 3.3 pays them."""

from __future__ import annotations

import math
import random
import statistics
from collections import Counter

from tote.core import CHANCE
from tote.core.tote_board import Z95, estimate
from tote.games.carcassonne import GAME
from tote.games.carcassonne.phases import BET
from tote.games.carcassonne.state import CarcassonneState
from tote.games.carcassonne.tote_board import end_size, market_name

from ..properties import play_to_horizon

MARKETS = GAME.markets
assert MARKETS is not None


def first_open_office(seed: int, players: int = 3) -> CarcassonneState:
    """A seeded random game, stopped the first time a betting office is placed and its
    bets are open (CB 2.1)."""
    state = GAME.new_state(None, players)
    assert isinstance(state, CarcassonneState)
    rng = random.Random(seed)
    while state.phase != BET:
        assert not state.is_over, "no betting office in this game"
        turn = state.turn()
        if turn.chance:
            state.apply(CHANCE, state.sample_chance(rng))
        else:
            state.apply(turn.seats[0], state.random_move(turn.seats[0], rng))
    return state


def real_continuations(
    state: CarcassonneState, runs: int, seed: int
) -> tuple[Counter[str], dict[str, list[int]]]:
    """How the office's market ended over ``runs`` independent real continuations of the
    real state (the engine's own chance for the tiles to come, every move checked,
    random players), each played until the board's horizon; and what each chip face on
    the office would have paid in each (CB 3.3, on the size its stack settles on)."""
    assert MARKETS is not None
    rng = random.Random(seed)
    ends: Counter[str] = Counter()
    paid: dict[str, list[int]] = {chip.id: [] for chip in state.data.chip_by_id.values()}
    name = market_name(state, state.bet_tile)
    for _ in range(runs):
        world = play_to_horizon(state, state.clone(), MARKETS, rng)
        ends[MARKETS.outcomes(state, world)[name]] += 1
        size, _ = end_size(world, state.bet_tile)
        for chip in state.data.chip_by_id.values():
            paid[chip.id].append(chip.payout(size))
    return ends, paid


RUNS = 800
SEED = 15
"""A game whose first betting office has a spread of outcomes: its city is completed at
2, 3, 4 or 5 tiles, or never."""


def test_the_office_sizes_and_chip_values_agree_with_real_continuations() -> None:
    """Issue 12, 2 (honesty), CB 3.1, CB 3.3: at the first betting office of a seeded
    game, the board of the seat to bet (whose sampled worlds redraw the other players'
    face-down chips) gives each size of the office's first completed road or city the
    chance it has over 800 independent real continuations, and each chip face the value
    it pays on average there, within three standard errors of the difference (chances
    floored at 1%)."""
    assert MARKETS is not None
    state = first_open_office(SEED)
    seat = state.turn().seats[1]
    board = estimate(state, seat, MARKETS, rng=random.Random(2), samples=RUNS, precision=1e-4)
    assert board.samples == RUNS
    real, paid = real_continuations(state, RUNS, seed=3)
    market = board.markets[market_name(state, state.bet_tile)]
    assert market["unfinished"].value < 0.5, "a position where the feature often completes"
    for outcome in {*market, *real}:
        p = market[outcome].value if outcome in market else 0.0
        f = real[outcome] / RUNS
        pooled = max((p + f) / 2, 0.01)
        tolerance = 3 * math.sqrt(pooled * (1 - pooled) * 2 / RUNS)
        assert abs(p - f) <= tolerance, f"{outcome}: board {p:.3f}, real {f:.3f}"
    assert board.bets, "the seat to bet has chips to lay"
    for value in board.bets:
        pays = paid[value.bet.key]
        mean = statistics.fmean(pays)
        board_se = (value.ev.high - value.ev.value) / Z95
        real_se = statistics.stdev(pays) / math.sqrt(RUNS)
        tolerance = 3 * math.hypot(board_se, real_se) + 1e-9
        assert abs(value.ev.value - mean) <= tolerance, f"{value.bet.key}: {value.ev.value}, {mean}"


def test_every_seat_betting_has_the_chips_it_may_lay_and_spectators_none() -> None:
    """CB 2.1: everyone with chips may bet on the office just placed, at once and in
    secret; each such seat's board values its own chips, and the public board none."""
    assert MARKETS is not None
    state = first_open_office(SEED)
    turn = state.turn()
    assert turn.simultaneous and len(turn.seats) == state.num_players
    for seat in turn.seats:
        laid = {b.key for b in MARKETS.bets(state, seat)}
        legal = {getattr(m, "chip", None) for m in state.legal_moves(seat) or ()}
        assert laid and laid == legal - {None}
    assert MARKETS.bets(state, None) == []
