"""The balance report's sections, in order, and the run they came from (issue 29).

:func:`build_sections` is the one place the report's sections are assembled; the HTML
and JSON writers lay out whatever list it returns.
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from tote import __version__
from tote.sim.report.accuracy import DEFAULT_GAMES as DEFAULT_REVIEW_GAMES
from tote.sim.report.battery import Battery
from tote.sim.report.bots import bots_section
from tote.sim.report.compare import compare_section
from tote.sim.report.decides import LINEUPS, decides_section
from tote.sim.report.game_flow import game_flow_section
from tote.sim.report.returns import returns_section
from tote.sim.report.seat_order import seat_order_section
from tote.sim.report.section import Section

DECIDES_GAMES = 400
"""At most this many games for "What decides it", played at the battery's smallest
player count with its bots and options (its own games: each chance seed is replayed
by several line-ups, see :mod:`tote.sim.report.decides`)."""


@dataclass(frozen=True)
class ReportRun:
    """What a report was run with: shown at the top of the page and in ``--json``."""

    game: str
    title: str
    players: tuple[int, ...]
    games: int
    seed: int
    bots: tuple[str, ...]
    variants: tuple[str, ...]
    options: dict[str, Any]
    workers: int
    command: str
    """The command line that plays the same games again."""
    version: str = __version__
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "title": self.title,
            "players": list(self.players),
            "games": self.games,
            "seed": self.seed,
            "bots": list(self.bots),
            "variants": list(self.variants),
            "options": self.options,
            "workers": self.workers,
            "command": self.command,
            "version": self.version,
            **self.extra,
        }


def reproduce_command(
    game: str,
    players: Sequence[int],
    games: int,
    seed: int,
    bots: Sequence[str],
    variants: Sequence[str],
    options: Sequence[str],
    *,
    sets: Sequence[str] = (),
    against: Path | None = None,
    review_games: int | None = None,
) -> str:
    """``tote report ...`` with every setting that changes the numbers, quoted for a shell
    (``--workers`` is left out: the rows are the same for any number)."""
    words = [
        "tote",
        "report",
        game,
        "--players",
        ",".join(str(n) for n in players),
        "--games",
        str(games),
        "--seed",
        str(seed),
        "--bots",
        ",".join(bots),
    ]
    for name in variants:
        words += ["--variant", name]
    for pair in options:
        words += ["--option", pair]
    for pair in sets:
        words += ["--set", pair]
    if against is not None:
        words += ["--against", str(against)]
    if review_games is not None and review_games != DEFAULT_REVIEW_GAMES:
        words += ["--review-games", str(review_games)]
    return " ".join(shlex.quote(word) for word in words)


def run_of(battery: Battery, *, workers: int, command: str) -> ReportRun:
    plan = battery.plan
    return ReportRun(
        game=plan.game.id,
        title=plan.game.title,
        players=plan.players,
        games=plan.games,
        seed=plan.seed,
        bots=plan.bots,
        variants=plan.variants,
        options=plan.options.model_dump(),
        workers=workers,
        command=command,
    )


def build_sections(
    battery: Battery,
    *,
    seed: int,
    workers: int = 1,
    against: Battery | None = None,
    against_label: str | None = None,
    accuracy: Mapping[str, Any] | None = None,
) -> list[Section]:
    """Every section of the report, in the order the page shows them; with ``against``
    (the same games on other data files, ``--against DIR``), one comparison section per
    player count at the end."""
    game_id = battery.game_id
    rows = battery.rows
    sections = [seat_order_section(game_id, rows)]
    every_row = [row for count in sorted(rows) for row in rows[count]]
    sections.append(returns_section(game_id, every_row))
    sections.append(game_flow_section(game_id, rows))
    plan = battery.plan
    players = min(plan.players)
    decides_games = max(2 * LINEUPS, min(plan.games, DECIDES_GAMES))
    sections.append(
        decides_section(game_id, players, plan.options, plan.bots, decides_games, seed, workers)
    )
    sections.append(bots_section(game_id, rows, seed=seed, accuracy=accuracy))
    if against is not None:
        label_b = against_label or "the other data"
        for count in sorted(rows):
            compared = compare_section(
                game_id, rows[count], against.rows[count], "the game's data", label_b
            )
            sections.append(
                replace(
                    compared,
                    id=f"{compared.id}-{count}",
                    title=f"{compared.title}, {count} players",
                )
            )
    return sections
