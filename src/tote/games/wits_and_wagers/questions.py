"""The question bank: the shipped original pack, and packs users load.

A pack is JSON (``{"questions": [...]}`` or a bare list) or CSV with the
header ``id,text,answer,unit,category,source``. Loading is all or nothing:
the first bad row is reported with its line number and reason, and nothing
else is taken from that file.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable
from fractions import Fraction
from functools import cache, lru_cache
from importlib.resources import files
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from tote.core.data import read_replacement
from tote.core.errors import OptionsError
from tote.games.wits_and_wagers.numbers import NotANumber, parse_number

FIELDS = ("id", "text", "answer", "unit", "category", "source")


class Question(BaseModel):
    """One question card: its text, its numeric answer, and where the fact comes from."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    text: str
    answer: str
    unit: str = ""
    category: str = ""
    source: str = ""

    @field_validator("id", "text")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("must not be empty")
        return value.strip()

    @field_validator("answer", mode="before")
    @classmethod
    def _numeric(cls, value: object) -> str:
        if not isinstance(value, str | int | float) or isinstance(value, bool):
            raise ValueError("must be a number")
        try:
            parse_number(value)
        except NotANumber as exc:
            raise ValueError(str(exc)) from None
        return str(value)

    @property
    def value(self) -> Fraction:
        return answer_value(self.answer)


@lru_cache(maxsize=4096)
def answer_value(answer: str) -> Fraction:
    """A card's answer as an exact number (:func:`parse_number`), read once per text: a
    question is read at every draw of every simulated game (issue 24), and a Fraction
    never changes."""
    return parse_number(answer)


class PackError(OptionsError):
    """A question pack that cannot be loaded; names the file, line and reason."""


def _row_error(source: str, line: int, exc: ValidationError | str) -> PackError:
    if isinstance(exc, str):
        reason = exc
    else:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "row"
        reason = f"{where}: {first['msg']}"
    return PackError(f"{source}, line {line}: {reason}; nothing was loaded from this file")


def _check_unique(questions: Iterable[tuple[int, Question]], source: str) -> list[Question]:
    seen: dict[str, int] = {}
    out = []
    for line, question in questions:
        if question.id in seen:
            raise _row_error(
                source, line, f"id {question.id!r} is already used on line {seen[question.id]}"
            )
        seen[question.id] = line
        out.append(question)
    if not out:
        raise PackError(f"{source} holds no questions")
    return out


def parse_csv(text: str, source: str = "pack") -> list[Question]:
    reader = csv.DictReader(io.StringIO(text))
    header = reader.fieldnames or []
    missing = [f for f in ("text", "answer") if f not in header]
    if missing:
        raise PackError(
            f"{source}, line 1: the header needs the columns {', '.join(FIELDS)}"
            f" (missing: {', '.join(missing)}); nothing was loaded from this file"
        )
    unknown = [f for f in header if f not in FIELDS]
    if unknown:
        raise _row_error(source, 1, f"unknown column(s) {', '.join(unknown)}")
    rows: list[tuple[int, Question]] = []
    for row in reader:
        line = reader.line_num
        if None in row:
            raise _row_error(source, line, "more cells than the header has columns")
        data: dict[str, Any] = {k: (v or "").strip() for k, v in row.items()}
        data.setdefault("id", "")
        if not data["id"]:
            data["id"] = f"{Path(source).stem}-{len(rows) + 1}"
        try:
            rows.append((line, Question.model_validate(data)))
        except ValidationError as exc:
            raise _row_error(source, line, exc) from None
    return _check_unique(rows, source)


def _json_items(text: str) -> tuple[list[Any], list[int]]:
    """The questions of a JSON pack and the line each one starts on."""
    data = json.loads(text)
    items = data.get("questions") if isinstance(data, dict) else data
    if not isinstance(items, list):
        raise PackError('a JSON pack is a list of questions or {"questions": [...]}')
    decoder = json.JSONDecoder()
    key = text.find('"questions"') if isinstance(data, dict) else -1
    pos = text.index("[", key + 1 if key >= 0 else 0) + 1
    lines: list[int] = []
    for _ in items:
        while text[pos] in " \t\r\n,":
            pos += 1
        lines.append(text.count("\n", 0, pos) + 1)
        _, pos = decoder.raw_decode(text, pos)
    return items, lines


def parse_json(text: str, source: str = "pack") -> list[Question]:
    try:
        items, lines = _json_items(text)
    except json.JSONDecodeError as exc:
        raise PackError(
            f"{source}, line {exc.lineno}: not valid JSON ({exc.msg}); nothing was loaded"
            " from this file"
        ) from None
    rows: list[tuple[int, Question]] = []
    for item, line in zip(items, lines, strict=True):
        if not isinstance(item, dict):
            raise _row_error(source, line, "a question must be an object")
        try:
            rows.append((line, Question.model_validate(item)))
        except ValidationError as exc:
            raise _row_error(source, line, exc) from None
    return _check_unique(rows, source)


class QuestionBank:
    """A loaded pack, indexed once: questions by id, and the ids in a fixed order
    (the order chance draws are listed in)."""

    def __init__(self, questions: Iterable[Question]) -> None:
        self.by_id = {q.id: q for q in questions}
        self.ids = tuple(sorted(self.by_id))

    def __len__(self) -> int:
        return len(self.ids)


@cache
def question_bank(path: str | None = None) -> QuestionBank:
    return QuestionBank(load_pack(path))


@cache
def load_pack(path: str | None = None) -> tuple[Question, ...]:
    """The shipped original bank (``path=None``) or a user's CSV or JSON pack."""
    if path is None:
        text = files("tote.games.wits_and_wagers").joinpath("data", "questions.json")
        return tuple(parse_json(text.read_text("utf-8"), "questions.json"))
    try:
        # A regular file of at most MAX_DATA_FILE bytes (issue 29 review: every input
        # has a bound); a byte order mark from a spreadsheet's CSV is dropped.
        content = read_replacement(Path(path)).removeprefix("\ufeff")
    except (OSError, UnicodeDecodeError) as exc:
        raise PackError(f"cannot read question pack {path}: {exc}") from None
    if path.lower().endswith(".csv"):
        return tuple(parse_csv(content, path))
    return tuple(parse_json(content, path))
