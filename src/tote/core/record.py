"""The one record format: game id, engine version, options, seed, players, moves, result.

See ``docs/records.md``. Replaying a record gives the identical state in every
front end; this module only describes and (de)serialises records, replaying
is :meth:`tote.core.match.Match.replay`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from tote import __version__
from tote.core import json_text
from tote.core.errors import RecordError

RECORD_FORMAT: Literal["tote-record"] = "tote-record"
RECORD_VERSION: Literal[1] = 1


class PlayerEntry(BaseModel):
    """A seat's occupant: a name, and the bot's name if a bot plays it."""

    model_config = ConfigDict(extra="forbid")
    name: str
    bot: str | None = None


class MoveEntry(BaseModel):
    """One move of the log: ``by`` a seat number or ``"chance"``."""

    model_config = ConfigDict(extra="forbid")
    by: int | Literal["chance"]
    move: dict[str, Any]

    @field_validator("by", mode="before")
    @classmethod
    def _seat_as_text(cls, value: object) -> object:
        if isinstance(value, str) and value.isdigit():
            return int(value)
        return value


class Record(BaseModel):
    model_config = ConfigDict(extra="forbid")
    format: Literal["tote-record"] = RECORD_FORMAT
    version: Literal[1] = RECORD_VERSION
    game: str
    engine: str = __version__
    options: dict[str, Any] = {}
    seed: int | None = None
    players: list[PlayerEntry]
    moves: list[MoveEntry] = []
    result: dict[str, Any] | None = None

    def to_json_text(self) -> str:
        return self.model_dump_json(indent=1)

    def save(self, path: Path) -> None:
        path.write_text(self.to_json_text() + "\n", encoding="utf-8")

    @classmethod
    def from_json(cls, data: object) -> Record:
        try:
            return cls.model_validate(data)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"]) or "record"
            raise RecordError(f"not a valid tote record: {where}: {first['msg']}") from None

    @classmethod
    def load(cls, path: Path) -> Record:
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"cannot read {path}: {exc.strerror}") from None
        try:
            data = json_text.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"{path} is not JSON: line {exc.lineno}: {exc.msg}") from None
        except (json_text.TooDeep, RecursionError):
            raise RecordError(f"{path} is not a tote record: nested too deeply") from None
        return cls.from_json(data)
