"""Bounded JSON reading (issues 28 and 29): text nested past ``MAX_NESTING`` is refused
before it is parsed, the same way whatever the interpreter's recursion limit is."""

from __future__ import annotations

import json
import sys

import pytest

from tote.core import json_text


@pytest.mark.parametrize(
    ("text", "depth"),
    [
        ("1", 0),
        ("[]", 1),
        ('{"a": [1, {"b": []}]}', 4),
        ('["[[[[", "]]", {"k\\"[": 1}]', 2),
        ("[[][[]]]", 3),
    ],
)
def test_nesting_counts_arrays_and_objects_but_not_brackets_in_strings(
    text: str, depth: int
) -> None:
    assert json_text.nesting(text) == depth


def test_text_at_the_limit_reads_as_json_does() -> None:
    text = "[" * json_text.MAX_NESTING + "]" * json_text.MAX_NESTING
    assert json_text.loads(text) == json.loads(text)
    assert json_text.loads(text.encode("utf-16")) == json.loads(text)


@pytest.mark.parametrize("limit", [1_000, 200_000])
def test_deeper_text_is_refused_whatever_the_recursion_limit(limit: int) -> None:
    """A library that raises the recursion limit (some do, on import) once made a
    5,000-deep value parse, and the refusal never came (CI, 2026-11-25)."""
    before = sys.getrecursionlimit()
    sys.setrecursionlimit(limit)
    try:
        with pytest.raises(json_text.TooDeep, match="nested too deeply"):
            json_text.loads("[" * 5_000)
        with pytest.raises(json_text.TooDeep):
            json_text.loads("[" * (json_text.MAX_NESTING + 1) + "]" * (json_text.MAX_NESTING + 1))
    finally:
        sys.setrecursionlimit(before)


def test_malformed_shallow_text_is_left_to_the_parser() -> None:
    with pytest.raises(json.JSONDecodeError):
        json_text.loads("[1,")
