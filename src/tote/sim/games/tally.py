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

from tote.core.tote_board import wilson
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
        # Conditional expressions, not min() and max(), which parse their arguments
        # as keywords at every call in Python 3.11 (issue 24); ties keep the old value,
        # as min() and max() do.
        self.low = x if x < self.low else self.low
        self.high = x if x > self.high else self.high

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
        self.flat_counts: Counter[tuple[str, str, str]] = Counter()
        """(group, row, col) -> count: one dictionary step per count (the parent
        process adds every game's row, so this is on the runner's critical path)."""
        self.flat_measures: dict[tuple[str, str, str], Measure] = {}

    def count(self, group: str, row: str, col: str, k: int = 1) -> None:
        self.flat_counts[group, row, col] += k

    def measure(self, group: str, row: str, col: str, x: float) -> None:
        key = (group, row, col)
        cell = self.flat_measures.get(key)
        if cell is None:
            cell = self.flat_measures[key] = Measure()
        cell.add(x)

    def get(self, group: str, row: str, col: str) -> int:
        return self.flat_counts[group, row, col]

    def mean(self, group: str, row: str, col: str) -> Measure:
        return self.flat_measures.get((group, row, col), Measure())

    @property
    def counts(self) -> dict[str, dict[str, Counter[str]]]:
        """The counts as group -> row -> col -> count."""
        nested: dict[str, dict[str, Counter[str]]] = {}
        for (group, row, col), n in self.flat_counts.items():
            nested.setdefault(group, {}).setdefault(row, Counter())[col] += n
        return nested

    @property
    def measures(self) -> dict[str, dict[str, dict[str, Measure]]]:
        """The measures as group -> row -> col -> measure."""
        nested: dict[str, dict[str, dict[str, Measure]]] = {}
        for (group, row, col), m in self.flat_measures.items():
            nested.setdefault(group, {}).setdefault(row, {})[col] = m
        return nested

    def rows(self, group: str) -> list[str]:
        found = {r for g, r, _ in self.flat_counts if g == group}
        found |= {r for g, r, _ in self.flat_measures if g == group}
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
        nested = self.counts.get(group, {})
        for row in self.rows(group):
            counts = nested.get(row, Counter())
            if per is None:
                n = sum(counts.values())
            elif isinstance(per, int):
                n = per
            else:
                n = per.get(row, 0)
            rows.append([row, *(share(counts[c], n) for c in cols), str(n)])
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
        nested = self.measures.get(group, {})
        for row in self.rows(group) if order is None else order:
            cells = nested.get(row, {})
            rows.append([row, *(_number(cells[c].mean) if c in cells else "-" for c in cols)])
        return StatTable(title, [head or group, *cols], rows)

    def tables(self) -> list[StatTable]:
        """The game's headline tables (its length is the runner's: moves and rounds)."""
        return []


def _sorted(d: Mapping[str, Any]) -> dict[str, Any]:
    return {k: d[k] for k in sorted(d, key=natural)}


def share(k: int, n: int) -> str:
    """A share with its 95% Wilson interval (issue 29, Fix: shares had none)."""
    if not n:
        return "-"
    rate = wilson(k, n)
    return f"{rate.value:.1%} ({100 * rate.low:.1f}-{rate.high:.1%})"


def _number(x: float) -> str:
    return f"{x:,.0f}" if abs(x) >= 100 else f"{x:.2f}"


def text(value: Scalar) -> str:
    """A column's value as a table cell or a key ("-" for none)."""
    return "-" if value is None else str(value)


def split(value: Scalar) -> list[str]:
    """A comma-joined column (e.g. several last horses) as its parts."""
    return [] if value is None or value == "" else str(value).split(",")
