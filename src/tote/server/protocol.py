"""What a client may send over the WebSocket, and how each message is answered.

A client sends ``move``, ``view``, ``odds`` (:mod:`tote.server.odds`), ``chat``
(:mod:`tote.server.chat`, issue 27) or ``ping`` (described in the OpenAPI text).
Whatever is wrong with a message (too long, not JSON, an unknown type, a move
for another seat, a move the rules refuse) is answered with an ``error``
message to that connection alone, and changes nothing.
"""

from __future__ import annotations

from tote.core.errors import IllegalMove
from tote.server.client_json import NotJson, read_json
from tote.server.connection import Connection
from tote.server.errors import Refused
from tote.server.odds import answer_odds
from tote.server.runtime import TableRuntime

MAX_MESSAGE = 64 * 1024
"""Longest message a client may send, in characters."""

MESSAGE_TYPES = ("move", "view", "odds", "chat", "ping")
"""What a client may send over the WebSocket."""


async def handle_message(table: TableRuntime, conn: Connection, text: str) -> None:
    """One client message. Errors go to this connection only and change nothing."""
    wait = conn.messages.take()
    if wait:
        table.meter.refused("messages")
        conn.rate_error(f"too many messages; wait {wait:.1f} s")
        return
    if len(text) > MAX_MESSAGE:
        conn.error("protocol", f"message too long (more than {MAX_MESSAGE} characters)")
        return
    try:
        data = read_json(text)
    except NotJson as exc:
        conn.error("protocol", str(exc))
        return
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        conn.error("protocol", 'a message is a JSON object with a "type", e.g. "move"')
        return
    kind = data["type"]
    if kind == "ping":
        conn.send({"type": "pong"})
        return
    if kind == "view":
        wait = conn.views.take()
        if wait:
            table.meter.refused("views")
            conn.error("rate", f"the whole view was sent a moment ago; ask again in {wait:.1f} s")
            return
        async with table.lock:
            await table.fresh_locked()
            table.audience.send_view(conn)  # serialised under the lock
        return
    if kind == "odds":
        await answer_odds(table, conn, data)
        return
    if kind == "chat":
        await table.chat.say(conn, data)
        return
    if kind != "move":
        known = ", ".join(MESSAGE_TYPES)
        conn.error("protocol", f"unknown message type {kind!r} (known: {known})")
        return
    if conn.seat is None:
        conn.error("spectator", "spectators cannot move; join a seat to play")
        return
    claimed = data.get("seat")
    if claimed is not None and claimed != conn.seat:
        conn.error("seat", f"this connection plays seat {conn.seat}, not seat {claimed}")
        return
    move = data.get("move")
    if not isinstance(move, dict):
        conn.error("protocol", 'a move message is {"type": "move", "move": {...}}')
        return
    try:
        await table.play_from_socket(conn.seat, move, conn.token_hash)
    except IllegalMove as exc:
        conn.error(exc.rule, exc.message)
    except Refused as exc:
        conn.error(exc.rule, exc.message)
