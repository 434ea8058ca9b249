"""Regression guard: seeded Horse Fever games play out exactly as when pinned.

Pinned at commit 8a80bf1, before the rules were split into phase modules (issue 17).
See :mod:`tests.regression` for what a digest covers; run this module as a script
to print the tables from the current engine.
"""

from __future__ import annotations

from typing import Any

from tote.games.horse_fever import GAME

from ..regression import Pins, pinned_tests

OPTION_SETS: tuple[dict[str, Any], ...] = (
    {},
    {"advanced": True},
    {"mode": "family"},
    {"length": "short"},
    {"mode": "party"},
)

PINS = Pins(
    game=GAME,
    option_sets=OPTION_SETS,
    matches={
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
    },
    sims={
        (2, "random"): "b1dfe488f8fcff70",
        (2, "odds"): "47179c90f0d5da60",
        (5, "random"): "ab3061e003c058a1",
        (5, "odds"): "3867965fc0e642f4",
    },
    renders={
        (3, 0, 301): "b5bbe116a465544c",
        (3, 1, 311): "75798f3429cb4cca",
        (3, 2, 321): "1a233c8f00a6e0d3",
        (3, 3, 331): "3198578313efa57c",
        (3, 4, 341): "6caf3e56bcb8a691",
    },
    sim_seeds={"random": range(10), "odds": range(10)},
)

(
    test_seeded_match_plays_out_as_pinned,
    test_simulated_games_end_as_pinned,
    test_terminal_text_as_pinned,
) = pinned_tests(PINS)


if __name__ == "__main__":
    PINS.print_tables()
