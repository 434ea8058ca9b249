"""Table chat (issue 27, Add: "a short message box at every table").

A client says something with ``{"type": "chat", "text": "..."}`` over the table's
WebSocket (a spectator may add ``"name"``); everyone at the table, players and
spectators, gets ``{"type": "chat", "messages": [...]}``: on connecting, every message
kept (no message if none was said); afterwards each new one.
``GET /api/tables/{id}/chat`` reads them over HTTP (the replay page shows them at their
place in the game).

The rules of the chat, each refusal one line naming its limit (rule ``chat``):

- seated players may always chat; spectators only if the host allows it (the table
  setting ``spectator_chat``, off by default: anyone holding the table link watches);
- a message is what a person typed, at most :data:`MAX_CHAT` characters on one line
  (control characters become spaces), never empty; it is sent as text and every page
  shows it as text (no markup);
- a seat (or a spectator's connection) says at most :data:`CHAT_BURST` messages at
  once, then one every :data:`CHAT_EVERY` seconds;
- a table keeps its :data:`CHAT_KEPT` newest messages (the store forgets older ones).

A message carries the seat that said it and its name (the page adds the seat's letter
and colour, as everywhere), never a token or anything of the game's.

Every process serving the table hears of a new message by the store's notice
(``<table>:chat:<id>``, :mod:`tote.server.fanout`) and sends its own connections the
messages after the last it sent (:meth:`TableChat.catch_up`), so a message reaches
every watcher whichever process they are connected to.
"""

from __future__ import annotations

import asyncio
import logging
import unicodedata
from typing import TYPE_CHECKING, Any

from tote.server.connection import Allowance, Connection
from tote.server.schemas import MAX_NAME
from tote.server.writer import run_sync
from tote.store import ChatLine, NotFound

if TYPE_CHECKING:
    from tote.server.runtime import TableRuntime

log = logging.getLogger("tote.server")

MAX_CHAT = 200
"""Longest chat message, in characters."""
CHAT_KEPT = 300
"""Messages a table keeps (older ones are forgotten)."""
CHAT_BURST = 5
"""Messages a seat may say at once..."""
CHAT_EVERY = 3.0
"""...then one every this many seconds."""
SPECTATOR_NAME = "Spectator"
"""What a spectator who gives no name is called."""


def clean(text: str) -> str:
    """One line of plain text: control characters (newlines, tabs, escapes) become
    spaces, runs of spaces one, ends trimmed. Markup stays as the characters typed:
    the pages show a message as text, so ``<b>`` is shown, never obeyed."""
    chars = (" " if unicodedata.category(c).startswith("C") else c for c in text)
    return " ".join("".join(chars).split())


def chat_message(lines: list[ChatLine]) -> dict[str, Any]:
    """The ``chat`` message a client receives."""
    return {"type": "chat", "messages": [line.to_json() for line in lines]}


class TableChat:
    """One table's chat in this process: who may say how much, and what was sent."""

    def __init__(self, table: TableRuntime) -> None:
        self.table = table
        self.lock = asyncio.Lock()
        """Chat lines go out in order, once each (never held while waiting for the table)."""
        self.sent: int | None = None
        """The newest message id this process sent its connections (None: none yet)."""
        self._allowances: dict[object, Allowance] = {}

    def allowed(self, seat: int | None) -> bool:
        """Seated players always; spectators when the host allows (``spectator_chat``)."""
        return seat is not None or bool(self.table.row.settings.get("spectator_chat", False))

    def _allowance(self, conn: Connection) -> Allowance:
        key: object = ("seat", conn.seat) if conn.seat is not None else conn
        if len(self._allowances) > 256:  # spectators come and go: stay bounded
            self._allowances.clear()
        return self._allowances.setdefault(key, Allowance(1.0 / CHAT_EVERY, CHAT_BURST))

    def refusal(self, conn: Connection, data: dict[str, Any]) -> str | tuple[str, str] | None:
        """Why a chat message is refused (one line), or (name, text) to say."""
        if not self.allowed(conn.seat):
            return (
                "the host keeps this table's chat to its players: spectators read it"
                " (join a seat to chat)"
            )
        raw = data.get("text")
        if not isinstance(raw, str):
            return 'a chat message is {"type": "chat", "text": "..."}'
        if len(raw) > MAX_CHAT * 4:
            return f"a chat message is at most {MAX_CHAT} characters"
        text = clean(raw)
        if not text:
            return "the message is empty: write something to say"
        if len(text) > MAX_CHAT:
            return f"a chat message is at most {MAX_CHAT} characters (this one has {len(text)})"
        if conn.seat is not None:
            name = self.table.row.seats[conn.seat].name
        else:
            given = data.get("name")
            name = clean(given)[:MAX_NAME] if isinstance(given, str) else ""
            name = name or SPECTATOR_NAME
        wait = self._allowance(conn).take()
        if wait:
            return (
                f"at most {CHAT_BURST} chat messages at once, then one every"
                f" {CHAT_EVERY:g} s; wait {wait:.1f} s"
            )
        return name, text

    async def say(self, conn: Connection, data: dict[str, Any]) -> None:
        """A client's chat message: stored, then sent to everyone at the table."""
        answer = self.refusal(conn, data)
        if isinstance(answer, str):
            conn.error("chat", answer)
            return
        assert answer is not None
        name, text = answer
        table = self.table
        try:
            await run_sync(table.store.say, table.table_id, conn.seat, name, text, CHAT_KEPT)
        except NotFound:
            conn.error("chat", "this table is gone: the message was not kept")
            return
        except Exception:
            log.exception("table %s: storing a chat message failed", table.table_id)
            conn.error("server", "the message could not be stored; try again")
            return
        await self.catch_up()

    async def greet(self, conn: Connection) -> None:
        """A new connection gets every message kept (nothing if none was said)."""
        async with self.lock:
            try:
                lines = await run_sync(self.table.store.chat, self.table.table_id, 0, CHAT_KEPT)
            except Exception:  # the chat never keeps anyone from the table
                log.exception("table %s: reading the chat failed", self.table.table_id)
                return
            newest = lines[-1].id if lines else 0
            self.sent = max(self.sent or 0, newest)
            if lines:
                conn.send(chat_message(lines))

    async def catch_up(self) -> None:
        """Send this process's connections the messages after the last it sent (a new
        message here, or a notice of one said through another process)."""
        async with self.lock:
            if self.sent is None or not self.table.audience.connections:
                self.sent = None  # the next connection is greeted with everything
                return
            lines = await run_sync(self.table.store.chat, self.table.table_id, self.sent, CHAT_KEPT)
            if lines:
                self.sent = lines[-1].id
                self.table.audience.broadcast(chat_message(lines))
