"""Regression guard: seeded Wits & Wagers games play out exactly as when pinned.

Pinned at commit 8a80bf1, before the rules were split into phase modules (issue 17).
See :mod:`tests.regression` for what a digest covers; run this module as a script
to print the tables from the current engine.
"""

from __future__ import annotations

from typing import Any

from tote.games.wits_and_wagers import GAME

from ..regression import Pins, pinned_tests

OPTION_SETS: tuple[dict[str, Any], ...] = (
    {},
    {"betting": "secret"},
    {"chip_back_in_points": True},
    {"answer_seconds": None, "bet_seconds": None},
    {
        "teams": [
            {"name": team, "members": [{"name": f"{team} {n}", "age": 20 + n} for n in (1, 2)]}
            for team in ("Reds", "Blues", "Greens")
        ]
    },
)

PINS = Pins(
    game=GAME,
    option_sets=OPTION_SETS,
    matches={
        (4, 0, 400): "fc87ac07fa0f7d2c",
        (4, 1, 410): "aa7e1432f8c74244",
        (4, 2, 420): "831e12423f06e43b",
        (4, 3, 430): "c7df4d3a5eddf06b",
        (5, 0, 500): "79f89c05540e266b",
        (5, 1, 510): "824a82620601e7e8",
        (5, 2, 520): "354e84a0e9b1128e",
        (5, 3, 530): "6c4967dbc36caad0",
        (7, 0, 700): "ef2690fac20cf66e",
        (7, 1, 710): "583755816d524666",
        (7, 2, 720): "b71928252a1017a8",
        (7, 3, 730): "af14d4b1c4ff19d3",
        (3, 4, 340): "66ec2870426ee95d",
    },
    sims={
        (4, "random"): "c0f7c91d36c65a30",
        (4, "bettor"): "babab6a83eb70218",
        (7, "random"): "08841983ce1a2ac8",
        (7, "bettor"): "523b964f6776f694",
    },
    renders={
        (4, 0, 401): "72ed522e02d8eb59",
        (4, 1, 411): "3c531081d44471a8",
        (4, 2, 421): "8739a37842370a9d",
        (4, 3, 431): "fdb7060291471536",
        (3, 4, 341): "3a708bd698023841",
    },
    sim_seeds={"random": range(10), "bettor": range(10)},
)

(
    test_seeded_match_plays_out_as_pinned,
    test_simulated_games_end_as_pinned,
    test_terminal_text_as_pinned,
) = pinned_tests(PINS)


if __name__ == "__main__":
    PINS.print_tables()
