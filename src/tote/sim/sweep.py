"""A grid of batches: ``tote sweep GAME --option key=v1,v2 --bots a --bots b,c``.

Every combination of the option values (and of the bot line-ups, each a ``--bots``
as in ``tote simulate``) is a *cell*; each cell is one batch of the runner with the
same seeds, so differences between cells come from the options and bots, not from
different deals. Every cell is checked before the first game is played.
"""

from __future__ import annotations

import itertools
import json
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tote.core import json_text
from tote.core.errors import OptionsError, ToteError
from tote.core.game import Game
from tote.core.registry import get_game
from tote.sim.record_files import temporary_beside
from tote.sim.runner import SimPlan, plan_games, run_plan
from tote.sim.stats import SimSummary
from tote.sim.stopping import signals_stop_runs
from tote.sim.table import import_arrow
from tote.sim.whatif import is_data_path, with_changes

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
                values.append(json_text.loads(text))
            except json_text.TooDeep:
                raise OptionsError(f"--option {key}: a value is nested too deeply") from None
            except json.JSONDecodeError:
                values.append(text)
            except ValueError:
                raise OptionsError(f"--option {key}: a number too long to read") from None
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

    def cell_rows(self) -> list[dict[str, Any]]:
        """One row per cell, as ``tote sweep --out`` writes them (issue 29): the cell's
        number, its swept options (one column each, as JSON text), its bots, then per
        seat the win rate with its 95% interval and the mean score, the winner's mean
        score, the games nobody won with their share's interval, and the mean length."""
        rows = []
        for number, (cell, summary) in enumerate(self.cells):
            data = summary.to_json()
            row: dict[str, Any] = {"cell": number, "game": self.game, "games": self.games}
            for key in self.grid:
                row[f"option_{key}"] = json.dumps(cell.options.get(key))
            row["bots"] = ",".join(cell.bots)
            for seat in data["seats"]:
                k = seat["seat"]
                row[f"win_rate_{k}"] = seat["win_rate"]["value"]
                row[f"win_rate_low_{k}"] = seat["win_rate"]["low"]
                row[f"win_rate_high_{k}"] = seat["win_rate"]["high"]
                row[f"mean_score_{k}"] = seat["score"]["mean"]
            winner = data["winner_score"]
            row["winner_score_mean"] = None if winner is None else winner["mean"]
            row["no_winner"] = data["no_winner"]["games"]
            for bound in ("value", "low", "high"):
                suffix = "" if bound == "value" else f"_{bound}"
                row[f"no_winner_share{suffix}"] = data["no_winner"]["share"][bound]
            for name, spread in data["length"].items():
                row[f"{name}_mean"] = spread["mean"]
            rows.append(row)
        return rows

    def _repr_html_(self) -> str:
        """How Jupyter shows it: tables and a plot (:mod:`tote.sim.notebook`; issue 29)."""
        from tote.sim.notebook import sweep_html

        return sweep_html(self)

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
    is refused here, before any game). A grid key that is a data path
    (``payouts.show[2]``, from ``--set PATH=V1,V2``) sweeps that data value, issue 29."""
    game = get_game(game) if isinstance(game, str) else game
    lineups = [tuple(b) for b in lineups] or [("random",)]
    if not grid and len(lineups) < 2:
        raise OptionsError(
            "nothing to sweep: give --option KEY=V1,V2,..., --set PATH=V1,V2,..."
            " or more than one --bots"
        )
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
        cell_options = {**(options or {})}
        cell_options.update({k: v for k, v in chosen.items() if not is_data_path(k)})
        cell_options = with_changes(
            cell_options, {k: v for k, v in chosen.items() if is_data_path(k)}
        )
        for bots in lineups:
            plan = plan_games(
                game,
                players,
                games,
                seed=seed,
                bots=bots,
                variants=variants,
                options=cell_options,
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


def write_cells(result: SweepResult, path: Path) -> None:
    """``tote sweep --out FILE.parquet|.csv``: :meth:`SweepResult.cell_rows` written to
    a temporary file beside ``path`` and renamed onto it (whole or absent, SIGTERM and
    SIGHUP included)."""
    pa = import_arrow()
    table = pa.Table.from_pylist(result.cell_rows())
    temporary = temporary_beside(path)
    with signals_stop_runs():
        try:
            if path.suffix == ".csv":
                from pyarrow import csv

                csv.write_csv(table, str(temporary))
            else:
                from pyarrow import parquet

                parquet.write_table(table, str(temporary), compression="zstd")
            os.replace(temporary, path)
        except OSError as exc:
            raise ToteError(f"--out {path}: {exc.strerror or exc}") from None
        finally:
            temporary.unlink(missing_ok=True)
