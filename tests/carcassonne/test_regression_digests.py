"""Regression guard: seeded Carcassonne games play out exactly as when pinned.

Pinned at commit 8a80bf1, before the rules were split into phase modules (issue 17).
The match and terminal digests were pinned again by the commit that keeps farmers on
the board at the end (CC 5.2), the one change of behaviour issue 17 asked for.
See :mod:`tests.regression` for what a digest covers; run this module as a script
to print the tables from the current engine.
"""

from __future__ import annotations

from typing import Any

from tote.games.carcassonne import GAME

from ..regression import Pins, pinned_tests

OPTION_SETS: tuple[dict[str, Any], ...] = (
    {},
    {"bets": False},
    {"final_chooser": "chip_owner", "finished_scope": "board"},
    {"river": True},
    {"abbot": True},
    {"river": True, "abbot": True},
)

PINS = Pins(
    game=GAME,
    option_sets=OPTION_SETS,
    matches={
        (2, 0, 200): "eb538e3578e7632a",
        (2, 1, 210): "b808a4dc44952624",
        (2, 2, 220): "338b4b1f58487526",
        (2, 3, 230): "435fb25d9d3ab360",
        (2, 4, 240): "aad1cb1fd0c79a59",
        (2, 5, 250): "ebfdb72bccbb2291",
        (3, 0, 300): "93ea83be26dcef66",
        (3, 1, 310): "345eb8a563349aa2",
        (3, 2, 320): "47b98f2946b7d7c5",
        (3, 3, 330): "784979507a1c28b3",
        (3, 4, 340): "502b78eb311e92dd",
        (3, 5, 350): "2673ea6562921cd4",
        (5, 0, 500): "86f4e3c94d7ee4d8",
        (5, 1, 510): "61ed53b7de172552",
        (5, 2, 520): "9729d57039617d35",
        (5, 3, 530): "9e55262bc4f4a07b",
        (5, 4, 540): "f3857f76e40a4b8a",
        (5, 5, 550): "b9afe8100ccdb096",
    },
    sims={
        (2, "random"): "0c3960dfb04fa7b9",
        (2, "greedy"): "a0c734ed58ac5efd",
        (4, "random"): "292c05756db0e6f5",
        (4, "greedy"): "f8d3af0ab65523f6",
    },
    renders={
        (3, 0, 301): "57690a384de642b0",
        (3, 1, 311): "ccb089106e252045",
        (3, 2, 321): "707b224361af84c6",
        (3, 3, 331): "d802bceee6a0291f",
        (3, 4, 341): "29aa31b54f645a72",
        (3, 5, 351): "e4f8888512f66332",
    },
    sim_seeds={"random": range(10), "greedy": range(10)},
)

(
    test_seeded_match_plays_out_as_pinned,
    test_simulated_games_end_as_pinned,
    test_terminal_text_as_pinned,
) = pinned_tests(PINS)


if __name__ == "__main__":
    PINS.print_tables()
