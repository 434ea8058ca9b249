"""Issue 26, "What a review holds": the marks' thresholds, the overlap rule and the
accuracy formula, as docs/review.md states them."""

from __future__ import annotations

import math

import pytest

from tote.core.tote_board import Estimate
from tote.review.marks import accuracy_of, mark_of


def sure(value: float) -> Estimate:
    """A value known exactly (an interval of width 0)."""
    return Estimate(value, value, value)


@pytest.mark.parametrize(
    ("lost", "mark"),
    [
        (0, "best"),
        (10, "good"),
        (10.01, "inaccuracy"),
        (30, "inaccuracy"),
        (30.01, "mistake"),
        (100, "mistake"),
        (100.01, "blunder"),
        (1000, "blunder"),
    ],
)
def test_marks_by_the_value_lost_against_the_stake_scale(lost: float, mark: str) -> None:
    """best 0; good up to 0.1 S; inaccuracy up to 0.3 S; mistake up to 1 S; blunder above."""
    assert mark_of(sure(200 - lost), sure(200), 100) == mark


def test_a_move_valued_above_the_best_listed_is_best() -> None:
    assert mark_of(sure(250), sure(200), 100) == "best"


def test_overlapping_intervals_are_never_a_mistake_or_worse() -> None:
    """The board cannot tell the moves apart: at most an inaccuracy."""
    chosen, best = Estimate(0, -60, 60), Estimate(150, 50, 250)
    assert mark_of(chosen, best, 100) == "inaccuracy"
    assert mark_of(Estimate(0, -10, 10), best, 100) == "blunder"
    assert mark_of(Estimate(145, 100, 190), best, 100) == "good"


def test_accuracy_is_100_times_exp_of_minus_the_share_lost() -> None:
    assert accuracy_of(0, 100) == 100
    assert accuracy_of(100, 100) == pytest.approx(100 / math.e)
    assert accuracy_of(30, 100) == pytest.approx(100 * math.exp(-0.3))
    assert accuracy_of(-5, 100) == 100
