"""What a server process tells its operators it did: :class:`Meter` (issue 28, metrics).

The places where things worth counting happen (a move stored, a bot's choice, a
refusal for going too fast, a table taken over, the listener reconnecting, a tote
board worked out) call a method of the :class:`Meter` their table holds. This one
counts nothing: it is what a server without metrics (``tote serve --no-metrics``,
and tests that build the parts alone) holds. :class:`tote.server.metrics.Metrics`
counts them in Prometheus' terms; only that module imports ``prometheus_client``.
"""

from __future__ import annotations


class Meter:
    """Every event a server process counts for its operators; here none is counted."""

    def move_accepted(self) -> None:
        """A seat's move (a player's, a bot's or the clock's) was stored and announced."""

    def move_answered(self, seconds: float) -> None:
        """A player's move took ``seconds`` from its receipt to stored and announced."""

    def bot_thought(self, bot: str, seconds: float) -> None:
        """A bot took ``seconds`` to choose its move."""

    def refused(self, limit: str) -> None:
        """A client went past a rate limit (``messages``, ``views``, ``odds``,
        ``tables``, ``uploads``; ``reviews``: the server's reviews were all in use) and
        was refused."""

    def table_taken_over(self) -> None:
        """This process took over a table whose driving process stopped."""

    def listener_failed(self) -> None:
        """The connection listening for other processes' changes failed."""

    def listener_reconnected(self) -> None:
        """The listening connection is back after a failure."""

    def job_done(self, job: str, seconds: float) -> None:
        """A job worked out beside play (``board``: a tote board; ``review``: a finished
        table's review, issue 26) took ``seconds``."""

    def job_failed(self, job: str) -> None:
        """A job beside play failed (refused, or an error): not counted as done."""
