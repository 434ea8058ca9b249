"""Logging for ``tote serve``: uvicorn's set-up, with seat tokens kept out of the logs.

A WebSocket client sends its seat token in the URL (``/ws/tables/ID?token=...``),
and uvicorn logs every WebSocket's path with its query string. A log is no
place for a secret that lets anyone play a seat, so every handler gets
:class:`HideTokens`.

``tote serve --log-format json`` writes one JSON object a line (:class:`JsonLines`,
issue 28, logs) for a log collector: ``time``, ``level``, ``logger``, ``message``,
and where known ``table``, ``seat`` and ``event`` (plus ``method``, ``path``,
``status`` and ``client`` for a request), the tokens hidden the same way.
"""

from __future__ import annotations

import copy
import json
import logging
import re
from datetime import UTC, datetime
from typing import Any, Literal
from urllib.parse import unquote_plus

PARAMETER = re.compile(r"(?P<start>[?&;]|^)(?P<name>[^=&;?\s\"']+)=(?P<value>[^&;\s\"']*)")
"""One ``name=value`` of a query string, as the server's URL parser splits them."""


def hide_tokens(text: str) -> str:
    """``text`` with the value of every query parameter that the server would read as
    ``token`` replaced by ``[hidden]``: the name is compared once percent-decoded, as the
    server decodes it, so ``?tok%65n=SECRET`` is hidden too (issue 18, defect 7)."""

    def hide(match: re.Match[str]) -> str:
        if unquote_plus(match["name"]) != "token":
            return match[0]
        return f"{match['start']}{match['name']}=[hidden]"

    return PARAMETER.sub(hide, text) if "=" in text else text


class HideTokens(logging.Filter):
    """Hide every seat token in a record's message and arguments (:func:`hide_tokens`)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = hide_tokens(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(
                hide_tokens(arg) if isinstance(arg, str) else arg for arg in record.args
            )
        return True


LogFormat = Literal["text", "json"]

TABLE_IN_PATH = re.compile(r"/(?:tables|t|replay)/(?P<table>[A-Za-z0-9_-]+)")
"""A table's id in a request's path (the API, the WebSocket, the table and replay pages)."""
SEAT_IN_PATH = re.compile(r"(?:/seats/|[?&]seat=)(?P<seat>\d{1,9})(?!\d)")
TABLE_IN_TEXT = re.compile(r"\btable (?P<table>[A-Za-z0-9_-]{12})(?![A-Za-z0-9_-])")
"""A table's id as tote's messages name it (``table ID: ...``; ids are 12 characters)."""
SEAT_IN_TEXT = re.compile(r"\bseat (?P<seat>\d{1,9})\b")
"""A seat's number in a path or a message; at most 9 digits, so that any path a client
sends gives a seat ``int()`` reads (past 4,300 digits it raises, and the line is lost)."""
CONTEXT = ("table", "seat", "event")
"""Fields a log call may give with ``extra=``, taken as they are."""


class JsonLines(logging.Formatter):
    """One JSON object a line (see the module). Every text that goes out passes
    :func:`hide_tokens` once more, whatever filters the handler has."""

    def format(self, record: logging.LogRecord) -> str:
        message = hide_tokens(record.getMessage())
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": message,
        }
        entry.update(_context(record, message))
        if record.exc_info:
            entry["exception"] = hide_tokens(self.formatException(record.exc_info))
        if record.stack_info:
            entry["stack"] = hide_tokens(self.formatStack(record.stack_info))
        return json.dumps(entry, ensure_ascii=False, default=str)


def _context(record: logging.LogRecord, message: str) -> dict[str, Any]:
    """The table, seat and event of a record, where they can be told."""
    context: dict[str, Any] = {}
    args = record.args if isinstance(record.args, tuple) else ()
    if record.name == "uvicorn.access" and len(args) == 5:
        client, method, path, _, status = args
        path = hide_tokens(str(path))
        context.update(event="request", client=client, method=method, path=path, status=status)
        table, seat = TABLE_IN_PATH.search(path), SEAT_IN_PATH.search(path)
    else:
        if record.name.startswith("uvicorn") and "WebSocket" in message:
            context["event"] = "websocket"
        table = TABLE_IN_TEXT.search(message) or TABLE_IN_PATH.search(message)
        seat = SEAT_IN_TEXT.search(message) or SEAT_IN_PATH.search(message)
    if table is not None:
        context["table"] = table["table"]
    if seat is not None:
        context["seat"] = int(seat["seat"])
    for key in CONTEXT:
        if key in record.__dict__:
            value = record.__dict__[key]
            context[key] = hide_tokens(value) if isinstance(value, str) else value
    return context


def announce(text: str, log_format: LogFormat) -> str:
    """A line ``tote serve`` prints before uvicorn's logging starts (where it serves):
    as it is, or as a JSON log line, so that a ``json`` log is JSON from its first line."""
    if log_format == "text":
        return text
    record = logging.LogRecord("tote.server", logging.INFO, __file__, 0, text, None, None)
    return JsonLines().format(record)


def log_config(log_format: LogFormat = "text") -> dict[str, Any]:
    """uvicorn's logging config, with :class:`HideTokens` on every handler and tote's own
    messages (``tote.server``: bots that failed, tables that could not be resumed) shown,
    and other libraries' warnings (``asyncio``...) through the same handler, not Python's
    last-resort one, which would write them unfiltered and as plain text; ``json``: every
    handler writes :class:`JsonLines` (issue 28, logs)."""
    from uvicorn.config import LOGGING_CONFIG

    config: dict[str, Any] = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["hide_tokens"] = {"()": HideTokens}
    if log_format == "json":
        config["formatters"]["json"] = {"()": JsonLines}
    for handler in config["handlers"].values():
        handler.setdefault("filters", []).append("hide_tokens")
        if log_format == "json":
            handler["formatter"] = "json"
    config["loggers"]["tote"] = {"handlers": ["default"], "level": "INFO", "propagate": False}
    config["root"] = {"handlers": ["default"], "level": "WARNING"}
    return config
