"""Counts and means over many games, grouped as tables: the common part of every game's
accumulator (:mod:`tote.sim.games`).

A game's accumulator turns each row's columns into ``count(group, row, col)`` and
``measure(group, row, col, x)`` calls; :meth:`Tally.to_json` writes every group as
nested ``{row: {col: ...}}`` objects with sorted keys, so the summary is the same
whatever order equal rows came in, and :meth:`Tally.rate_table` /
:meth:`Tally.mean_table` turn a group into a :class:`~tote.sim.game_stats.StatTable`.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tote.sim.game_stats import Scalar, StatTable


def natural(key: str) -> tuple[Any, ...]:
    """Sort "gate 2" before "gate 10": digit runs compare as numbers."""
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", key))


@dataclass
class Measure:
    """Count, sum, sum of squares, least and greatest of a number over games."""

    n: int = 0
    total: float = 0.0
    squares: float = 0.0
    low: float = math.inf
    high: float = -math.inf

    def add(self, x: float) -> None:
        self.n += 1
        self.total += x
        self.squares += x * x
        self.low = min(self.low, x)
        self.high = max(self.high, x)

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    @property
    def sd(self) -> float:
        """The sample standard deviation (0 for fewer than two values)."""
        if self.n < 2:
            return 0.0
        return math.sqrt(max(0.0, (self.squares - self.n * self.mean**2) / (self.n - 1)))

    def to_json(self) -> dict[str, float | int]:
        if not self.n:
            return {"n": 0}
        return {
            "n": self.n,
            "mean": self.mean,
            "sd": self.sd,
            "min": self.low,
            "max": self.high,
        }


class Tally:
    """Grouped counts and measures; the base of every game's accumulator."""

    def __init__(self) -> None:
        self.games = 0
        self.counts: dict[str, dict[str, Counter[str]]] = {}
        self.measures: dict[str, dict[str, dict[str, Measure]]] = {}

    def count(self, group: str, row: str, col: str, k: int = 1) -> None:
        self.counts.setdefault(group, {}).setdefault(row, Counter())[col] += k

    def measure(self, group: str, row: str, col: str, x: float) -> None:
        cells = self.measures.setdefault(group, {}).setdefault(row, {})
        cells.setdefault(col, Measure()).add(x)

    def get(self, group: str, row: str, col: str) -> int:
        return self.counts.get(group, {}).get(row, Counter())[col]

    def mean(self, group: str, row: str, col: str) -> Measure:
        return self.measures.get(group, {}).get(row, {}).get(col, Measure())

    def rows(self, group: str) -> list[str]:
        found = set(self.counts.get(group, {})) | set(self.measures.get(group, {}))
        return sorted(found, key=natural)

    def to_json(self) -> dict[str, Any]:
        """Every group as nested objects with naturally sorted keys: deterministic."""
        return {
            "games": self.games,
            "counts": {
                g: {r: _sorted(dict(c)) for r, c in _sorted(rows).items()}
                for g, rows in _sorted(self.counts).items()
            },
            "means": {
                g: {
                    r: {c: m.to_json() for c, m in _sorted(cells).items()}
                    for r, cells in _sorted(rows).items()
                }
                for g, rows in _sorted(self.measures).items()
            },
        }

    def rate_table(
        self,
        title: str,
        group: str,
        cols: Sequence[str],
        per: int | Mapping[str, int] | None = None,
        head: str = "",
    ) -> StatTable:
        """Each row's counts as shares of ``per`` (a number, one per row, or the row's
        own total), with the number of cases in the last column."""
        header = [head or group, *cols, "n"]
        rows = []
        for row in self.rows(group):
            counts = self.counts.get(group, {}).get(row, Counter())
            if per is None:
                n = sum(counts.values())
            elif isinstance(per, int):
                n = per
            else:
                n = per.get(row, 0)
            rows.append([row, *(_share(counts[c], n) for c in cols), str(n)])
        return StatTable(title, header, rows)

    def mean_table(
        self,
        title: str,
        group: str,
        cols: Sequence[str],
        head: str = "",
        order: Sequence[str] | None = None,
    ) -> StatTable:
        """Each row's means (per game or per case, as the measure was taken), in
        ``order`` when given."""
        rows = []
        for row in self.rows(group) if order is None else order:
            cells = self.measures.get(group, {}).get(row, {})
            rows.append([row, *(_number(cells[c].mean) if c in cells else "-" for c in cols)])
        return StatTable(title, [head or group, *cols], rows)

    def tables(self) -> list[StatTable]:
        """The game's headline tables (its length is the runner's: moves and rounds)."""
        return []


def _sorted(d: Mapping[str, Any]) -> dict[str, Any]:
    return {k: d[k] for k in sorted(d, key=natural)}


def _share(k: int, n: int) -> str:
    return f"{k / n:.1%}" if n else "-"


def _number(x: float) -> str:
    return f"{x:,.0f}" if abs(x) >= 100 else f"{x:.2f}"


def text(value: Scalar) -> str:
    """A column's value as a table cell or a key ("-" for none)."""
    return "-" if value is None else str(value)


def split(value: Scalar) -> list[str]:
    """A comma-joined column (e.g. several last horses) as its parts."""
    return [] if value is None or value == "" else str(value).split(",")
