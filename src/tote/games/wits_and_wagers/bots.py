"""Wits & Wagers bots. They read only their seat's view.

The model of knowledge: a bot's guess is the true answer blurred by noise
whose spread is the bot's skill (smaller is better), the way a person half
knows a fact. The bot reads the answer from the question pack, as a person
reads their own memory; it never reads the game state.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import Any

from tote.core.bot import Observation
from tote.core.moves import Move
from tote.games.wits_and_wagers.mat import ALL_TOO_HIGH, SLOT_ODDS
from tote.games.wits_and_wagers.moves import Guess, LockBets, PlaceBets, Wager
from tote.games.wits_and_wagers.numbers import parse_number
from tote.games.wits_and_wagers.questions import Question, load_pack
from tote.games.wits_and_wagers.rules import QUESTIONS_PER_GAME, noisy_guess


class BettingBot:
    """Guesses with its knowledge, then bets to maximise its expected payout.

    Its belief about the answer is centred on its own guess with its own
    spread. For each slot on the mat it works out the chance that the slot
    wins, and stakes both betting chips (which can only gain) on the slots
    with the best chance x odds; it adds poker chips under a bet only when the
    expected gain per point is positive, sized by the Kelly fraction, and goes
    all in on the last question when it is not leading.
    """

    name = "bettor"

    def __init__(self, rng: random.Random, spread: float = 0.35, samples: int = 400) -> None:
        self.rng = rng
        self.spread = spread
        self.samples = samples
        self.belief: list[float] = []

    def choose(self, obs: Observation) -> Move:
        state = obs.view["state"]
        question = self._question(state)
        if state["phase"] == "answer":
            guess = noisy_guess(question, self.spread, self.rng)
            self.belief = self._belief(question, float(parse_number(guess)))
            return Guess(guess)
        if state["betting"] == "open" and str(obs.seat) in state["bets"]:
            return LockBets()
        return PlaceBets(self._bets(obs.seat, state))

    @staticmethod
    def _question(state: dict[str, Any]) -> Question:
        pack = {q.id: q for q in load_pack(state["question_pack"])}
        return pack[state["question"]["id"]]

    def _belief(self, question: Question, centre: float) -> list[float]:
        """Samples of what the bot believes the answer may be."""
        if question.unit == "year":
            return [centre + self.rng.gauss(0.0, 60.0 * self.spread) for _ in range(self.samples)]
        return [centre * math.exp(self.rng.gauss(0.0, self.spread)) for _ in range(self.samples)]

    def _win_chances(self, mat: list[dict[str, Any]]) -> dict[int, float]:
        guesses = sorted(
            (float(Fraction(parse_number(s["guess"]))), s["slot"]) for s in mat if s["guess"]
        )
        chances = {ALL_TOO_HIGH: 0.0, **{slot: 0.0 for _, slot in guesses}}
        belief = self.belief or [guesses[len(guesses) // 2][0]] if guesses else [0.0]
        for answer in belief:
            best = ALL_TOO_HIGH
            for value, slot in guesses:
                if value <= answer:
                    best = slot
            chances[best] += 1.0 / len(belief)
        return chances

    def _bets(self, seat: int, state: dict[str, Any]) -> tuple[Wager, ...]:
        chances = self._win_chances(state["mat"])
        ranked = sorted(chances, key=lambda slot: chances[slot] * SLOT_ODDS[slot], reverse=True)
        first = ranked[0]
        second = ranked[1] if len(ranked) > 1 else first
        # A bare betting chip cannot lose: split when the second slot is worth it.
        if chances[second] * SLOT_ODDS[second] < 0.5 * chances[first] * SLOT_ODDS[first]:
            second = first
        points = state["points"][seat]
        p, odds = chances[first], SLOT_ODDS[first]
        kelly = (p * (odds + 1) - 1) / odds
        last = state["number"] == QUESTIONS_PER_GAME
        leading = points >= max(state["points"])
        chips = points if last and not leading else int(points * max(0.0, min(kelly, 0.5)))
        return (Wager(first, chips), Wager(second, 0))
