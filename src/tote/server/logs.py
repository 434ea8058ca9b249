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

TOKEN = re.compile(r"(token=)[^&\s\"']+")
HIDDEN = r"\1[hidden]"


class HideTokens(logging.Filter):
    """Rewrite ``token=SECRET`` as ``token=[hidden]`` in a record's message and arguments."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = TOKEN.sub(HIDDEN, record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(
                TOKEN.sub(HIDDEN, arg) if isinstance(arg, str) else arg for arg in record.args
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
