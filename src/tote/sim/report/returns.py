"""The balance report's "Returns per bet" (issue 29): what each kind of bet returns per
unit staked, with a 95% interval, and the bets out of line.

A bet's return (return to player, RTP) is the total it returned over the total staked
on it, summed over the games of the batch from the row columns that
:mod:`tote.sim.report.bets` names (so ``tote simulate --out`` rows give the same
numbers by hand). The interval is the delta method for a ratio estimator, with games
as the sampling unit: the return's standard error is
``sqrt(n/(n-1) * sum((returned_i - R * staked_i)^2)) / sum(staked_i)`` over the ``n``
games, and the interval R +- 1.96 standard errors.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tote.core.registry import get_game
from tote.sim.report.bets import BetKind, GameBets, dollars, game_bets
from tote.sim.report.section import Flag, ReportTable, Section
from tote.sim.report.section_figures import returns_figure
from tote.sim.runner import GameRow

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""
FAR_OFF = 0.25
"""A bet is flagged as far off its group when its return differs from the group's
pooled return by more than this share of it and its interval excludes the group's."""
INTERVAL_NOTE = (
    "95% intervals by the delta method for a ratio estimator over games "
    "(each game one sample: what it staked and what came back)."
)


@dataclass(frozen=True)
class Ratio:
    """A return: total returned over total staked, with its 95% interval."""

    staked: float
    returned: float
    games: int
    """Games in the batch (every game counts, those without such a bet too)."""
    with_bets: int
    """Games in which this bet was laid."""
    rtp: float | None
    low: float | None
    high: float | None

    def to_json(self) -> dict[str, Any]:
        return {
            "staked": self.staked,
            "returned": self.returned,
            "games": self.games,
            "games_with_bets": self.with_bets,
            "rtp": self.rtp,
            "low": self.low,
            "high": self.high,
        }


def _sums(rows: Sequence[GameRow], names: Sequence[str]) -> list[float]:
    return [float(sum(float(row.columns.get(c) or 0) for c in names)) for row in rows]


def ratio(staked: Sequence[float], returned: Sequence[float]) -> Ratio:
    """The ratio estimator sum(returned)/sum(staked) over games and its delta-method
    95% interval: none with fewer than two games holding such a bet, and none when every
    game returned the same multiple of its stake (a bet that never paid): the delta
    method then gives an interval of no width, which says the games are too few to
    show the spread, not that the return is known, and must not flag the bet."""
    n = len(staked)
    x, y = sum(staked), sum(returned)
    with_bets = sum(1 for s in staked if s)
    if not x:
        return Ratio(x, y, n, with_bets, None, None, None)
    r = y / x
    if with_bets < 2:
        return Ratio(x, y, n, with_bets, r, None, None)
    spread = sum((yi - r * xi) ** 2 for xi, yi in zip(staked, returned, strict=True))
    if spread <= 1e-12 * max(1.0, y * y):
        return Ratio(x, y, n, with_bets, r, None, None)
    se = math.sqrt(n / (n - 1) * spread) / x
    return Ratio(x, y, n, with_bets, r, r - Z95 * se, r + Z95 * se)


def difference(
    first: tuple[Sequence[float], Sequence[float]],
    second: tuple[Sequence[float], Sequence[float]],
) -> tuple[float, float, float] | None:
    """The difference of two returns measured on the same games, (difference, low,
    high), with the delta method's interval (the two are correlated through the games)."""
    (x1, y1), (x2, y2) = first, second
    n = len(x1)
    sx1, sx2 = sum(x1), sum(x2)
    if n < 2 or not sx1 or not sx2:
        return None
    r1, r2 = sum(y1) / sx1, sum(y2) / sx2
    influence = [
        (b - r1 * a) / sx1 - (d - r2 * c) / sx2 for a, b, c, d in zip(x1, y1, x2, y2, strict=True)
    ]
    se = math.sqrt(n / (n - 1) * sum(u * u for u in influence))
    return r1 - r2, r1 - r2 - Z95 * se, r1 - r2 + Z95 * se


def _interval(bets: GameBets, r: Ratio) -> str:
    if r.rtp is None:
        return "-"
    if r.low is None or r.high is None:
        return bets.words(r.rtp)
    return f"{bets.words(r.rtp)} ({_short(bets, r.low)} to {_short(bets, r.high)})"


def _short(bets: GameBets, x: float) -> str:
    return dollars(x) if bets.unit.startswith("$") else f"{x:.2f}"


def _cell(x: float | None, bets: GameBets) -> int | float | None:
    if x is None:
        return None
    if float(x).is_integer() or bets.unit.startswith("$"):
        return round(x)
    return round(x, 3)


def _total(x: float) -> int | float:
    return round(x) if float(x).is_integer() else x


def _flags(bets: GameBets, measured: list[tuple[str, BetKind, Ratio]]) -> list[Flag]:
    flags: list[Flag] = []
    groups: dict[str, list[tuple[str, BetKind, Ratio]]] = {}
    for entry in measured:
        if entry[1].group is not None:
            groups.setdefault(f"{entry[0]}\0{entry[1].group}", []).append(entry)
    for members in groups.values():
        x = sum(r.staked for _, _, r in members)
        if not x or len(members) < 2:
            continue
        pooled = sum(r.returned for _, _, r in members) / x
        far = [
            (kind, r)
            for _, kind, r in members
            if r.rtp is not None
            and r.low is not None
            and r.high is not None
            and pooled
            and abs(r.rtp - pooled) > FAR_OFF * abs(pooled)
            and not r.low <= pooled <= r.high
        ]
        if far:
            group = far[0][0].group
            listed = "; ".join(f"{kind.label} returns {_interval(bets, r)}" for kind, r in far)
            flags.append(
                Flag(
                    "warn",
                    f"{len(far)} of the {len(members)} bets by {group} return more than "
                    f"{FAR_OFF:.0%} away from the {bets.words(pooled)} of their group, "
                    f"each interval excluding it: {listed}.",
                )
            )
    if bets.house:
        for _, kind, r in measured:
            if r.low is not None and r.low > 1:
                flags.append(
                    Flag(
                        "warn",
                        f"{kind.label} beats the house: it returns {_interval(bets, r)}, "
                        "the whole interval above 1 (more comes back than is staked).",
                    )
                )
    if not flags:
        checked = (
            f"no bet is more than {FAR_OFF:.0%} off its group's return (interval excluding it)"
        )
        if bets.house:
            checked += " and none returns more than it stakes (interval above 1)"
        flags.append(Flag("ok", f"Checked: {checked}."))
    return flags


def returns_section(game_id: str, rows: Sequence[GameRow]) -> Section:
    """What every kind of bet of ``game_id`` returns per unit staked over ``rows``
    (issue 29, "Returns per bet"), with intervals, words and flags; ``data`` holds the
    unrounded numbers and the row columns each was summed from."""
    bets = game_bets(game_id, [row.columns for row in rows])
    title = "Returns per bet"
    if bets is None or not any(t.kinds for t in bets.tables):
        return Section(
            id="returns",
            title=title,
            summary=[
                "This game (with these options) has no bets to measure, or no games were played."
            ],
            data={"games": len(rows), "tables": []},
        )
    tables: list[ReportTable] = []
    measured: list[tuple[str, BetKind, Ratio]] = []
    data_tables: list[dict[str, Any]] = []
    for table in bets.tables:
        cells: list[list[str | int | float | None]] = []
        data_bets = []
        for kind in table.kinds:
            r = ratio(_sums(rows, kind.staked), _sums(rows, kind.returned))
            measured.append((table.title, kind, r))
            row: list[str | int | float | None] = [
                kind.label,
                _total(r.staked),
                _total(r.returned),
                _cell(r.rtp, bets),
                _cell(r.low, bets),
                _cell(r.high, bets),
            ]
            if bets.house:
                row.append(None if r.rtp is None else round(1 - r.rtp, 3))
            cells.append(row)
            data_bets.append(
                {
                    "label": kind.label,
                    "group": kind.group,
                    "staked_columns": list(kind.staked),
                    "returned_columns": list(kind.returned),
                    **r.to_json(),
                    "house_edge": None if not bets.house or r.rtp is None else 1 - r.rtp,
                }
            )
        columns = ["bet", "staked", "returned", f"return ({bets.unit})", "low 95%", "high 95%"]
        if bets.house:
            columns.append("house edge")
        tables.append(ReportTable(table.title, columns, cells, INTERVAL_NOTE))
        data_tables.append({"title": table.title, "bets": data_bets})
    figures = []
    game_title = get_game(game_id).title
    for entry in data_tables:
        if any(b["group"] is not None for b in entry["bets"]):
            drawn = returns_figure(game_title, entry["title"], bets.unit, bets.house, entry["bets"])
            if drawn is not None:
                figures.append(drawn)
    summary = [bets.about]
    summary += _headline(bets, measured)
    summary += bets.notes
    data: dict[str, Any] = {
        "games": len(rows),
        "unit": bets.unit,
        "house": bets.house,
        "interval": "delta method, ratio estimator over games, 95%",
        "far_off_threshold": FAR_OFF,
        "tables": data_tables,
    }
    if game_id == "wetten":
        data["set_the_stakes_minus_second_bet"] = _tickets(rows, bets, summary)
    return Section(
        id="returns",
        title=title,
        summary=summary,
        tables=tables,
        figures=figures,
        flags=_flags(bets, measured),
        data=data,
    )


def _headline(bets: GameBets, measured: list[tuple[str, BetKind, Ratio]]) -> list[str]:
    """The best and worst bet of each compared group, in words."""
    lines = []
    first = measured[0][0]
    for title, kind, r in measured:
        if title == first and r.rtp is not None:
            edge = ""
            if bets.house and r.rtp <= 1:
                edge = f"; the house keeps {1 - r.rtp:.1%} of what is staked"
            elif bets.house:
                edge = f"; the players take {r.rtp - 1:.1%} more than they stake from the bank"
            lines.append(f"{kind.label}: returns {_interval(bets, r)}{edge}.")
    compared = [(k, r) for _, k, r in measured if k.group is not None and r.rtp is not None]
    if len(compared) >= 2:
        best = max(compared, key=lambda e: e[1].rtp or 0.0)
        worst = min(compared, key=lambda e: e[1].rtp or 0.0)
        lines.append(
            f"Best: {best[0].label} returns {_interval(bets, best[1])}; worst: "
            f"{worst[0].label} returns {_interval(bets, worst[1])}."
        )
    return lines


def _tickets(rows: Sequence[GameRow], bets: GameBets, summary: list[str]) -> dict[str, Any] | None:
    """Wetten!: Set the Stakes against the Second Bet, the difference of their returns."""
    first, second = bets.tables[0].kinds[:2]
    found = difference(
        (_sums(rows, first.staked), _sums(rows, first.returned)),
        (_sums(rows, second.staked), _sums(rows, second.returned)),
    )
    if found is None:
        return None
    d, low, high = found
    summary.append(
        f"Set the Stakes returns {d:+.2f} per 1 staked against the Second Bet "
        f"({low:+.2f} to {high:+.2f}); "
        + ("the two differ." if low > 0 or high < 0 else "the interval includes no difference.")
    )
    return {"difference": d, "low": low, "high": high}
