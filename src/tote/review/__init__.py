"""The review of a finished game (issue 26): each decision of each seat against the
best, from what the seat knew then, and luck told apart from skill.

An outer ring: it depends on ``tote.core``, ``tote.games`` and ``tote.bots`` (the
``strong`` bot's search), never the reverse.
Read in this order: ``marks.py`` (marks, thresholds, accuracy), ``model.py`` (the typed
results), ``judges.py`` and ``games.py`` (what each game adds to its tote board),
``search_judge.py`` (the moves that are not bets, by ``strong``'s search),
``engine.py`` (the replay, the boards and the search). The method: docs/review.md.
"""

import sys as _sys
import types as _types
from typing import Any

from tote.core.record import Record
from tote.review.engine import MOST_WORLDS, WORLDS, review
from tote.review.marks import MARKS, Mark
from tote.review.model import NOT_JUDGED, Decision, Review, SeatSummary
from tote.review.search_judge import MOST_SEARCH_WORLDS

__all__ = [
    "MARKS",
    "MOST_SEARCH_WORLDS",
    "MOST_WORLDS",
    "NOT_JUDGED",
    "WORLDS",
    "Decision",
    "Mark",
    "Review",
    "SeatSummary",
    "review",
]


class _ReviewModule(_types.ModuleType):
    """This package, callable: ``tote.review(record, seat)`` is :func:`review` (issue
    26's Python API) although ``tote.review`` is also this package's name."""

    def __call__(self, record: Record, seat: int | None = None, **options: Any) -> Review:
        return review(record, seat, **options)


_sys.modules[__name__].__class__ = _ReviewModule
