"""``tote tournament``: a round robin of bots with seat rotation, win rates with 95%
intervals and a rating (see :mod:`tote.sim.tournament` for the tables and the formula).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from tote.bots import parse_bot_names
from tote.bots.budget import budget_of
from tote.cli.common import (
    GameArg,
    IterationsOpt,
    OptionOpt,
    SearchProcessesOpt,
    ThinkOpt,
    VariantOpt,
    fail,
    parse_options,
    parse_variants,
    user_errors,
)
from tote.cli.simulate import PlotOpt
from tote.cli.sweep import GamesOpt, JsonOpt, PlayersOpt, WorkersOpt
from tote.core.registry import get_game
from tote.sim.progress import game_progress
from tote.sim.runner import check_workers
from tote.sim.stopping import Stopped
from tote.sim.tournament import TournamentResult, plan_tournament, play_tournament


def tournament(
    game_id: GameArg,
    players: PlayersOpt,
    games: GamesOpt,
    bots: Annotated[
        str,
        typer.Option(
            metavar="A,B,...",
            help="The bots to play each other (at least two, comma separated).",
            show_default=False,
        ),
    ],
    seed: Annotated[
        int, typer.Option(metavar="S", help="Game i of every table uses seed S+i.")
    ] = 0,
    variant: VariantOpt = None,
    option: OptionOpt = None,
    workers: WorkersOpt = None,
    plot: PlotOpt = None,
    as_json: JsonOpt = False,
    think: ThinkOpt = None,
    iterations: IterationsOpt = None,
    search_processes: SearchProcessesOpt = None,
    keep: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help="Keep every finished game in FILE (JSON Lines) as it ends; run again with"
            " the same FILE to play only the games it lacks (resume a stopped tournament,"
            " or add games with a larger --games). The table is the one a single run"
            " gives.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Play a round robin: every set of PLAYERS bots at one table, the bots turned one
    seat each game so every bot plays every seat equally often; report each bot's win
    rate (95% interval) and rating (Elo scale, fitted to all the games).

    --games is per table, rounded up to a multiple of --players.
    """
    err = Console(stderr=True)
    with user_errors():
        count = workers if workers is not None else os.cpu_count() or 1
        check_workers(count)
        game = get_game(game_id)
        budget = budget_of(think, iterations, search_processes)
        names = parse_bot_names(game, bots)
        plan = plan_tournament(
            game,
            players,
            games,
            names,
            seed=seed,
            variants=parse_variants(variant),
            options=parse_options(option),
            budget=budget,
        )
        if plot is not None:
            from tote.sim.plots import check_plot_path

            check_plot_path(plot)
        per_table = plan.plans[0].games
        label = f"{game.id} tournament"
        with game_progress(err, label, len(plan.plans) * per_table) as update:

            def advance(table: int, tables: int, done: int, total: int) -> None:
                update(table * total + done)

            def read(table: int, tables: int, done: int, total: int) -> None:
                update.already(table * total + done)

            try:
                result = play_tournament(
                    plan, workers=count, progress=advance, keep=keep, kept_progress=read
                )
            except KeyboardInterrupt as stop:
                if keep is None:
                    raise
                fail(
                    f"stopped; the games that finished are kept in {keep}: run the same"
                    " command again to play the rest",
                    stop.exit_status if isinstance(stop, Stopped) else 130,
                )
        if plot is not None:
            from tote.sim.plots import plot_file

            plot_file("winrates", result.to_json(), plot)
    if as_json:
        sys.stdout.write(json.dumps(result.to_json()) + "\n")
        return
    print_tournament(Console(), result, plot)


def print_tournament(console: Console, result: TournamentResult, plot: Path | None) -> None:
    data = result.to_json()
    console.print(
        Text(
            f"{result.game}: round robin of {len(result.bots)} bots at {result.players} seats, "
            f"{len(result.tables)} table(s) of {result.games_per_table} games "
            f"(seeds {result.seed}-{result.seed + result.games_per_table - 1} at every table)",
            style="bold",
        )
    )
    table = Table()
    table.add_column("Rank", justify="right")
    table.add_column("Bot", no_wrap=True)
    table.add_column("Rating (95%)", justify="right", no_wrap=True)
    table.add_column("Win rate (95%)", justify="right", no_wrap=True)
    table.add_column("Seat-games", justify="right")
    table.add_column("Mean score", justify="right")
    for rank, entry in enumerate(data["bots_stats"], start=1):
        rate = entry["win_rate"]
        table.add_row(
            str(rank),
            entry["bot"],
            f"{entry['rating']:.0f} ({entry['rating_interval']['low']:.0f}-"
            f"{entry['rating_interval']['high']:.0f})",
            f"{rate['value']:.1%} ({rate['low']:.1%}-{rate['high']:.1%})",
            str(entry["games"]),
            f"{entry['mean_score']:.1f}",
        )
    console.print(table)
    console.print(
        Text(
            "Rating: Elo scale (mean 1500), fitted to every pair of seats in every game "
            "(Bradley-Terry); 200 points apart means about 3 to 1. Its interval is a "
            "bootstrap over the games (seeded)."
        )
    )
    if plot is not None:
        console.print(Text(f"Plot written to {plot}."))
