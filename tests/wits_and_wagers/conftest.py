"""Fixtures for the Wits & Wagers rule tests.

The helper functions live in ``ww_helpers.py`` and are imported relatively
(``from .ww_helpers import ...``, as pytest imports these files in importlib
mode); the fixtures below hand out the question pack most tests play with.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .ww_helpers import write_pack


@pytest.fixture
def pack(tmp_path: Path) -> str:
    """A JSON question pack with known answers (``ww_helpers.QUESTIONS``): the path,
    as the ``question_pack`` option takes it."""
    return write_pack(tmp_path)
