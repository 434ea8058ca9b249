"""The figures of "Returns per bet" and "What decides it" (issue 29), drawn with
matplotlib (the ``lab`` extra) as PNG bytes for the self-contained page.

Without matplotlib a section simply has no figures: its tables carry every number.
Each figure has the game's title, units on its axes and a reference line (a return of
1, the stake back; the group's pooled return).
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

from tote.sim.report.section import ReportFigure

MAX_BARS = 40
"""A table with more bets than this is left to its table."""


def _pyplot() -> Any | None:
    try:
        import matplotlib
    except ImportError:
        return None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _png(plt: Any, fig: Any) -> bytes:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=96, bbox_inches="tight")
    plt.close(fig)
    return buffer.getvalue()


def returns_figure(
    game_title: str, table: str, unit: str, house: bool, bets: Sequence[Mapping[str, Any]]
) -> ReportFigure | None:
    """Each bet's return with its 95% interval, one horizontal bar per bet."""
    shown = [b for b in bets if b["rtp"] is not None]
    plt = _pyplot()
    if plt is None or not shown or len(shown) > MAX_BARS:
        return None
    fig, ax = plt.subplots(figsize=(7, 0.6 + 0.28 * len(shown)))
    labels = [str(b["label"]) for b in shown]
    values = [float(b["rtp"]) for b in shown]
    errors = [
        [v - (b["low"] if b["low"] is not None else v) for v, b in zip(values, shown, strict=True)],
        [
            (b["high"] if b["high"] is not None else v) - v
            for v, b in zip(values, shown, strict=True)
        ],
    ]
    ax.errorbar(values, range(len(shown)), xerr=errors, fmt="o", capsize=3)
    ax.set_yticks(range(len(shown)), labels)
    ax.invert_yaxis()
    staked = sum(float(b["staked"]) for b in shown)
    if staked:
        pooled = sum(float(b["returned"]) for b in shown) / staked
        ax.axvline(pooled, linestyle="--", color="grey", label="all these bets together")
    if house:
        ax.axvline(1.0, color="black", linewidth=0.8, label="the stake back (1)")
    ax.set_xlabel(f"return ({unit})")
    ax.set_title(f"{game_title}: {table}")
    ax.legend(loc="best", fontsize="small")
    alt = f"{game_title}, {table}: " + "; ".join(
        f"{label} {value:.2f}" for label, value in zip(labels, values, strict=True)
    )
    return ReportFigure(f"{table}: returns with 95% intervals", _png(plt, fig), alt)


def shares_figure(
    game_title: str,
    shares: Mapping[str, float],
    intervals: Mapping[str, Sequence[float]],
) -> ReportFigure | None:
    """Chance, line-up and play as shares of the variance of seat 0's win, with intervals."""
    plt = _pyplot()
    if plt is None:
        return None
    names = {"chance": "chance", "lineup": "line-up", "play": "play"}
    fig, ax = plt.subplots(figsize=(6, 2.4))
    values = [shares[k] for k in names]
    lows = [v - intervals.get(k, (v, v))[0] for k, v in zip(names, values, strict=True)]
    highs = [intervals.get(k, (v, v))[1] - v for k, v in zip(names, values, strict=True)]
    ax.barh(list(names.values()), values, xerr=[lows, highs], capsize=3)
    ax.set_xlim(0, 1)
    ax.invert_yaxis()
    ax.set_xlabel("share of the variance of seat 0's win (0 to 1)")
    ax.set_title(f"{game_title}: what decides it")
    alt = f"{game_title}: " + ", ".join(
        f"{label} {value:.0%}" for label, value in zip(names.values(), values, strict=True)
    )
    return ReportFigure("What decides it: shares with 95% intervals", _png(plt, fig), alt)
