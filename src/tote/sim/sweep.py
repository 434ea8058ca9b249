"""A grid of batches: ``tote sweep GAME --option key=v1,v2 --bots a --bots b,c``.

Every combination of the option values (and of the bot line-ups, each a ``--bots``
as in ``tote simulate``) is a *cell*; each cell is one batch of the runner with the
same seeds, so differences between cells come from the options and bots, not from
different deals. Every cell is checked before the first game is played.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tote.core.errors import OptionsError
from tote.core.game import Game
from tote.core.registry import get_game
from tote.sim.runner import SimPlan, plan_games, run_plan
from tote.sim.stats import SimSummary

MAX_CELLS = 1000
"""The most cells one sweep runs."""
MAX_VALUES = 100
"""The most values one option takes in a sweep."""

CellProgress = Callable[[int, int, int, int], None]
"""Called after each game with (cell, cells, games done in that cell, its games)."""


def split_values(text: str) -> list[str]:
    """``"1,2,[3,4]"`` -> ``["1", "2", "[3,4]"]``: commas inside brackets or quotes
    stay with their value."""
    parts: list[str] = []
    depth = 0
    quote = ""
    current = ""
    for ch in text:
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(current)
            current = ""
            continue
        current += ch
    parts.append(current)
    return [p.strip() for p in parts]


def parse_grid(pairs: Sequence[str] | None) -> dict[str, list[Any]]:
    """``["track_length=20,30"]`` -> ``{"track_length": [20, 30]}``; values are read
    as JSON when they parse, else kept as text; dashes in keys become underscores."""
    grid: dict[str, list[Any]] = {}
    for pair in pairs or ():
        key, sep, raw = pair.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            raise OptionsError(f"--option {pair!r} is not key=v1,v2,... (e.g. --option rounds=4,6)")
        values: list[Any] = []
        for text in split_values(raw):
            if not text:
                raise OptionsError(f"--option {pair!r}: an empty value in the list")
            try:
                values.append(json.loads(text))
            except json.JSONDecodeError:
                values.append(text)
        if len(values) > MAX_VALUES:
            raise OptionsError(f"--option {key}: at most {MAX_VALUES} values, not {len(values)}")
        if key in grid:
            raise OptionsError(f"--option {key} is given twice; list its values once")
        grid[key] = values
    return grid


@dataclass(frozen=True)
class Cell:
    options: dict[str, Any]
    """The swept options' values in this cell."""
    bots: tuple[str, ...]
    plan: SimPlan


@dataclass(frozen=True)
class SweepResult:
    game: str
    players: int
    games: int
    seed: int
    grid: dict[str, list[Any]]
    lineups: list[tuple[str, ...]]
    cells: list[tuple[Cell, SimSummary]]

    def to_json(self) -> dict[str, Any]:
        return {
            "sweep": True,
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "grid": self.grid,
            "bots": [list(b) for b in self.lineups],
            "cells": [
                {"options": cell.options, "bots": list(cell.bots), "summary": summary.to_json()}
                for cell, summary in self.cells
            ],
        }


def plan_sweep(
    game: Game | str,
    players: int,
    games: int,
    grid: Mapping[str, Sequence[Any]],
    lineups: Sequence[Sequence[str]],
    *,
    seed: int = 0,
    variants: Sequence[str] = (),
    options: Mapping[str, Any] | None = None,
) -> list[Cell]:
    """Every cell of the grid, each checked by the runner (a bad value, option or bot
    is refused here, before any game)."""
    game = get_game(game) if isinstance(game, str) else game
    lineups = [tuple(b) for b in lineups] or [("random",)]
    if not grid and len(lineups) < 2:
        raise OptionsError("nothing to sweep: give --option KEY=V1,V2,... or more than one --bots")
    for key, values in grid.items():
        if not values:
            raise OptionsError(f"--option {key}: no values to sweep")
    count = len(lineups)
    for values in grid.values():
        count *= len(values)
    if count > MAX_CELLS:
        raise OptionsError(f"the grid has {count:,} cells; at most {MAX_CELLS:,}")
    cells = []
    keys = list(grid)
    for combo in itertools.product(*(grid[k] for k in keys)):
        chosen = dict(zip(keys, combo, strict=True))
        for bots in lineups:
            plan = plan_games(
                game,
                players,
                games,
                seed=seed,
                bots=bots,
                variants=variants,
                options={**(options or {}), **chosen},
            )
            cells.append(Cell(chosen, plan.bots, plan))
    return cells


def run_sweep(
    cells: Sequence[Cell],
    grid: Mapping[str, Sequence[Any]],
    *,
    workers: int = 1,
    progress: CellProgress | None = None,
) -> SweepResult:
    """Play every cell (in order, each on ``workers`` processes)."""
    results = []
    for number, cell in enumerate(cells):

        def advance(done: int, total: int, number: int = number) -> None:
            if progress is not None:
                progress(number, len(cells), done, total)

        results.append((cell, run_plan(cell.plan, advance, workers=workers)))
    first = cells[0].plan
    return SweepResult(
        game=first.game.id,
        players=first.players,
        games=first.games,
        seed=first.seed,
        grid={k: list(v) for k, v in grid.items()},
        lineups=list(dict.fromkeys(cell.bots for cell in cells)),
        cells=results,
    )
