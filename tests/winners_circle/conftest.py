"""Fixtures for the Winner's Circle rule tests.

The helper functions live in ``wc_helpers.py`` and are imported relatively
(``from .wc_helpers import ...``, as pytest imports these files in importlib
mode, like ``tests/core``); the fixtures below hand out the situations most
tests start from.
"""

from __future__ import annotations

import pytest

from tote.games.winners_circle.data import PayoutTable
from tote.games.winners_circle.state import WinnersCircleState

from .wc_helpers import TABLE, new_state, ready_to_race


@pytest.fixture
def table() -> PayoutTable:
    """The shipped payout table (three original cells, the rest proposed)."""
    return TABLE


@pytest.fixture
def fresh() -> WinnersCircleState:
    """A new three-player game, before the first card is drawn."""
    return new_state(3)


@pytest.fixture
def racing() -> WinnersCircleState:
    """Three players, cards H01-H07 at gates 1-7, seat 0 first bettor, bets placed,
    waiting for seat 0's first roll."""
    return ready_to_race(3)
