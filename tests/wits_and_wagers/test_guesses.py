"""WW 2.1-2.2: secret guesses revealed together; guesses are numbers."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tote.core import CHANCE, IllegalMove
from tote.games.wits_and_wagers.moves import DrawQuestion, Guess, NoGuess, PlaceBets
from tote.games.wits_and_wagers.numbers import NotANumber, format_number, parse_number

from .ww_helpers import Script, assert_refused, events, new_state, public, shown_mat


# ------------------------------------------------------------ WW 2.1 secret, then together
def test_ww_2_1_guesses_are_secret_until_every_seat_has_written(pack: str) -> None:
    """WW 2.1: while seats are writing, others see only who has committed; the writer
    sees its own guess; nobody sees the mat."""
    game = Script(4, question_pack=pack)
    game.draw("a45")
    game.apply(0, Guess("41"))
    game.apply(1, Guess("777.5"))
    for seat in (None, 2, 3):
        view = game.state.view(seat)
        assert view["committed"] == [0, 1]
        assert view["my_commitment"] is None
        assert view["state"]["mat"] is None
        assert "777.5" not in str(view)
    mine = game.state.view(1)
    assert mine["my_commitment"] == {"type": "guess", "value": "777.5"}
    assert "41" not in str(mine["my_commitment"])
    assert game.state.turn().seats == (2, 3)
    assert game.state.turn().simultaneous


def test_ww_2_1_guesses_are_revealed_together_when_the_last_is_in(pack: str) -> None:
    """WW 2.1: the last guess reveals them all at once, in one event, onto the mat."""
    game = Script(4, question_pack=pack)
    game.draw("a45")
    game.answer({0: "30", 1: "10", 2: "20"})
    reveal = events(game.state, "guesses", None)
    assert len(reveal) == 1
    assert reveal[0]["guesses"] == {"0": "30", "1": "10", "2": "20"}
    assert reveal[0]["blank"] == [3]
    assert shown_mat(game.state) == {3: ("10", [1]), 4: ("20", [2]), 5: ("30", [0])}
    assert game.state.phase == "bet"


def test_ww_2_1_a_seat_writes_once(pack: str) -> None:
    """WW 2.1: a written guess is final: a second one is refused."""
    game = Script(4, question_pack=pack)
    game.draw("a45")
    game.apply(0, Guess("41"))
    assert_refused(game.state, 0, Guess("42"), "simultaneous moves")


def test_ww_2_1_answer_before_betting(pack: str) -> None:
    """WW 2.1: bets wait until the guesses are on the mat."""
    game = Script(4, question_pack=pack)
    game.draw("a45")
    assert_refused(game.state, 0, PlaceBets(()), "WW 2.1 answer first")


# ------------------------------------------------------------ WW 2.2 numbers
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("1,200", Fraction(1200)),
        ("1.5e3", Fraction(1500)),
        ("3/4", Fraction(3, 4)),
        ("-3.5", Fraction(-7, 2)),
        ("  42 ", Fraction(42)),
        ("1969", Fraction(1969)),
        ("0.1", Fraction(1, 10)),
        ("-1,234,567.25", Fraction("-1234567.25")),
        ("1 200", Fraction(1200)),
        ("\u22125", Fraction(-5)),
        (7, Fraction(7)),
        (2.5, Fraction(5, 2)),
        (0.1, Fraction(1, 10)),
    ],
)
def test_ww_2_2_guesses_are_read_as_exact_numbers(text: str | int | float, value: Fraction) -> None:
    """WW 2.2: whole numbers, decimals, negatives, thousands separators, exponents and
    fractions are read exactly (a float by its shortest decimal)."""
    assert parse_number(text) == value


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("lots", "is not a number"),
        ("", "empty"),
        ("   ", "empty"),
        ("1/0", "divides by zero"),
        ("12 apples", "is not a number"),
        ("1,2", "is not a number"),
        ("nan", "finite"),
        ("inf", "finite"),
        ("1e99", "too large"),
        ("9" * 41, "at most 40 characters"),
        (float("nan"), "finite"),
        (True, "not true or false"),
    ],
)
def test_ww_2_2_text_that_is_not_a_number_is_refused_clearly(
    text: str | float | bool, reason: str
) -> None:
    """WW 2.2: anything that is not a number is refused with a message saying why."""
    with pytest.raises(NotANumber, match=reason):
        parse_number(text)


@pytest.mark.parametrize(
    ("written", "shown"),
    [("1,200", "1200"), ("1.5e3", "1500"), ("3/4", "0.75"), ("-3.5", "-3.5"), ("  42 ", "42")],
)
def test_ww_2_2_a_guess_goes_on_the_mat_as_its_number(pack: str, written: str, shown: str) -> None:
    """WW 2.2 in a game: what a seat writes is read and shown as the number."""
    game = Script(4, question_pack=pack)
    game.draw("a45")
    game.answer({0: written})
    assert shown_mat(game.state) == {4: (shown, [0])}


@pytest.mark.parametrize("text", ["lots", "", "1/0", "twelve", "1..2"])
def test_ww_2_2_a_guess_that_is_not_a_number_is_refused_in_game(pack: str, text: str) -> None:
    """WW 2.2: refused with the rule's name; nothing changes and the seat may write
    again."""
    game = Script(4, question_pack=pack)
    game.draw("a45")
    error = assert_refused(game.state, 0, Guess(text), "WW 2.2 guesses are numbers")
    assert "number" in error.message or "empty" in error.message or "zero" in error.message
    assert_refused(game.state, 0, {"type": "guess", "value": text}, "WW 2.2 guesses are numbers")
    game.apply(0, Guess("12"))
    assert game.state.committed == (0,)


def test_ww_2_2_a_json_boolean_is_not_a_guess(pack: str) -> None:
    """WW 2.2: ``{"type": "guess", "value": true}`` is not a number and is refused."""
    state = new_state(4, question_pack=pack)
    state.apply(CHANCE, DrawQuestion("a45"))
    before = public(state)
    with pytest.raises(IllegalMove):
        state.apply(0, {"type": "guess", "value": True})
    assert public(state) == before


def test_ww_2_2_numbers_are_shown_as_people_write_them() -> None:
    """WW 2.2: exact numbers are shown plainly: whole, decimal, or as a fraction."""
    assert format_number(Fraction(1969)) == "1969"
    assert format_number(Fraction(-7, 2)) == "-3.5"
    assert format_number(Fraction(1, 3)) == "1/3"


def test_ww_2_2_a_blank_card_is_allowed(pack: str) -> None:
    """WW 2.2 / WW 7.2: a seat may leave its card blank; it has no guess on the mat."""
    game = Script(4, question_pack=pack)
    game.draw("a45")
    game.apply(0, NoGuess())
    for seat in (1, 2, 3):
        game.apply(seat, Guess(str(seat)))
    assert shown_mat(game.state) == {3: ("1", [1]), 4: ("2", [2]), 5: ("3", [3])}


@pytest.mark.parametrize("value", [1e31, 10**40, 1e-40])
def test_ww_2_2_a_json_number_has_the_same_limits_as_text(value: int | float) -> None:
    """WW 2.2: a guess sent as a JSON number is held to the limits of the same guess
    written as text."""
    with pytest.raises(NotANumber, match="too large or too small"):
        parse_number(value)
