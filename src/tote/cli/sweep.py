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
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from tote.bots import parse_bot_names
from tote.cli.common import GameArg, VariantOpt, parse_variants, user_errors
from tote.cli.simulate import PlotOpt
from tote.core.registry import get_game
from tote.sim.runner import check_workers
from tote.sim.sweep import SweepResult, parse_grid, plan_sweep, run_sweep

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


def game_progress(console: Console, label: str) -> Progress:
    return Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
    )


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
        grid = parse_grid(option)
        lineups = [parse_bot_names(game, b) for b in bots or ["random"]]
        cells = plan_sweep(
            game, players, games, grid, lineups, seed=seed, variants=parse_variants(variant)
        )
        if plot is not None:
            from tote.sim.plots import check_plot_path

            check_plot_path(plot)
        with game_progress(err, f"{game.id} sweep") as progress:
            task = progress.add_task("games", total=len(cells) * games)

            def advance(cell: int, cells_in_all: int, done: int, total: int) -> None:
                progress.update(task, completed=cell * total + done)

            result = run_sweep(cells, grid, workers=count, progress=advance)
        if plot is not None:
            from tote.sim.plots import plot_file

            plot_file("sweep", result.to_json(), plot)
    if as_json:
        sys.stdout.write(json.dumps(result.to_json()) + "\n")
        return
    print_sweep(Console(), result, plot)


def print_sweep(console: Console, result: SweepResult, plot: Path | None) -> None:
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
    console.print(table)
    if plot is not None:
        console.print(Text(f"Plot written to {plot}."))
