"""What a table refuses, and why: :class:`Refused`.

The rules refuse a move with :class:`~tote.core.errors.IllegalMove`; everything
else a table turns down (a seat already taken, a game not started, a move the
store did not take) is a :class:`Refused`. Both change nothing. The HTTP API
answers one with its ``status``, a WebSocket with an ``error`` message.
"""

from __future__ import annotations


class Refused(Exception):
    """A request the table refuses: ``rule`` names why, ``message`` is one line for the
    user, ``status`` is the HTTP status it maps to; ``retry_after``, seconds to wait
    before asking again (sent as ``Retry-After``)."""

    def __init__(
        self, rule: str, message: str, status: int = 409, retry_after: float | None = None
    ) -> None:
        self.rule = rule
        self.message = message
        self.status = status
        self.retry_after = retry_after
        super().__init__(message)
