"""Worlds a Wits & Wagers seat cannot tell from the real one (issue 12).

What is hidden (WW 1.3, 2.1, 3.4): the current question's answer until Step 4 reads it;
the other seats' guesses until every seat has written one, and their bets in secret
betting (both are commitments the core redraws, given the sampled answer: a random
player's guess near it, random bets); which questions come next (chance, drawn later
from the public list of questions not yet asked).

The answer is never looked up, not even in the public question pack by the question's
text: a sample draws it from a **stated belief model**, :func:`spread_of_the_guesses`
by default (issue 12: "the spread of the guesses by default, never the answer itself").
A caller may pass another model (a function of the guesses the seat knows and a random
stream) to :func:`sample_world`.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from tote.games.wits_and_wagers.moves import Guess
from tote.games.wits_and_wagers.numbers import parse_number
from tote.games.wits_and_wagers.phases import ANSWER, BET

if TYPE_CHECKING:
    from tote.games.wits_and_wagers.state import WitsAndWagersState

Belief = Callable[[Sequence[Fraction], random.Random], Fraction]
"""A belief about the answer: drawn from the guesses the seat knows (maybe none)."""

SPREAD_FLOOR = 0.15
"""The least spread assumed, in log terms (about 15%), however close the guesses."""
NO_GUESS_SPREAD = 1.0
"""The spread around a lone guess (a factor of e either way, one standard deviation)."""


def spread_of_the_guesses(guesses: Sequence[Fraction], rng: random.Random) -> Fraction:
    """The default belief: the answer lies near one of the guesses, taken at random, off
    by the guesses' own spread. For positive guesses it works in logarithms (answers run
    from fractions to billions): ``g * exp(N(0, s))`` with ``s`` the standard deviation
    of the log-guesses (at least :data:`SPREAD_FLOOR`; :data:`NO_GUESS_SPREAD` for a
    lone guess); otherwise ``g + N(0, s)`` on the numbers themselves. Integral guesses
    give an integral answer. With no guess known at all it is 0 to 1,000 (log-uniform
    from 1), the spread of the questions' answers in general."""
    return spread_drawer(guesses)(rng)


def spread_drawer(guesses: Sequence[Fraction]) -> Callable[[random.Random], Fraction]:
    """:func:`spread_of_the_guesses` for these ``guesses``, its spread worked out once:
    each call draws from the stream exactly what :func:`spread_of_the_guesses` draws
    (the tote board's quick sample draws thousands of answers from one mat; issue 24)."""
    if not guesses:
        return _no_guess
    values = [float(g) for g in guesses]
    count = len(values)
    whole = all(g.denominator == 1 for g in guesses)
    if all(v > 0 for v in values):
        logs = [math.log(v) for v in values]
        spread = max(statistics.pstdev(logs), SPREAD_FLOOR) if count > 1 else NO_GUESS_SPREAD

        def drawn(rng: random.Random) -> float:
            anchor = values[int(rng.random() * count)]
            return anchor * math.exp(rng.gauss(0.0, spread))

    else:
        sigma = max(statistics.pstdev(values) if count > 1 else abs(values[0]), 1.0)

        def drawn(rng: random.Random) -> float:
            anchor = values[int(rng.random() * count)]
            return anchor + rng.gauss(0.0, sigma)

    if whole:
        return lambda rng: Fraction(round(drawn(rng)))
    return lambda rng: Fraction(round(drawn(rng) * 100), 100)


def _no_guess(rng: random.Random) -> Fraction:
    return Fraction(round(math.exp(rng.random() * math.log(1000))))


def known_guesses(state: WitsAndWagersState, seat: int | None) -> list[Fraction]:
    """The guesses ``seat`` knows: all of them once on the mat (WW 2.2); before that,
    its own secret guess, if written."""
    if state.phase == BET or (state.phase != ANSWER and state.mat):
        return [value for value, _ in state.mat.values()]
    if seat is not None and seat in state._pending:
        move = state._pending[seat]
        if isinstance(move, Guess):
            return [parse_number(move.value)]
    return []


def sample_world(
    state: WitsAndWagersState,
    seat: int | None,
    rng: random.Random,
    belief: Belief = spread_of_the_guesses,
) -> WitsAndWagersState:
    """A copy of ``state`` with the answer hidden from ``seat`` drawn from ``belief``."""
    world = state.clone()
    if state.question is not None and state.phase in (ANSWER, BET):
        answer = belief(known_guesses(state, seat), rng)
        world.answer = answer
        text = str(answer.numerator) if answer.denominator == 1 else f"{float(answer):.2f}"
        world.question = state.question.model_copy(update={"answer": text})
    return world
