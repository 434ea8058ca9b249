"""Marks and accuracy of a review (issue 26, "What a review holds").

A judged decision has the value of the move the seat made (``chosen``) and of the best
move it could have made (``best``), each an expected value with its 95% interval from
the tote board, in the game's unit. The value it gave up is ``lost = best - chosen``
(never below 0), and it is read against the game's **stake scale** ``S`` at that
moment (what one unit of betting risks, :meth:`Judge.scale`):

==============  ===================================
mark            lost
==============  ===================================
best            0 (the chosen move is valued highest)
good            up to 0.1 S
inaccuracy      up to 0.3 S
mistake         up to 1 S
blunder         above 1 S
==============  ===================================

A decision whose chosen and best intervals overlap (the board does not tell them
apart) is never marked worse than an inaccuracy.

Accuracy of one decision is ``100 * exp(-lost / S)`` (100 for the best move, about 90
at 0.1 S, 74 at 0.3 S, 37 at 1 S); a seat's accuracy is the mean over its judged
decisions, so it is comparable across games of one kind whatever their stakes.
"""

from __future__ import annotations

import math
from typing import Final, Literal

from tote.core.tote_board import Estimate

Mark = Literal["best", "good", "inaccuracy", "mistake", "blunder"]

MARKS: Final[tuple[Mark, ...]] = ("best", "good", "inaccuracy", "mistake", "blunder")
"""From the best mark to the worst."""

THRESHOLDS: Final[tuple[tuple[Mark, float], ...]] = (
    ("good", 0.1),
    ("inaccuracy", 0.3),
    ("mistake", 1.0),
)
"""The most value a mark allows to be lost, as a share of the stake scale; above the
last, a blunder."""

CAPPED: Final[Mark] = "inaccuracy"
"""The worst mark of a decision whose chosen and best intervals overlap."""


def overlap(chosen: Estimate, best: Estimate) -> bool:
    """Whether the two 95% intervals overlap: the board does not tell the moves apart."""
    return chosen.high >= best.low and best.high >= chosen.low


def mark_of(chosen: Estimate, best: Estimate, scale: float) -> Mark:
    """The mark of a decision (the table in the module's docstring)."""
    lost = max(0.0, best.value - chosen.value)
    return mark_by_lost(lost, scale, apart=not overlap(chosen, best))


def mark_by_lost(lost: float, scale: float, *, apart: bool) -> Mark:
    """The mark of ``lost`` against the scale ``S``; ``apart``: whether the intervals
    tell the chosen and best moves apart (if not, at most an inaccuracy). The search's
    decisions (:mod:`tote.review.search_judge`) give ``apart`` from the interval of
    their paired difference, the board's from the overlap of the two values'."""
    if lost <= 0.0:
        return "best"
    found: Mark = "blunder"
    for name, share in THRESHOLDS:
        if lost <= share * scale:
            found = name
            break
    if not apart and MARKS.index(found) > MARKS.index(CAPPED):
        return CAPPED
    return found


def accuracy_of(lost: float, scale: float) -> float:
    """One decision's accuracy in percent: ``100 * exp(-lost / scale)``."""
    return 100.0 * math.exp(-max(0.0, lost) / scale)
