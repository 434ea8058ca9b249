"""The typed results of a review (issue 26): one :class:`Decision` per move a seat made,
a :class:`SeatSummary` per seat, the whole :class:`Review`; each has ``to_json()``, the
shape ``tote review --json`` prints and a server endpoint can serve as it stands."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from tote.core.tote_board import Estimate
from tote.review.marks import Mark

NOT_JUDGED = "not judged"
"""How the reason of a decision with no mark begins; the rest says why (the only legal
move, a kind of move no search judges, the search turned off)."""

Judged = Literal["board", "search"]
"""Who judged a decision: the tote board (a bet, valued in the game's unit) or the
``strong`` bot's search (any other move, valued as a standing or a share, in [0, 1])."""


def _estimate(e: Estimate | None) -> dict[str, float] | None:
    return None if e is None else e.to_json()


@dataclass(frozen=True, slots=True)
class Decision:
    """One move of one seat, judged from what the seat knew when it made it.

    ``index`` is the move's place in the record's moves (chance moves counted);
    ``chosen`` and ``best`` are expected values with their 95% intervals, in the game's
    unit, by the tote board (its values of every bet, on the same worlds); ``lost`` is
    ``best - chosen`` (at least 0). ``expected`` is what the move was expected to earn
    as it was played (worlds where it is made first, :func:`engine.expected_value`),
    ``actual`` what it earned as the game went on, ``luck`` is ``actual - expected``.

    ``judge`` says who valued it: ``"board"`` as above, or ``"search"``
    (:mod:`tote.review.search_judge`): then ``chosen`` and ``best`` are the seat's
    expected standing (or share of the points) at the search's horizon, in [0, 1]
    (``unit``), ``difference`` is ``best - chosen`` on the same worlds (paired) with
    its interval, and there is no ``expected``, ``actual`` or luck (such a move earns no
    money by itself). A decision no one values has ``mark`` ``None`` and ``reason``
    saying why."""

    index: int
    seat: int
    move: dict[str, Any]
    label: str
    mark: Mark | None = None
    reason: str | None = None
    chosen: Estimate | None = None
    best: Estimate | None = None
    best_label: str | None = None
    lost: float = 0.0
    scale: float = 0.0
    accuracy: float | None = None
    expected: Estimate | None = None
    actual: float | None = None
    worlds: int = 0
    judge: Judged | None = None
    unit: str = ""
    """The unit of ``chosen``, ``best`` and ``lost``: the game's (the board), or
    ``"standing"`` / ``"share"`` (the search, in [0, 1])."""
    difference: Estimate | None = None
    """The search's ``best - chosen``, from paired samples, with its 95% interval."""

    @property
    def judged(self) -> bool:
        return self.mark is not None

    @property
    def luck(self) -> float | None:
        if self.actual is None or self.expected is None:
            return None
        return self.actual - self.expected.value

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seat": self.seat,
            "move": self.move,
            "label": self.label,
            "judged": self.judged,
            "mark": self.mark,
            "reason": self.reason,
            "chosen": _estimate(self.chosen),
            "best": _estimate(self.best),
            "best_label": self.best_label,
            "lost": self.lost,
            "scale": self.scale,
            "accuracy": self.accuracy,
            "expected": _estimate(self.expected),
            "actual": self.actual,
            "luck": self.luck,
            "worlds": self.worlds,
            "judge": self.judge,
            "unit": self.unit,
            "difference": _estimate(self.difference),
        }


@dataclass(frozen=True, slots=True)
class SeatSummary:
    """A seat's game in a few numbers (docs/review.md).

    ``expected`` is the sum of its judged bets' values at the time, ``actual`` what
    those bets earned, ``luck`` the difference; ``left_on_table`` the value its bets
    lost, summed (in the game's unit: the board's decisions only); ``accuracy`` the
    mean of all its judged decisions' accuracies, the board's and the search's
    (``None`` with none judged); ``searched`` how many of them the search judged."""

    seat: int
    name: str
    judged: int
    not_judged: int
    accuracy: float | None
    left_on_table: float
    expected: float
    actual: float
    marks: dict[str, int]
    biggest_luck: int | None
    """The ``index`` of the decision with the largest luck either way."""
    worst: list[int]
    """The ``index`` of its (up to) three decisions that lost the most value."""
    final: float | None = None
    """Its money or points at the end of the game, as the game counts them."""
    searched: int = 0
    """How many of its ``judged`` decisions the search judged (the rest, the board)."""

    @property
    def luck(self) -> float:
        return self.actual - self.expected

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name,
            "judged": self.judged,
            "not_judged": self.not_judged,
            "accuracy": self.accuracy,
            "left_on_table": self.left_on_table,
            "expected": self.expected,
            "actual": self.actual,
            "luck": self.luck,
            "marks": self.marks,
            "biggest_luck": self.biggest_luck,
            "worst": self.worst,
            "final": self.final,
            "searched": self.searched,
        }


@dataclass(frozen=True, slots=True)
class Review:
    """A finished game's review: every decision of the seats reviewed, and their
    summaries."""

    game: str
    seed: int | None
    unit: str
    worlds: int
    """The most worlds the board sampled per decision."""
    seats: list[SeatSummary]
    decisions: list[Decision] = field(default_factory=list)
    search_worlds: int = 0
    """The worlds the search sampled per decision it judged (0: no search)."""

    def seat(self, seat: int) -> SeatSummary:
        return next(s for s in self.seats if s.seat == seat)

    def decision(self, index: int) -> Decision:
        return next(d for d in self.decisions if d.index == index)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": "tote-review",
            "version": 1,
            "game": self.game,
            "seed": self.seed,
            "unit": self.unit,
            "worlds": self.worlds,
            "search_worlds": self.search_worlds,
            "seats": [s.to_json() for s in self.seats],
            "decisions": [d.to_json() for d in self.decisions],
        }
