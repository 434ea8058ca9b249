"""WC 5: Paying Out, on the pure ``settle`` function and in real races."""

from __future__ import annotations

import random
from collections import Counter

from tote.games.winners_circle.data import PayoutTable
from tote.games.winners_circle.payout import Bet, PayoutLine, settle

from .wc_helpers import (
    at_race_preparation,
    events,
    force_money,
    force_pace_horse,
    new_state,
    place_bets,
    play_until,
    prepare,
    run_to_finish,
)

A, B, C, D = 0, 1, 2, 3
WIN, PLACE, SHOW, LAST = 0, 1, 2, 6  # horse indexes in example 3's layout

# Example 3 (rulebook): every player's three chips. Chips on horses 3, 4, 5 are on
# horses that are neither placed nor last, so they neither win nor pay.
EXAMPLE_3 = [
    Bet(A, WIN, 2),
    Bet(A, PLACE, 1),
    Bet(A, 3, 1),
    Bet(B, PLACE, 2),
    Bet(B, 3, 1),
    Bet(B, 4, 1),
    Bet(C, PLACE, 1),
    Bet(C, SHOW, 1),
    Bet(C, LAST, 2),
    Bet(D, LAST, 1),
    Bet(D, 4, 1),
    Bet(D, 5, 2),
]

# Example 3's payments, race 1 (multiplier 1).
EXAMPLE_3_LINES = [
    PayoutLine(A, WIN, "win", 700),
    PayoutLine(B, PLACE, "place", 300),
    PayoutLine(A, PLACE, "place", 150),
    PayoutLine(C, PLACE, "place", 150),
    PayoutLine(B, PLACE, "pace", 200),
    PayoutLine(A, PLACE, "pace", 100),
    PayoutLine(C, PLACE, "pace", 100),
    PayoutLine(C, SHOW, "show", 250),
    PayoutLine(C, LAST, "last", -200),
    PayoutLine(D, LAST, "last", -100),
]


def example_3(
    table: PayoutTable, multiplier: int = 1, money: int = 1000
) -> tuple[list[int], list[PayoutLine]]:
    return settle(
        EXAMPLE_3,
        placed=[WIN, PLACE, SHOW],
        last=[LAST],
        pace_horse=PLACE,
        money=[money] * 4,
        table=table,
        multiplier=multiplier,
        alternative_payouts=False,
    )


# ------------------------------------------------------------ example 3
def test_wc_5_example_3_uses_the_three_original_table_cells(table: PayoutTable) -> None:
    """WC 5.1: the rulebook prints three cells in example 3: Win with 2 bets = 350,
    Place with 4 bets = 150, Show with 1 bet = 250 (the rest of the table is proposed)."""
    assert table.win[2 - 1] == 350
    assert table.place[4 - 1] == 150
    assert table.show[1 - 1] == 250
    assert table.pace_bonus_per_bet == 100
    assert table.last_place_per_bet == 100
    assert tuple(table.race_multipliers) == (1, 1, 2)


def test_wc_5_1_to_5_4_rulebook_example_3(table: PayoutTable) -> None:
    """WC 5.1-5.4, the rulebook's example 3: Win A 700; Place B 300, A 150, C 150; pace
    bonus B 200, A 100, C 100; Show C 250; last place C pays 200, D pays 100."""
    money, lines = example_3(table)
    assert Counter(lines) == Counter(EXAMPLE_3_LINES)
    assert money == [1000 + 950, 1000 + 500, 1000 + 300, 1000 - 100]


def test_wc_5_5_rulebook_example_3_in_race_three_is_doubled(table: PayoutTable) -> None:
    """WC 5.5: in the third race every payment, to players and to the bank, is doubled."""
    money, lines = example_3(table, multiplier=2)
    doubled = [PayoutLine(x.seat, x.horse, x.reason, 2 * x.amount) for x in EXAMPLE_3_LINES]
    assert Counter(lines) == Counter(doubled)
    assert money == [1000 + 1900, 1000 + 1000, 1000 + 600, 1000 - 200]


# -------------------------------------------------------------- WC 5.1
def test_wc_5_1_column_is_the_number_of_bets(table: PayoutTable) -> None:
    """WC 5.1: a 1-chip counts one bet and a 2-chip two, and the column is the total:
    three 2-chips on the winner read column 6."""
    bets = [Bet(0, 0, 2), Bet(1, 0, 2), Bet(2, 0, 2)]
    money, lines = settle(bets, [0, 1, 2], [6], None, [0, 0, 0], table, 1, False)
    per_bet = table.win[6 - 1]
    assert money == [2 * per_bet] * 3
    assert [x.amount for x in lines] == [2 * per_bet] * 3


def test_wc_5_1_each_row_is_read_for_its_place(table: PayoutTable) -> None:
    """WC 5.1: the Win, Place and Show rows are read for the first, second and third."""
    bets = [Bet(0, 0, 1), Bet(1, 1, 1), Bet(2, 2, 1)]
    money, _ = settle(bets, [0, 1, 2], [6], None, [0, 0, 0], table, 1, False)
    assert money == [table.win[0], table.place[0], table.show[0]]


# -------------------------------------------------------------- WC 5.2
def test_wc_5_2_a_two_chip_receives_double(table: PayoutTable) -> None:
    """WC 5.2: the table gives the amount per bet: a 1-chip receives it, a 2-chip twice
    it (place horse with a 2-chip and a 1-chip: column 3)."""
    bets = [Bet(0, 1, 2), Bet(1, 1, 1)]
    money, _ = settle(bets, [0, 1, 2], [6], None, [0, 0], table, 1, False)
    assert money == [2 * table.place[3 - 1], table.place[3 - 1]]


def test_wc_5_2_unplaced_horses_pay_nothing(table: PayoutTable) -> None:
    """WC 5.2: a chip on a horse that is neither placed nor last neither wins nor pays."""
    bets = [Bet(0, 3, 2), Bet(1, 4, 1)]
    money, lines = settle(bets, [0, 1, 2], [6], 3, [500, 500], table, 1, False)
    assert money == [500, 500] and lines == []


# -------------------------------------------------------------- WC 5.3
def test_wc_5_3_pace_bonus_only_if_the_pace_horse_is_placed(table: PayoutTable) -> None:
    """WC 5.3: the pace horse pays 100 more per bet if it is one of the three placed
    horses; a pace horse outside the top three pays no bonus."""
    bets = [Bet(0, 2, 2), Bet(1, 4, 1)]
    placed_pace, lines = settle(bets, [0, 1, 2], [6], 2, [0, 0], table, 1, False)
    assert placed_pace == [2 * table.show[2 - 1] + 200, 0]
    assert PayoutLine(0, 2, "pace", 200) in lines
    unplaced_pace, lines = settle(bets, [0, 1, 2], [6], 4, [0, 0], table, 1, False)
    assert unplaced_pace == [2 * table.show[2 - 1], 0]
    assert all(x.reason != "pace" for x in lines)


# -------------------------------------------------------------- WC 5.4
def test_wc_5_4_last_place_bets_pay_the_bank(table: PayoutTable) -> None:
    """WC 5.4: each chip on the last horse pays the bank 100 per bet: 100 for a 1-chip,
    200 for a 2-chip."""
    bets = [Bet(0, 6, 1), Bet(1, 6, 2)]
    money, lines = settle(bets, [0, 1, 2], [6], None, [1000, 1000], table, 1, False)
    assert money == [900, 800]
    assert lines == [PayoutLine(0, 6, "last", -100), PayoutLine(1, 6, "last", -200)]


def test_wc_5_4_a_player_who_cannot_pay_pays_all_he_can(table: PayoutTable) -> None:
    """WC 5.4: a player with 50 who owes 200 pays the 50 and ends at 0, never below."""
    bets = [Bet(0, 6, 2)]
    money, lines = settle(bets, [0, 1, 2], [6], None, [50], table, 1, False)
    assert money == [0]
    assert lines == [PayoutLine(0, 6, "last", -50)]


def test_wc_5_4_winnings_come_in_before_the_bank_is_paid(table: PayoutTable) -> None:
    """WC 5.4 (order of the rulebook's payout): a player with no money who wins 250 on
    the show horse and owes 200 on the last horse keeps 50."""
    bets = [Bet(0, 2, 1), Bet(0, 6, 2)]
    money, _ = settle(bets, [0, 1, 2], [6], None, [0], table, 1, False)
    assert money == [table.show[0] - 200] == [50]


# -------------------------------------------------------------- WC 5.5
def test_wc_5_5_race_three_doubles_what_the_bank_is_owed_too(table: PayoutTable) -> None:
    """WC 5.5: in race 3 a 1-chip on the last horse owes 200; with 50 the player pays 50."""
    money, lines = settle([Bet(0, 6, 1)], [0, 1, 2], [6], None, [50], table, 2, False)
    assert money == [0] and lines == [PayoutLine(0, 6, "last", -50)]
    money, _ = settle([Bet(0, 6, 1)], [0, 1, 2], [6], None, [500], table, 2, False)
    assert money == [300]


# ---------------------------------------------------------- in the game
EXAMPLE_3_PLAN = {
    A: [("red", 2), ("blue", 1), ("yellow", 1)],
    B: [("blue", 2), ("yellow", 1), ("purple", 1)],
    C: [("blue", 1), ("green", 1), ("white", 2)],
    D: [("white", 1), ("purple", 1), ("orange", 2)],
}
"""Example 3 on the board: red wins, blue places (and is the pace horse), green shows,
white (unmoved on space 30) is last."""


def test_wc_5_example_3_in_a_real_race() -> None:
    """WC 5.1-5.4: example 3 played out in race 1, everyone starting with 0: D owes 100
    but has nothing, so pays nothing (WC 5.4)."""
    state = new_state(4)
    prepare(state)
    place_bets(state, EXAMPLE_3_PLAN)
    force_pace_horse(state, "blue")
    run_to_finish(state, ("red", "blue", "green"))
    payout = events(state, "payout")[0]
    assert (payout["win"], payout["place"], payout["show"]) == ("red", "blue", "green")
    assert payout["last"] == ["white"] and payout["pace_horse"] == "blue"
    assert payout["multiplier"] == 1
    assert state.money == [950, 500, 300, 0]


def test_wc_5_5_example_3_in_a_real_third_race() -> None:
    """WC 5.5: example 3 played out in race 3, where every amount is doubled."""
    state = new_state(4)
    play_until(state, random.Random(11), at_race_preparation(3))
    prepare(state, sorted(state.deck)[:7])
    place_bets(state, EXAMPLE_3_PLAN)
    force_money(state, [1000] * 4)
    force_pace_horse(state, "blue")
    run_to_finish(state, ("red", "blue", "green"))
    payout = events(state, "payout")[-1]
    assert payout["race"] == 3 and payout["multiplier"] == 2
    assert state.money == [1000 + 1900, 1000 + 1000, 1000 + 600, 1000 - 200]
    assert state.is_over


# -------------------------------------------------------------- WC 5.6
def test_wc_5_6_chips_go_back_and_the_next_race_is_prepared() -> None:
    """WC 5.6: after the payout every chip returns to its owner, and races 1 and 2 are
    followed by a new Race Preparation."""
    state = new_state(4)
    prepare(state)
    place_bets(state, EXAMPLE_3_PLAN)
    run_to_finish(state)
    view = state.view(None)["state"]
    assert view["race"] == 2 and view["phase"] == "preparation"
    assert view["bets"] == []
    assert view["chips"] == [[1, 1, 2]] * 4
    assert state.turn().chance
    prepare(state, sorted(state.deck)[:7])
    place_bets(state, EXAMPLE_3_PLAN)  # the same bets are possible again
    assert state.phase == "roll"
