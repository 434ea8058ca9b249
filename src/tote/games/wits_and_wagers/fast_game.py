"""A whole game of random players in a quiet loop, for ``tote simulate`` (issue 24, 2).

``tote simulate`` with random bots plays each seat from its own stream (the bot's) and
every question drawn from the game's stream. Through the rules loop each guess is a
``Guess`` move of written text, committed with a log entry holding it as JSON and read
back as a number when the last seat has written (WW 2.1); each bet a ``PlaceBets`` and a
``LockBets`` move with their log entries, the seats still to lock worked out anew after
each (WW 3.4). Here the question is drawn as :func:`answering.sample_question` draws it
(one ``random()`` of the game's stream), each seat's guess as
:meth:`~tote.games.wits_and_wagers.state.WitsAndWagersState.random_move` draws it
(:func:`answering.noisy_guess`, read as a number without being written out when it is a
whole number), in seat order, the order the rules loop commits them in; then the
seats' bets with :func:`betting.random_wagers` from their streams, in seat order (in
open betting each seat places and locks before the next, as the rules loop's first
seat still to lock does). The mat (:func:`answering.sort_guesses`) and the payout
(:func:`paying_out.settle`: the winning slot, the bonus, the bets paid, the question's
summary in the history and the log's ``answer`` event) are the rules' own.

So from the same seeds it ends in the state the rules loop ends in, to the last field,
with one difference: the log holds only the ``answer`` events (the quiet mode; the
simulator's statistics read the history, whose entries are those events' summaries, and
the standings read the ``answer`` events). ``tests/wits_and_wagers/test_fast_game.py``
checks it on every variant, from the start and from positions under way.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from tote.core.state import Turn
from tote.games.wits_and_wagers import answering
from tote.games.wits_and_wagers.betting import random_wagers
from tote.games.wits_and_wagers.mat import ALL_TOO_HIGH, place_guesses, winning_slot
from tote.games.wits_and_wagers.numbers import LARGEST, parse_number
from tote.games.wits_and_wagers.paying_out import settle
from tote.games.wits_and_wagers.phases import ANSWER, BET, DRAW, OVER, set_phase

if TYPE_CHECKING:
    from tote.games.wits_and_wagers.state import WitsAndWagersState

QUIET_EVENTS = frozenset({"question", "committed", "guesses", "bets", "bets_locked"})
"""The log events the quiet loop does not write."""


def play_game(
    state: WitsAndWagersState, rng: random.Random, streams: Sequence[random.Random]
) -> tuple[int, int]:
    """Play ``state`` to the end of the game: questions from ``rng``, seat ``s``'s
    guesses and bets from ``streams[s]``; the seats' moves and the chance moves made,
    counted as the rules loop counts them. Secret moves already committed when it is
    called are finished by the rules first (they wait on the seats still to write)."""
    moves = chance = 0
    win = None
    while True:
        if state._pending:
            moves += _finish_commitments(state, streams)
        phase = state.phase
        if phase == DRAW:
            answering.deal_question(state, answering.question_at(state, rng.random()))
            chance += 1
        elif phase == ANSWER:
            win = _guess(state, streams)
            moves += state.num_players
        elif phase == OVER:
            return moves, chance
        elif state.secret_betting:
            _bet_secretly(state, streams, win)
            moves += state.num_players
            win = None
        else:
            moves += _bet_openly(state, streams, win)
            win = None


def _finish_commitments(state: WitsAndWagersState, streams: Sequence[random.Random]) -> int:
    """The rules loop, until the simultaneous turn under way is resolved."""
    made = 0
    while state._pending:
        turn = state.turn()
        seat = turn.seats[0]
        state.apply_unchecked(seat, state.random_move(seat, streams[seat]), turn)
        made += 1
    return made


def _resolved_together(state: WitsAndWagersState) -> None:
    """What the core leaves behind a simultaneous turn of every seat committed in seat
    order: the turn that awaited the last seat (``State._commit``)."""
    state._waiting = Turn(state.seats[-1:], False, True)


def _guess(state: WitsAndWagersState, streams: Sequence[random.Random]) -> int | None:
    """WW 2.1-2.3: every seat's random guess, in seat order, sorted onto the mat; whole
    guesses sorted as plain numbers, then kept exact as the rules keep them. The winning
    slot (WW 4.1), found on the plain numbers when the answer is whole too, else ``None``
    (the payout finds it)."""
    question, answer = state.question, state.answer
    assert question is not None
    year = question.unit == "year"
    centre = float(answer)
    if not (year or (centre != 0 and answer.denominator == 1)):
        answering.sort_guesses(
            state,
            {
                seat: parse_number(
                    answering.noisy_guess(question, answering.RANDOM_SPREAD, stream, answer)
                )
                for seat, stream in zip(state.seats, streams, strict=True)
            },
        )
        _resolved_together(state)
        return None
    written = {
        seat: answering.whole_guess(year, centre, answering.RANDOM_SPREAD, stream)
        for seat, stream in zip(state.seats, streams, strict=True)
    }
    mat = place_guesses(written)
    exact = {value: _read(value) for value, _ in mat.values()}
    state.guesses = {seat: exact[value] for seat, value in written.items()}
    state.mat = {slot: (exact[value], seats) for slot, (value, seats) in mat.items()}
    set_phase(state, BET)
    _resolved_together(state)
    if answer.denominator != 1:
        return None
    return winning_slot(mat, answer.numerator)


def _read(value: int) -> Fraction:
    """A whole guess as :func:`numbers.parse_number` reads it written out."""
    return Fraction(value) if -LARGEST < value < LARGEST else parse_number(str(value))


def _bet_openly(
    state: WitsAndWagersState, streams: Sequence[random.Random], win: int | None
) -> int:
    """WW 3.4 open betting: the first seat still to lock places its random bets (unless
    it has placed some) and locks them, then the next; the payout (``win``: the winning
    slot, if known). The moves made."""
    slots = (ALL_TOO_HIGH, *state.mat)
    bets, locked, points = state.bets, state.locked, state.points
    made = 0
    for seat in state.seats:
        if seat in locked:
            continue
        if seat not in bets:
            bets[seat] = random_wagers(streams[seat], slots, points[seat])
            made += 1
        locked.add(seat)
        made += 1
    settle(state, win)
    return made


def _bet_secretly(
    state: WitsAndWagersState, streams: Sequence[random.Random], win: int | None
) -> None:
    """WW 3.4 secret betting: every seat's random bets, in seat order, revealed
    together; the payout (``win``: the winning slot, if known)."""
    slots = (ALL_TOO_HIGH, *state.mat)
    points = state.points
    state.bets = {seat: random_wagers(streams[seat], slots, points[seat]) for seat in state.seats}
    state.locked = set(state.seats)
    _resolved_together(state)
    settle(state, win)
