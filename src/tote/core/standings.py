"""The final standing of a finished game: every seat's rank and score, and how the
points came, line by line, in the game's own terms (issue 15).

A game's :meth:`~tote.core.game.Game.standings` builds it from the finished state and
its log only; the lines of a seat add up to exactly its score (the tests check it on
many random games of every variant), and the ranking is the game's
:class:`~tote.core.result.Result`, tie-breaks included, so the standing never says
anything the result does not.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tote.core.result import Result


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One source of a seat's score: what it was, and the points (or money) it gave;
    negative when it cost."""

    label: str
    points: int

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "points": self.points}


@dataclass(frozen=True, slots=True)
class Standing:
    """One seat at the end: its rank (1 = best, ties share), its score, and the lines
    that make it up; ``note`` says what else decided the ranking (the Danari of a tie)."""

    seat: int
    rank: int
    score: int
    winner: bool
    lines: tuple[ScoreLine, ...]
    note: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "rank": self.rank,
            "score": self.score,
            "winner": self.winner,
            "lines": [line.to_json() for line in self.lines],
            "note": self.note,
        }


@dataclass(frozen=True, slots=True)
class Standings:
    """Every seat's :class:`Standing`, in seat order, with the unit the scores count
    ("money", "VP", "points") and the tie-break the rules use, if any."""

    unit: str
    tie_break: str | None
    seats: tuple[Standing, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "unit": self.unit,
            "tie_break": self.tie_break,
            "seats": [s.to_json() for s in self.seats],
        }


def build_standings(
    result: Result,
    lines: Sequence[Sequence[ScoreLine]],
    *,
    unit: str = "points",
    tie_break: str | None = None,
    notes: Sequence[str | None] | None = None,
) -> Standings:
    """The standings of ``result`` with each seat's ``lines`` (lines worth 0 are left
    out: they tell nothing)."""
    return Standings(
        unit,
        tie_break,
        tuple(
            Standing(
                seat,
                result.ranking[seat],
                result.scores[seat],
                seat in result.winners,
                tuple(line for line in lines[seat] if line.points),
                None if notes is None else notes[seat],
            )
            for seat in range(len(result.scores))
        ),
    )


def plain_standings(result: Result, unit: str = "points") -> Standings:
    """The standings a game gives when it says nothing more: one line, the final score."""
    return build_standings(
        result, [[ScoreLine("Final score", score)] for score in result.scores], unit=unit
    )
