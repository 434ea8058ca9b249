"""The size limits of what a client may send, enforced before anything is read whole.

The protocol never needs more than :data:`~tote.server.protocol.MAX_MESSAGE` characters
in one message (a WebSocket frame) nor :data:`MAX_BODY` bytes in one HTTP body (a
table's options, a move). Anything larger is refused at the door (issue 18, defect 2):
a WebSocket frame over :data:`MAX_FRAME` bytes closes the connection (code 1009,
"message too big") before it is buffered, and an HTTP body over :data:`MAX_BODY` bytes
gets a ``413`` without the rest being read, so twenty 15 MB frames or five 100 MB bodies
cost the server no more than their first bytes.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import orjson

from tote.server.protocol import MAX_MESSAGE

MAX_FRAME = 4 * MAX_MESSAGE
"""Largest WebSocket frame, in bytes: the longest message, every character 4 UTF-8 bytes."""

MAX_BODY = 256 * 1024
"""Largest HTTP request body, in bytes (a table's options with teams and names is a few KB)."""

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class BodyLimit:
    """ASGI middleware: an HTTP body over ``limit`` bytes is answered ``413`` unread.

    A declared ``Content-Length`` over the limit is refused at once. A body without one
    (chunked) is read up to ``limit + 1`` bytes, at most, and then handed on whole or
    refused, so memory per request stays bounded either way.
    """

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or ()).get(b"content-length")
        if declared is not None:
            if not declared.isdigit() or int(declared) > self.limit:
                await self._refuse(send)
                return
            await self.app(scope, receive, send)
            return
        body = bytearray()
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                await self.app(scope, _replay([message]), send)
                return
            body += message.get("body", b"")
            more = bool(message.get("more_body"))
            if len(body) > self.limit:
                await self._refuse(send)
                return
        request = {"type": "http.request", "body": bytes(body), "more_body": False}
        await self.app(scope, _replay([request], receive), send)

    async def _refuse(self, send: Send) -> None:
        text = orjson.dumps(
            {"error": f"the request body is larger than {self.limit} bytes", "rule": "limit"}
        )
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(text)).encode()),
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": text})


def _replay(messages: list[Message], then: Receive | None = None) -> Receive:
    """A ``receive`` that gives ``messages`` first, then whatever ``then`` gives."""
    queue = list(messages)

    async def receive() -> Message:
        if queue:
            return queue.pop(0)
        if then is None:
            return {"type": "http.disconnect"}
        return await then()

    return receive
