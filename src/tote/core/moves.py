"""Moves: frozen dataclasses with a ``kind`` tag, and their JSON codec.

A move's JSON form is ``{"type": kind, **fields}``. Games define their move
classes; :class:`MoveCodec` turns untrusted JSON into those classes with a
clear :class:`MalformedMove` refusal for anything else.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any, ClassVar, Literal

from pydantic import TypeAdapter, ValidationError

from tote.core.errors import MalformedMove

CHANCE: Literal["chance"] = "chance"
"""The actor of chance moves (shuffles, draws, die rolls)."""

Actor = int | Literal["chance"]
"""Who makes a move: a seat number (0-based) or chance."""


@dataclasses.dataclass(frozen=True, slots=True)
class Move:
    """Base of every move. Subclasses set ``kind`` and add fields."""

    kind: ClassVar[str] = "move"

    def to_json(self) -> dict[str, Any]:
        names = _FIELD_NAMES.get(type(self))
        if names is None:
            names = _FIELD_NAMES[type(self)] = tuple(f.name for f in dataclasses.fields(self))
        data: dict[str, Any] = {"type": self.kind}
        for name in names:
            value = getattr(self, name)
            data[name] = value if type(value) in _PLAIN else _jsonable(value)
        return data


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
"""Each move class's field names, read once (issue 24: a view lists its legal moves as
JSON, and Carcassonne's placements are dozens a turn)."""
_PLAIN = frozenset({int, str, float, bool, type(None)})
"""Field types written as they are."""


def _jsonable(value: Any) -> Any:
    """Plain JSON for a move field: nested dataclasses become objects, tuples lists."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    return value


class MoveCodec:
    """Parses JSON into one game's move classes, refusing anything malformed."""

    def __init__(self, move_types: Iterable[type[Move]]) -> None:
        self._types: dict[str, type[Move]] = {t.kind: t for t in move_types}
        self._adapters: dict[str, TypeAdapter[Any]] = {
            kind: TypeAdapter(t) for kind, t in self._types.items()
        }

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(self._types)

    def parse(self, data: object) -> Move:
        if isinstance(data, Move):
            if data.kind in self._types and isinstance(data, self._types[data.kind]):
                return data
            raise MalformedMove(f"this game has no move of type {data.kind!r}")
        if not isinstance(data, dict):
            raise MalformedMove("a move must be a JSON object with a 'type' field")
        kind = data.get("type")
        known = ", ".join(sorted(self._types))
        if not isinstance(kind, str):  # a list or an object is no type (issue 28, defect 6)
            raise MalformedMove(f"a move's 'type' is a string, one of: {known}")
        if kind not in self._types:
            raise MalformedMove(f"unknown move type {kind!r}; this game's moves are: {known}")
        fields = {k: v for k, v in data.items() if k != "type"}
        allowed = {f.name for f in dataclasses.fields(self._types[kind])}
        extra = sorted(set(fields) - allowed)
        if extra:
            raise MalformedMove(f"move {kind!r} has unknown field(s): {', '.join(extra)}")
        try:
            move: Move = self._adapters[kind].validate_python(fields, strict=False)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"]) or kind
            raise MalformedMove(f"move {kind!r}, field {where}: {first['msg']}") from None
        return move
