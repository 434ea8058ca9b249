"""Two data sets side by side (issue 29, what-if on the data): ``--against other-data/``.

The same games are played with the game's data (A) and with other data (B); this
section sets their numbers side by side: every seat's win share and mean final score,
the game's length and the game's own numbers (the means of its
:class:`~tote.sim.game_stats.GameStats` columns), each with the difference B - A, its
95% interval and a test of "A and B play alike":

- a **share** (a seat's wins, a yes/no column) by the two-proportion z-test, with
  Newcombe's interval for the difference (from the two Wilson score intervals, sound
  near 0% and 100%);
- a **mean** (scores, lengths, number columns) by Welch's t-test (unequal variances),
  with its interval, both from :func:`scipy.stats.ttest_ind`.

Each difference also has an **effect size**, which does not grow with the number of
games as a p-value does: for a share, phi, the association of the data set with the
outcome in the 2 x 2 table of the games (:func:`scipy.stats.contingency.association`,
Cramer's V of a 2 x 2 table; 0.1 is small, 0.3 medium, 0.5 large by Cohen's
conventions); for a mean, Cohen's d, the difference over the two runs' pooled standard
deviation (0.2 small, 0.5 medium, 0.8 large).

Many numbers are tested at once, so a difference is called significant only when its
p-value, corrected by Holm's method for the number of tests, is below 5%. Both runs
usually play the same seeds, so their games share chance draws; the tests ignore that
pairing. Shared draws make the two runs' games alike (positively correlated), which
makes the unpaired tests cautious; only a negative correlation, which shared draws
rarely give, would make them too eager.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from scipy import stats

from tote.core.tote_board import wilson
from tote.sim.report.section import Cell, Flag, ReportTable, Section

if TYPE_CHECKING:
    from tote.sim.runner import GameRow

ALPHA = 0.05
"""A difference is significant when its Holm-corrected p-value is below this."""
MAX_FLAGS = 12
"""At most this many differences are flagged one by one (the rest are counted)."""


@dataclass(frozen=True)
class Difference:
    """One number compared: its value in A and B, B - A with its 95% interval, a test."""

    group: str
    """``win_share``, ``score``, ``length`` or ``game``: the table it belongs to."""
    name: str
    test: str
    """``two-proportion z`` or ``Welch t``."""
    a: float
    b: float
    n_a: int
    n_b: int
    low: float | None
    high: float | None
    p_value: float | None
    """None when there are too few values to test (fewer than two in a run, for a mean)."""
    effect: float | None = None
    """phi for a share, Cohen's d for a mean (module doc); None where it is undefined
    (every game alike)."""

    @property
    def difference(self) -> float:
        return self.b - self.a

    @property
    def share(self) -> bool:
        return self.test == PROPORTION

    def to_json(self, p_holm: float | None) -> dict[str, Any]:
        return {
            "group": self.group,
            "name": self.name,
            "test": self.test,
            "a": self.a,
            "b": self.b,
            "games_a": self.n_a,
            "games_b": self.n_b,
            "difference": self.difference,
            "low": self.low,
            "high": self.high,
            "p_value": self.p_value,
            "p_holm": p_holm,
            "significant": p_holm is not None and p_holm < ALPHA,
            "effect": self.effect,
            "effect_size": "phi" if self.share else "Cohen's d",
        }


PROPORTION = "two-proportion z"
WELCH = "Welch t"


def compare_shares(
    group: str, name: str, successes_a: int, n_a: int, successes_b: int, n_b: int
) -> Difference:
    """Share B against share A: Newcombe's 95% interval for the difference (method 10,
    from the Wilson score intervals) and the pooled two-proportion z-test's p-value."""
    a = wilson(successes_a, n_a)
    b = wilson(successes_b, n_b)
    diff = b.value - a.value
    low = diff - math.sqrt((b.value - b.low) ** 2 + (a.high - a.value) ** 2)
    high = diff + math.sqrt((b.high - b.value) ** 2 + (a.value - a.low) ** 2)
    pooled = (successes_a + successes_b) / (n_a + n_b)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / n_a + 1 / n_b))
    # spread 0: every game alike in both runs (all won, or none)
    p_value = 1.0 if spread == 0 else float(2 * stats.norm.sf(abs(diff) / spread))
    effect = None
    if spread > 0:
        table = [[successes_a, n_a - successes_a], [successes_b, n_b - successes_b]]
        effect = float(stats.contingency.association(table, method="cramer"))
    return Difference(
        group, name, PROPORTION, a.value, b.value, n_a, n_b, low, high, p_value, effect
    )


def compare_means(
    group: str, name: str, values_a: Sequence[float], values_b: Sequence[float]
) -> Difference:
    """Mean B against mean A: Welch's t-test and its 95% interval for the difference."""
    n_a, n_b = len(values_a), len(values_b)
    mean_a = math.fsum(values_a) / n_a if n_a else math.nan
    mean_b = math.fsum(values_b) / n_b if n_b else math.nan
    low: float | None = None
    high: float | None = None
    p_value: float | None = None
    effect: float | None = None
    if n_a >= 2 and n_b >= 2:
        if _constant(values_a) and _constant(values_b):
            diff = mean_b - mean_a
            low = high = diff
            p_value = 1.0 if diff == 0 else 0.0
        else:
            result = stats.ttest_ind(values_b, values_a, equal_var=False)
            interval = result.confidence_interval(0.95)
            low, high = float(interval.low), float(interval.high)
            p_value = float(result.pvalue)
            effect = cohens_d(values_a, values_b)
    return Difference(group, name, WELCH, mean_a, mean_b, n_a, n_b, low, high, p_value, effect)


def cohens_d(values_a: Sequence[float], values_b: Sequence[float]) -> float | None:
    """Cohen's d of B against A: (mean B - mean A) over the pooled standard deviation
    (each run's variance with n - 1, weighted by n - 1); None when both are constant."""
    n_a, n_b = len(values_a), len(values_b)
    var_a = stats.tvar(values_a) if not _constant(values_a) else 0.0
    var_b = stats.tvar(values_b) if not _constant(values_b) else 0.0
    pooled = math.sqrt(((n_a - 1) * var_a + (n_b - 1) * var_b) / (n_a + n_b - 2))
    if pooled == 0:
        return None
    return (math.fsum(values_b) / n_b - math.fsum(values_a) / n_a) / pooled


def _constant(values: Sequence[float]) -> bool:
    return all(v == values[0] for v in values)


def holm(p_values: Sequence[float | None]) -> list[float | None]:
    """Holm's step-down correction of ``p_values`` (None stays None): the k-th smallest
    of m is multiplied by m - k + 1, kept non-decreasing and at most 1."""
    tested = sorted((p, i) for i, p in enumerate(p_values) if p is not None)
    m = len(tested)
    adjusted: list[float | None] = [None] * len(p_values)
    running = 0.0
    for k, (p, index) in enumerate(tested):
        running = max(running, min(1.0, (m - k) * p))
        adjusted[index] = running
    return adjusted


# ------------------------------------------------------------------ the rows
def _won(rows: Sequence[GameRow], seat: int) -> int:
    return sum(1 for row in rows if seat in row.winners)


def _numbers(rows: Sequence[GameRow], pick: Callable[[GameRow], Any]) -> list[float]:
    """The values ``pick`` reads from the rows, leaving out empty cells."""
    out: list[float] = []
    for row in rows:
        value = pick(row)
        if isinstance(value, int | float) and math.isfinite(value):
            out.append(float(value))
    return out


def _column(rows: Sequence[GameRow], name: str) -> list[float]:
    return _numbers(rows, lambda row: row.columns.get(name))


def _column_kinds(rows: Iterable[GameRow]) -> dict[str, str]:
    """The game's columns in order of first appearance: ``share`` (yes/no), ``mean``
    (numbers) or ``text`` (left out); a column with both is a number."""
    kinds: dict[str, str] = {}
    for row in rows:
        for name, value in row.columns.items():
            if isinstance(value, bool):
                kinds.setdefault(name, "share")
            elif isinstance(value, int | float):
                kinds[name] = "mean"
            elif isinstance(value, str):
                kinds.setdefault(name, "text")
    return kinds


def differences(rows_a: Sequence[GameRow], rows_b: Sequence[GameRow]) -> list[Difference]:
    """Every number the section compares, in table order."""
    players = len(rows_a[0].scores)
    out: list[Difference] = []
    for seat in range(players):
        out.append(
            compare_shares(
                "win_share",
                f"seat {seat + 1}",
                _won(rows_a, seat),
                len(rows_a),
                _won(rows_b, seat),
                len(rows_b),
            )
        )
    for seat in range(players):
        out.append(
            compare_means(
                "score",
                f"seat {seat + 1}",
                [row.scores[seat] for row in rows_a],
                [row.scores[seat] for row in rows_b],
            )
        )
    nobody = compare_shares(
        "length",
        "no winner",
        sum(1 for r in rows_a if not r.winners),
        len(rows_a),
        sum(1 for r in rows_b if not r.winners),
        len(rows_b),
    )
    lengths: list[tuple[str, Callable[[GameRow], Any]]] = [
        ("moves", lambda r: r.moves),
        ("chance moves", lambda r: r.chance_moves),
    ]
    kinds = _column_kinds([*rows_a, *rows_b])
    if kinds.get("rounds") == "mean":
        lengths.append(("rounds", lambda r: r.columns.get("rounds")))
    for name, pick in lengths:
        out.append(compare_means("length", name, _numbers(rows_a, pick), _numbers(rows_b, pick)))
    out.append(nobody)
    for column, kind in kinds.items():
        if kind == "text" or column == "rounds":
            continue
        a = _column(rows_a, column)
        b = _column(rows_b, column)
        if not a or not b:
            continue
        if kind == "share":
            out.append(compare_shares("game", column, int(sum(a)), len(a), int(sum(b)), len(b)))
        else:
            out.append(compare_means("game", column, a, b))
    return out


# ------------------------------------------------------------------ the section
NOTES = {
    "win_share": "Two-proportion z-test, Newcombe's interval; pts: percentage points. "
    "* significant: Holm p below 5%.",
    "score": "Welch's t-test and its interval. * significant: Holm p below 5%.",
    "length": "Means: Welch's t-test; the share: two-proportion z-test. * as above.",
    "game": "Means: Welch's t-test; shares (yes/no columns): two-proportion z-test. * as above.",
}
EFFECT_NOTE = (
    " Effect: phi for a share (0.1 small, 0.3 medium, 0.5 large), Cohen's d for a mean "
    "(0.2 small, 0.5 medium, 0.8 large)."
)
TITLES = {
    "win_share": "Win share per seat",
    "score": "Mean final score per seat",
    "length": "Game length",
    "game": "The game's own numbers (means of its columns; a yes/no column as a share)",
}


def _number(value: float | None, share: bool) -> str:
    if value is None or math.isnan(value):
        return "-"
    if share:
        return f"{100 * value:.1f}%"
    return f"{value:,.4g}" if abs(value) < 1000 else f"{value:,.1f}"


def _interval(diff: Difference) -> str:
    if diff.low is None or diff.high is None:
        return "-"
    if diff.share:
        return f"{100 * diff.low:+.1f} to {100 * diff.high:+.1f}"
    return f"{diff.low:+,.4g} to {diff.high:+,.4g}"


def _change(diff: Difference) -> str:
    if diff.share:
        return f"{100 * diff.difference:+.1f} pts"
    return f"{diff.difference:+,.4g}"


def _effect(diff: Difference) -> str:
    """phi 0.12 / d -0.40, or "-" where undefined."""
    if diff.effect is None:
        return "-"
    return f"phi {diff.effect:.2f}" if diff.share else f"d {diff.effect:+.2f}"


def _p(value: float | None) -> str:
    return "-" if value is None else f"{value:.3g}"


def _finding(diff: Difference, label_a: str, label_b: str) -> str:
    what = {
        "win_share": f"{diff.name.capitalize()}'s win share",
        "score": f"{diff.name.capitalize()}'s mean final score",
        "length": f"The share of games with {diff.name}"
        if diff.name == "no winner"
        else f"The mean number of {diff.name}",
        "game": f"The mean of {diff.name}",
    }[diff.group]
    return (
        f"{what} goes from {_number(diff.a, diff.share)} with {label_a} to "
        f"{_number(diff.b, diff.share)} with {label_b} ({_change(diff)}, 95% interval "
        f"{_interval(diff)}; p = {_p(diff.p_value)})."
    )


def compare_section(
    game_id: str,
    rows_a: Sequence[GameRow],
    rows_b: Sequence[GameRow],
    label_a: str,
    label_b: str,
) -> Section:
    """The section setting the games of data set A (``rows_a``) beside those of B.

    Every difference is B - A with its 95% interval; see the module's docstring for
    the tests. Raises ``ValueError`` if a run has no games or the runs seat a
    different number of players.
    """
    if not rows_a or not rows_b:
        raise ValueError("both data sets need at least one game to compare")
    if len(rows_a[0].scores) != len(rows_b[0].scores):
        raise ValueError("the two data sets were played at different player counts")
    found = differences(rows_a, rows_b)
    adjusted = holm([d.p_value for d in found])
    significant = [d for d, p in zip(found, adjusted, strict=True) if p is not None and p < ALPHA]
    tested = sum(1 for d in found if d.p_value is not None)
    tables = []
    for group, title in TITLES.items():
        rows: list[list[Cell]] = [
            [
                d.name,
                _number(d.a, d.share),
                _number(d.b, d.share),
                _change(d) + (" *" if p is not None and p < ALPHA else ""),
                _interval(d),
                _p(d.p_value),
                _p(p),
                _effect(d),
            ]
            for d, p in zip(found, adjusted, strict=True)
            if d.group == group
        ]
        if rows:
            tables.append(
                ReportTable(
                    title=title,
                    columns=[
                        "",
                        label_a,
                        label_b,
                        "B - A",
                        "95% interval",
                        "p",
                        "Holm p",
                        "effect",
                    ],
                    rows=rows,
                    note=NOTES[group] + EFFECT_NOTE,
                )
            )
    same_seeds = sorted(r.seed for r in rows_a) == sorted(r.seed for r in rows_b)
    summary = [
        f"{label_b} (B) against {label_a} (A), {len(rows_b):,} and {len(rows_a):,} games of "
        f"{game_id}. Every difference is B - A with its 95% interval. A p-value is the "
        "chance of a difference at least this large if both data sets played alike; "
        f"with {tested} tests made at once, a difference counts as significant when its "
        "p-value corrected by Holm's method is below 5%.",
    ]
    if same_seeds:
        summary.append(
            "Both ran the same seeds, so their games share chance draws wherever the data "
            "allows; the tests do not use that pairing, so they are cautious: a small "
            "real difference may need more games to show."
        )
    if significant:
        summary.append(
            f"{len(significant)} of the {tested} numbers differ significantly; the largest "
            "changes are flagged below."
        )
    else:
        summary.append(
            f"None of the {tested} numbers differs significantly: with these games, "
            f"{label_b} cannot be told from {label_a}."
        )
    flags = [
        Flag("warn", _finding(d, label_a, label_b))
        for d in sorted(significant, key=lambda d: d.p_value or 0.0)[:MAX_FLAGS]
    ]
    if len(significant) > MAX_FLAGS:
        flags.append(Flag("warn", f"{len(significant) - MAX_FLAGS} more significant differences."))
    if not significant:
        flags.append(
            Flag(
                "ok",
                f"No difference between {label_a} and {label_b} is significant at 5% "
                f"(Holm's correction over {tested} tests).",
            )
        )
    return Section(
        id="compare",
        title=f"{label_a} against {label_b}",
        summary=summary,
        tables=tables,
        flags=flags,
        data={
            "game": game_id,
            "label_a": label_a,
            "label_b": label_b,
            "games_a": len(rows_a),
            "games_b": len(rows_b),
            "alpha": ALPHA,
            "tests": tested,
            "differences": [d.to_json(p) for d, p in zip(found, adjusted, strict=True)],
        },
    )
