"""Typed refusals (issue 30, fix 4): an :class:`OptionsError` is also a ``ValueError``."""

from __future__ import annotations

import pytest

from tote.core.errors import OptionsError, ToteError
from tote.core.registry import get_game


def test_options_error_is_a_value_error_with_its_message() -> None:
    """Issue 30, fix 4: code catching ``ValueError`` for bad configuration catches a
    game's refusal of its options, and the one-line message is kept."""
    with pytest.raises(ValueError, match="takes 2 to 6 players, not 9") as caught:
        get_game("winners-circle").check_players(9)
    assert isinstance(caught.value, OptionsError) and isinstance(caught.value, ToteError)
    assert str(caught.value) == "Winner's Circle takes 2 to 6 players, not 9"
    with pytest.raises(ValueError, match="has no variant 'turbo'"):
        get_game("winners-circle").options({}, ["turbo"])
