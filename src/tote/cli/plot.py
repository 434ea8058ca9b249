"""``tote plot``: draw saved results (see :mod:`tote.sim.plots` for the kinds)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tote.cli.common import user_errors
from tote.sim.plots import KINDS


def plot(
    results: Annotated[
        Path,
        typer.Argument(
            metavar="RESULTS",
            help="The --json of simulate, sweep or tournament (saved to a file), or the "
            "rows of 'simulate --out' (.csv or .parquet).",
            show_default=False,
        ),
    ],
    kind: Annotated[
        str | None,
        typer.Option(
            metavar="KIND",
            help=f"One of {', '.join(KINDS)} (default: sweep for a sweep, scores for rows, "
            "else winrates).",
            show_default=False,
        ),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help="The plot file, .png or .svg (default: RESULTS-KIND.png beside RESULTS).",
            show_default=False,
            dir_okay=False,
        ),
    ] = None,
) -> None:
    """Draw results with matplotlib: win rates with intervals (per bot when bots
    rotate), score and length distributions, each horse's finishes, Horse Fever by odds
    row, the game's own numbers, sweep curves. Needs the lab extra:
    pip install 'tote\\[lab]'."""
    from tote.sim.plots import default_kind, load_results, plot_file

    with user_errors():
        data = load_results(results)
        chosen = kind or default_kind(data)
        target = out or results.with_name(f"{results.stem}-{chosen}.png")
        plot_file(chosen, data, target)
    typer.echo(f"Plot written to {target}")
