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
from collections.abc import Mapping
from typing import Any, NamedTuple

import orjson

MAX_QUEUED = 256
"""Messages waiting for a slow client before it is dropped (it may reconnect)."""

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

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.closed = False
        self.log_sent = 0
        """Log entries this client has: the next view message carries only the rest."""
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

    def close(self, code: int, reason: str) -> None:
        if not self.closed:
            self.closed = True
            self._queue.put_nowait(Close(code, reason))

    async def next(self) -> str | Close:
        return await self._queue.get()
