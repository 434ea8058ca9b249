"""WW 4-6: the winning slot, the bonus, losing and winning bets.

Every test plays real questions from a pack with known answers. A bet's stake is
its betting chip (1 point) plus the poker chips under it; "back" means the poker
chips stay with the seat (the betting chip always does); points are poker chips
only, so a winning bet adds odds x stake to the seat's points.
"""

from __future__ import annotations

import pytest

from .ww_helpers import Script, bet_facts, points, public, seven, shown_mat

RULEBOOK_TABLE = [
    # (stake in points, odds of the slot, payout on top of the stake back)
    (1, 2, 2),
    (2, 3, 6),
    (2, 4, 8),
    (8, 5, 40),
    (2, 6, 12),
]
"""The rulebook's table of winning bets (Step 6)."""

WINNING_QUESTION = {2: "a45", 3: "a35", 4: "a25", 5: "a15", 6: "a5"}
"""With the seven guesses 10..70 on slots 1..7, which question makes a slot of these
odds win: 45 -> 40 on 2 to 1, 35 -> 30 on 3 to 1, 25 -> 20 on 4 to 1, 15 -> 10 on
5 to 1, 5 -> All Guesses Too High (6 to 1)."""

SLOT_FOR_ODDS = {2: 4, 3: 3, 4: 2, 5: 1, 6: 0}


def seven_seats_with_points(pack: str, **options: object) -> Script:
    """Question 1 ("a75"): guesses 10..70 on slots 1..7, 70 (seat 6, 5 to 1) wins and
    every seat had both bare chips on it: +10 each (house rule +12), seat 6 +3 bonus."""
    game = Script(7, question_pack=pack, **options)
    game.question("a75", seven(), {s: [(7, 0), (7, 0)] for s in range(7)})
    return game


@pytest.mark.parametrize("house_rule", [False, True], ids=["default", "chip-back"])
@pytest.mark.parametrize(("stake", "odds", "payout"), RULEBOOK_TABLE)
def test_ww_6_2_rulebook_payout_table_in_real_games(
    pack: str, stake: int, odds: int, payout: int, house_rule: bool
) -> None:
    """WW 6.2: the rulebook's table, bet by seat 6 in question 2: its stake comes back
    (the betting chip and stake - 1 poker chips stay with it) and it is paid odds x stake
    (with the chip-back house rule, 1 more)."""
    game = seven_seats_with_points(pack, chip_back_in_points=house_rule)
    start = 15 if house_rule else 13
    assert points(game.state)[6] == start
    slot = SLOT_FOR_ODDS[odds]
    summary = game.question(WINNING_QUESTION[odds], seven(), {6: [(slot, stake - 1)]})
    assert summary["winning_slot"] == slot and summary["odds"] == odds
    earned = payout + (1 if house_rule else 0)
    assert bet_facts(summary["bets"]) == [
        {"seat": 6, "slot": slot, "chips": stake - 1, "odds": odds, "won": earned}
    ]
    assert points(game.state)[6] == start + earned
    bank = public(game.state)["bank"]
    assert bank["collected"] == 0
    assert bank["paid"] == sum(points(game.state))


def test_ww_6_2_a_bare_chip_on_2_to_1_earns_2_by_default_3_with_the_house_rule(
    pack: str,
) -> None:
    """WW 6.2 / ruling B4-1, in question 1: default ``chip_back_in_points=False`` pays 2
    for a bare chip on 2 to 1; the house rule pays 3."""
    for house_rule, earned in ((False, 2), (True, 3)):
        game = Script(7, question_pack=pack, chip_back_in_points=house_rule)
        game.question("a45", seven(), {0: [(4, 0)]})
        assert points(game.state) == [earned, 0, 0, 3, 0, 0, 0]


def test_ww_6_2_the_chip_back_variant_sets_the_house_rule() -> None:
    """WW 6.2: the named variant ``chip-back`` is the house rule; default is off."""
    from tote.games.wits_and_wagers import GAME

    assert GAME.options({}).chip_back_in_points is False  # type: ignore[attr-defined]
    assert GAME.options({}, ["chip-back"]).chip_back_in_points is True  # type: ignore[attr-defined]


# ------------------------------------------------------------ WW 4 the winning slot
def test_ww_4_1_rulebook_example_1_answer_1991(pack: str) -> None:
    """WW 4.1, rulebook example 1: the answer is 1991, so 1989 wins because 1992 is too
    high."""
    game = Script(7, question_pack=pack)
    guesses = ["1950", "1970", "1980", "1989", "1992", "2000", "2010"]
    summary = game.question("y1991", seven(guesses), {0: [(4, 0)], 1: [(5, 0)]})
    assert summary["answer"] == "1991"
    assert summary["winning_slot"] == 4
    assert summary["winning_guess"] == "1989"
    assert summary["bonus"] == [3]
    assert points(game.state) == [2, 0, 0, 3, 0, 0, 0]


def test_ww_4_2_rulebook_example_2_answer_1985(pack: str) -> None:
    """WW 4.2, rulebook example 2: with the answer 1985 every guess is too high, so All
    Guesses Too High wins (6 to 1) and nobody gets the bonus."""
    game = Script(7, question_pack=pack)
    guesses = ["1989", "1992", "1986", "2000", "2010", "1989", "1992"]
    summary = game.question("y1985", seven(guesses), {0: [(0, 0)], 1: [(2, 0)], 2: [(4, 0)]})
    assert summary["winning_slot"] == 0
    assert summary["winning_guess"] is None
    assert summary["odds"] == 6
    assert summary["bonus"] == []
    assert points(game.state) == [6, 0, 0, 0, 0, 0, 0]


def test_ww_4_1_a_guess_equal_to_the_answer_is_not_over(pack: str) -> None:
    """WW 4.1 / ruling B4-4: a guess equal to the answer wins."""
    game = Script(4, question_pack=pack)
    summary = game.question("a45", {0: "44", 1: "45", 2: "46"})
    assert summary["winning_guess"] == "45"
    assert summary["bonus"] == [1]


def test_ww_4_1_closest_below_wins_even_if_a_higher_guess_is_nearer(pack: str) -> None:
    """WW 4.1: 40 wins for the answer 45 although 46 is nearer: 46 went over."""
    game = Script(4, question_pack=pack)
    summary = game.question("a45", {0: "40", 1: "46", 2: "1"})
    assert summary["winning_guess"] == "40"
    assert summary["bonus"] == [0]


def test_ww_4_1_negative_answers(pack: str) -> None:
    """WW 4.1 with negative numbers: for -40, -40.5 is the closest without going over."""
    game = Script(4, question_pack=pack)
    summary = game.question("cold", {0: "-41", 1: "-39.5", 2: "-40.5", 3: "-3"})
    assert summary["winning_guess"] == "-40.5"


def test_ww_4_1_numbers_are_compared_exactly(pack: str) -> None:
    """WW 4.1 / ruling B4-9: exact arithmetic: 1/3 is above 0.333 (too high), 0.1 + 0.2
    as a float is above 0.3, and 3/10 equals 0.3."""
    game = Script(4, question_pack=pack)
    summary = game.question("third", {0: "1/3", 1: "0.33", 2: "0.3333"})
    assert summary["winning_guess"] == "0.33"
    summary = game.question("tenths", {0: 0.1 + 0.2, 1: "3/10", 2: "0.29"})
    assert summary["winning_guess"] == "0.3"
    assert summary["bonus"] == [1]


def test_ww_4_2_no_guess_at_all_means_all_guesses_too_high(pack: str) -> None:
    """WW 4.2 / ruling: with every card blank, All Guesses Too High wins."""
    game = Script(4, question_pack=pack)
    summary = game.question("a45", {}, {2: [(0, 0), (0, 0)]})
    assert summary["winning_slot"] == 0 and summary["bonus"] == []
    assert points(game.state) == [0, 0, 12, 0]


# ------------------------------------------------------------ WW 5.1 the bonus
def test_ww_5_1_every_writer_of_the_winning_guess_gets_3(pack: str) -> None:
    """WW 5.1 / ruling B4-3: three seats wrote the winning 40; each gets 3 points
    whether or not it bet; writers of other guesses and blank cards get nothing."""
    game = Script(7, question_pack=pack)
    guesses = {0: "40", 1: "10", 2: "40", 3: "50", 4: "4e1", 5: None, 6: "20"}
    summary = game.question("a45", guesses, {0: [(0, 0)]})
    assert summary["bonus"] == [0, 2, 4]
    assert points(game.state) == [3, 0, 3, 0, 3, 0, 0]


def test_ww_5_1_no_bonus_when_all_guesses_too_high_wins(pack: str) -> None:
    """WW 5.1: All Guesses Too High is nobody's guess: no bonus."""
    game = Script(4, question_pack=pack)
    summary = game.question("a5", {0: "6", 1: "7", 2: "8", 3: "9"})
    assert summary["bonus"] == []
    assert points(game.state) == [0, 0, 0, 0]


# ------------------------------------------------------------ WW 6.1 losing bets
def test_ww_6_1_losing_poker_chips_go_to_the_bank_betting_chips_come_back(pack: str) -> None:
    """WW 6.1: the poker chips under a losing bet go to the bank; the betting chip comes
    back, so the seat has both chips again for the next question."""
    game = seven_seats_with_points(pack)
    assert points(game.state)[0] == 10
    summary = game.question("a45", seven(), {0: [(1, 4), (2, 6)]})
    assert {b["slot"]: b["lost"] for b in summary["bets"]} == {1: 4, 2: 6}
    assert points(game.state)[0] == 0
    assert public(game.state)["bank"]["collected"] == 10
    # Two betting chips again: two bets in question 3.
    summary = game.question("a35", seven(), {0: [(3, 0), (3, 0)]})
    assert points(game.state)[0] == 6


def test_ww_6_points_stay_with_the_bank_sum(pack: str) -> None:
    """WW 6: every point a seat holds was paid by the bank and not collected back."""
    game = seven_seats_with_points(pack)
    game.question("a25", seven(), {s: [(2, s), (5, 1)] for s in range(7)})
    bank = public(game.state)["bank"]
    assert sum(points(game.state)) == bank["paid"] - bank["collected"]
    assert bank["collected"] == 7


# ------------------------------------------------------------ WW 6.3 the next question
def test_ww_6_3_the_next_question_starts_with_a_clear_mat(pack: str) -> None:
    """WW 6.3: after the payout the cards come back: the next question starts with no
    guesses, no bets, nobody locked, and the count of questions asked goes on."""
    game = Script(4, question_pack=pack)
    game.question("a45", {0: "40", 1: "30"}, {0: [(5, 0)], 1: [(0, 0)]})
    view = public(game.state)
    assert view["phase"] == "draw" and view["number"] == 1 and len(view["history"]) == 1
    game.draw("a35")
    view = public(game.state)
    assert view["number"] == 2
    assert view["mat"] is None and view["bets"] == {} and view["locked"] == []
    game.answer({2: "35"})
    assert shown_mat(game.state) == {4: ("35", [2])}
