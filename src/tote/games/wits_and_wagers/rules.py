"""Wits & Wagers rules, in the order of the rulebook's steps.

Seven questions, each: Step 1 Ask & Answer, Step 2 Sort the Guesses, Step 3
Bet, Step 4 the Winning Guess, Step 5 the Bonus, Step 6 Collect & Pay Out.
Rule numbers (``WW x.y``) refer to ``docs/rules/wits-and-wagers.md``.

A seat is a player or a team (a team acts as one seat).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from tote.core import draws
from tote.core.errors import IllegalMove
from tote.core.events import Event
from tote.core.moves import Move
from tote.core.result import Result
from tote.core.state import TURN_CHANCE, TURN_OVER, State, Turn
from tote.games.wits_and_wagers.mat import (
    ALL_TOO_HIGH,
    SLOT_ODDS,
    SLOTS,
    place_guesses,
    winning_slot,
)
from tote.games.wits_and_wagers.moves import (
    CODEC,
    DrawQuestion,
    Guess,
    LockBets,
    NoGuess,
    PlaceBets,
    Wager,
)
from tote.games.wits_and_wagers.numbers import NotANumber, format_number, parse_number
from tote.games.wits_and_wagers.options import Team, WitsAndWagersOptions
from tote.games.wits_and_wagers.questions import Question, QuestionBank

QUESTIONS_PER_GAME = 7
BETTING_CHIPS = 2
BONUS = 3

DRAW = "draw"
ANSWER = "answer"
BET = "bet"
OVER = "over"


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
        self._all = tuple(range(num_players))
        self.answer = Fraction(0)
        self.current = TURN_CHANCE
        """Who acts: kept up to date at every change of step (see :meth:`_step`)."""

    def _step(self, phase: str) -> None:
        """Move to ``phase`` and work out once who acts in it."""
        self.phase = phase
        everyone = Turn(seats=self._all, simultaneous=True)
        if phase == DRAW:
            self.current = TURN_CHANCE
        elif phase == ANSWER or (phase == BET and self.secret_betting):
            self.current = everyone
        elif phase == BET:
            self.current = Turn(seats=tuple(s for s in self._all if s not in self.locked))
        else:
            self.current = TURN_OVER

    # ============================================ Step 1: Ask & Answer
    def _draw_question(self, question_id: str) -> None:
        """WW 1.3: the next question, drawn at random among those not yet asked."""
        self.unasked.remove(question_id)
        self.question = self.bank[question_id]
        self.answer = self.question.value
        self.number += 1
        self.guesses = {}
        self.mat = {}
        self.bets = {}
        self.locked = set()
        self._step(ANSWER)
        self.log.append(
            Event("question", {"number": self.number, **self._question_view(answer=False)})
        )

    def _check_guess(self, move: Move) -> None:
        if isinstance(move, Guess):
            try:
                parse_number(move.value)
            except NotANumber as exc:
                raise IllegalMove("WW 2.2 guesses are numbers", str(exc)) from None
        elif not isinstance(move, NoGuess):
            raise IllegalMove("WW 2.1 answer first", "every seat writes a guess before betting")

    # ============================================ Step 2: Sort the Guesses
    def _reveal_guesses(self, moves: Mapping[int, Move]) -> None:
        """WW 2.1: all guesses are revealed together and sorted onto the mat."""
        self.guesses = {
            seat: parse_number(move.value)
            for seat, move in moves.items()
            if isinstance(move, Guess)
        }
        self.mat = place_guesses(self.guesses)
        self._step(BET)
        self.log.append(
            Event(
                "guesses",
                {
                    "number": self.number,
                    "guesses": {
                        str(seat): format_number(value)
                        for seat, value in sorted(self.guesses.items())
                    },
                    "blank": [seat for seat in self._all if seat not in self.guesses],
                    "mat": self._mat_view(),
                },
            )
        )

    # ============================================ Step 3: Bet
    def _check_bets(self, seat: int, move: Move) -> None:
        if isinstance(move, LockBets):
            if self.secret_betting:
                raise IllegalMove(
                    "WW 3.4 secret betting", "in secret betting, place your bets once; they lock"
                )
            return
        if not isinstance(move, PlaceBets):
            raise IllegalMove("WW 3 bet", "the guesses are on the mat: it is time to bet")
        if len(move.bets) > BETTING_CHIPS:
            raise IllegalMove(
                "WW 3.6 two bets at most",
                f"you have two betting chips, so at most two bets, not {len(move.bets)}",
            )
        for wager in move.bets:
            if not 0 <= wager.slot < SLOTS:
                raise IllegalMove(
                    "WW 3.3 payout slots",
                    f"there is no slot {wager.slot}; slots are 0 (All Guesses Too High) to 7",
                )
            if wager.slot != ALL_TOO_HIGH and wager.slot not in self.mat:
                raise IllegalMove(
                    "WW 3.3 payout slots",
                    f"slot {wager.slot} holds no guess; bet on a guess or on All Guesses Too High",
                )
            if wager.chips < 0:
                raise IllegalMove("WW 3.5 poker chips", "a bet cannot carry a negative amount")
        staked = sum(w.chips for w in move.bets)
        if staked > self.points[seat]:
            raise IllegalMove(
                "WW 3.5 poker chips",
                f"you put {staked} points of poker chips under your betting chips but own"
                f" {self.points[seat]}",
            )

    def _place_bets(self, seat: int, move: PlaceBets) -> None:
        """WW 3.4: in open betting, bets are visible and may be moved until locked."""
        self.bets[seat] = move.bets
        self.log.append(
            Event("bets", {"seat": seat, "bets": [self._wager_view(w) for w in move.bets]})
        )

    def _lock(self, seat: int) -> None:
        self.locked.add(seat)
        self.log.append(Event("bets_locked", {"seat": seat}))
        if len(self.locked) == self.num_players:
            self._settle()
        else:
            self._step(BET)

    # ============================================ Steps 4 to 6
    def _settle(self) -> None:
        """WW 4-6: the winning slot, the bonus, then losing and winning bets."""
        win = winning_slot(self.mat, self.answer)
        points_before = list(self.points)
        results: list[dict[str, Any]] = []
        bonus = [] if win == ALL_TOO_HIGH else list(self.mat[win][1])
        for seat in bonus:  # WW 5.1
            self.points[seat] += BONUS
            self.bank_paid += BONUS
        for seat in self._all:
            for wager in self.bets.get(seat, ()):
                if wager.slot == win:
                    # WW 6.2: the stake is the betting chip (1 point) and the poker chips
                    # under it; it comes back with odds x stake in new chips.
                    gain = SLOT_ODDS[win] * (1 + wager.chips)
                    if self.options.chip_back_in_points:
                        gain += 1
                    self.points[seat] += gain
                    self.bank_paid += gain
                    results.append({"seat": seat, **self._wager_view(wager), "won": gain})
                else:
                    # WW 6.1: the betting chip comes back; its poker chips go to the bank.
                    self.points[seat] -= wager.chips
                    self.bank_collected += wager.chips
                    results.append({"seat": seat, **self._wager_view(wager), "lost": wager.chips})
        summary = {
            "number": self.number,
            **self._question_view(answer=True),
            "winning_slot": win,
            "winning_guess": None if win == ALL_TOO_HIGH else format_number(self.mat[win][0]),
            "odds": SLOT_ODDS[win],
            "mat": self._mat_view(),
            "bonus": bonus,
            "bets": results,
            "points_before": points_before,
            "points": list(self.points),
        }
        self.history.append(summary)
        self.log.append(Event("answer", summary))
        self._step(OVER if self.number == QUESTIONS_PER_GAME else DRAW)

    # ============================================ core contract
    def _turn(self) -> Turn:
        return self.current

    def chance_outcomes(self) -> Sequence[tuple[Move, float]]:
        if self.phase != DRAW:
            return ()
        p = 1.0 / len(self.unasked)
        return [(DrawQuestion(q), p) for q in self.unasked]

    def sample_chance(self, rng: random.Random) -> Move:
        return DrawQuestion(self.unasked[int(rng.random() * len(self.unasked))])

    def _is_chance_outcome(self, outcome: Move) -> bool:
        return (
            self.phase == DRAW
            and isinstance(outcome, DrawQuestion)
            and outcome.question in self.unasked
        )

    def _do_chance(self, outcome: Move) -> None:
        assert isinstance(outcome, DrawQuestion)
        self._draw_question(outcome.question)

    def legal_moves(self, seat: int) -> Sequence[Move] | None:
        """Guesses and poker chip amounts are open: moves are validated, not listed."""
        if seat in self.turn().seats:
            return None
        return []

    def _check(self, seat: int, move: Move) -> None:
        if self.phase == ANSWER:
            self._check_guess(move)
        elif self.phase == BET:
            self._check_bets(seat, move)
        else:
            raise IllegalMove("turn order", "nothing to do now")

    def _do(self, seat: int, move: Move) -> None:
        """Open betting: bets are placed (and moved) one seat at a time, then locked."""
        if isinstance(move, PlaceBets):
            self._place_bets(seat, move)
        elif isinstance(move, LockBets):
            self._lock(seat)

    def _do_simultaneous(self, moves: Mapping[int, Move]) -> None:
        if self.phase == ANSWER:
            self._reveal_guesses(moves)
            return
        # WW 3.4 secret betting: every seat's bets are revealed together.
        for seat in self._all:
            move = moves[seat]
            assert isinstance(move, PlaceBets)
            self._place_bets(seat, move)
        self.locked = set(self._all)
        self._settle()

    def timeout_move(self, seat: int) -> Move | None:
        """WW 7.2: time out in Step 1 leaves the card blank; in Step 3 the bets stand.
        ``None`` when the seat has nothing to do or the step has no time limit."""
        if seat not in self.turn().seats or self.time_limit() is None:
            return None
        if self.phase == ANSWER:
            return NoGuess()
        if self.phase == BET:
            return PlaceBets(self.bets.get(seat, ())) if self.secret_betting else LockBets()
        return None

    def time_limit(self) -> int | None:
        """WW 7.1: seconds for the current step, with the teams' extra time."""
        base = {ANSWER: self.options.answer_seconds, BET: self.options.bet_seconds}.get(self.phase)
        if base is None:
            return None
        if any(len(team.members) > 1 for team in self.teams):
            base += self.options.team_extra_seconds
        return base

    def random_move(self, seat: int, rng: random.Random) -> Move:
        """A random player: a guess within a wide spread of the answer, then random
        legal bets (placed once, then locked, in open betting)."""
        assert self.question is not None
        if self.phase == ANSWER:
            return Guess(noisy_guess(self.question, 1.0, rng, self.answer))
        if not self.secret_betting and seat in self.bets:
            return LockBets()
        slots = [ALL_TOO_HIGH, *self.mat]
        count = draws.below(rng, BETTING_CHIPS + 1)
        budget = self.points[seat]
        wagers = []
        for _ in range(count):
            chips = rng.randint(0, budget)
            budget -= chips
            wagers.append(Wager(slots[draws.below(rng, len(slots))], chips))
        return PlaceBets(tuple(wagers))

    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        return tie_broken_by_youngest(self.points, self.teams)

    # ============================================ views
    def _question_view(self, answer: bool) -> dict[str, Any]:
        q = self.question
        if q is None:
            return {}
        data: dict[str, Any] = {
            "id": q.id,
            "text": q.text,
            "unit": q.unit,
            "category": q.category,
        }
        if answer:
            data["answer"] = format_number(self.answer)
            data["source"] = q.source
        return data

    def _mat_view(self) -> list[dict[str, Any]]:
        return [
            {
                "slot": slot,
                "odds": SLOT_ODDS[slot],
                "guess": format_number(self.mat[slot][0]) if slot in self.mat else None,
                "seats": list(self.mat[slot][1]) if slot in self.mat else [],
                "all_too_high": slot == ALL_TOO_HIGH,
            }
            for slot in range(SLOTS)
        ]

    def _wager_view(self, wager: Wager) -> dict[str, Any]:
        on = self.mat.get(wager.slot)
        return {
            "slot": wager.slot,
            "chips": wager.chips,
            "odds": SLOT_ODDS[wager.slot],
            "guess": None if on is None else format_number(on[0]),
        }

    def _view(self, seat: int | None) -> dict[str, Any]:
        # Guesses stay secret until all are in (core commitments); secret bets too.
        visible_bets = {
            str(s): [self._wager_view(w) for w in wagers] for s, wagers in self.bets.items()
        }
        return {
            "number": self.number,
            "questions": QUESTIONS_PER_GAME,
            "phase": self.phase,
            "question": self._question_view(answer=False) if self.phase != DRAW else None,
            "mat": self._mat_view() if self.phase == BET else None,
            "bets": visible_bets,
            "locked": sorted(self.locked),
            "points": list(self.points),
            "teams": [team.model_dump() for team in self.teams],
            "betting": self.options.betting,
            "chip_back_in_points": self.options.chip_back_in_points,
            "time_limit": self.time_limit(),
            "history": list(self.history),  # a copy: a view never changes afterwards
            "bank": {"paid": self.bank_paid, "collected": self.bank_collected},
            "question_pack": self.options.question_pack,
        }


def tie_broken_by_youngest(points: Sequence[int], teams: Sequence[Team]) -> Result:
    """WW 1.4-1.5: most points wins; a tie for first goes to the team with the
    youngest player when every tied team gave ages, otherwise the win is shared."""
    result = Result.from_scores(points)
    if len(result.winners) < 2:
        return result
    youngest: dict[int, int] = {}
    for seat in result.winners:
        ages = [m.age for m in teams[seat].members if m.age is not None] if teams else []
        if not ages:
            return result
        youngest[seat] = min(ages)
    best = min(youngest.values())
    winners = tuple(seat for seat in result.winners if youngest[seat] == best)
    ranking = tuple(
        2 if seat in result.winners and seat not in winners else rank
        for seat, rank in enumerate(result.ranking)
    )
    return Result(result.scores, ranking, winners)


def noisy_guess(
    question: Question, spread: float, rng: random.Random, answer: Fraction | None = None
) -> str:
    """A guess from a player who knows the answer only roughly (the bots' model of
    knowledge): years are off by about ``spread`` x 60 years, other answers by a
    factor of about e^``spread``. Rounded like a person would write it."""
    exact = question.value if answer is None else answer
    centre = float(exact)
    if question.unit == "year":
        return str(round(centre + rng.gauss(0.0, 60.0 * spread)))
    if centre == 0:
        return format(round(rng.gauss(0.0, spread), 2), "g")
    value = centre * math.exp(rng.gauss(0.0, spread))
    if exact.denominator == 1:
        return str(round(value))
    digits = max(0, 2 - math.floor(math.log10(abs(value))))
    return str(round(value, digits))
