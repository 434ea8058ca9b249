"""The end of a game and the game's words in the terminal (issue 15): the final
standings with how each seat's score came, and ``tote terms GAME`` / ``terms`` at the
move prompt, which print the game's glossary."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from tote.cli.common import GameArg, user_errors
from tote.core.data import MAX_PATH
from tote.core.errors import OptionsError
from tote.core.glossary import Glossary
from tote.core.registry import get_game
from tote.core.standings import Standings


def signed(points: int) -> str:
    return f"{points:+,}" if points else "0"


def standings_table(standings: Standings, names: Sequence[str]) -> Table:
    """Every seat, best first: rank, score and the lines the score came from (which add
    up to it); winners starred, the tie-break under the table."""
    table = Table(
        title="Result",
        title_justify="left",
        caption=f"Ties: {standings.tie_break}." if standings.tie_break else None,
        caption_justify="left",
        show_lines=True,
    )
    table.add_column("Rank", justify="right")
    table.add_column("Player")
    table.add_column(
        standings.unit.capitalize() if standings.unit != "VP" else "VP", justify="right"
    )
    table.add_column("How the points came", ratio=1)
    for seat in sorted(standings.seats, key=lambda s: (s.rank, s.seat)):
        lines = Table.grid(padding=(0, 2), expand=True)
        lines.add_column()
        lines.add_column(justify="right")
        for line in seat.lines:
            lines.add_row(
                line.label, Text(signed(line.points), style="red" if line.points < 0 else "")
            )
        if seat.note:
            lines.add_row(Text(seat.note, style="dim"), "")
        who = Text(names[seat.seat], style="bold" if seat.winner else "")
        if seat.winner:
            who.append("\nwinner", style="bold green")
        table.add_row(str(seat.rank), who, f"{seat.score:,}", lines)
    return table


def glossary_table(glossary: Glossary, title: str) -> Table:
    """The game's terms with their explanations and the rule each comes from."""
    table = Table(title=f"{title}: the terms", title_justify="left", show_lines=True)
    table.add_column("Term", style="bold")
    table.add_column("What it means", ratio=1)
    table.add_column("Rule", style="dim", no_wrap=True)
    for term in glossary.terms:
        meaning = Text(term.explanation)
        if term.also:
            meaning.append(f"\nAlso: {', '.join(term.also)}.", style="dim")
        table.add_row(term.term, meaning, term.rule)
    return table


def terms(
    game_id: GameArg,
    file: Annotated[
        Path | None,
        typer.Option(
            "--file",
            metavar="FILE",
            help="A glossary of your own (the form of the game's data/glossary.json).",
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the terms as JSON.")] = False,
) -> None:
    """The game's terms (pace horse, Show, Minimum Bet, betting office...) explained in
    short, each with the rule it comes from."""
    with user_errors():
        game = get_game(game_id)
        if file is not None and len(str(file)) > MAX_PATH:
            raise OptionsError(f"--file: a path of at most {MAX_PATH} characters")
        glossary = game.glossary(None if file is None else str(file))
        if as_json:
            data = {"game": game.id, "title": game.title, "terms": glossary.to_json()}
            sys.stdout.write(json.dumps(data) + "\n")
            return
        Console().print(glossary_table(glossary, game.title))
