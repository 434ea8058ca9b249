"""``tote simulate``: many bot-only games, on one core, N processes or a Ray cluster.

Progress goes to stderr; the summary (rich tables, or JSON with ``--json``) to
stdout. The summary is the same game for game whatever ``--workers`` is; what it
holds and the files ``--out`` and ``--save`` write are described in
docs/simulation.md.
"""

from __future__ import annotations

import contextlib
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
    parse_options,
    parse_variants,
    user_errors,
)
from tote.cli.whatif import AgainstOpt, SetOpt, print_changes, refuse_with_against
from tote.core.registry import get_game
from tote.core.tote_board import Estimate, wilson
from tote.sim.progress import game_progress
from tote.sim.runner import check_workers, plan_games, run_plan
from tote.sim.stats import SeatStats, SimSummary
from tote.sim.whatif import describe_changes, parse_sets, with_changes

RayOpt = Annotated[
    str | None,
    typer.Option(
        "--ray",
        metavar="[ADDRESS]",
        help="Play on the Ray cluster at ADDRESS (host:port, ray://host:port or auto); "
        "'--ray' alone or '--ray local': on a local Ray instance. Needs the ray extra: "
        "pip install 'tote\\[ray]'.",
        show_default=False,
    ),
]

PlotOpt = Annotated[
    Path | None,
    typer.Option(
        metavar="FILE",
        help="Also draw the results to FILE.png or FILE.svg (needs the lab extra: "
        "pip install 'tote\\[lab]').",
        show_default=False,
        dir_okay=False,
    ),
]


def bare_ray_is_local(args: list[str]) -> list[str]:
    """``--ray`` with no address (last, or before another option) means a local Ray
    instance: the command line gets ``--ray local`` (typer has no optional values)."""
    out: list[str] = []
    for index, arg in enumerate(args):
        out.append(arg)
        following = args[index + 1] if index + 1 < len(args) else None
        if arg == "--ray" and (following is None or following.startswith("-")):
            out.append("local")
    return out


def simulate(
    game_id: GameArg,
    players: Annotated[
        int,
        typer.Option("--players", "-p", metavar="N", help="Number of seats.", show_default=False),
    ],
    games: Annotated[
        int,
        typer.Option(
            "--games", "-n", min=1, metavar="K", help="Number of games to play.", show_default=False
        ),
    ],
    seed: Annotated[int, typer.Option(metavar="S", help="Game i uses seed S+i.")] = 0,
    bots: Annotated[
        str,
        typer.Option(
            metavar="NAMES",
            help="Bot per seat, comma separated, cycled over the seats (e.g. odds,random).",
        ),
    ] = "random",
    rotate: Annotated[
        bool,
        typer.Option(
            "--rotate",
            help="Turn the bots one seat further each game, so every bot plays every seat "
            "(tells seat order from bot strength).",
        ),
    ] = False,
    variant: VariantOpt = None,
    option: OptionOpt = None,
    set_values: SetOpt = None,
    against: AgainstOpt = None,
    workers: Annotated[
        int | None,
        typer.Option(
            metavar="N",
            help="Local processes to play on (default: all cores). The summary is the same "
            "for any N.",
            show_default=False,
        ),
    ] = None,
    ray: RayOpt = None,
    out: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help="Write one row per game to FILE.parquet or FILE.csv (needs the lab extra: "
            "pip install 'tote\\[lab]').",
            show_default=False,
            dir_okay=False,
        ),
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(
            metavar="DIR|FILE",
            help="Keep every game's record, compressed, in one run file: FILE.jsonl.gz, or "
            "DIR/<game>-<first seed>-<last seed>.jsonl.gz. Replay one with "
            "'tote replay FILE --seed S'.",
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print only a JSON summary on stdout.")
    ] = False,
    plot: PlotOpt = None,
    think: ThinkOpt = None,
    iterations: IterationsOpt = None,
    search_processes: SearchProcessesOpt = None,
) -> None:
    """Play many bot-only games and summarise them: win rates with 95% intervals, scores,
    bots, seat order, game length and the game's own numbers.

    Progress goes to stderr; the summary (tables, or JSON with --json) to stdout.
    """
    err = Console(stderr=True)
    with user_errors():
        count = workers if workers is not None else os.cpu_count() or 1
        check_workers(count)
        game = get_game(game_id)
        budget = budget_of(think, iterations, search_processes)
        if against is not None:
            refuse_with_against(out, save, plot)
        if plot is not None:
            from tote.sim.plots import check_plot_path

            check_plot_path(plot)
        plan = plan_games(
            game,
            players,
            games,
            seed=seed,
            bots=parse_bot_names(game, bots),
            variants=parse_variants(variant),
            options=with_changes(parse_options(option), parse_sets(set_values)),
            save=save,
            out=out,
            rotate=rotate,
            budget=budget,
        )
        if against is not None:
            from tote.cli.whatif import simulate_against

            simulate_against(plan, against, count, ray, as_json)
            return
        playing = min(count, games)
        where = "Ray" if ray is not None else f"{playing} worker{'s' if playing > 1 else ''}"
        with contextlib.ExitStack() as stack:
            if ray is not None:
                from tote.sim.workers import ray_session

                stack.enter_context(ray_session(ray))
            with game_progress(err, f"{game.id} ({where})", games) as advance:
                summary = run_plan(plan, lambda done, _: advance(done), workers=count, ray=ray)
        if plot is not None:
            from tote.sim.plots import plot_file

            plot_file("winrates", summary.to_json(), plot)
    if as_json:
        sys.stdout.write(json.dumps(summary.to_json()) + "\n")
        return
    console = Console()
    with user_errors():
        changes = describe_changes(game, plan.options)
    print_summary(console, summary, plan.save, plan.out)
    print_changes(console, changes)


def _winners_line(summary: SimSummary) -> str:
    """The winning score and how often nobody won, with its interval (issue 29)."""
    nobody = wilson(summary.no_winner, summary.games)
    text = f"No winner: {summary.no_winner} games ({nobody.value:.1%}, {_interval(nobody)})"
    spread = summary.winner_score
    if spread is not None:
        sd = "" if spread.sd is None else f", sd {spread.sd:.1f}"
        text += f"; winner's score {spread.mean:.1f}{sd} ({spread.low:g}-{spread.high:g})"
    return text + "."


def _p_value(p: float | None) -> str:
    return "? (needs scipy: pip install 'tote[lab]')" if p is None else f"{p:.3g}"


def _interval(rate: Estimate) -> str:
    return f"{rate.low:.1%}-{rate.high:.1%}"


def _score(stats: SeatStats) -> str:
    spread = stats.score
    sd = "" if spread.sd is None else f" ± {spread.sd:.0f}"
    return f"{spread.mean:.1f}{sd}"


def _stats_table(
    title: str, header: tuple[str, str], rows: list[tuple[str, str, SeatStats]]
) -> Table:
    table = Table(title=title, title_justify="left")
    table.add_column(header[0])
    table.add_column(header[1], justify="right" if header[1] == "Games" else "left")
    table.add_column("Wins", justify="right")
    table.add_column("Win rate", justify="right")
    table.add_column("95% interval", justify="right")
    table.add_column("Shared", justify="right")
    table.add_column("Mean score ± sd", justify="right")
    for key, second, stats in rows:
        table.add_row(
            key,
            second,
            str(stats.wins),
            f"{stats.win_rate.value:.1%}",
            _interval(stats.win_rate),
            str(stats.shared_wins),
            _score(stats),
        )
    return table


def print_summary(
    console: Console, summary: SimSummary, save: Path | None, out: Path | None
) -> None:
    """The headline tables: seats, bots, seat order, length, then the game's own."""
    last = summary.seed + summary.games - 1
    rotated = ", bots rotated each game" if summary.rotate else ""
    console.print(
        Text(
            f"{summary.game}: {summary.players} players, {summary.games} games "
            f"(seeds {summary.seed}-{last}{rotated})",
            style="bold",
        )
    )
    seats = [
        (str(seat + 1), "rotating" if summary.rotate else summary.bots[seat], stats)
        for seat, stats in enumerate(summary.seats)
    ]
    console.print(_stats_table("Seats", ("Seat", "Bot"), seats))
    if summary.by_bot:
        bots = [(name, str(stats.games), stats) for name, stats in summary.by_bot.items()]
        console.print(_stats_table("Bots, over all their seats", ("Bot", "Games"), bots))
    order = summary.seat_order
    if order is not None:
        caution = (
            ""
            if order.same_bots or order.rotated
            else " (seats have different bots: use --rotate to tell seat from bot)"
        )
        console.print(
            Text(
                f"Seat order: chi-square {order.chi2:.2f} on {order.dof} degrees of freedom, "
                f"p = {_p_value(order.p_value)}{caution}."
            )
        )
    lengths = ", ".join(
        f"{name.replace('_', ' ')} {spread.mean:.1f} (sd {spread.sd or 0:.1f}, "
        f"{spread.low:g}-{spread.high:g})"
        for name, spread in summary.length.items()
    )
    console.print(Text(f"Game length: {lengths}."))
    console.print(Text(_winners_line(summary)))
    for stat_table in summary.game_tables:
        table = Table(title=stat_table.title, title_justify="left")
        for column in stat_table.header:
            table.add_column(column)
        for row in stat_table.rows:
            table.add_row(*row)
        console.print(table)
    variants = ", ".join(summary.variants) or "none"
    console.print(
        Text(
            f"Variants: {variants}. Shared wins count for every winner "
            f"({summary.shared_wins} games had more than one)."
        )
    )
    on = "on Ray" if summary.ray else f"on {summary.workers} worker(s)"
    console.print(
        Text(
            f"{summary.games_per_second:.1f} games/second {on} "
            f"({summary.games} games in {summary.elapsed:.2f} s).",
            style="bold",
        )
    )
    if out is not None:
        console.print(Text(f"One row per game written to {out}."))
    if save is not None:
        console.print(
            Text(f"Records saved in {save}; replay one with 'tote replay {save} --seed S'.")
        )
