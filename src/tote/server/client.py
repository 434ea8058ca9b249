"""What a WebSocket client does with ``view`` messages: keep the log.

Over HTTP a view holds the whole log. Over a WebSocket the server sends each
log entry once: a ``view`` message has ``"view"`` with ``"log": null``, plus
``"log_from": n`` and ``"log": [...]``, the entries from index ``n`` on. A
client keeps the entries it has and puts them back into the view. The first
message of a connection, and the answer to ``{"type": "view"}``, start at 0.
Python clients (the tests, the load benchmark) use :class:`ViewLog`; the
browser does the same in ``static/js/table.js``.
"""

from __future__ import annotations

from typing import Any


class LogGap(Exception):
    """A message's entries start past the end of the log this client has: ask for the
    whole view again (``{"type": "view"}``)."""


class ViewLog:
    """The log entries one connection has been sent, put back into its views."""

    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = []

    def read(self, message: dict[str, Any]) -> dict[str, Any] | None:
        """The whole view a ``view`` message stands for, its log included (``None``
        before the table starts). A message with its log inside the view (an HTTP
        answer) replaces what this client had."""
        view: dict[str, Any] | None = message.get("view")
        if view is None:
            return None
        if "log_from" not in message:
            self.events = list(view.get("log") or [])
            return view
        start = message["log_from"]
        if start > len(self.events):
            raise LogGap(f"entries from {start} on, but only {len(self.events)} here")
        self.events = self.events[:start] + message["log"]
        return {**view, "log": list(self.events)}
