"""Regression guard: seeded Carcassonne games play out exactly as when pinned.

Pinned at commit 749645f, before the rules were split into phase modules (issue 17).
See :mod:`tests.regression` for what a digest covers; run this module as a script
to print the table from the current engine.
"""

from __future__ import annotations

from typing import Any

import pytest

from tote.games.carcassonne import GAME

from ..regression import match_digest, print_tables, render_digest, sim_digest

OPTION_SETS: tuple[dict[str, Any], ...] = (
    {},
    {"bets": False},
    {"final_chooser": "chip_owner", "finished_scope": "board"},
    {"river": True},
    {"abbot": True},
    {"river": True, "abbot": True},
)
CASES = [(p, i, p * 100 + i * 10) for p in (2, 3, 5) for i in range(len(OPTION_SETS))]
SIM_CASES = [(p, bot) for p in (2, 4) for bot in ("random", "greedy")]
RENDER_CASES = [(p, i, p * 100 + i * 10 + 1) for p in (3,) for i in range(len(OPTION_SETS))]

EXPECTED_MATCHES: dict[tuple[int, int, int], str] = {
    (2, 0, 200): "58ff605d24abc61c",
    (2, 1, 210): "e4530c6db20c4e19",
    (2, 2, 220): "5f6a1bb955033cd9",
    (2, 3, 230): "bc9a450336504773",
    (2, 4, 240): "bfcae83de8750e1d",
    (2, 5, 250): "87a80a837ba0b11d",
    (3, 0, 300): "5eeb436961dbe330",
    (3, 1, 310): "a1a7f9bdbad518a2",
    (3, 2, 320): "25416a2b5db25f7d",
    (3, 3, 330): "1590d9a308098557",
    (3, 4, 340): "47304f2d0938c8a0",
    (3, 5, 350): "6fb03f909f61ee9e",
    (5, 0, 500): "6f617feec082d567",
    (5, 1, 510): "37e7bb99a5a2aff6",
    (5, 2, 520): "31359d0da2a54af9",
    (5, 3, 530): "28732925f3b2b6da",
    (5, 4, 540): "bd72a39c3a59f09f",
    (5, 5, 550): "99369a8554b3b7a4",
}
EXPECTED_SIMS: dict[tuple[int, str], str] = {
    (2, "random"): "0c3960dfb04fa7b9",
    (2, "greedy"): "a0c734ed58ac5efd",
    (4, "random"): "292c05756db0e6f5",
    (4, "greedy"): "f8d3af0ab65523f6",
}
EXPECTED_RENDERS: dict[tuple[int, int, int], str] = {
    (3, 0, 301): "a719535a42a52718",
    (3, 1, 311): "feb8382af35054b1",
    (3, 2, 321): "485d430a73db81c3",
    (3, 3, 331): "a1ac5820c6262d5f",
    (3, 4, 341): "c7aba584a85459ae",
    (3, 5, 351): "2bc2be6efbc77e71",
}


@pytest.mark.parametrize(("players", "options_index", "seed"), CASES)
def test_seeded_match_plays_out_as_pinned(players: int, options_index: int, seed: int) -> None:
    """Same legal moves, views, log, record and result as the pinned engine."""
    digest = match_digest(GAME, players, OPTION_SETS[options_index], seed)
    assert digest == EXPECTED_MATCHES[(players, options_index, seed)]


@pytest.mark.parametrize(("players", "bot"), SIM_CASES)
def test_simulated_games_end_as_pinned(players: int, bot: str) -> None:
    """The simulator's fast path (random) and the game's bot give the pinned results."""
    assert sim_digest(GAME, players, {}, bot, range(10)) == EXPECTED_SIMS[(players, bot)]


@pytest.mark.parametrize(("players", "options_index", "seed"), RENDER_CASES)
def test_terminal_text_as_pinned(players: int, options_index: int, seed: int) -> None:
    """The terminal's boards and log lines read word for word as pinned."""
    digest = render_digest(GAME, players, OPTION_SETS[options_index], seed)
    assert digest == EXPECTED_RENDERS[(players, options_index, seed)]


if __name__ == "__main__":
    print_tables(GAME, OPTION_SETS, CASES, SIM_CASES, RENDER_CASES, sim_seeds=range(10))
