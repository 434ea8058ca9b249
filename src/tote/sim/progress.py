"""Progress of a long run: a live bar on a terminal (or in Jupyter, where rich draws it
with ipywidgets), plain lines every few seconds otherwise. Used by the CLI (on
stderr) and by ``run_games(..., progress=True)`` in notebooks and scripts.

rich draws nothing when stderr is a file or a pipe (a batch job, ``2> log``), so a
100,000-game run used to say nothing for minutes; there a line such as
``winners-circle: 1,200/100,000 games (1.2%), 14 s, about 19 min left`` is printed
every :data:`INTERVAL` seconds and once at the end (issue 29, Fix). The interval is
``TOTE_PROGRESS_SECONDS`` when set (tests use a short one).
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterator

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

INTERVAL = 5.0
"""Seconds between two plain progress lines."""
INTERVAL_VARIABLE = "TOTE_PROGRESS_SECONDS"

Advance = Callable[[int], None]
"""Called with the games done so far."""


class GameProgress:
    """What :func:`game_progress` yields: called with the games done so far, as an
    :data:`Advance`; :meth:`already` says that games were done before this run (a
    resumed tournament's kept games, read and not played), so that the time left is
    worked out from the games played since, not from games that took no time."""

    def __init__(self, advance: Advance, already: Advance) -> None:
        self._advance = advance
        self._already = already

    def __call__(self, done: int) -> None:
        self._advance(done)

    def already(self, done: int) -> None:
        """``done`` games in all are done, the latest of them not played now."""
        self._already(done)


def interval() -> float:
    """The seconds between plain progress lines (``TOTE_PROGRESS_SECONDS``, else 5)."""
    try:
        return max(0.0, float(os.environ.get(INTERVAL_VARIABLE, INTERVAL)))
    except ValueError:
        return INTERVAL


def _duration(seconds: float) -> str:
    if seconds < 10:
        return f"{seconds:.1f} s"
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


class PlainProgress:
    """A progress line on ``console`` at most every ``every`` seconds, and at the end."""

    def __init__(self, console: Console, label: str, total: int, every: float) -> None:
        self.console = console
        self.label = label
        self.total = total
        self.every = every
        self.start = time.monotonic()
        self.last = self.start
        self.done = 0
        self.since = (0, self.start)
        """Games done and the time when the games played in this run began to count."""

    def line(self) -> str:
        elapsed = time.monotonic() - self.start
        share = self.done / self.total if self.total else 1.0
        text = f"{self.label}: {self.done:,}/{self.total:,} games ({share:.1%}), "
        text += _duration(elapsed)
        played = self.done - self.since[0]
        if played > 0 and self.done < self.total:
            rate = (time.monotonic() - self.since[1]) / played
            text += f", about {_duration(rate * (self.total - self.done))} left"
        return text

    def advance(self, done: int) -> None:
        self.done = done
        now = time.monotonic()
        if now - self.last >= self.every and done < self.total:
            self.last = now
            self.console.print(self.line(), highlight=False, soft_wrap=True)

    def already(self, done: int) -> None:
        self.done = done
        self.since = (done, time.monotonic())

    def finish(self) -> None:
        if self.done:
            self.console.print(self.line(), highlight=False, soft_wrap=True)


def _has_widgets() -> bool:
    import importlib.util

    return importlib.util.find_spec("ipywidgets") is not None


def default_console() -> Console:
    """Where ``progress=True`` shows the progress: the notebook's cell in Jupyter,
    stderr elsewhere (stdout stays for results)."""
    console = Console()
    return console if console.is_jupyter else Console(stderr=True)


@contextlib.contextmanager
def game_progress(console: Console, label: str, total: int) -> Iterator[GameProgress]:
    """Show the progress of ``total`` games; yields the function to call with the games
    done (:class:`GameProgress`). A live bar where the console is a terminal, or a
    notebook with ipywidgets (rich draws its live display there with them); plain lines
    else."""
    if console.is_terminal or (console.is_jupyter and _has_widgets()):
        bar = Progress(
            TextColumn(label),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            console=console,
        )
        task = bar.add_task("games", total=total)
        with bar:
            yield GameProgress(
                lambda done: bar.update(task, completed=done),
                lambda done: bar.reset(task, completed=done),
            )
        return
    plain = PlainProgress(console, label, total, interval())
    yield GameProgress(plain.advance, plain.already)
    plain.finish()
