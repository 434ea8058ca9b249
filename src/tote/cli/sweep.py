"""``tote sweep``: the grid of option values (and bot line-ups), one batch per cell.

Progress goes to stderr; one table row per cell (or JSON with ``--json``) to stdout;
``--plot FILE`` draws each seat's win rate across the sweep. See docs/simulation.md,
"Sweeps and tournaments".
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from tote.bots import parse_bot_names
from tote.cli.common import GameArg, VariantOpt, parse_variants, user_errors
from tote.cli.simulate import PlotOpt
from tote.cli.whatif import SweepSetOpt
from tote.core.registry import get_game
from tote.sim.progress import game_progress
from tote.sim.runner import check_workers
from tote.sim.sweep import SweepResult, parse_grid, plan_sweep, run_sweep, write_cells
from tote.sim.table import check_out
from tote.sim.whatif import parse_set_grid

PlayersOpt = Annotated[
    int, typer.Option("--players", "-p", metavar="N", help="Number of seats.", show_default=False)
]
GamesOpt = Annotated[
    int,
    typer.Option("--games", "-n", min=1, metavar="K", help="Games per cell.", show_default=False),
]
SeedOpt = Annotated[int, typer.Option(metavar="S", help="Game i of every cell uses seed S+i.")]
WorkersOpt = Annotated[
    int | None,
    typer.Option(
        metavar="N", help="Local processes to play on (default: all cores).", show_default=False
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print only JSON on stdout.")]


def sweep(
    game_id: GameArg,
    players: PlayersOpt,
    games: GamesOpt,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            "-o",
            metavar="KEY=V1,V2,...",
            help="An option and the values to sweep it over (repeatable: the grid is every "
            "combination), e.g. --option rounds=4,6,8.",
            show_default=False,
        ),
    ] = None,
    set_values: SweepSetOpt = None,
    bots: Annotated[
        list[str] | None,
        typer.Option(
            metavar="NAMES",
            help="A bot line-up as in 'tote simulate' (repeat to sweep over line-ups). "
            "Default: random.",
            show_default=False,
        ),
    ] = None,
    seed: SeedOpt = 0,
    variant: VariantOpt = None,
    workers: WorkersOpt = None,
    plot: PlotOpt = None,
    out: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help="Write one row per cell to FILE.parquet or FILE.csv: options, bots, win "
            "rates with intervals, winner's score, no-winner share, length (needs the lab "
            "extra: pip install 'tote\\[lab]').",
            show_default=False,
            dir_okay=False,
        ),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Play a batch for every cell of a grid of option values (and of bot line-ups) and
    report each cell: win rates with 95% intervals, mean scores, game length.

    Every cell plays the same seeds, so cells differ only by their options and bots.
    """
    err = Console(stderr=True)
    with user_errors():
        count = workers if workers is not None else os.cpu_count() or 1
        check_workers(count)
        game = get_game(game_id)
        grid = {**parse_grid(option), **parse_set_grid(set_values)}
        lineups = [parse_bot_names(game, b) for b in bots or ["random"]]
        cells = plan_sweep(
            game, players, games, grid, lineups, seed=seed, variants=parse_variants(variant)
        )
        if plot is not None:
            from tote.sim.plots import check_plot_path

            check_plot_path(plot)
        if out is not None:
            check_out(out)
        with game_progress(err, f"{game.id} sweep", len(cells) * games) as update:

            def advance(cell: int, cells_in_all: int, done: int, total: int) -> None:
                update(cell * total + done)

            result = run_sweep(cells, grid, workers=count, progress=advance)
        if plot is not None:
            from tote.sim.plots import plot_file

            plot_file("sweep", result.to_json(), plot)
        if out is not None:
            write_cells(result, out)
    if as_json:
        sys.stdout.write(json.dumps(result.to_json()) + "\n")
        return
    print_sweep(Console(), result, plot, out)


def print_sweep(
    console: Console, result: SweepResult, plot: Path | None, out: Path | None = None
) -> None:
    last = result.seed + result.games - 1
    console.print(
        Text(
            f"{result.game}: {result.players} players, {len(result.cells)} cells of "
            f"{result.games} games (seeds {result.seed}-{last} in every cell)",
            style="bold",
        )
    )
    table = Table()
    table.add_column("Cell", overflow="fold")
    table.add_column("Seat", justify="right")
    table.add_column("Bot")
    table.add_column("Win rate (95%)", justify="right", no_wrap=True)
    table.add_column("Mean score", justify="right")
    table.add_column("Moves", justify="right")
    table.add_column("Rounds", justify="right")
    ends = Table(title="How the games ended", title_justify="left")
    ends.add_column("Cell", overflow="fold")
    ends.add_column("Winner's score (mean)", justify="right")
    ends.add_column("No winner (95% interval)", justify="right", no_wrap=True)
    for cell, summary in result.cells:
        data = summary.to_json()
        length = data["length"]
        name = "\n".join(f"{k}={json.dumps(v)}" for k, v in cell.options.items()) or "-"
        for seat in data["seats"]:
            rate = seat["win_rate"]
            first = seat["seat"] == 1
            table.add_row(
                name if first else "",
                str(seat["seat"]),
                seat["bot"],
                f"{rate['value']:.1%} ({100 * rate['low']:.1f}-{rate['high']:.1%})",
                f"{seat['score']['mean']:.1f}",
                f"{length['moves']['mean']:.0f}" if first and "moves" in length else "",
                f"{length['rounds']['mean']:.1f}" if first and "rounds" in length else "",
            )
        table.add_section()
        ends.add_row(name, _winner_score(data), _no_winner(data))
    console.print(table)
    console.print(ends)
    if plot is not None:
        console.print(Text(f"Plot written to {plot}."))
    if out is not None:
        console.print(Text(f"One row per cell written to {out}."))


def _winner_score(data: dict[str, Any]) -> str:
    spread = data["winner_score"]
    return "-" if spread is None else f"{spread['mean']:.1f}"


def _no_winner(data: dict[str, Any]) -> str:
    share = data["no_winner"]["share"]
    return f"{share['value']:.1%} ({100 * share['low']:.1f}-{share['high']:.1%})"
