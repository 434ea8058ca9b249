"""A table's review computed in a child process (issue 26, "Where people see it").

A review is seconds of pure Python (docs/review.md, "Speed"). Computed in a thread of
the server process it held the interpreter's lock (the GIL) for most of that time, and
every table's moves, bots and clocks in the same process waited behind it. In a child
process it takes another core and the event loop keeps serving.

The child is started with ``spawn`` (a fresh interpreter: nothing of the server's
threads, sockets or database connections is copied into it), is handed the record as
its JSON text, and sends back over a pipe its progress, then the review's JSON or the
reason it failed. The parent (a worker thread of :class:`~tote.server.reviews.Reviews`)
passes the progress on to ``progress``, which raises to stop the review (the server
stopping, or the review running too long): the child is then terminated, so a stopped
review uses no core any more.
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from tote.core.record import Record

PROGRESS_EVERY = 0.2
"""Seconds between progress messages from the child (and between the parent's looks
at whether to stop it)."""
GRACE = 2.0
"""Seconds a terminated child is given to end before it is killed."""


class ReviewFailed(Exception):
    """The review could not be computed (its message says why, in words)."""


def _child(record_text: str, pipe: Connection) -> None:
    """In the child process: compute the review, telling the parent as it goes."""
    import json

    from tote.server.reviews import compute_review

    last = 0.0

    def progress(done: int, of: int) -> None:
        nonlocal last
        now = time.monotonic()
        if now - last >= PROGRESS_EVERY or done == of:
            last = now
            pipe.send(("progress", done, of))

    try:
        record = Record.from_json(json.loads(record_text))
        pipe.send(("done", compute_review(record, progress)))
    except Exception as exc:  # sent to the parent, which fails the review with it
        pipe.send(("failed", f"the review failed ({type(exc).__name__}: {exc})"))
    finally:
        pipe.close()


def review_in_child(record: Record, progress: Callable[[int, int], None]) -> dict[str, Any]:
    """``record``'s review (as :func:`~tote.server.reviews.compute_review` gives it),
    computed in a child process; ``progress`` is called with ``(moves replayed, moves)``
    and at least every :data:`PROGRESS_EVERY` seconds, and whatever it raises stops the
    child and is raised here."""
    context = multiprocessing.get_context("spawn")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(
        target=_child, args=(record.to_json_text(), sender), name="tote-review", daemon=True
    )
    child.start()
    sender.close()
    done, of = 0, len(record.moves)
    try:
        while True:
            if not receiver.poll(PROGRESS_EVERY):
                if not child.is_alive() and not receiver.poll():
                    raise ReviewFailed(f"the review's process ended (exit code {child.exitcode})")
                progress(done, of)
                continue
            try:
                message = receiver.recv()
            except EOFError:
                raise ReviewFailed("the review's process ended before its answer") from None
            if message[0] == "progress":
                done, of = message[1], message[2]
                progress(done, of)
            elif message[0] == "done":
                result: dict[str, Any] = message[1]
                return result
            else:
                raise ReviewFailed(str(message[1]))
    finally:
        receiver.close()
        if child.is_alive():
            child.terminate()
            child.join(GRACE)
            if child.is_alive():
                child.kill()
        child.join(GRACE)
