"""Each game's own numbers in a simulation: the protocol, and where to find a game's.

The runner (:mod:`tote.sim.runner`) builds one row per finished game. Besides the
numbers every game has (seed, bots, scores, winners, length in moves) a row carries
the game's own ``columns`` (Winner's Circle: which horse won, ...), read from the
finished state by the game's :class:`GameStats`. The parent process feeds the rows,
in game order, to the game's :class:`GameAccumulator`, whose ``to_json()`` becomes
the summary's ``"game"`` part and whose ``tables()`` are printed under the seat table.

A game's stats live in ``tote.sim.games.<module>`` (``STATS: GameStats``);
``tote.sim.games.MODULES`` maps game ids to those module names. A game without one
simply has no ``"game"`` part (:func:`game_stats` returns None). The agreement
between the runner and the games' modules is docs/simulation.md, "Each game's numbers".
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from tote.core.state import State

Scalar = int | float | str | bool | None
"""A cell of a game's row: flat and JSON-safe (and a Parquet/CSV column type)."""

ROUNDS = "rounds"
"""The column a game's stats may give its length in rounds under; the runner then
summarises it next to the length in moves (``"length"`` in the summary)."""


@dataclass(frozen=True)
class StatTable:
    """One headline table for the terminal (printed with rich): already formatted text."""

    title: str
    header: list[str]
    rows: list[list[str]] = field(default_factory=list)


class GameAccumulator(Protocol):
    """Sums up one batch's rows of one game; fed in game order, so deterministic."""

    def add(self, columns: Mapping[str, Scalar]) -> None:
        """Count one finished game's columns (what :meth:`GameStats.columns` gave)."""
        ...

    def to_json(self) -> dict[str, Any]:
        """The game's part of ``tote simulate --json``: JSON-safe, the same for the same rows."""
        ...

    def tables(self) -> list[StatTable]:
        """The headline tables, printed below the seat table."""
        ...


class GameStats(Protocol):
    """A game's own numbers: the columns of one game's row, and their summary."""

    game_id: str

    def columns(self, final: State) -> dict[str, Scalar]:
        """The game's own columns of one finished game's row: flat, JSON-safe, the same
        keys for the same options. Read from the finished state (everything is public
        once the game is over: history, log), never from anything random."""
        ...

    def accumulator(self) -> GameAccumulator:
        """A fresh, empty accumulator for one batch."""
        ...


PACKAGE = "tote.sim.games"
"""The package of the games' stats modules (one module per game)."""


def game_stats(game_id: str) -> GameStats | None:
    """The stats of ``game_id``: ``STATS`` of the module ``tote.sim.games.MODULES`` names
    for it, or None when there is no such package, entry or module."""
    try:
        package = importlib.import_module(PACKAGE)
    except ModuleNotFoundError as exc:
        if exc.name in (PACKAGE, PACKAGE.rpartition(".")[0]):
            return None
        raise
    modules: Mapping[str, str] = getattr(package, "MODULES", {})
    name = modules.get(game_id)
    if name is None:
        return None
    module = importlib.import_module(f"{PACKAGE}.{name}")
    stats: GameStats = module.STATS
    return stats
