"""Loading a game's data files: the shipped defaults, or a user's replacements."""

from __future__ import annotations

import json
from importlib.resources import files
from pathlib import Path
from typing import Annotated, TypeVar

from pydantic import BaseModel, StringConstraints, ValidationError

from tote.core.errors import OptionsError

M = TypeVar("M", bound=BaseModel)

MAX_PATH = 4096
"""Longest path an option may name (Linux's PATH_MAX): every input has a bound."""

DataPath = Annotated[str, StringConstraints(min_length=1, max_length=MAX_PATH)]
"""The type of an option naming a replacement data file."""


def load_data(model: type[M], package: str, default: str, path: str | None = None) -> M:
    """The data file ``path`` (a user's replacement), or else ``default`` from the
    ``data/`` folder of ``package``, validated as ``model``.

    A file that cannot be read, is not JSON or does not fit ``model`` raises
    :class:`OptionsError` with one line naming the file and the line or field.
    """
    try:
        if path is None:
            text = files(package).joinpath("data", default).read_text("utf-8")
        else:
            text = Path(path).read_text(encoding="utf-8")
        return model.model_validate(json.loads(text))
    except OSError as exc:
        raise OptionsError(f"cannot read data file {path}: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise OptionsError(f"data file {path or default}: line {exc.lineno}: {exc.msg}") from None
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "file"
        raise OptionsError(f"data file {path or default}: {where}: {first['msg']}") from None
