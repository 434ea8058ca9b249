"""The Wits & Wagers state: the game's data and the core contract.

Seven questions, each: Step 1 Ask & Answer, Step 2 Sort the Guesses, Step 3
Bet, Step 4 the Winning Guess, Step 5 the Bonus, Step 6 Collect & Pay Out.
Rule numbers (``WW x.y``) refer to ``docs/rules/wits-and-wagers.md``. Each hook
here dispatches on the step to the module holding its rules (``answering.py``,
``betting.py``, ``paying_out.py``, ``timeouts.py``, ``views.py``).

A seat is a player or a team (a team acts as one seat).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from tote.core.errors import IllegalMove
from tote.core.moves import Move
from tote.core.result import Result
from tote.core.state import TURN_CHANCE, State, Turn
from tote.games.wits_and_wagers import (
    answering,
    betting,
    fast_game,
    sampling,
    timeouts,
    views,
)
from tote.games.wits_and_wagers.moves import CODEC, DrawQuestion, LockBets, PlaceBets, Wager
from tote.games.wits_and_wagers.options import Team, WitsAndWagersOptions
from tote.games.wits_and_wagers.phases import ANSWER, BET, DRAW, OVER
from tote.games.wits_and_wagers.questions import Question, QuestionBank
from tote.games.wits_and_wagers.setup import tie_broken_by_youngest


class WitsAndWagersState(State):
    game_id = "wits-and-wagers"
    codec = CODEC

    def __init__(
        self,
        options: WitsAndWagersOptions,
        num_players: int,
        teams: Sequence[Team],
        bank: QuestionBank,
    ) -> None:
        super().__init__(num_players)
        self.options = options
        self.teams = tuple(teams)
        self.bank = bank.by_id
        self.unasked = list(bank.ids)
        self.secret_betting = options.betting == "secret"
        # WW 1.2: every seat starts with two betting chips and no points.
        self.points = [0] * num_players
        self.bank_paid = 0
        self.bank_collected = 0
        self.number = 0  # the question being played, 1..7
        self.question: Question | None = None
        self.phase = DRAW
        self.guesses: dict[int, Fraction] = {}
        self.mat: dict[int, tuple[Fraction, tuple[int, ...]]] = {}
        self.bets: dict[int, tuple[Wager, ...]] = {}
        self.locked: set[int] = set()
        self.history: list[dict[str, Any]] = []
        self.seats = tuple(range(num_players))
        """Every seat, in order (a tuple built once)."""
        self.answer = Fraction(0)
        self.current = TURN_CHANCE
        """Who acts: kept up to date at every change of step (see ``phases.set_phase``)."""

    # ============================================ core contract
    def _turn(self) -> Turn:
        return self.current

    def chance_outcomes(self) -> Sequence[tuple[Move, float]]:
        if self.phase != DRAW:
            return ()
        return answering.question_outcomes(self)

    def sample_chance(self, rng: random.Random) -> Move:
        return answering.sample_question(self, rng.random())

    def _is_chance_outcome(self, outcome: Move) -> bool:
        return (
            self.phase == DRAW
            and isinstance(outcome, DrawQuestion)
            and outcome.question in self.unasked
        )

    def _why_impossible(self, outcome: Move) -> str:
        if isinstance(outcome, DrawQuestion):
            return answering.why_not_drawn(self, outcome.question)
        return "the pending chance event is the draw of a question (WW 1.3)"

    def _do_chance(self, outcome: Move) -> None:
        assert isinstance(outcome, DrawQuestion)
        answering.draw_question(self, outcome.question)

    def legal_moves(self, seat: int) -> Sequence[Move] | None:
        """Guesses and poker chip amounts are open: moves are validated, not listed."""
        if seat in self.turn().seats:
            return None
        return []

    def _check(self, seat: int, move: Move) -> None:
        if self.phase == ANSWER:
            answering.check_guess(self, move)
        elif self.phase == BET:
            betting.check_bets(self, seat, move)
        else:
            raise IllegalMove("turn order", "nothing to do now")

    def _do(self, seat: int, move: Move) -> None:
        """Open betting: bets are placed (and moved) one seat at a time, then locked."""
        if isinstance(move, PlaceBets):
            betting.place_bets(self, seat, move)
        elif isinstance(move, LockBets):
            betting.lock(self, seat)

    def _do_simultaneous(self, moves: Mapping[int, Move]) -> None:
        if self.phase == ANSWER:
            answering.reveal_guesses(self, moves)
            return
        betting.reveal_secret_bets(self, moves)

    def timeout_move(self, seat: int) -> Move | None:
        return timeouts.timeout_move(self, seat)

    def time_limit(self) -> int | None:
        """WW 7.1: seconds for the current step (a server's timer reads it)."""
        return timeouts.time_limit(self)

    def random_move(self, seat: int, rng: random.Random) -> Move:
        """A random player: a guess within a wide spread of the answer, then random
        legal bets (placed once, then locked, in open betting)."""
        assert self.question is not None
        if self.phase == ANSWER:
            return answering.random_guess(self, rng)
        return betting.random_bets(self, seat, rng)

    def play_random(
        self, rng: random.Random, streams: Sequence[random.Random]
    ) -> tuple[int, int] | None:
        """The quiet loop of ``tote simulate``'s random bots (issue 24, 2):
        :func:`fast_game.play_game`."""
        return fast_game.play_game(self, rng, streams)

    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        return tie_broken_by_youngest(self.points, self.teams)

    def clone(self) -> WitsAndWagersState:
        """A copy that plays on as a deep copy would, sharing what never changes once
        written: the question pack, the options and teams, the question asked, the
        log's entries and the history's summaries (issue 24: a deep copy copied the whole
        question pack, 5 ms of every step back in a replay). Guesses, mat entries, bets
        and moves are immutable values, so their containers are copied, not they."""
        copied = copy.copy(self)
        copied.log = list(self.log)
        copied._pending = dict(self._pending)
        copied.unasked = list(self.unasked)
        copied.points = list(self.points)
        copied.guesses = dict(self.guesses)
        copied.mat = dict(self.mat)
        copied.bets = dict(self.bets)
        copied.locked = set(self.locked)
        copied.history = list(self.history)
        return copied

    def _view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)

    def _sample_world(self, seat: int | None, rng: random.Random) -> WitsAndWagersState:
        return sampling.sample_world(self, seat, rng)
