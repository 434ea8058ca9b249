"""JSON text read with a bound on how deeply it nests (issues 28 and 29).

Python's parser recurses once per array or object, so text nested deeper than the
interpreter's recursion limit raises :class:`RecursionError` — or, where a library has
raised that limit, is read (or overflows the C stack) instead. Whether a deep value was
refused therefore depended on what else the process had imported. Every place that
reads JSON a person supplied (data files, ``--set`` values, records, what a client
sends) counts the nesting first, so the refusal is the same in every process.
"""

from __future__ import annotations

import json
import re
from typing import Any

MAX_NESTING = 64
"""Deepest nesting of arrays and objects read from a person: a data file, a record or a
message needs a handful of levels; the serialisers that store and hash what was read
stop at a few hundred."""

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


class TooDeep(ValueError):
    """The text nests arrays or objects more than :data:`MAX_NESTING` deep."""


def nesting(text: str) -> int:
    """How deeply ``text`` nests arrays and objects (brackets inside strings not counted)."""
    depth = deepest = 0
    for bracket in _BRACKET.findall(_STRING.sub("", text)):
        if bracket in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def loads(text: str | bytes, limit: int = MAX_NESTING) -> Any:
    """``json.loads(text)``, refused with :class:`TooDeep` before parsing if ``text``
    nests deeper than ``limit``. Bytes are decoded as the JSON standard says (UTF-8, 16
    or 32), raising :class:`UnicodeDecodeError` as ``json.loads`` does."""
    if isinstance(text, bytes | bytearray):
        text = bytes(text).decode(json.detect_encoding(text), "surrogatepass")
    if nesting(text) > limit:
        raise TooDeep(f"arrays or objects nested too deeply (over {limit})")
    return json.loads(text)
