"""Logging for ``tote serve``: uvicorn's set-up, with seat tokens kept out of the logs.

A WebSocket client sends its seat token in the URL (``/ws/tables/ID?token=...``),
and uvicorn logs every WebSocket's path with its query string. A log is no
place for a secret that lets anyone play a seat, so every handler gets
:class:`HideTokens`.
"""

from __future__ import annotations

import copy
import logging
import re
from typing import Any
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


def log_config() -> dict[str, Any]:
    """uvicorn's logging config, with :class:`HideTokens` on every handler and tote's own
    messages (``tote.server``: bots that failed, tables that could not be resumed) shown."""
    from uvicorn.config import LOGGING_CONFIG

    config: dict[str, Any] = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["hide_tokens"] = {"()": HideTokens}
    for handler in config["handlers"].values():
        handler.setdefault("filters", []).append("hide_tokens")
    config["loggers"]["tote"] = {"handlers": ["default"], "level": "INFO", "propagate": False}
    return config
