"""Stopping a run by signal: SIGTERM and SIGHUP end a batch as Ctrl+C does.

Python turns Ctrl+C (SIGINT) into :class:`KeyboardInterrupt`, which unwinds the
runner and removes its temporary files; SIGTERM (``kill``, a scheduler ending a job)
and SIGHUP (the terminal closed) would end the process at once and leave hidden
``.part`` files behind. While a batch runs, :func:`signals_stop_runs` turns them into
:class:`Stopped`, a :class:`KeyboardInterrupt`, so "whole or absent" holds for them
too (issue 29, Fix). Only the main thread can set signal handlers; elsewhere (a
notebook's worker thread) the handlers are left alone.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from types import FrameType
from typing import Any

STOP_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)
)


class Stopped(KeyboardInterrupt):
    """A run stopped by a signal other than Ctrl+C; ``signum`` names it."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum

    @property
    def exit_status(self) -> int:
        """The shell's status for a process ended by this signal (128 + its number)."""
        return 128 + self.signum


def _raise_stopped(signum: int, frame: FrameType | None) -> None:
    raise Stopped(signum)


@contextlib.contextmanager
def signals_stop_runs() -> Iterator[None]:
    """SIGTERM and SIGHUP raise :class:`Stopped` while the block runs, then the previous
    handlers are back."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    saved: dict[int, Any] = {}
    for signum in STOP_SIGNALS:
        if signal.getsignal(signum) is signal.SIG_IGN:
            continue  # nohup: a hang-up is meant to be ignored
        saved[signum] = signal.signal(signum, _raise_stopped)
    try:
        yield
    finally:
        for signum, handler in saved.items():
            signal.signal(signum, handler)
