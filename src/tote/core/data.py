"""Loading a game's data files: the shipped defaults, or a user's replacements."""

from __future__ import annotations

import json
from importlib.resources import files
from pathlib import Path
from typing import Annotated, TypeVar

from pydantic import BaseModel, StringConstraints, ValidationError

from tote.core import json_text
from tote.core.data_changes import DataChanges, apply_changes, shown, value_at
from tote.core.errors import OptionsError

M = TypeVar("M", bound=BaseModel)

MAX_PATH = 4096
"""Longest path an option may name (Linux's PATH_MAX): every input has a bound."""

DataPath = Annotated[str, StringConstraints(min_length=1, max_length=MAX_PATH)]
"""The type of an option naming a replacement data file."""

MAX_DATA_FILE = 16 * 1024 * 1024
"""Largest replacement data file read, in bytes (issue 29 review, ``--against``): the
largest shipped file is about 100 kB, a user's question pack may be far larger, and
no file is read whole without a bound."""


def read_replacement(path: Path) -> str:
    """A replacement data file's text: a regular file (a device or a pipe could be read
    forever) of at most :data:`MAX_DATA_FILE` bytes, counted as read, not as stated."""
    if path.exists() and not path.is_file():
        raise OptionsError(f"data file {path} is not a regular file")
    with path.open("rb") as handle:
        data = handle.read(MAX_DATA_FILE + 1)
    if len(data) > MAX_DATA_FILE:
        raise OptionsError(f"data file {path} is over {MAX_DATA_FILE:,} bytes; give a smaller one")
    return data.decode("utf-8")


def _check_read(model: type[M], original: object, changes: DataChanges) -> None:
    """Refuse a change to a value the game does not read (issue 29, what-if): a file
    keeps notes beside its data (``start_spaces``, ``original_cells``, a card's
    ``number``), which the model passes over, so a run "with" such a change would be
    the unchanged game. Each change that differs from the value it replaces must change
    the validated data; one that does not is refused, naming the path."""
    for path, text in changes:
        if value_at(original, path) == json.loads(text):
            continue
        try:
            alone = model.model_validate(apply_changes(original, ((path, text),)))
        except ValidationError:
            continue  # alone, the model refuses it: the game reads it
        if alone == model.model_validate(original):
            raise OptionsError(
                f"{path} is not read by the game (the file keeps it as a note), so"
                " changing it changes nothing; change the value the game plays with"
            )


def load_data(
    model: type[M], package: str, default: str, path: str | None = None, changes: DataChanges = ()
) -> M:
    """The data file ``path`` (a user's replacement), or else ``default`` from the
    ``data/`` folder of ``package``, with ``changes`` made (issue 29, what-if on the
    data: :mod:`tote.core.data_changes`), validated as ``model``.

    A file that cannot be read, is not JSON, has no value where a change points, or
    does not fit ``model`` raises :class:`OptionsError` with one line naming the file
    and the line, path or field.
    """
    name = path or default
    try:
        if path is None:
            text = files(package).joinpath("data", default).read_text("utf-8")
        else:
            text = read_replacement(Path(path))
        original = json_text.loads(text)
        document = apply_changes(original, changes)
        validated = model.model_validate(document)
        _check_read(model, original, changes)
        return validated
    except OptionsError:
        raise
    except OSError as exc:
        raise OptionsError(f"cannot read data file {path}: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise OptionsError(f"data file {name}: line {exc.lineno}: {exc.msg}") from None
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "file"
        message = first["msg"].removeprefix("Value error, ")
        with_changes = ", ".join(f"{p}={shown(v)}" for p, v in changes)
        changed = f" with {with_changes}" if changes else ""
        raise OptionsError(f"data file {name}{changed}: {where}: {message}") from None
    except UnicodeDecodeError:
        raise OptionsError(f"data file {name} is not UTF-8 text") from None
    except (RecursionError, json_text.TooDeep):
        raise OptionsError(f"data file {name} is nested too deeply") from None
    except ValueError:
        raise OptionsError(f"data file {name} holds a number too long to read") from None
