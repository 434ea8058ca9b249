"""Regression guard: seeded Winner's Circle games play out exactly as when pinned.

Pinned at commit 8a80bf1, before the rules were split into phase modules (issue 17).
See :mod:`tests.regression` for what a digest covers; run this module as a script
to print the tables from the current engine.
"""

from __future__ import annotations

from typing import Any

from tote.games.winners_circle import GAME

from ..regression import Pins, pinned_tests

OPTION_SETS: tuple[dict[str, Any], ...] = (
    {},
    {"hidden_bets": True},
    {"crowded_field": True},
    {"alternative_payouts": True},
    {"royal_turf": True},
)

PINS = Pins(
    game=GAME,
    option_sets=OPTION_SETS,
    matches={
        (2, 0, 200): "d9733db1bad8c7d1",
        (2, 1, 210): "b5af3ffa502b24c2",
        (2, 2, 220): "fb4e6223b2f5bcf6",
        (2, 3, 230): "bda3a0abb09e0448",
        (2, 4, 240): "e58ad1f7800a7cee",
        (4, 0, 400): "0050f458004db758",
        (4, 1, 410): "5b1d7f0b6ebea4e4",
        (4, 2, 420): "ba85741d10b0bc7e",
        (4, 3, 430): "bce2173f86a6edbd",
        (4, 4, 440): "776800364e2cee6d",
        (6, 0, 600): "40cf35f46cb07f82",
        (6, 1, 610): "f55b09f34eb91496",
        (6, 2, 620): "a177e9f692e73051",
        (6, 3, 630): "9f309d3b14a587e5",
        (6, 4, 640): "2344967e70f8a6a0",
    },
    sims={
        (2, "random"): "39a57ac5c7eee02c",
        (2, "odds"): "2dadc04c95661730",
        (5, "random"): "d04a53c55427beae",
        (5, "odds"): "85c4607d4de68636",
    },
    renders={
        (3, 0, 301): "53452a36b9683cf7",
        (3, 1, 311): "24cbfbc8e6ac98c5",
        (3, 2, 321): "baa251ae1c1442fc",
        (3, 3, 331): "bd38c331292bfa3f",
        (3, 4, 341): "5809e7950fa732a7",
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
