"""WW 2.3-2.4 and WW 3.3: the mat, and how the guesses are sorted onto it.

The rulebook's sorting examples (7, 6, 5 and 4 unique guesses, and duplicate
guesses) are checked on ``mat.guess_slots`` / ``mat.place_guesses`` and again
through real games, on the mat every view shows.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from tote.games.wits_and_wagers.mat import (
    ALL_TOO_HIGH,
    MIDDLE,
    SLOT_ODDS,
    guess_slots,
    place_guesses,
)

from .ww_helpers import Script, public, shown_mat

PLACEMENT = {
    0: (),
    1: (2,),
    2: (3, 3),
    3: (3, 2, 3),
    4: (4, 3, 3, 4),
    5: (4, 3, 2, 3, 4),
    6: (5, 4, 3, 3, 4, 5),
    7: (5, 4, 3, 2, 3, 4, 5),
}
"""Game-data table B2: the odds of the occupied slots, smallest guess first."""


# ------------------------------------------------------------ WW 3.3 the slots
def test_ww_3_3_eight_slots_all_too_high_then_5_4_3_2_3_4_5() -> None:
    """WW 3.3: All Guesses Too High pays 6 to 1, then 5, 4, 3, 2, 3, 4, 5 to 1."""
    assert SLOT_ODDS == (6, 5, 4, 3, 2, 3, 4, 5)
    assert ALL_TOO_HIGH == 0
    assert SLOT_ODDS[MIDDLE] == 2


def test_ww_3_3_every_view_shows_the_eight_slots(pack: str) -> None:
    """WW 3.3: the mat in a view lists all eight slots with their odds."""
    game = Script(4, question_pack=pack)
    game.to_betting("a45", {0: "5"})
    mat = public(game.state)["mat"]
    assert [s["odds"] for s in mat] == [6, 5, 4, 3, 2, 3, 4, 5]
    assert [s["all_too_high"] for s in mat] == [True] + [False] * 7


# ------------------------------------------------------------ WW 2.3-2.4 on the functions
@pytest.mark.parametrize("n", range(8))
def test_ww_2_4_occupied_slots_follow_table_b2(n: int) -> None:
    """WW 2.4: for n unique guesses, the odds of the slots used, smallest guess first."""
    assert tuple(SLOT_ODDS[slot] for slot in guess_slots(n)) == PLACEMENT[n]
    assert list(guess_slots(n)) == sorted(guess_slots(n))


def test_ww_2_4_rulebook_example_seven_unique_guesses() -> None:
    """WW 2.4, rulebook example "7 Unique Guesses": every guess slot is used; the middle
    guess is on 2 to 1."""
    assert guess_slots(7) == (1, 2, 3, 4, 5, 6, 7)
    guesses = {s: Fraction(v) for s, v in enumerate([70, 10, 40, 20, 60, 30, 50])}
    mat = place_guesses(guesses)
    assert {slot: int(v) for slot, (v, _) in mat.items()} == {
        1: 10,
        2: 20,
        3: 30,
        4: 40,
        5: 50,
        6: 60,
        7: 70,
    }
    assert mat[MIDDLE] == (Fraction(40), (2,))


def test_ww_2_4_rulebook_example_six_unique_guesses() -> None:
    """WW 2.4, rulebook example "6 Unique Guesses": even, so 2 to 1 stays open and the
    two middle guesses take the two 3 to 1 slots."""
    assert guess_slots(6) == (1, 2, 3, 5, 6, 7)
    mat = place_guesses({s: Fraction(v) for s, v in enumerate([6, 5, 4, 3, 2, 1])})
    assert MIDDLE not in mat
    assert {slot: int(v) for slot, (v, _) in mat.items()} == {1: 1, 2: 2, 3: 3, 5: 4, 6: 5, 7: 6}
    assert SLOT_ODDS[3] == SLOT_ODDS[5] == 3


def test_ww_2_4_rulebook_example_five_unique_guesses() -> None:
    """WW 2.4, rulebook example "5 Unique Guesses": the middle guess on 2 to 1, the 5 to 1
    slots stay empty."""
    assert guess_slots(5) == (2, 3, 4, 5, 6)
    mat = place_guesses({s: Fraction(v) for s, v in enumerate(["-2", "0.5", "3", "-7", "11"])})
    assert sorted(mat) == [2, 3, 4, 5, 6]
    values = [mat[slot][0] for slot in (2, 3, 4, 5, 6)]
    assert values == [Fraction(-7), Fraction(-2), Fraction(1, 2), Fraction(3), Fraction(11)]
    assert mat[MIDDLE][0] == Fraction(1, 2)


def test_ww_2_4_rulebook_example_four_unique_guesses() -> None:
    """WW 2.4, rulebook example "4 Unique Guesses": 4, 3, 3, 4 to 1 around the open 2 to 1."""
    assert guess_slots(4) == (2, 3, 5, 6)
    mat = place_guesses({s: Fraction(v) for s, v in enumerate([400, 100, 300, 200])})
    assert {slot: int(v) for slot, (v, _) in mat.items()} == {2: 100, 3: 200, 5: 300, 6: 400}


def test_ww_2_3_rulebook_example_duplicate_guesses_share_a_slot() -> None:
    """WW 2.3, rulebook example "Duplicate Guesses": equal guesses go in one slot, and the
    unique guesses are counted for the placement (7 cards, 4 different numbers)."""
    guesses = {0: 1900, 1: 1950, 2: 1900, 3: 2000, 4: 1950, 5: 1975, 6: 1900}
    mat = place_guesses({s: Fraction(v) for s, v in guesses.items()})
    assert mat == {
        2: (Fraction(1900), (0, 2, 6)),
        3: (Fraction(1950), (1, 4)),
        5: (Fraction(1975), (5,)),
        6: (Fraction(2000), (3,)),
    }


def test_ww_2_3_equal_numbers_written_differently_are_duplicates() -> None:
    """WW 2.3 with exact numbers: 1200 written as 1,200 or 1.2e3 is the same guess."""
    from tote.games.wits_and_wagers.numbers import parse_number

    mat = place_guesses({0: parse_number("1,200"), 1: parse_number("1.2e3"), 2: Fraction(1200)})
    assert mat == {4: (Fraction(1200), (0, 1, 2))}


def test_ww_2_3_the_mat_holds_at_most_seven_unique_guesses() -> None:
    """WW 2.3: seven answer cards, so never more than seven unique guesses."""
    with pytest.raises(ValueError):
        guess_slots(8)


# ------------------------------------------------------------ the examples in real games
@pytest.mark.parametrize(
    ("guesses", "expected"),
    [
        (
            ["70", "10", "40", "20", "60", "30", "50"],
            {
                1: ("10", [1]),
                2: ("20", [3]),
                3: ("30", [5]),
                4: ("40", [2]),
                5: ("50", [6]),
                6: ("60", [4]),
                7: ("70", [0]),
            },
        ),
        (
            ["6", "5", "4", "3", "2", "1", None],
            {
                1: ("1", [5]),
                2: ("2", [4]),
                3: ("3", [3]),
                5: ("4", [2]),
                6: ("5", [1]),
                7: ("6", [0]),
            },
        ),
        (
            ["-2", "0.5", "3", "-7", "11", None, None],
            {2: ("-7", [3]), 3: ("-2", [0]), 4: ("0.5", [1]), 5: ("3", [2]), 6: ("11", [4])},
        ),
        (
            ["400", "100", "300", "200", None, None, None],
            {2: ("100", [1]), 3: ("200", [3]), 5: ("300", [2]), 6: ("400", [0])},
        ),
        (
            ["1900", "1950", "1900", "2000", "1950", "1975", "1,900"],
            {2: ("1900", [0, 2, 6]), 3: ("1950", [1, 4]), 5: ("1975", [5]), 6: ("2000", [3])},
        ),
    ],
    ids=["7 unique", "6 unique", "5 unique", "4 unique", "duplicates"],
)
def test_ww_2_3_2_4_rulebook_sorting_examples_in_real_games(
    pack: str, guesses: list[str | None], expected: dict[int, tuple[str, list[int]]]
) -> None:
    """WW 2.3-2.4: seven seats write the example's guesses; the mat every seat and the
    spectators see is the example's."""
    game = Script(7, question_pack=pack)
    game.to_betting("a45", dict(enumerate(guesses)))
    assert shown_mat(game.state) == expected
    for seat in range(7):
        assert game.state.view(seat)["state"]["mat"] == public(game.state)["mat"]
