"""The shared property tests (``tests/properties.py``) can fail: on the toy game, each
one passes, and each one catches the defect it is there for."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import strategies as st

from tote.core.state import State

from ..properties import GameProperties, Setup
from .toy import TOY, ToyState


class ToyProperties(GameProperties):
    game = TOY
    move_bound = 100
    examples = dict.fromkeys(
        (
            "test_random_games_end_and_conserve",
            "test_no_view_shows_a_secret",
            "test_secret_moves_stay_secret_until_all_commit",
            "test_a_clone_plays_on_without_touching_the_original",
        ),
        5,
    )

    def setups(self) -> st.SearchStrategy[Setup]:
        return st.tuples(
            st.just({}), st.integers(2, 3), st.integers(min_value=0, max_value=2**32 - 1)
        )

    def secrets_shown(self, state: State) -> list[str]:
        """A pick may not show before the picks are revealed."""
        assert isinstance(state, ToyState)
        return [f"view {s} shows picks" for s in (None, 0, 1) if state.view(s)["state"].get("peek")]

    def conserved(self, state: State) -> Mapping[str, int]:
        assert isinstance(state, ToyState)
        return {"rounds": state.rounds}


def test_the_shared_tests_pass_on_a_sound_game() -> None:
    props = ToyProperties()
    props.test_random_games_end_and_conserve()
    props.test_no_view_shows_a_secret()
    props.test_secret_moves_stay_secret_until_all_commit()
    props.test_a_clone_plays_on_without_touching_the_original()


def test_a_quantity_that_changes_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ToyProperties, "conserved", lambda self, state: {"n": len(state.log)})
    with pytest.raises(AssertionError, match="after"):
        ToyProperties().test_random_games_end_and_conserve()


def test_a_game_that_never_ends_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ToyProperties, "move_bound", 3)
    with pytest.raises(AssertionError, match="within the bound"):
        ToyProperties().test_random_games_end_and_conserve()


def leaky_view(self: ToyState, seat: int | None) -> dict[str, Any]:
    return {"round": self.round, "peek": {s: m.to_json() for s, m in self._pending.items()}}


def test_a_secret_in_a_view_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ToyState, "_view", leaky_view)
    with pytest.raises(AssertionError):
        ToyProperties().test_no_view_shows_a_secret()


def test_a_secret_move_that_shows_before_all_commit_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(ToyState, "_view", leaky_view)
    with pytest.raises(AssertionError, match="secret move"):
        ToyProperties().test_secret_moves_stay_secret_until_all_commit()


def test_a_clone_sharing_the_original_s_data_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    def shallow(self: ToyState) -> ToyState:
        clone = ToyState.__new__(ToyState)
        clone.__dict__ = self.__dict__
        return clone

    monkeypatch.setattr(ToyState, "clone", shallow)
    with pytest.raises(AssertionError):
        ToyProperties().test_a_clone_plays_on_without_touching_the_original()
