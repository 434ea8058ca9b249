"""Fixtures for the Horse Fever rule tests; helpers live in ``hf_helpers.py``."""

from __future__ import annotations

import pytest

from tote.games.horse_fever.state import HorseFeverState

from .hf_helpers import started


@pytest.fixture
def game4() -> HorseFeverState:
    """Four players after Preparation: black 1:2 ... white 1:7, seats 0-3 with characters
    C71-C74 (owning black, blue, green, red), seat 0 First Player, purchases next."""
    return started(4)
