"""Wits & Wagers bots. They read only their seat's view.

The model of knowledge: a bot's guess is the true answer blurred by noise
whose spread is the bot's skill (smaller is better), the way a person half
knows a fact. The bot reads the answer from the question pack, as a person
reads their own memory; it never reads the game state.
"""

from __future__ import annotations

import math
import random
from typing import Any

from tote.core.bot import Observation
from tote.core.moves import Move
from tote.games.wits_and_wagers.answering import noisy_guess
from tote.games.wits_and_wagers.mat import ALL_TOO_HIGH, SLOT_ODDS
from tote.games.wits_and_wagers.moves import Guess, LockBets, PlaceBets, Wager
from tote.games.wits_and_wagers.numbers import parse_number
from tote.games.wits_and_wagers.questions import Question, load_pack
from tote.games.wits_and_wagers.setup import QUESTIONS_PER_GAME


class BettingBot:
    """Guesses with its knowledge, then bets to maximise its expected payout.

    Its private estimate is the answer blurred by its ``spread``. It writes a
    guess shaded a little below that estimate, since going over loses. To
    bet, it blends its estimate with the other guesses on the mat (each taken
    as a rougher estimate, of spread ``crowd_spread``), works out the chance
    that each slot wins under that belief, and puts its betting chips (which
    can only gain) on the slots with the best chance x odds. It adds poker
    chips under a bet only when the expected gain per point is positive, sized
    by the Kelly fraction, and goes all in on the last question when behind.
    """

    name = "bettor"

    def __init__(
        self,
        rng: random.Random,
        spread: float = 0.35,
        crowd_spread: float = 0.6,
        samples: int = 400,
    ) -> None:
        self.rng = rng
        self.spread = spread
        self.crowd_spread = crowd_spread
        self.samples = samples
        self.estimate: float | None = None

    def choose(self, obs: Observation) -> Move:
        state = obs.view["state"]
        question = self._question(state)
        if state["phase"] == "answer":
            self.estimate = float(parse_number(noisy_guess(question, self.spread, self.rng)))
            return Guess(self._written(question, self.estimate))
        if state["betting"] == "open" and str(obs.seat) in state["bets"]:
            return LockBets()
        return PlaceBets(self._bets(obs.seat, state, question))

    @staticmethod
    def _question(state: dict[str, Any]) -> Question:
        pack = {q.id: q for q in load_pack(state["question_pack"])}
        return pack[state["question"]["id"]]

    def _written(self, question: Question, estimate: float) -> str:
        """The guess to write: a quarter of a spread below the estimate."""
        if question.unit == "year":
            return str(round(estimate - 15.0 * self.spread))
        shaded = estimate * math.exp(-0.25 * self.spread * (1 if estimate > 0 else -1))
        if question.value.denominator == 1:
            return str(round(shaded))
        return f"{shaded:.3g}"

    def _belief(self, question: Question, others: list[float]) -> list[float]:
        """Samples of the answer: own estimate and the others' guesses, weighed by
        precision, in years or (for other quantities) on a log scale."""
        own = self.estimate
        if own is None:
            own = sorted(others)[len(others) // 2] if others else 0.0
        linear = question.unit == "year" or own <= 0 or any(v <= 0 for v in others)
        scale = 60.0 if question.unit == "year" else (abs(own) or 1.0)

        def to(v: float) -> float:
            return v / scale if linear else math.log(v)

        def back(x: float) -> float:
            return x * scale if linear else math.exp(x)

        weights = [1 / self.spread**2] + [1 / self.crowd_spread**2] * len(others)
        points = [to(own)] + [to(v) for v in others]
        centre = sum(w * x for w, x in zip(weights, points, strict=True)) / sum(weights)
        sd = sum(weights) ** -0.5
        return [back(self.rng.gauss(centre, sd)) for _ in range(self.samples)]

    def _bets(self, seat: int, state: dict[str, Any], question: Question) -> tuple[Wager, ...]:
        on_mat = [
            (float(parse_number(s["guess"])), s["slot"], s["seats"])
            for s in state["mat"]
            if s["guess"]
        ]
        others = [value for value, _, seats in on_mat for s in seats if s != seat]
        belief = self._belief(question, others)
        chances = {ALL_TOO_HIGH: 0.0, **{slot: 0.0 for _, slot, _ in on_mat}}
        ordered = sorted((value, slot) for value, slot, _ in on_mat)
        for answer in belief:
            best = ALL_TOO_HIGH
            for value, slot in ordered:
                if value <= answer:
                    best = slot
            chances[best] += 1.0 / len(belief)
        ranked = sorted(chances, key=lambda slot: chances[slot] * SLOT_ODDS[slot], reverse=True)
        first = ranked[0]
        second = ranked[1] if len(ranked) > 1 else first
        # A bare betting chip cannot lose: split when the second slot is worth it.
        if chances[second] * SLOT_ODDS[second] < 0.5 * chances[first] * SLOT_ODDS[first]:
            second = first
        points = state["points"][seat]
        p, odds = chances[first], SLOT_ODDS[first]
        kelly = (p * (odds + 1) - 1) / odds
        behind = points < max(state["points"])
        if state["number"] == QUESTIONS_PER_GAME and behind:
            chips = points
        else:
            chips = int(points * max(0.0, min(kelly, 0.5)))
        return (Wager(first, chips), Wager(second, 0))
