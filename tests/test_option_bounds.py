"""Every input has a bound (issue 18, defect 4): every option of every game, and every
field of the server's requests, has a largest value, length or count, so that no
option can make a clock overflow, a lobby grow without end or a name fill a page."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel

from tote.core import all_games
from tote.server import schemas


def unbounded(schema: dict[str, Any]) -> list[str]:
    """The fields of a JSON schema (pydantic's) with no upper bound: integers and numbers
    without a maximum, strings without a maxLength, arrays without maxItems, objects
    with free keys. Choices (enums, literals) and booleans are bounded by nature."""
    defs = schema.get("$defs", {})
    found: list[str] = []

    def walk(node: dict[str, Any], where: str) -> None:
        if "$ref" in node:
            walk(defs[node["$ref"].rsplit("/", 1)[-1]], where)
            return
        for key in ("anyOf", "oneOf", "allOf"):
            for option in node.get(key, []):
                walk(option, where)
        kind = node.get("type")
        if "enum" in node or "const" in node or kind in ("boolean", "null", None):
            pass
        elif kind in ("integer", "number"):
            if "maximum" not in node and "exclusiveMaximum" not in node:
                found.append(where)
        elif kind == "string":
            if "maxLength" not in node:
                found.append(where)
        elif kind == "array":
            if "maxItems" not in node:
                found.append(where)
            if "items" in node:
                walk(node["items"], f"{where}[]")
            for i, item in enumerate(node.get("prefixItems", [])):
                walk(item, f"{where}[{i}]")
        elif kind == "object":
            for name, sub in node.get("properties", {}).items():
                walk(sub, f"{where}.{name}" if where else name)
            extra = node.get("additionalProperties")
            if isinstance(extra, dict) and extra:
                found.append(f"{where}.*")

    walk(schema, "")
    return found


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_every_option_of_every_game_is_bounded(game: Any) -> None:
    assert unbounded(game.options_model.model_json_schema()) == []


SERVER_REQUESTS = [
    model
    for model in vars(schemas).values()
    if isinstance(model, type)
    and issubclass(model, BaseModel)
    and model.__name__.endswith("Request")
]


@pytest.mark.parametrize("model", SERVER_REQUESTS, ids=lambda m: m.__name__)
def test_every_field_of_a_server_request_is_bounded(model: type[BaseModel]) -> None:
    """Free JSON (a table's options, a move) is bounded by the body and message limits
    (tote.server.limits) and then by the game's own options and moves."""
    allowed = {"options.*", "move.*"}
    assert [f for f in unbounded(model.model_json_schema()) if f not in allowed] == []


def test_the_oracle_finds_an_unbounded_field() -> None:
    class Loose(BaseModel):
        seconds: int
        name: str
        names: list[str]

    assert unbounded(Loose.model_json_schema()) == ["seconds", "name", "names", "names[]"]
