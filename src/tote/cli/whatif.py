"""What-if on the data in the CLI (issue 29): ``--set PATH=VALUE`` and ``--against DIR``.

``--set`` is shared by ``tote simulate``, ``tote sweep`` (where it takes a list of
values to sweep) and ``tote report``; ``--against`` by ``tote simulate`` (which prints
the comparison) and ``tote report``. The parsing lives in :mod:`tote.sim.whatif`, the
comparison in :mod:`tote.sim.report.compare`; this module holds the arguments and the
terminal's rendering of a report section.
"""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from tote.core.errors import OptionsError, ToteError
from tote.sim.report.section import Section
from tote.sim.runner import GameRow, SimPlan, run_plan
from tote.sim.whatif import describe_changes, plan_against

SetOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--set",
        metavar="PATH=VALUE",
        help="Change one value of the game's data files for this run (repeatable), e.g. "
        "--set payouts.show[2]=300 or --set cards.movement.M03.values[1]=2: the file's "
        "name, then keys and \\[positions]. See docs/simulation.md, 'What-if on the data'.",
        show_default=False,
    ),
]
SweepSetOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--set",
        metavar="PATH=V1,V2,...",
        help="A value of the game's data files and the values to sweep it over (repeatable; "
        "one value: set in every cell), e.g. --set payouts.show[0]=150,250,350.",
        show_default=False,
    ),
]
AgainstOpt = Annotated[
    Path | None,
    typer.Option(
        "--against",
        metavar="DIR",
        help="Play the same games again with DIR's data files (any of the game's, e.g. "
        "payouts.json) in place of the game's own, and compare the two side by side.",
        show_default=False,
        file_okay=False,
    ),
]

Advance = Callable[[int, int], None]


def refuse_with_against(out: Path | None, save: Path | None, plot: Path | None) -> None:
    """``--against`` prints a comparison of two runs; the one-run files are refused."""
    given = [name for name, value in (("--out", out), ("--save", save), ("--plot", plot)) if value]
    if given:
        raise OptionsError(
            f"--against compares two runs and prints the comparison; {', '.join(given)}"
            " keep one run's results: run each data set on its own for them"
        )


def play_both(
    plans: tuple[SimPlan, SimPlan],
    advance: Advance,
    *,
    workers: int,
    ray: str | None,
) -> tuple[list[GameRow], list[GameRow]]:
    """Play run A then run B; every row of each, in game order. ``advance`` is told the
    games done over both."""
    kept: tuple[list[GameRow], list[GameRow]] = ([], [])
    for number, (plan, rows) in enumerate(zip(plans, kept, strict=True)):

        def step(done: int, total: int, before: int = number * plan.games) -> None:
            advance(before + done, 2 * total)

        run_plan(plan, step, workers=workers, ray=ray, sinks=[rows.append])
    return kept


def section_json(section: Section) -> dict[str, Any]:
    """A section as JSON (its figures left out): for ``tote simulate --against --json``."""
    return {
        "id": section.id,
        "title": section.title,
        "summary": section.summary,
        "tables": [
            {"title": t.title, "columns": t.columns, "rows": t.rows, "note": t.note}
            for t in section.tables
        ],
        "flags": [{"level": f.level, "text": f.text} for f in section.flags],
        "data": section.data,
    }


def print_section(console: Console, section: Section) -> None:
    """A report section on the terminal: title, words, tables, flags."""
    console.print(Text(section.title, style="bold"))
    for paragraph in section.summary:
        console.print(Text(paragraph))
    for report_table in section.tables:
        table = Table(title=report_table.title, title_justify="left", caption=report_table.note)
        for number, column in enumerate(report_table.columns):
            table.add_column(column, justify="left" if number == 0 else "right", overflow="fold")
        for row in report_table.rows:
            table.add_row(*("" if cell is None else str(cell) for cell in row))
        console.print(table)
    for flag in section.flags:
        mark = "!" if flag.level == "warn" else "ok"
        console.print(Text(f"{mark} {flag.text}", style="yellow" if mark == "!" else "green"))


def print_changes(console: Console, lines: list[str]) -> None:
    """The run's data changes, one line each, with the values they replace."""
    if lines:
        console.print(Text("Data changed for this run: " + "; ".join(lines) + ".", style="bold"))


def simulate_against(
    plan: SimPlan,
    directory: Path,
    workers: int,
    ray: str | None,
    as_json: bool,
) -> None:
    """``tote simulate ... --against DIR``: run A as planned (with its ``--set``
    changes), run B the same games with DIR's data files, and print the comparison
    (:func:`tote.sim.report.compare.compare_section`), or its JSON with ``--json``.
    ``--out``, ``--save`` and ``--plot`` were refused before (:func:`refuse_with_against`)."""
    try:
        from tote.sim.report.compare import compare_section
    except ImportError:
        raise ToteError("--against needs scipy: pip install 'tote[lab]'") from None
    other = plan_against(plan, directory)
    changes = describe_changes(plan.game, plan.options)
    label_a = "game data with --set" if changes else "game data"
    label_b = f"{directory.name or directory}/"
    progress = Progress(
        TextColumn(f"{plan.game.id}: {label_a}, then {label_b}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True),
    )
    task = progress.add_task("games", total=2 * plan.games)

    def advance(done: int, total: int) -> None:
        progress.update(task, completed=done)

    with contextlib.ExitStack() as stack:
        if ray is not None:
            from tote.sim.workers import ray_session

            stack.enter_context(ray_session(ray))
        with progress:
            rows_a, rows_b = play_both((plan, other), advance, workers=workers, ray=ray)
    section = compare_section(plan.game.id, rows_a, rows_b, label_a, label_b)
    if as_json:
        data = {
            "game": plan.game.id,
            "players": plan.players,
            "games": plan.games,
            "seed": plan.seed,
            "a": {"label": label_a, "options": plan.options.model_dump(mode="json")},
            "b": {"label": label_b, "options": other.options.model_dump(mode="json")},
            "compare": section_json(section),
        }
        sys.stdout.write(json.dumps(data) + "\n")
        return
    console = Console()
    print_changes(console, changes)
    print_section(console, section)
