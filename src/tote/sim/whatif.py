"""What-if on the data for the laboratory's commands (issue 29): ``--set`` and ``--against``.

``tote simulate``, ``tote sweep`` and ``tote report`` take ``--set PATH=VALUE``
(repeatable) to change one value of the game's data files for the run, and
``tote simulate`` and ``tote report`` take ``--against DIR`` to play the same games a
second time with DIR's data files in place of the game's. This module turns those
arguments into options: changes go into the ``data_changes`` option
(:mod:`tote.core.data_changes`: the path syntax and how a change is checked), DIR's
files into the game's ``<file>_file`` options; so they reach every worker in the
batch's spec and every record's options, and the game loads and validates the changed
data with its own models. Nothing here changes global state.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from importlib.resources import files
from pathlib import Path
from typing import Any

from tote.core import json_text
from tote.core.data import read_replacement
from tote.core.data_changes import (
    canonical,
    changes_of,
    file_of,
    parse_value,
    source_of,
    value_at,
)
from tote.core.errors import OptionsError
from tote.core.game import Game, GameOptions, data_files
from tote.sim.runner import SimPlan, plan_games

DATA_CHANGES = "data_changes"
"""The option that carries a run's data changes (:class:`tote.core.game.GameOptions`)."""
MAX_VALUES = 100
"""The most values one ``--set`` of a sweep takes."""
MAX_AGAINST_FILES = 64
"""The most ``.json`` files an ``--against`` folder may hold (issue 29 review): a game
has a handful of data files, so a folder of many is a wrong folder, refused before any
is read."""


def _value(text: str) -> Any:
    """A value as JSON when it parses (``300``, ``true``, ``[1, 2]``), else as text;
    text too long, too deep or with a number too long to read is refused."""
    try:
        return parse_value(text)
    except json.JSONDecodeError:
        return text


def _split(pair: str, example: str) -> tuple[str, str]:
    path, sep, raw = pair.partition("=")
    if not sep or not path.strip():
        raise OptionsError(f"--set {pair!r} is not {example}")
    return canonical(path), raw.strip()


def parse_sets(pairs: Sequence[str] | None) -> dict[str, Any]:
    """``["payouts.show[2]=300"]`` -> ``{"payouts.show[2]": 300}``: repeated ``--set``
    arguments, paths in their canonical spelling, values read as JSON when they parse
    (else as text). A path given twice is refused."""
    changes: dict[str, Any] = {}
    for pair in pairs or ():
        path, raw = _split(pair, "PATH=VALUE (e.g. --set payouts.show[2]=300)")
        if path in changes:
            raise OptionsError(f"--set {path} is given twice; give it once")
        changes[path] = _value(raw)
    return changes


def parse_set_grid(pairs: Sequence[str] | None) -> dict[str, list[Any]]:
    """``tote sweep``'s ``--set PATH=V1,V2,V3``: each path with the values to sweep it
    over (commas inside brackets or quotes stay with their value)."""
    from tote.sim.sweep import split_values

    grid: dict[str, list[Any]] = {}
    for pair in pairs or ():
        path, raw = _split(pair, "PATH=V1,V2,... (e.g. --set payouts.show[2]=150,300)")
        texts = split_values(raw)
        if any(not text for text in texts):
            raise OptionsError(f"--set {pair!r}: an empty value in the list")
        if len(texts) > MAX_VALUES:
            raise OptionsError(f"--set {path}: at most {MAX_VALUES} values, not {len(texts)}")
        if path in grid:
            raise OptionsError(f"--set {path} is given twice; list its values once")
        grid[path] = [_value(text) for text in texts]
    return grid


def is_data_path(key: str) -> bool:
    """Whether a swept key is a data path (``payouts.show[2]``) rather than an option
    (option names never hold ``.`` or ``[``)."""
    return "." in key or "[" in key


def with_changes(options: Mapping[str, Any] | None, changes: Mapping[str, Any]) -> dict[str, Any]:
    """``options`` with ``changes`` added to its data changes (a path changed both in
    ``options`` and in ``changes`` is refused as given twice)."""
    merged = dict(options or {})
    if not changes:
        return merged
    before = merged.get(DATA_CHANGES) or {}
    if not isinstance(before, Mapping):
        raise OptionsError(f"option {DATA_CHANGES} must be {{path: value}}")
    both = changes_of(before)
    ours = changes_of(dict(changes))
    clash = {path for path, _ in both} & {path for path, _ in ours}
    if clash:
        raise OptionsError(f"the data value {min(clash)} is changed twice; give it once")
    merged[DATA_CHANGES] = {**dict(before), **dict(changes)}
    return merged


def against_options(
    game: Game, directory: Path, options: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """``options`` with every data file in ``directory`` replacing the game's own: each
    ``NAME.json`` that is one of the game's data files sets the option ``NAME_file``
    to its absolute path (so workers and records find it wherever they run).

    Files of the game's data folder that the game does not play with (its
    ``glossary.json``) are passed over, so a copy of the whole folder works; any other
    ``.json`` file, a folder without the game's data files, or an option already naming
    the same file is refused. The game checks the files when the run is planned.
    """
    known = data_files(game.options_model)
    if not directory.is_dir():
        raise OptionsError(f"--against {directory}: not a folder (give a folder of data files)")
    shipped = {p.name for p in files(type(game).__module__).joinpath("data").iterdir()}
    merged = dict(options or {})
    found = []
    candidates = []
    for path in directory.glob("*.json"):
        candidates.append(path)
        if len(candidates) > MAX_AGAINST_FILES:
            raise OptionsError(
                f"--against {directory}: more than {MAX_AGAINST_FILES} .json files;"
                f" give a folder of {game.id}'s data files"
            )
    for path in sorted(candidates):
        stem = path.stem
        if stem not in known:
            if path.name in shipped:
                continue
            names = ", ".join(f"{name}.json" for name in known) or "none"
            raise OptionsError(
                f"--against {directory}: {path.name} is none of {game.id}'s data files ({names})"
            )
        option = known[stem]
        if merged.get(option) is not None:
            raise OptionsError(
                f"--against {directory}: {path.name} and the option {option} both replace"
                f" {stem}.json; give one"
            )
        merged[option] = str(path.resolve())
        found.append(path.name)
    if not found:
        names = ", ".join(f"{name}.json" for name in known) or "none"
        raise OptionsError(
            f"--against {directory}: the folder holds none of {game.id}'s data files ({names})"
        )
    return merged


def base_document(game: Game, options: GameOptions, stem: str) -> Any:
    """The data file ``stem`` as the game reads it before the changes: the replacement
    its ``<stem>_file`` option names, or the shipped file."""
    option = data_files(type(options)).get(stem)
    path = getattr(options, option) if option else None
    if path is not None:
        return json_text.loads(read_replacement(Path(path)))
    text = files(type(game).__module__).joinpath("data", f"{stem}.json").read_text("utf-8")
    return json.loads(text)


def describe_changes(game: Game, options: GameOptions) -> list[str]:
    """One line per data change, with the value it replaces and that value's label:
    ``payouts.show[2] = 300 (was 150)``, ``cards.movement.M03.values[1] = 2 (was 2,
    original)``."""
    lines = []
    for path, text in options.data_changes:
        document = base_document(game, options, file_of(path))
        old = json.dumps(value_at(document, path), separators=(",", ":"))
        label = source_of(document, path)
        was = f"was {old}" + (f", {label}" if label else "")
        lines.append(f"{path} = {text} ({was})")
    return lines


def plan_against(plan: SimPlan, directory: Path) -> SimPlan:
    """The run B of a comparison: ``plan``'s games, seeds, bots and options (variants
    included), with ``directory``'s data files in place of the game's and without
    ``plan``'s data changes (``--set`` changes run A only)."""
    options = plan.options.model_dump()
    options.pop("data_changes", None)
    return plan_games(
        plan.game,
        plan.players,
        plan.games,
        seed=plan.seed,
        bots=plan.bots,
        options=against_options(plan.game, directory, options),
        rotate=plan.rotate,
        budget=plan.budget,
    )
