"""Regression guard: seeded Horse Fever games play out exactly as when pinned.

Pinned at commit 749645f, before the rules were split into phase modules (issue 17).
See :mod:`tests.regression` for what a digest covers; run this module as a script
to print the table from the current engine.
"""

from __future__ import annotations

from typing import Any

import pytest

from tote.games.horse_fever import GAME

from ..regression import match_digest, print_tables, render_digest, sim_digest

OPTION_SETS: tuple[dict[str, Any], ...] = (
    {},
    {"advanced": True},
    {"mode": "family"},
    {"length": "short"},
    {"mode": "party"},
)
CASES = [(p, i, p * 100 + i * 10) for p in (2, 4, 5) for i in range(len(OPTION_SETS))]
SIM_CASES = [(p, bot) for p in (2, 5) for bot in ("random", "odds")]
RENDER_CASES = [(p, i, p * 100 + i * 10 + 1) for p in (3,) for i in range(len(OPTION_SETS))]

EXPECTED_MATCHES: dict[tuple[int, int, int], str] = {
    (2, 0, 200): "40f6b2ac183eb397",
    (2, 1, 210): "a1c5cc8ccedc11ae",
    (2, 2, 220): "0ecb991c5200caab",
    (2, 3, 230): "cf6328a3fe6014a8",
    (2, 4, 240): "c0c9560d71829bb3",
    (4, 0, 400): "4e6172b6047e83c0",
    (4, 1, 410): "4b2932fd298aeeeb",
    (4, 2, 420): "f01c601718358a06",
    (4, 3, 430): "f9e4759da47a239f",
    (4, 4, 440): "3068dc5bbcd26d67",
    (5, 0, 500): "57a59eadf0783b08",
    (5, 1, 510): "766dbbdfb23eaaea",
    (5, 2, 520): "b8b86d2073d436af",
    (5, 3, 530): "347af564d664efef",
    (5, 4, 540): "e9f18318397dfa6e",
}
EXPECTED_SIMS: dict[tuple[int, str], str] = {
    (2, "random"): "b1dfe488f8fcff70",
    (2, "odds"): "47179c90f0d5da60",
    (5, "random"): "ab3061e003c058a1",
    (5, "odds"): "3867965fc0e642f4",
}
EXPECTED_RENDERS: dict[tuple[int, int, int], str] = {
    (3, 0, 301): "417e6c8fdb067fa4",
    (3, 1, 311): "6dc2c8b7d68ee2ac",
    (3, 2, 321): "a90a476be322a83d",
    (3, 3, 331): "9e763f88d84c3b78",
    (3, 4, 341): "4e496183f2d26d57",
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
