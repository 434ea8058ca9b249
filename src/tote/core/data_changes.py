"""What-if on the data (issue 29): values of a game's data files changed for a run.

Designers change numbers, not code. A *data change* names one value of a data file by
its path and gives it a new value, e.g. ``payouts.show[2]`` = 300:

- the path starts with the data file's name without ``.json`` (``payouts`` for
  ``payouts.json``), then keys (``.show``) and list positions (``[2]``, 0 first);
- in a list of objects with an ``id``, ``.M03`` or ``[M03]`` picks the one whose id
  it is (``cards.movement.M03.values[1]``); an id that is a number or has a ``.`` in
  it goes in quotes or brackets (``chips.chips["4"]``, ``chips.chips[2/3]``);
- the path must name a value the file has, and the new value must be of the same
  kind (a whole number for a whole number, text for text, a list for a list);
- the game then validates the changed file with its own model, as it validates a
  replacement file, so a value out of range is refused with the file's rule.

Changes travel in the options (:attr:`tote.core.game.GameOptions.data_changes`), so a
run's workers and a record's replay apply exactly the same ones, to the same shipped
data; nothing global is changed. This module only parses paths and applies changes
to a parsed JSON document; :func:`tote.core.data.load_data` calls it.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Mapping
from typing import Any

from tote.core import json_text
from tote.core.errors import OptionsError

Segment = str | int
"""One step of a path: a key or an id (text), or a list position (a number)."""

DataChanges = tuple[tuple[str, str], ...]
"""Changes as ``(path, new value as JSON text)`` pairs, in the order given: hashable, so
that a game's cached loaders can be keyed by them."""

MAX_CHANGES = 100
"""The most values one run changes."""
MAX_PATH = 300
"""The longest path, in characters."""
MAX_VALUE = 100_000
"""The longest new value, as JSON text."""
SHOWN_CHARS = 60
"""At most this many characters of a refused value are shown."""
LISTED = 24
"""At most this many paths are listed when a path names nothing."""

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
_STEP = re.compile(r"\.([^.\[\]]+)|\[([^\]]*)\]")


def parse_path(path: str) -> tuple[str, tuple[Segment, ...]]:
    """``'cards.movement.M03.values[1]'`` -> ``('cards', ('movement', 'M03', 'values', 1))``.

    A bracket holding digits is a list position (or a key made of digits), one holding
    a JSON string (``["4"]``) is that text, anything else in brackets is text as it is.
    """
    text = path.strip()
    if not text:
        raise OptionsError("a data path is empty (e.g. payouts.show[2])")
    if len(text) > MAX_PATH:
        raise OptionsError(f"a data path is longer than {MAX_PATH} characters")
    head = _NAME.match(text)
    if head is None:
        raise OptionsError(f"data path {text!r} must start with a data file's name (e.g. payouts)")
    segments: list[Segment] = []
    at = head.end()
    while at < len(text):
        step = _STEP.match(text, at)
        if step is None:
            raise OptionsError(
                f"data path {text!r}: cannot read it from {text[at:]!r}"
                " (keys as .name, positions as [2], ids as .M03 or [2/3])"
            )
        name, inside = step.groups()
        segments.append(name if name is not None else _bracket(inside, text))
        at = step.end()
    if not segments:
        raise OptionsError(f"data path {text!r} names a whole file; name a value in it")
    return head.group(), tuple(segments)


def _bracket(inside: str, path: str) -> Segment:
    if inside.isdigit():
        return int(inside)
    if inside.startswith('"'):
        try:
            value = json.loads(inside)
        except json.JSONDecodeError:
            value = None
        if not isinstance(value, str):
            raise OptionsError(f"data path {path!r}: [{inside}] is not a quoted name")
        return value
    if not inside:
        raise OptionsError(f"data path {path!r}: empty brackets")
    return inside


def render_path(stem: str, segments: tuple[Segment, ...]) -> str:
    """The canonical spelling of a path: ``.name`` where the name allows it, ``[2]`` for
    positions, brackets (quoted when the text is digits) for other text."""
    out = [stem]
    for segment in segments:
        if isinstance(segment, int):
            out.append(f"[{segment}]")
        elif _NAME.fullmatch(segment):
            out.append(f".{segment}")
        elif segment.isdigit() or segment.startswith('"') or "]" in segment:
            out.append(f"[{json.dumps(segment)}]")
        else:
            out.append(f"[{segment}]")
    return "".join(out)


def canonical(path: str) -> str:
    """``path`` in its canonical spelling (how records keep it)."""
    return render_path(*parse_path(path))


def file_of(path: str) -> str:
    """The data file's name (without ``.json``) a path starts with."""
    return parse_path(path)[0]


def value_text(value: Any) -> str:
    """A new value as compact JSON text (its canonical form); NaN and infinities are refused."""
    try:
        text = json.dumps(value, sort_keys=True, separators=(",", ":"), allow_nan=False)
    except RecursionError:
        raise OptionsError("a data value is nested too deeply") from None
    except (TypeError, ValueError):
        raise OptionsError(
            f"a data value must be JSON (numbers, text, lists), not {shown(repr(value))}"
        ) from None
    if len(text) > MAX_VALUE:
        raise OptionsError(f"a data value is longer than {MAX_VALUE:,} characters as JSON")
    return text


def changes_of(raw: Mapping[str, Any] | DataChanges) -> DataChanges:
    """Changes from ``{path: value}`` (or pairs): paths canonical, values as JSON text;
    a path given twice (in any spelling) or too many changes are refused."""
    pairs = raw.items() if isinstance(raw, Mapping) else (_pair(item) for item in raw)
    out: dict[str, str] = {}
    for path, value in pairs:
        key = canonical(str(path))
        if key in out:
            raise OptionsError(f"the data value {key} is changed twice; give it once")
        out[key] = value_text(value)
        if len(out) > MAX_CHANGES:
            raise OptionsError(f"at most {MAX_CHANGES} data values are changed in one run")
    return tuple(out.items())


def parse_value(text: str) -> Any:
    """JSON text as a value, bounded before it is read (issue 29 review): longer than
    :data:`MAX_VALUE`, nested past :data:`~tote.core.json_text.MAX_NESTING` or holding a
    number too long to read is refused with one line; text that is not JSON raises
    :class:`json.JSONDecodeError` for the caller to treat."""
    if len(text) > MAX_VALUE:
        raise OptionsError(f"a data value is longer than {MAX_VALUE:,} characters as JSON")
    try:
        return json_text.loads(text)
    except (RecursionError, json_text.TooDeep):
        raise OptionsError("a data value is nested too deeply") from None
    except json.JSONDecodeError:
        raise
    except ValueError:
        raise OptionsError("a data value holds a number too long to read") from None


def shown(text: str, most: int = SHOWN_CHARS) -> str:
    """``text`` cut to ``most`` characters for a refusal (issue 29 review: a refused
    value of 100,000 characters made a line as long)."""
    return text if len(text) <= most else text[: most - 3] + "..."


def _pair(item: Any) -> tuple[Any, Any]:
    """One ``(path, JSON text)`` pair of the pairs form; anything else is refused in one
    line (issue 29 review: a list of numbers was a TypeError traceback)."""
    if not isinstance(item, tuple | list) or len(item) != 2:
        raise OptionsError(
            f"a data change must be a [path, JSON text] pair, not {shown(repr(item))}"
        )
    return item[0], _parsed(item[1])


def _parsed(text: Any) -> Any:
    if not isinstance(text, str):
        raise OptionsError(f"a data value must be given as JSON text, not {shown(repr(text))}")
    try:
        return parse_value(text)
    except json.JSONDecodeError:
        raise OptionsError(
            f"a data value must be given as JSON text, not {shown(repr(text))}"
        ) from None


def for_file(changes: DataChanges, stem: str) -> DataChanges:
    """The changes to the data file ``stem`` (``payouts`` for ``payouts.json``)."""
    if not changes:  # the usual game: nothing to look through (issue 24)
        return ()
    return tuple((path, value) for path, value in changes if file_of(path) == stem)


def as_mapping(changes: DataChanges) -> dict[str, Any]:
    """``{path: value}``, as options and records show the changes."""
    return {path: json.loads(text) for path, text in changes}


# ------------------------------------------------------------------ applying
KINDS = {
    bool: "true or false",
    int: "a whole number",
    float: "a number",
    str: "text",
    list: "a list",
    dict: "an object",
}


def _kind(value: Any) -> str:
    return "null" if value is None else KINDS.get(type(value), type(value).__name__)


def _fitting(old: Any, new: Any, path: str) -> Any:
    """``new`` if it is the same kind of value as ``old`` (a whole number where a whole
    number was, a number for a number, ...); ``null`` may be replaced by anything."""
    if old is None or type(old) is type(new):
        return new
    if type(old) is float and type(new) is int:
        return new
    if type(old) is int and type(new) is float and new.is_integer():
        return int(new)
    raise OptionsError(
        f"cannot set {path} to {shown(json.dumps(new))}: it holds {_kind(old)}"
        f" ({shown(json.dumps(old))})"
    )


def _listing(node: Any, where: str) -> str:
    """The paths one step below ``where``, for a refusal."""
    names: list[str]
    if isinstance(node, dict):
        names = [render_path(where, (key,)) for key in node]
    elif isinstance(node, list):
        if not node:
            return f"{where} is an empty list"
        ids = [str(item["id"]) for item in node if isinstance(item, dict) and "id" in item]
        by_id = f", or by id: {_some(ids)}" if ids else ""
        return f"paths under {where}: {where}[0] to {where}[{len(node) - 1}]{by_id}"
    else:
        names = []
    if not names:
        return f"{where} holds no values to name"
    return f"paths under {where}: {_some(names)}"


def _some(names: list[str]) -> str:
    more = f" (and {len(names) - LISTED} more)" if len(names) > LISTED else ""
    return ", ".join(names[:LISTED]) + more


def _step(node: Any, segment: Segment, where: str, path: str) -> tuple[Any, Segment]:
    """The container and key that ``segment`` names below ``node``."""
    if isinstance(node, dict):
        key = str(segment)
        if key not in node:
            raise OptionsError(f"no such value {path}; {_listing(node, where)}")
        return node, key
    if isinstance(node, list):
        if isinstance(segment, int):
            if segment >= len(node):
                raise OptionsError(f"no such value {path}; {_listing(node, where)}")
            return node, segment
        for index, item in enumerate(node):
            if isinstance(item, dict) and str(item.get("id")) == segment:
                return node, index
        raise OptionsError(f"no such value {path}; {_listing(node, where)}")
    raise OptionsError(f"no such value {path}: {where} is {_kind(node)}, with nothing inside")


def locate(document: Any, path: str) -> tuple[Any, Segment]:
    """The container and key in ``document`` (one data file, parsed) that ``path`` names."""
    stem, segments = parse_path(path)
    node: Any = document
    where = stem
    container: Any = None
    key: Segment = ""
    for segment in segments:
        container, key = _step(node, segment, where, path)
        node = container[key]
        where = render_path(where, (segment,))
    return container, key


def value_at(document: Any, path: str) -> Any:
    """The value ``path`` names in ``document`` (refused as in :func:`apply_changes`)."""
    container, key = locate(document, path)
    return container[key]


def apply_changes(document: Any, changes: DataChanges) -> Any:
    """A copy of ``document`` (one data file, parsed) with ``changes`` made in order;
    a path that names nothing, or a value of another kind, is refused in one line
    listing the paths that do exist there."""
    if not changes:
        return document
    changed = copy.deepcopy(document)
    for path, text in changes:
        container, key = locate(changed, path)
        container[key] = _fitting(container[key], json.loads(text), path)
    return changed


def source_of(document: Any, path: str) -> str | None:
    """Whether the value ``path`` names is ``original`` or ``proposed``: the ``source``
    label of the nearest object around it that has one (``None`` when none says)."""
    stem, segments = parse_path(path)
    node: Any = document
    where = stem
    label = document.get("source") if isinstance(document, dict) else None
    for index, segment in enumerate(segments):
        container, key = _step(node, segment, where, path)
        node = container[key]
        where = render_path(where, (segment,))
        if isinstance(node, dict) and isinstance(node.get("source"), str):
            label = node["source"]
        if isinstance(container, dict) and index == len(segments) - 1:
            own = container.get(f"{key}_source")
            label = own if isinstance(own, str) else label
    return label if isinstance(label, str) else None
