"""Rulings where the rulebook is silent (game-data B4), as implemented, and options."""

from __future__ import annotations

import pytest

from tote.core import OptionsError
from tote.games.wits_and_wagers import GAME

from .ww_helpers import Script, new_state, points, public, seven


def test_ruling_b4_1_default_is_odds_times_stake_house_rule_adds_the_chip(pack: str) -> None:
    """B4-1: by default a winning bet earns odds x stake (a bare chip on 3 to 1: 3); with
    ``chip_back_in_points`` the betting chip's point is paid too (4)."""
    for house_rule, earned in ((False, 3), (True, 4)):
        game = Script(4, question_pack=pack, chip_back_in_points=house_rule)
        game.question("a25", {0: "10", 1: "20", 2: "30", 3: "40"}, {0: [(3, 0)]})
        assert points(game.state) == [earned, 3, 0, 0]


def test_ruling_a_blank_card_gets_no_bonus_but_its_bets_count(pack: str) -> None:
    """Ruling: a seat with no guess has nothing in the winning slot, so no bonus; its
    bets are paid like anyone's."""
    game = Script(4, question_pack=pack)
    summary = game.question("a45", {1: "40", 2: "50"}, {0: [(3, 0), (3, 0)]})
    assert summary["winning_slot"] == 3 and summary["bonus"] == [1]
    assert points(game.state) == [6, 3, 0, 0]


def test_ruling_no_guess_at_all_all_guesses_too_high_wins(pack: str) -> None:
    """Ruling: with no guess on the mat, All Guesses Too High is the winning slot and the
    only one that takes bets."""
    game = Script(4, question_pack=pack)
    game.to_betting("a45", {})
    assert public(game.state)["mat"][0]["guess"] is None
    game.bet({0: [(0, 0)]})
    assert game.state.history[-1]["winning_slot"] == 0
    assert points(game.state) == [6, 0, 0, 0]


def test_ruling_b4_7_two_bets_on_one_slot_each_carry_and_win_chips(pack: str) -> None:
    """B4-7: both betting chips on one slot are two bets; each may carry poker chips and
    each is paid: (1 + 2) x 2 + (1 + 3) x 2 = 14."""
    game = Script(7, question_pack=pack)
    game.question("a75", seven(), {0: [(7, 0), (7, 0)]})
    assert points(game.state)[0] == 10
    summary = game.question("a45", seven(), {0: [(4, 2), (4, 3)]})
    assert [b["won"] for b in summary["bets"]] == [6, 8]
    assert points(game.state)[0] == 24


def test_ruling_poker_chips_are_points_the_bank_makes_change(pack: str) -> None:
    """Ruling: red (1) and blue (5) poker chips are kept as a points total; any split of
    what a seat owns may be staked (13 points as 4 + 9), the bank making change."""
    game = Script(7, question_pack=pack)
    game.question("a75", seven(), {6: [(7, 0), (7, 0)]})
    assert points(game.state)[6] == 13
    game.question("a45", seven(), {6: [(4, 4), (1, 9)]})
    # 2 to 1 pays (1 + 4) x 2 = 10; the 9 under the 5 to 1 chip are lost.
    assert points(game.state)[6] == 13 + 10 - 9
    assert all(isinstance(p, int) for p in points(game.state))


def test_ruling_b4_10_the_bank_never_runs_out(pack: str) -> None:
    """B4-10: the bank is unlimited: every winning bet is paid in full."""
    game = Script(7, question_pack=pack)
    game.question("a75", seven(), {s: [(7, 0), (7, 0)] for s in range(7)})
    game.question("a15", seven(), {s: [(1, 5), (1, 5)] for s in range(6)})
    assert points(game.state)[:6] == [10 + 60 + 3, 10 + 60, 10 + 60, 10 + 60, 10 + 60, 10 + 60]
    assert public(game.state)["bank"]["paid"] == sum(points(game.state))


def test_ruling_b4_2_more_than_seven_players_must_form_teams() -> None:
    """B4-2: eight people cannot take eight seats; in four teams of two they can play."""
    with pytest.raises(OptionsError):
        new_state(8)
    team_list = [
        {"name": f"T{t}", "members": [{"name": f"{t}a"}, {"name": f"{t}b"}]} for t in range(4)
    ]
    assert new_state(4, teams=team_list).num_players == 4


def test_options_refuse_unknown_names_values_and_variants() -> None:
    """Options: unknown keys, bad values and unknown variants are refused in one line."""
    for bad in ({"colour": "red"}, {"betting": "loud"}, {"chip_back_in_points": "maybe"}):
        with pytest.raises(OptionsError):
            GAME.options(bad)
    with pytest.raises(OptionsError, match="no variant"):
        GAME.options({}, ["tournament"])


def test_options_named_variants() -> None:
    """Options: ``secret-betting``, ``chip-back`` and ``untimed`` set their options."""
    options = GAME.options({}, ["secret-betting", "chip-back", "untimed"])
    assert options.betting == "secret"  # type: ignore[attr-defined]
    assert options.chip_back_in_points is True  # type: ignore[attr-defined]
    assert options.answer_seconds is None and options.bet_seconds is None  # type: ignore[attr-defined]
    assert GAME.active_variants(options) == ["secret-betting", "chip-back", "untimed"]
    assert GAME.active_variants(GAME.options({})) == []
