"""How long a search bot may think: an iteration budget, a time budget (issue 25).

The search bots (``ismcts``, ``strong`` and the ``hard`` level) stop after a fixed
number of iterations by default, so that a seeded game replays move for move and a
tournament reproduces. ``--think SECONDS`` gives them a time budget instead (a game
played so no longer replays: how far a search gets depends on the machine), and
``--iterations N`` changes the fixed budget. Both are bounded (issue 25, "Bad input"):
a think time of more than 0 and at most :data:`MOST_THINK_SECONDS` seconds, an
iteration budget of 1 to :data:`MOST_ITERATIONS`; anything else is one line naming the
bounds.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tote.core.errors import OptionsError

MOST_THINK_SECONDS = 60.0
"""The longest time budget of one decision (issue 25: "over 60 s" is refused)."""
MOST_ITERATIONS = 1_000_000
"""The largest iteration budget of one decision (issue 25: "1 to 1,000,000")."""
MOST_PROCESSES = 64
"""The most processes one decision of ``strong`` may be searched on (root-parallel)."""


@dataclass(frozen=True, slots=True)
class Budget:
    """A search bot's budget for each decision: at most ``iterations`` iterations (the
    bot's own default when ``None``) and, when ``seconds`` is given, no longer than
    that. With ``seconds`` and no ``iterations``, the time alone stops the search (up
    to :data:`MOST_ITERATIONS`)."""

    iterations: int | None = None
    seconds: float | None = None
    fixed_first: bool = False
    """With ``seconds`` and no ``iterations``: keep the bot's fixed default as the cap,
    the time only cutting a long decision short (a server's table, where a bot must not
    keep players waiting, :data:`tote.server.bots.TABLE_THINK_SECONDS`)."""
    processes: int = 1
    """Processes ``strong`` searches each decision on, splitting its iterations
    (root-parallel, :mod:`tote.bots.root_parallel`); 1 searches in the bot's own."""

    def iterations_or(self, default: int) -> int:
        """The iteration cap: the one given, else (with a time budget) the largest
        allowed, unless :attr:`fixed_first`, else the bot's fixed ``default``."""
        if self.iterations is not None:
            return self.iterations
        if self.seconds is not None and not self.fixed_first:
            return MOST_ITERATIONS
        return default


def check_think(seconds: float) -> float:
    """A think time of more than 0 and at most 60 seconds, or one clear refusal."""
    if not (0.0 < seconds <= MOST_THINK_SECONDS) or math.isnan(seconds):
        raise OptionsError(
            f"--think must be more than 0 and at most {MOST_THINK_SECONDS:g} seconds, "
            f"not {seconds:g}"
        )
    return seconds


def check_iterations(iterations: int) -> int:
    """An iteration budget of 1 to 1,000,000, or one clear refusal."""
    if not 1 <= iterations <= MOST_ITERATIONS:
        raise OptionsError(f"--iterations must be 1 to {MOST_ITERATIONS:,}, not {iterations:,}")
    return iterations


def check_processes(processes: int) -> int:
    """A number of search processes of 1 to 64, or one clear refusal."""
    if not 1 <= processes <= MOST_PROCESSES:
        raise OptionsError(f"--search-processes must be 1 to {MOST_PROCESSES}, not {processes}")
    return processes


def budget_of(
    think: float | None, iterations: int | None, processes: int | None = None
) -> Budget | None:
    """The budget the command line asked for (``--think``, ``--iterations``,
    ``--search-processes``), checked; ``None`` when it asked for none of them (every bot
    keeps its fixed default)."""
    if think is None and iterations is None and processes is None:
        return None
    return Budget(
        iterations=None if iterations is None else check_iterations(iterations),
        seconds=None if think is None else check_think(think),
        processes=1 if processes is None else check_processes(processes),
    )
