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

EXPERT_SPREAD = 0.1
"""The ``expert``'s memory: off by a factor of about e^0.1 = 1.1 (years: about 6)."""
NOVICE_SPREAD = 0.8
"""The ``novice``'s memory: off by a factor of about e^0.8 = 2.2 (years: about 48)."""


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

    With ``nonsense`` above 0 it also allows that a guess on the mat may be nonsense,
    unrelated to the answer (a player who guessed wildly): each other guess counts in
    the blend only as far as it is likely a rough estimate at all, given how far it
    lies from the bot's own estimate (:meth:`_trust`). The ``hard`` level's own model
    believes so (:mod:`tote.bots.strong`); the bots of the game's list take every guess
    at face value (``nonsense`` 0), as they always have.
    """

    name = "bettor"

    def __init__(
        self,
        rng: random.Random,
        spread: float = 0.35,
        crowd_spread: float = 0.6,
        samples: int = 400,
        nonsense: float = 0.0,
    ) -> None:
        if not 0.0 <= nonsense < 1.0:
            raise ValueError(f"nonsense is a chance in [0, 1), not {nonsense}")
        self.rng = rng
        self.spread = spread
        self.crowd_spread = crowd_spread
        self.samples = samples
        self.nonsense = nonsense
        self.estimate: float | None = None

    def choose(self, obs: Observation) -> Move:
        state = obs.position["state"]
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
        precision, in years or (for other quantities) on a log scale. Allowing for
        nonsense, a guess at or below 0 beside a positive estimate of a quantity is
        nonsense outright (a rough estimate of it is positive) and drops out."""
        own = self.estimate
        if own is None:
            own = sorted(others)[len(others) // 2] if others else 0.0
        if self.nonsense > 0.0 and own > 0 and question.unit != "year":
            others = [v for v in others if v > 0]
        linear = question.unit == "year" or own <= 0 or any(v <= 0 for v in others)
        scale = 60.0 if question.unit == "year" else (abs(own) or 1.0)

        def to(v: float) -> float:
            return v / scale if linear else math.log(v)

        def back(x: float) -> float:
            return x * scale if linear else math.exp(x)

        points = [to(own)] + [to(v) for v in others]
        weights = [1 / self.spread**2] + [1 / self.crowd_spread**2] * len(others)
        if self.nonsense > 0.0:
            weights = weights[:1] + [
                w * self._trust(x - points[0]) for w, x in zip(weights[1:], points[1:], strict=True)
            ]
        centre = sum(w * x for w, x in zip(weights, points, strict=True)) / sum(weights)
        sd = sum(weights) ** -0.5
        return [back(self.rng.gauss(centre, sd)) for _ in range(self.samples)]

    NONSENSE_WIDTH = 20.0
    """How widely a nonsense guess may lie, in the blend's units (e^20 either way on the
    log scale, 1,200 years): it is taken as spread evenly over this width."""

    def _trust(self, distance: float) -> float:
        """How likely a guess ``distance`` (in the blend's units) from the bot's own
        estimate is a rough estimate rather than nonsense: the posterior of a mixture in
        which a guess is, with chance ``1 - nonsense``, the answer blurred by the crowd's
        spread (seen from the own estimate: both spreads together), and otherwise
        anywhere over :attr:`NONSENSE_WIDTH`."""
        variance = self.spread**2 + self.crowd_spread**2
        estimate = math.exp(-0.5 * distance * distance / variance) / math.sqrt(
            2 * math.pi * variance
        )
        rough = (1.0 - self.nonsense) * estimate
        return rough / (rough + self.nonsense / self.NONSENSE_WIDTH)

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
