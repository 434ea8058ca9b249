"""WW 1.3 and WW 2, Steps 1 and 2: a question is drawn (a chance move among those not
yet asked) and read without its answer; every seat writes a guess in secret (a
simultaneous turn of the core); the guesses are revealed together and sorted onto the
mat (the placement itself in ``mat.py``). Next in reading order: ``betting.py``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from tote.core.errors import IllegalMove
from tote.core.events import Event
from tote.core.moves import Move
from tote.games.wits_and_wagers import views
from tote.games.wits_and_wagers.mat import place_guesses
from tote.games.wits_and_wagers.moves import DrawQuestion, Guess, NoGuess
from tote.games.wits_and_wagers.numbers import NotANumber, format_number, parse_number
from tote.games.wits_and_wagers.phases import ANSWER, BET, set_phase
from tote.games.wits_and_wagers.questions import Question

if TYPE_CHECKING:
    from tote.games.wits_and_wagers.state import WitsAndWagersState


# ============================================ Step 1: Ask & Answer
def question_outcomes(state: WitsAndWagersState) -> Sequence[tuple[Move, float]]:
    """WW 1.3: every question not yet asked is equally likely."""
    p = 1.0 / len(state.unasked)
    return [(DrawQuestion(q), p) for q in state.unasked]


def sample_question(state: WitsAndWagersState, x: float) -> DrawQuestion:
    """The question at ``x`` (uniform in [0, 1)): :func:`question_outcomes` drawn."""
    return DrawQuestion(state.unasked[question_at(state, x)])


def question_at(state: WitsAndWagersState, x: float) -> int:
    """Where in ``state.unasked`` the question at ``x`` (uniform in [0, 1)) stands."""
    return int(x * len(state.unasked))


def why_not_drawn(state: WitsAndWagersState, question_id: str) -> str:
    """Why ``question_id`` cannot be drawn now (WW 1.3: only a question of the pack
    not yet asked this game)."""
    if question_id not in state.bank:
        return f"there is no question {question_id!r} in this game's question pack (WW 1.3)"
    asked = [entry["id"] for entry in state.history]
    if question_id in asked:
        return (
            f"question {question_id} was already asked this game, as question"
            f" {asked.index(question_id) + 1}; no question comes twice (WW 1.3)"
        )
    return "a question is drawn only before Step 1 of the next question (WW 1.3)"


def draw_question(state: WitsAndWagersState, question_id: str) -> None:
    """WW 1.3: the next question, drawn at random among those not yet asked."""
    deal_question(state, state.unasked.index(question_id))
    state.log.append(
        Event("question", {"number": state.number, **views.question_view(state, answer=False)})
    )


def deal_question(state: WitsAndWagersState, at: int) -> None:
    """:func:`draw_question` without its log entry, the question given by where it
    stands in ``state.unasked``: the question read, the mat cleared for it (the quiet
    loop of ``fast_game`` reads no log; issue 24)."""
    state.question = state.bank[state.unasked.pop(at)]
    state.answer = state.question.value
    state.number += 1
    state.guesses = {}
    state.mat = {}
    state.bets = {}
    state.locked = set()
    set_phase(state, ANSWER)


def check_guess(state: WitsAndWagersState, move: Move) -> None:
    if isinstance(move, Guess):
        try:
            parse_number(move.value)
        except NotANumber as exc:
            raise IllegalMove("WW 2.2 guesses are numbers", str(exc)) from None
    elif not isinstance(move, NoGuess):
        raise IllegalMove("WW 2.1 answer first", "every seat writes a guess before betting")


def random_guess(state: WitsAndWagersState, rng: random.Random) -> Move:
    """A random player's guess: within a wide spread of the answer."""
    assert state.question is not None
    return Guess(noisy_guess(state.question, RANDOM_SPREAD, rng, state.answer))


RANDOM_SPREAD = 1.0
"""How roughly a random player knows the answer (:func:`noisy_guess`'s ``spread``)."""


def noisy_guess(
    question: Question, spread: float, rng: random.Random, answer: Fraction | None = None
) -> str:
    """A guess from a player who knows the answer only roughly (the bots' model of
    knowledge): years are off by about ``spread`` x 60 years, other answers by a
    factor of about e^``spread``. Rounded like a person would write it."""
    exact = question.value if answer is None else answer
    centre = float(exact)
    year = question.unit == "year"
    if year or (centre != 0 and exact.denominator == 1):
        return str(whole_guess(year, centre, spread, rng))
    if centre == 0:
        return format(round(rng.gauss(0.0, spread), 2), "g")
    value = centre * math.exp(rng.gauss(0.0, spread))
    digits = max(0, 2 - math.floor(math.log10(abs(value))))
    return str(round(value, digits))


def whole_guess(year: bool, centre: float, spread: float, rng: random.Random) -> int:
    """:func:`noisy_guess` as a number when it is written as a whole number: a year, or
    an answer that is a whole number other than 0 (``centre``, as a float)."""
    if year:
        return round(centre + rng.gauss(0.0, 60.0 * spread))
    return round(centre * math.exp(rng.gauss(0.0, spread)))


# ============================================ Step 2: Sort the Guesses
def reveal_guesses(state: WitsAndWagersState, moves: Mapping[int, Move]) -> None:
    """WW 2.1: all guesses are revealed together and sorted onto the mat."""
    sort_guesses(
        state,
        {seat: parse_number(move.value) for seat, move in moves.items() if isinstance(move, Guess)},
    )
    state.log.append(
        Event(
            "guesses",
            {
                "number": state.number,
                "guesses": {
                    str(seat): format_number(value) for seat, value in sorted(state.guesses.items())
                },
                "blank": [seat for seat in state.seats if seat not in state.guesses],
                "mat": views.mat_view(state),
            },
        )
    )


def sort_guesses(state: WitsAndWagersState, guesses: dict[int, Fraction]) -> None:
    """WW 2.3: the revealed ``guesses`` (seat -> guess, blank cards left out) sorted
    onto the mat, and the betting begins; :func:`reveal_guesses` without its log entry."""
    state.guesses = guesses
    state.mat = place_guesses(guesses)
    set_phase(state, BET)
