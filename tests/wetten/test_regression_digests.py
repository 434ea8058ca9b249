"""Regression guard for speed work: seeded games must play out exactly as before.

The expected digests below were computed once from the unchanged engine (commit
e936d8e, before any speed work on Wetten! or the core) by running this module as
a script (``.venv/bin/python -m tests.wetten.test_regression_digests``) and are
not to be regenerated to make a failing test pass: a changed digest means a
changed rule, view, log or record. Each digest covers, for one seeded game of
random players, every seat's and the spectator's view after every move (legal
moves, turn and position), every seat's log, the record's moves and the result;
the simulator digests cover the results of :func:`tote.sim.runner.play_bots`,
which takes the unchecked fast path (random bots) or the checked one (tipster).
"""

from __future__ import annotations

import json
import tempfile
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest

from tote.games.wetten import GAME

from ..regression import Pins, match_digest, pinned_tests

OPTION_SETS: tuple[dict[str, Any], ...] = (
    {},
    {"pro_rules": "none"},
    {"pro_rules": "from_race_4", "top_up": "gift_minimum"},
    {"unlimited_bank": True},
    {"track_by_players": True, "top_up": "gift_minimum"},
)
TIGHT_CASES = [(3, 61), (4, 62), (5, 63), (4, 162)]
"""Games with the smallest race deck allowed (40 cards), a long track, 3000 starting
money and 20,000 in all: the discards get reshuffled and the bank goes broke."""


def tight_options(directory: Path) -> dict[str, Any]:
    """Replacement data files (derived from the shipped ones) for :data:`TIGHT_CASES`."""
    deck = json.loads(read_text("tote.games.wetten", "data/race_cards.json"))
    deck["cards"] = deck["cards"][:40]
    board = json.loads(read_text("tote.games.wetten", "data/board.json"))
    board["banknotes"]["counts"] = {"1000": 20}
    board["starting_money"]["amount"] = 3000
    (directory / "race_cards.json").write_text(json.dumps(deck))
    (directory / "board.json").write_text(json.dumps(board))
    return {
        "race_cards_file": str(directory / "race_cards.json"),
        "board_file": str(directory / "board.json"),
        "track_length": 60,
    }


def read_text(package: str, name: str) -> str:
    return files(package).joinpath(name).read_text(encoding="utf-8")


PINS = Pins(
    game=GAME,
    option_sets=OPTION_SETS,
    matches={
        (3, 0, 300): "161a6be01b0e7b36",
        (3, 0, 307): "9a8a331e155bf209",
        (3, 1, 310): "99c0f7044b8d6e6d",
        (3, 1, 317): "f38646710884e7c0",
        (3, 2, 320): "e772b56f6ead4dfa",
        (3, 2, 327): "3955305f1adb7897",
        (3, 3, 330): "08036eadf684fa0e",
        (3, 3, 337): "2a1585c1c44ea294",
        (3, 4, 340): "9ce9d16cfcbb6e25",
        (3, 4, 347): "a851e9bf97231a7d",
        (4, 0, 400): "0d3d3b8801821449",
        (4, 0, 407): "108ea6c3924df55e",
        (4, 1, 410): "3c0130acda7a0a88",
        (4, 1, 417): "7e49e7eb0776c705",
        (4, 2, 420): "21dbf6835efadb9c",
        (4, 2, 427): "6b5058f254a18ddd",
        (4, 3, 430): "e9c24e110c5ad061",
        (4, 3, 437): "13eaef6c18d8be53",
        (4, 4, 440): "b2b3b9bdbdcaf02f",
        (4, 4, 447): "11f69d9603c75532",
        (5, 0, 500): "15bafa084c6af648",
        (5, 0, 507): "0bedd73864d68fc2",
        (5, 1, 510): "ec9244e43aacba53",
        (5, 1, 517): "65414347bf99cfb5",
        (5, 2, 520): "afa3c5f3da799a80",
        (5, 2, 527): "d379634d6c922058",
        (5, 3, 530): "8c4ed62d1374b70e",
        (5, 3, 537): "4815897d9b3437c8",
        (5, 4, 540): "645aa6813e347ed3",
        (5, 4, 547): "288dd5633d8b8048",
    },
    sims={
        (3, "random"): "6541532c06d3c9c2",
        (3, "tipster"): "58cec681f71f250d",
        (4, "random"): "37430990f530064b",
        (4, "tipster"): "3fdbbeb327387e0f",
        (5, "random"): "557f1f5c921a64e4",
        (5, "tipster"): "7f9ff8258f3cdb8d",
    },
    renders={
        (4, 0, 401): "300eacbfad4b7e41",
        (4, 1, 411): "3b16cb8dc3ea590f",
        (4, 2, 421): "e1c2d4c7266c2a19",
        (4, 3, 431): "8ab234eaf39dc94d",
        (4, 4, 441): "b0084262ac95138d",
    },
    sim_seeds={"random": range(20), "tipster": range(3)},
)

EXPECTED_TIGHT: dict[tuple[int, int], str] = {
    (3, 61): "b99e056feb11e6e9",
    (4, 62): "101e0f4a62d2fce7",
    (5, 63): "d1dd135a6b697dc2",
    (4, 162): "c4a67eb243f4b780",
}

(
    test_seeded_match_plays_out_as_before,
    test_simulated_games_end_as_before,
    test_terminal_text_as_pinned,
) = pinned_tests(PINS)


@pytest.mark.parametrize(("players", "seed"), TIGHT_CASES)
def test_tight_match_plays_out_as_before(players: int, seed: int, tmp_path: Path) -> None:
    """Reshuffles, empty piles and a broke bank, as before speed work."""
    digest = match_digest(GAME, players, tight_options(tmp_path), seed)
    assert digest == EXPECTED_TIGHT[(players, seed)]


if __name__ == "__main__":
    PINS.print_tables()
    with tempfile.TemporaryDirectory() as tmp:
        for players, seed in TIGHT_CASES:
            digest = match_digest(GAME, players, tight_options(Path(tmp)), seed)
            print(f"    {(players, seed)!r}: {digest!r},")
