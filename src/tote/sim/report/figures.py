"""Drawing a report's figures as PNG bytes (issue 29): matplotlib with the Agg backend,
the same look as :mod:`tote.sim.plots`, every axis with its unit."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

from tote.core.registry import get_game
from tote.sim.plots import _pyplot
from tote.sim.report.section import ReportFigure

if TYPE_CHECKING:
    from matplotlib.figure import Figure

DPI = 100


def game_title(game_id: str) -> str:
    """The game's name as its box says it ("Winner's Circle"), for a figure's title."""
    return get_game(game_id).title


def new_figure(columns: int = 1, *, width: float = 7.5, height: float = 3.6) -> tuple[Any, Any]:
    """A figure with ``columns`` axes side by side (a list of axes, always)."""
    plt = _pyplot()
    fig, axes = plt.subplots(
        1, columns, figsize=(width, height), layout="constrained", squeeze=False
    )
    return fig, list(axes[0])


PANELS_PER_ROW = 3
"""Panels side by side at most, so a figure stays legible on a phone."""


def panel_grid(panels: int, *, panel_width: float = 2.7, height: float = 3.0) -> tuple[Any, Any]:
    """A figure of ``panels`` axes, at most :data:`PANELS_PER_ROW` a row (the axes left
    over in the last row are hidden); returns the figure and the ``panels`` axes."""
    plt = _pyplot()
    columns = max(1, min(PANELS_PER_ROW, panels))
    rows = max(1, -(-panels // columns))
    fig, axes = plt.subplots(
        rows,
        columns,
        figsize=(max(5.0, panel_width * columns), height * rows + 0.4),
        layout="constrained",
        squeeze=False,
    )
    flat = [ax for row in axes for ax in row]
    for ax in flat[panels:]:
        ax.set_visible(False)
    return fig, flat[:panels]


def percent_axis(ax: Any) -> None:
    from matplotlib.ticker import PercentFormatter

    ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))


def to_report(fig: Figure, title: str, alt: str) -> ReportFigure:
    """Render ``fig`` to PNG bytes (and close it)."""
    plt = _pyplot()
    buffer = io.BytesIO()
    try:
        fig.savefig(buffer, format="png", dpi=DPI)
    finally:
        plt.close(fig)
    return ReportFigure(title=title, png=buffer.getvalue(), alt=alt)
