"""One WebSocket client of a table: :class:`Connection`, its outbox.

A table never writes to a socket itself: it queues JSON text on each of its
connections, and each connection's own task (in :mod:`tote.server.app`) writes
the queue out. So one slow client cannot hold up a table, and a client that
falls too far behind is closed (it may reconnect and resume). The close codes
the server uses are here too.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

import orjson

MAX_QUEUED = 256
"""Messages waiting for a slow client before it is dropped (it may reconnect)."""
RATE_ERRORS_WAITING = MAX_QUEUED // 4
"""Messages waiting past which a message over the client's allowance is dropped unanswered
(issue 28, defect 7): a flood's refusals never fill the outbox."""

CLOSE_GOING_AWAY = 1001
CLOSE_SERVER_ERROR = 1011
CLOSE_BAD_TOKEN = 4403
CLOSE_NO_TABLE = 4404
CLOSE_TOO_SLOW = 4408


def to_json(message: Mapping[str, Any]) -> str:
    """Compact JSON text of a message. orjson writes the same text as the standard
    library's compact form, several times faster: a server encodes a view for every
    seat after every move. What orjson cannot write (an integer past 64 bits, such as
    a Wits & Wagers guess of 10**30 sent as a JSON number) goes the standard way."""
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


class Close(NamedTuple):
    """Queued last for a connection: close it with this code and reason."""

    code: int
    reason: str


MESSAGES_PER_SECOND = 20.0
"""A client's steady rate of messages (a burst of :data:`MESSAGE_BURST` is allowed)."""
MESSAGE_BURST = 60
VIEWS_PER_SECOND = 0.5
"""How often a client may ask for its whole view again (``{"type": "view"}``): the
answer carries the whole log, thousands of times the question's size."""
VIEW_BURST = 5


class Allowance:
    """A token bucket: ``burst`` at once, then ``rate`` a second (issue 18, defect 6)."""

    def __init__(
        self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self._tokens = float(burst)
        self._at = clock()

    def take(self) -> float:
        """0 if one more is allowed now (and counted), else the seconds until it is."""
        now = self.clock()
        self._tokens = min(float(self.burst), self._tokens + (now - self._at) * self.rate)
        self._at = now
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return 0.0
        return (1.0 - self._tokens) / self.rate


class Connection:
    """One WebSocket client of a table: the seat it plays (``None``: a spectator) and
    its outbox.

    Messages are queued as JSON text, serialised the moment they are made: a
    game's view may share lists with its state, so a dict queued now could show
    a later move by the time it is written. Sending never waits: the
    connection's own task writes the queue, so one slow client cannot hold up a
    table. A client that falls :data:`MAX_QUEUED` messages behind is closed;
    reconnecting resumes it.
    """

    def __init__(self, seat: int | None, token_hash: str | None = None) -> None:
        self.seat = seat
        self.token_hash = token_hash
        """The hash of the token the seat was opened with: closed once it stops playing."""
        self.closed = False
        self.log_sent = 0
        """Log entries this client has: the next view message carries only the rest."""
        self.messages = Allowance(MESSAGES_PER_SECOND, MESSAGE_BURST)
        self.views = Allowance(VIEWS_PER_SECOND, VIEW_BURST)
        self.odds_busy = False
        """Whether this connection's tote board is being worked out (one at a time)."""
        self._queue: asyncio.Queue[str | Close] = asyncio.Queue()

    def send(self, message: dict[str, Any]) -> None:
        self.send_text(to_json(message))

    def send_text(self, text: str) -> None:
        if self.closed:
            return
        if self._queue.qsize() >= MAX_QUEUED:
            self.close(CLOSE_TOO_SLOW, "too many messages waiting; reconnect to resume")
            return
        self._queue.put_nowait(text)

    def error(self, rule: str, message: str) -> None:
        self.send({"type": "error", "rule": rule, "message": message})

    def rate_error(self, message: str) -> None:
        """Refuse a message over the client's allowance (rule ``rate``; the connection
        stays), unless :data:`RATE_ERRORS_WAITING` messages already wait unsent: then it
        is dropped unanswered (issue 28, defect 7). Every other answer is to a message
        within the allowance, so a flood adds at most that many to the outbox; only a
        client that reads nothing for long falls :data:`MAX_QUEUED` behind and is closed."""
        if self._queue.qsize() < RATE_ERRORS_WAITING:
            self.error("rate", message)

    def close(self, code: int, reason: str) -> None:
        if not self.closed:
            self.closed = True
            self._queue.put_nowait(Close(code, reason))

    async def next(self) -> str | Close:
        return await self._queue.get()
