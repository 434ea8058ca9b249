"""``tote report``: the balance report (issue 29). A standard battery of games at every
player count asked, bots rotated, then one self-contained HTML page of sections (and
``--json`` for scripts); see docs/simulation.md, "The balance report".

Progress goes to stderr: a bar on a terminal, else a plain line every few seconds. The
page is written only when every game is played, to a hidden file renamed onto
``--out``: Ctrl+C leaves nothing behind.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from tote.bots import parse_bot_names
from tote.cli.common import (
    GameArg,
    OptionOpt,
    VariantOpt,
    fail,
    parse_options,
    parse_variants,
    user_errors,
)
from tote.cli.whatif import AgainstOpt, SetOpt
from tote.core.errors import ToteError
from tote.core.registry import get_game
from tote.sim.progress import game_progress
from tote.sim.runner import check_workers

LAB = ("matplotlib", "numpy", "scipy")


def require_lab() -> None:
    """Refuse, before any game, a report without the lab extra's libraries."""
    missing = [name for name in LAB if importlib.util.find_spec(name) is None]
    if missing:
        raise ToteError(f"the report needs {', '.join(missing)}: pip install 'tote[lab]'")


@contextmanager
def report_progress(err: Console, label: str, total: int) -> Iterator[Callable[[int, int], None]]:
    """A progress callback for the battery: the lab's own progress
    (:func:`tote.sim.progress.game_progress`: a bar on a terminal, plain lines on stderr
    every few seconds otherwise)."""
    with game_progress(err, label, total) as advance:
        yield lambda done, _total: advance(done)


def report(
    game_id: GameArg,
    out: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE.html",
            help="Write the report to FILE.html: one page, plots inside, no network needed.",
            show_default=False,
        ),
    ] = None,
    players: Annotated[
        str | None,
        typer.Option(
            "--players",
            "-p",
            metavar="N|A-B|A,B",
            help="Player counts to play: a count, a range (2-6) or a list (3,4). Default: "
            "every count the game takes (at most 6).",
            show_default=False,
        ),
    ] = None,
    games: Annotated[
        int,
        typer.Option("--games", "-n", metavar="K", help="Games per player count (1 to 1,000,000)."),
    ] = 1000,
    bots: Annotated[
        str,
        typer.Option(
            metavar="NAMES",
            help="Bots, comma separated, cycled over the seats and turned one seat each game.",
        ),
    ] = "random",
    variant: VariantOpt = None,
    option: OptionOpt = None,
    set_values: SetOpt = None,
    against: AgainstOpt = None,
    seed: Annotated[int, typer.Option(metavar="S", help="Game i uses seed S+i.")] = 0,
    workers: Annotated[
        int | None,
        typer.Option(
            metavar="N",
            help="Local processes to play on (default: all cores). The report is the same "
            "for any N.",
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[
        bool,
        typer.Option("--json", help="Print the report's numbers as one JSON object on stdout."),
    ] = False,
    review_games: Annotated[
        int,
        typer.Option(
            "--review-games",
            metavar="N",
            help="Games reviewed whole (tote review) for each bot's mean review accuracy, "
            "at the smallest player count (0 to 200; 0: none). A review takes seconds a game.",
        ),
    ] = 4,
) -> None:
    """Write a balance report: seat order, returns per bet, how the game goes, what
    decides it and the bots, each section in words with its flags, from a battery of
    games at every player count asked; with --against DIR, the same games on DIR's data
    files beside them.

    Progress goes to stderr; --out FILE.html gets the page, --json prints the numbers.
    """
    from tote.sim.report.battery import parse_players, plan_battery, run_battery
    from tote.sim.whatif import against_options, parse_sets, with_changes

    err = Console(stderr=True)
    with user_errors():
        if out is None and not as_json:
            raise ToteError("give --out FILE.html for the page, or --json for the numbers")
        count = workers if workers is not None else os.cpu_count() or 1
        check_workers(count)
        game = get_game(game_id)
        if out is not None:
            from tote.sim.report.html import check_out

            check_out(out)
        require_lab()
        option_pairs = list(option or ())
        set_pairs = list(set_values or ())
        variants = parse_variants(variant)
        counts = parse_players(players, game)
        names = parse_bot_names(game, bots)
        given = parse_options(option_pairs)
        plan = plan_battery(
            game,
            players=counts,
            games=games,
            seed=seed,
            bots=names,
            variants=variants,
            options=with_changes(given, parse_sets(set_pairs)),
        )
        other = None
        if against is not None:
            other = plan_battery(
                game,
                players=counts,
                games=games,
                seed=seed,
                bots=names,
                variants=variants,
                options=against_options(game, against, given),
            )
        from tote.sim.report.accuracy import check_games, review_accuracy
        from tote.sim.report.build import build_sections, reproduce_command, run_of

        check_games(review_games)

        command = reproduce_command(
            game.id,
            plan.players,
            plan.games,
            seed,
            plan.bots,
            variants,
            option_pairs,
            sets=set_pairs,
            against=against,
            review_games=review_games,
        )
        try:
            with report_progress(err, f"{game.id} report", plan.total) as advance:
                battery = run_battery(plan, workers=count, progress=advance)
            against_battery = None
            if other is not None:
                with report_progress(err, f"{game.id} against {against}", other.total) as advance:
                    against_battery = run_battery(other, workers=count, progress=advance)
            run = run_of(battery, workers=count, command=command)
            accuracy = None
            if review_games:
                with report_progress(err, f"{game.id} reviews", review_games) as advance:
                    accuracy = review_accuracy(
                        battery.rows, review_games, seed=seed, progress=advance
                    )
            print(f"{game.id} report: replaying records, drawing the sections", file=sys.stderr)
            sections = build_sections(
                battery,
                seed=seed,
                workers=count,
                against=against_battery,
                against_label=None if against is None else str(against),
                accuracy=accuracy,
            )
            if out is not None:
                from tote.sim.report.html import write_html

                write_html(out, run, sections)
        except KeyboardInterrupt:
            fail("interrupted; no report written", 130)
        if out is not None:
            err.print(f"Report written to {out}.")
    if as_json:
        from tote.sim.report.json import report_json

        sys.stdout.write(json.dumps(report_json(run, sections)) + "\n")
