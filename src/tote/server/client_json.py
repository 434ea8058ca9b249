"""Reading JSON a client sent, with one refusal for whatever the parser turns down
(issue 28, defect 6).

Python's parser refuses more than malformed text: arrays or objects nested past the
interpreter's recursion limit raise :class:`RecursionError`, and an integer of more
than 4,300 digits a :class:`ValueError` (CPython's limit on converting digits to an
int). Left unhandled, either became a ``500`` (or a reset connection). Every place
that parses a client's JSON — WebSocket messages, replay uploads, and the HTTP bodies
FastAPI parses for the other routes (see :func:`parse_problem`) — goes through here,
so each is refused naming the problem, and nothing changes.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from tote.core import json_text

MAX_DEPTH = json_text.MAX_NESTING
"""Deepest nesting of arrays and objects a client may send. A record or a move needs a
handful of levels; the parser takes about a thousand, but the serialisers that store and
hash what was read stop at a few hundred (pydantic, orjson), so deeper values are refused
at the door instead of failing later."""

TOO_DEEP = f"not JSON this server reads: arrays or objects nested too deeply (over {MAX_DEPTH})"


class NotJson(ValueError):
    """What a client sent is not JSON this server reads; ``str()`` says why, one line."""


def problem(exc: BaseException) -> str:
    """One line naming why the parser refused the text (``exc`` from ``json.loads``)."""
    if isinstance(exc, json.JSONDecodeError):
        return f"not JSON: line {exc.lineno}, character {exc.colno}: {exc.msg}"
    if isinstance(exc, RecursionError | json_text.TooDeep):
        return TOO_DEEP
    if isinstance(exc, UnicodeDecodeError):
        return "not text: JSON is UTF-8 text"
    if "integer string conversion" in str(exc):
        digits = sys.get_int_max_str_digits()
        return f"not JSON this server reads: an integer of more than {digits:,} digits"
    reason = " ".join(str(exc).split()) or type(exc).__name__
    return f"not JSON this server reads: {reason}"


def read_json(text: str | bytes) -> Any:
    """``text`` parsed, or :class:`NotJson` naming the problem (never another error)."""
    try:
        value = json_text.loads(text, MAX_DEPTH)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError and UnicodeDecodeError too
        raise NotJson(problem(exc)) from None
    return shallow(value)


def shallow(value: Any) -> Any:
    """``value`` itself if it nests at most :data:`MAX_DEPTH` arrays or objects deep, else
    :class:`NotJson` (in a pydantic validator, a :class:`ValueError`). Walked level by
    level, without recursion."""
    level: list[Any] = [value]
    for _ in range(MAX_DEPTH + 1):
        containers = [item for item in level if isinstance(item, dict | list | tuple)]
        if not containers:
            return value
        level = [
            child
            for container in containers
            for child in (container.values() if isinstance(container, dict) else container)
        ]
    raise NotJson(TOO_DEEP)


def parse_problem(exc: BaseException) -> str | None:
    """Why FastAPI could not parse a request body, from the ``400`` it raises ("There
    was an error parsing the body") with the parser's error as its cause; None if
    ``exc`` is not such an error."""
    cause = exc.__cause__
    if isinstance(cause, ValueError | RecursionError):
        return "the request body is " + problem(cause)
    return None
