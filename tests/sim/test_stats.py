"""Issue 14, Statistics: per seat, per bot, seat order and length, against hand counts."""

from __future__ import annotations

import math
import statistics

import pytest

from tote.core.tote_board import Z95
from tote.sim import iter_rows, plan_games, run_plan
from tote.sim.runner import GameRow
from tote.sim.stats import Tally, chi2_survival

WC = "winners-circle"


def row(index: int, bots: tuple[str, ...], scores: tuple[int, ...], moves: int) -> GameRow:
    best = max(scores)
    ranking = tuple(1 + sum(other > s for other in scores) for s in scores)
    winners = tuple(seat for seat, s in enumerate(scores) if s == best)
    return GameRow(index, 10 + index, bots, scores, ranking, winners, moves, moves // 2)


# Four games by hand: seat 1 wins two, seat 2 wins one, and game 3 is shared by seats 1 and 3.
ROWS = [
    row(0, ("odds", "random", "odds"), (30, 10, 20), 100),
    row(1, ("odds", "random", "odds"), (5, 40, 15), 120),
    row(2, ("odds", "random", "odds"), (25, 0, 25), 90),
    row(3, ("odds", "random", "odds"), (50, 45, 40), 110),
]


def hand_wilson(k: int, n: int) -> tuple[float, float]:
    p, z = k / n, Z95
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def tally(rows: list[GameRow]) -> Tally:
    counter = Tally("test-game", 3, ("odds", "random", "odds"))
    for r in rows:
        counter.add(r)
    return counter


def test_seat_numbers_match_the_hand_count() -> None:
    """Issue 14: win rate with a 95% interval (a shared win counts for each winner),
    mean and spread of the final score, shared wins."""
    s = tally(ROWS).summary(seed=10, variants=(), options={})
    assert s.wins == (3, 1, 1) and s.shared_wins == 1
    first, second, third = s.seats
    assert (second.wins, second.shared_wins) == (1, 0)
    assert (first.games, first.wins, first.shared_wins) == (4, 3, 1)
    assert (third.wins, third.shared_wins) == (1, 1)
    assert first.win_rate.value == pytest.approx(0.75)
    assert (first.win_rate.low, first.win_rate.high) == pytest.approx(hand_wilson(3, 4))
    assert first.score.mean == pytest.approx(statistics.mean([30, 5, 25, 50]))
    assert first.score.sd == pytest.approx(statistics.stdev([30, 5, 25, 50]))
    assert (first.score.low, first.score.high) == (5, 50)
    assert s.mean_score == pytest.approx((27.5, 23.75, 25.0))


def test_bot_numbers_pool_every_seat_a_bot_played() -> None:
    """Issue 14: per bot when bots differ: odds held 8 seat-games (seats 1 and 3) and won 4."""
    s = tally(ROWS).summary(seed=10, variants=(), options={})
    odds, random_bot = s.by_bot["odds"], s.by_bot["random"]
    assert (odds.games, odds.wins, odds.shared_wins) == (8, 4, 2)
    assert odds.score.mean == pytest.approx(statistics.mean([30, 5, 25, 50, 20, 15, 25, 40]))
    assert (random_bot.games, random_bot.wins) == (4, 1)
    assert (odds.win_rate.low, odds.win_rate.high) == pytest.approx(hand_wilson(4, 8))
    assert tally([]).summary(seed=0, variants=(), options={}).by_bot  # two bots: listed
    same = Tally("test-game", 2, ("random", "random")).summary(seed=0, variants=(), options={})
    assert same.by_bot == {}


def test_seat_order_is_a_chi_square_of_the_seats_wins() -> None:
    """Issue 14: the effect of seat order: win rate by seat, chi-square against equal shares."""
    order = tally(ROWS).summary(seed=10, variants=(), options={}).seat_order
    assert order is not None and not order.same_bots and not order.rotated
    expected = 5 / 3
    chi2 = sum((w - expected) ** 2 / expected for w in (3, 1, 1))
    assert order.chi2 == pytest.approx(chi2) and order.dof == 2
    assert order.p_value == pytest.approx(math.exp(-chi2 / 2))  # 2 dof: the sf is exp(-x/2)


@pytest.mark.parametrize(
    ("x", "dof", "p"),
    [(3.841459, 1, 0.05), (5.991465, 2, 0.05), (7.814728, 3, 0.05), (13.276704, 4, 0.01),
     (11.070498, 5, 0.05), (0.0, 3, 1.0), (1.0, 1, 0.3173105)],
)  # fmt: skip
def test_chi_square_tail_matches_the_tables(x: float, dof: int, p: float) -> None:
    assert chi2_survival(x, dof) == pytest.approx(p, abs=1e-6)


def test_game_length_in_moves() -> None:
    """Issue 14: game length in moves (the seats' and the chance moves)."""
    length = tally(ROWS).summary(seed=10, variants=(), options={}).length
    assert length["moves"].mean == pytest.approx(105.0)
    assert length["moves"].sd == pytest.approx(statistics.stdev([100, 120, 90, 110]))
    assert (length["moves"].low, length["moves"].high) == (90, 120)
    assert length["chance_moves"].mean == pytest.approx(52.5)


def test_a_real_run_sums_its_rows() -> None:
    """The summary of a real run is its rows' counts (played independently, one by one)."""
    plan = plan_games(WC, 3, 12, seed=31, bots=["odds", "random"])
    rows = list(iter_rows(plan))
    summary = run_plan(plan)
    for seat in range(3):
        scores = [r.scores[seat] for r in rows]
        assert summary.seats[seat].wins == sum(seat in r.winners for r in rows)
        assert summary.seats[seat].score.sd == pytest.approx(statistics.stdev(scores))
    assert summary.shared_wins == sum(len(r.winners) > 1 for r in rows)
    assert summary.length["moves"].mean == pytest.approx(statistics.mean(r.moves for r in rows))


def test_rotating_bots_puts_every_bot_in_every_seat() -> None:
    """Issue 14: seat order "with rotating bots": game i turns the bots i seats."""
    plan = plan_games(WC, 3, 6, bots=["odds", "random", "random"], rotate=True)
    rows = list(iter_rows(plan))
    assert [r.bots for r in rows[:3]] == [
        ("odds", "random", "random"),
        ("random", "random", "odds"),
        ("random", "odds", "random"),
    ]
    summary = run_plan(plan)
    assert summary.rotate and summary.seat_order is not None and summary.seat_order.rotated
    assert summary.by_bot["odds"].games == 6 and summary.by_bot["random"].games == 12
