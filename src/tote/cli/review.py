"""``tote review RECORD [--seat N] [--json]``: the review of a finished game (issue 26).

The review is :func:`tote.review.review`; here it is drawn as a table of the judged
decisions and a summary per seat, or written as one JSON object (``Review.to_json``).
Nothing is printed before the review is complete, so Ctrl+C (status 130) leaves no
half-written output.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console, Group
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from tote.cli.common import fail, user_errors
from tote.core.errors import OptionsError, RecordError
from tote.review import MOST_WORLDS, WORLDS, Review, review
from tote.review.engine import Progress as Advance
from tote.review.engine import check_search_worlds
from tote.review.model import Decision
from tote.review.search_judge import MOST_SEARCH_WORLDS, PLANS
from tote.sim.record_files import load_record

MARK_STYLES = {
    "best": "bold green",
    "good": "green",
    "inaccuracy": "yellow",
    "mistake": "dark_orange",
    "blunder": "bold red",
}


@contextmanager
def _progress(console: Console, shown: bool) -> Iterator[Advance | None]:
    """A bar of the moves replayed, on stderr when it is a terminal."""
    if not shown or not console.is_terminal:
        yield None
        return
    bar = Progress(
        TextColumn("reviewing"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("moves"),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    )
    task = bar.add_task("moves", total=None)
    with bar:
        yield lambda done, total: bar.update(task, completed=done, total=total)


def _money(value: float, unit: str) -> str:
    sign = "+" if value >= 0 else "-"
    amount = f"{abs(value):,.0f}" if abs(value) >= 100 else f"{abs(value):,.2f}"
    return f"{sign}${amount}" if unit == "$" else f"{sign}{amount} {unit}"


def _values(d: Decision) -> tuple[str, str]:
    """The Value and Best move cells: the board's in the game's unit, the search's as
    a standing (or share) in percent, marked as the search's."""
    assert d.chosen is not None and d.best is not None
    half = (d.chosen.high - d.chosen.low) / 2
    if d.judge == "search":
        what = "standing" if d.unit == "standing" else "share"
        value = f"{100 * d.chosen.value:.0f}% ±{100 * half:.0f} {what}"
        best = f"{d.best_label} ({100 * d.best.value:.0f}%)"
    else:
        value = f"{d.chosen.value:+.1f} ±{half:.1f}"
        best = f"{d.best_label} ({d.best.value:+.1f})"
    return value, "the move made" if d.lost <= 0 else best


NARROW = 110
"""Below this many columns the decisions are drawn as two lines each, not as a table
(at 80 columns the table's eight columns cut the marks and best moves short)."""


def _luck(d: Decision) -> str:
    return "-" if d.judge == "search" else "replaced" if d.luck is None else f"{d.luck:+.1f}"


def _decision_lines(found: Review, names: list[str]) -> list[Text]:
    """The judged decisions for a narrow terminal: the move, seat, decision and mark on
    one line; who judged it, its value, the best move and the luck on the next."""
    lines = [Text("Decisions", style="italic")]
    for d in found.decisions:
        if d.mark is None or d.chosen is None or d.best is None:
            continue
        value, best = _values(d)
        judge = "search" if d.judge == "search" else "board"
        luck = "" if d.judge == "search" else f"; luck {_luck(d)}"
        lines.append(
            Text.assemble(
                (f"{d.index:>4} ", "bold"),
                f"{names[d.seat]}: {d.label}  ",
                (d.mark, MARK_STYLES[d.mark]),
                f"\n     {judge}: {value}; best: {best}{luck}",
            )
        )
    return lines


def render_review(found: Review, names: list[str], width: int = NARROW) -> Group:
    """The decisions judged, one row each (two lines each on a terminal narrower than
    :data:`NARROW`), then the summary of every seat reviewed."""
    unit = found.unit
    parts: list[Table | Text] = [
        Text.assemble(
            ("Review", "bold"),
            f" of a {found.game} game (seed {found.seed}): each bet against the best, from"
            f" what its seat knew then; up to {found.worlds:,} sampled worlds a decision;"
            " ±: 95% interval; values in " + ("$" if unit == "$" else unit) + ".",
        )
    ]
    if found.search_worlds:
        parts.append(
            Text(
                "Other moves (search): judged by the strong bot's search on"
                f" {found.search_worlds:,} sampled worlds a decision; valued as the seat's"
                " expected standing at the end of the race, question or scoring (0% last,"
                " 100% first; Wits & Wagers: its share of the points), no luck counted.",
            )
        )
    narrow = width < NARROW
    table = Table(title="Decisions", title_justify="left")
    table.add_column("Move", justify="right")
    table.add_column("Seat")
    table.add_column("Decision", ratio=3)
    table.add_column("Judge")
    table.add_column("Mark")
    table.add_column("Value", justify="right")
    table.add_column("Best move (value)", ratio=2)
    table.add_column("Luck", justify="right")
    for d in found.decisions:
        if d.mark is None or d.chosen is None or d.best is None:
            continue
        value, best = _values(d)
        table.add_row(
            str(d.index),
            names[d.seat],
            d.label,
            "search" if d.judge == "search" else "board",
            Text(d.mark, style=MARK_STYLES[d.mark]),
            value,
            best,
            _luck(d),
        )
    if narrow:
        parts.extend(_decision_lines(found, names))
    else:
        parts.append(table)
    summary = Table(title="Summary", title_justify="left")
    summary.add_column("Seat")
    summary.add_column("Accuracy", justify="right")
    if not narrow:
        summary.add_column("Marks")
    summary.add_column("Left on the table", justify="right")
    summary.add_column("Expected from the bets", justify="right")
    summary.add_column("Actual", justify="right")
    summary.add_column("Luck", justify="right")
    lines: list[Text] = []
    for s in found.seats:
        marks = ", ".join(f"{n} {m}" for m, n in s.marks.items() if n)
        marks = f"{marks or 'none'} ({s.judged} judged, {s.searched} by the search)"
        summary.add_row(
            names[s.seat],
            "-" if s.accuracy is None else f"{s.accuracy:.0f}%",
            *([] if narrow else [marks]),
            _money(s.left_on_table, unit).lstrip("+"),
            _money(s.expected, unit),
            _money(s.actual, unit),
            _money(s.luck, unit),
        )
        said = [f"{names[s.seat]}:"] + ([f"{marks};"] if narrow else [])
        if s.biggest_luck is not None:
            swing = found.decision(s.biggest_luck).luck or 0.0
            said.append(f"biggest luck swing move {s.biggest_luck} ({_money(swing, unit)});")
        worst = ", ".join(str(i) for i in s.worst)
        said.append(f"worst decisions: moves {worst}." if worst else "no decision lost value.")
        lines.append(Text(" ".join(said)))
    parts.append(summary)
    parts.extend(lines)
    unjudged = [d for d in found.decisions if d.mark is None]
    if unjudged:
        reasons: dict[str, int] = {}
        for d in unjudged:
            reasons[d.reason or "not judged"] = reasons.get(d.reason or "not judged", 0) + 1
        why = "; ".join(f"{n} {reason}" for reason, n in reasons.items())
        parts.append(Text(f"Decisions not judged ({why}); --json lists them.", style="dim"))
    return Group(*parts)


def review_command(
    record: Annotated[
        Path,
        typer.Argument(
            metavar="RECORD",
            help="A finished game's record (from 'tote play --save' or 'tote simulate --save').",
            show_default=False,
        ),
    ],
    seat: Annotated[
        int | None,
        typer.Option(
            metavar="N", help="Review this seat only (0 is the first).", show_default=False
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the review as JSON.")] = False,
    game: Annotated[
        int | None,
        typer.Option(
            metavar="SEED",
            help="In a run file of 'tote simulate --save', the game with this seed.",
            show_default=False,
        ),
    ] = None,
    worlds: Annotated[
        int | None,
        typer.Option(
            metavar="N",
            help=f"At most N sampled worlds per decision (1 to {MOST_WORLDS:,}); by default"
            f" {WORLDS} (Winner's Circle 300, Carcassonne 150).",
            show_default=False,
        ),
    ] = None,
    search_worlds: Annotated[
        int | None,
        typer.Option(
            metavar="N",
            help="Sampled worlds per decision for the strong bot's search, which judges the"
            f" moves that are not bets (0 turns it off, else 2 to {MOST_SEARCH_WORLDS:,});"
            " by default the game's ("
            + ", ".join(f"{g} {p.worlds}" for g, p in PLANS.items())
            + ").",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Review a finished game: each bet against the best bet, valued from what its seat
    knew at the time, with a mark (best, good, inaccuracy, mistake, blunder), and luck
    told apart from skill; other moves (a horse moved, a tile placed) judged by the
    strong bot's search (docs/review.md).

    A record that does not replay, a game that is not finished or a seat that does not
    exist is refused with one line and exit status 2; Ctrl+C stops with status 130.
    """
    err = Console(stderr=True)
    try:
        with user_errors():
            try:
                loaded = load_record(record, game)
            except RecordError as exc:
                raise RecordError(str(exc).replace("with --seed S", "with --game SEED")) from None
            if worlds is not None and not 1 <= worlds <= MOST_WORLDS:
                raise OptionsError(f"--worlds must be 1 to {MOST_WORLDS:,}, not {worlds}")
            try:
                check_search_worlds(search_worlds)
            except OptionsError as exc:
                raise OptionsError(f"--{exc}".replace("search worlds", "search-worlds")) from None
            with _progress(err, not as_json or err.is_terminal) as advance:
                found = review(
                    loaded, seat, worlds=worlds, search_worlds=search_worlds, progress=advance
                )
    except KeyboardInterrupt:
        fail("interrupted: the review was stopped, nothing was written", 130)
    if as_json:
        sys.stdout.write(json.dumps(found.to_json()) + "\n")
        return
    names = [p.name for p in loaded.players]
    console = Console()
    console.print(render_review(found, names, console.width))
