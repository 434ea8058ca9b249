"""Horse Fever bots; they choose from an Observation only (the seat's view and moves).

``OddsBot`` estimates each horse's chance to win and to show from the odds rows on
the Blackboard (a Monte Carlo race over the public Movement deck and Sprint dice),
bets where the expected return, VP counted in Danari, is best, and fixes the race
toward its bets: positive cards on its horse, negative ones on the strongest rival.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from tote.core.bot import Observation
from tote.core.moves import Move
from tote.games.horse_fever.data import cards
from tote.games.horse_fever.moves import (
    Accept,
    AnswerOffer,
    BuyActionCards,
    BuyCard,
    BuyStable,
    ChangeOdds,
    EndLineup,
    KeepCard,
    LineUpHorse,
    Pass,
    PhotoFinish,
    PlaceBet,
    PlayActionCard,
    Refuse,
    SkipBet,
)

SAMPLES = 400
VP_IN_DANARI = 700
"""What a VP is worth to the bot: the English auction sells one from 1000 D, the Dutch
auction buys one for less."""
FINISH = 12
ODDS = (2, 3, 4, 5, 6, 7)


@cache
def place_chances(rows: tuple[int, ...]) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """(P(win), P(first three)) per lane for Stables on ``rows`` (0 = 1:2), by a seeded
    Monte Carlo race without Action cards."""
    deck = [card.values for card in cards().movement]
    rng = random.Random(hash(rows))
    lanes = len(rows)
    wins = [0] * lanes
    shows = [0] * lanes
    for _ in range(SAMPLES):
        order = deck[:]
        rng.shuffle(order)
        pos = [0] * lanes
        ranking: list[int] = []
        for values in order:
            running = [lane for lane in range(lanes) if lane not in ranking]
            for lane in running:
                pos[lane] += values[rows[lane]]
            for _ in range(2):
                lane = int(rng.random() * lanes)
                if lane in running:
                    pos[lane] += 1
            done = [lane for lane in running if pos[lane] >= FINISH]
            done.sort(key=lambda lane: (-pos[lane], rows[lane], rng.random()))
            ranking += done
            if len(ranking) == lanes:
                break
        wins[ranking[0]] += 1
        for lane in ranking[:3]:
            shows[lane] += 1
    return tuple(w / SAMPLES for w in wins), tuple(s / SAMPLES for s in shows)


class OddsBot:
    """Bets by estimated win/show probability against the odds; fixes races toward them."""

    name = "odds"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, obs: Observation) -> Move:
        view: dict[str, Any] = obs.position["state"]
        phase = view["phase"]
        legal = obs.legal_moves
        me = obs.seat
        if phase in ("first_bet", "second_bet", "secret_bet"):
            return self._bet(view, me, phase != "second_bet")
        assert legal
        if phase == "purchase":
            return self._purchase(view, me, legal)
        if phase == "race_fixing":
            return self._fix(view, me, legal)
        if phase in ("dutch_auction", "english_auction"):
            return self._auction(view, me, phase)
        if phase == "photo_finish":
            mine = self._my_horses(view, me)
            for move in legal:
                if isinstance(move, PhotoFinish) and move.stable in mine:
                    return move
            return legal[0]
        if phase == "lineup":
            return next((m for m in legal if isinstance(m, LineUpHorse)), EndLineup())
        if phase == "offer":
            return AnswerOffer(None)
        if phase == "change_odds":
            mine = self._my_horses(view, me)
            target = next(iter(mine), view["stables"][0]["stable"])
            return ChangeOdds(target, 2)
        if phase == "keep":
            return max(
                (m for m in legal if isinstance(m, KeepCard)),
                key=lambda m: self._card_value(m.card),
            )
        return legal[0]

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _rows(view: dict[str, Any]) -> tuple[int, ...]:
        return tuple(ODDS.index(s["odds"]) for s in view["stables"])

    @staticmethod
    def _my_horses(view: dict[str, Any], me: int) -> list[str]:
        return [b["stable"] for b in view["bets"] if b["seat"] == me]

    @staticmethod
    def _card_value(card_id: str) -> int:
        """Danari a kept card is worth per round to this bot (money now beats odds)."""
        data = cards()
        for card in (*data.assistants, *data.horses):
            if card.id == card_id:
                e = card.effect
                return e.payoff_money + e.win_bonus + e.win_bonus_first + e.pass_bonus
        return 0

    def _purchase(self, view: dict[str, Any], me: int, legal: list[Move] | Any) -> Move:
        money = view["players"][me]["danari"]
        early = view["round"] <= view["rounds"] - 2
        if early and BuyCard("assistant") in legal and money >= 1500:
            return BuyCard("assistant")
        if BuyActionCards() in legal and view["hand"] == [] and money >= 1500:
            return BuyActionCards()
        for stable in sorted(view["stables"], key=lambda s: s["odds"]):
            move = BuyStable(stable["stable"])
            if stable["odds"] <= 4 and move in legal and money - stable["price"] >= 1500:
                return move
        return Pass()

    def _bet(self, view: dict[str, Any], me: int, mandatory: bool) -> Move:
        player = view["players"][me]
        money, minimum = player["danari"], player["minimum_bet"]
        wins, shows = place_chances(self._rows(view))
        taken = {(b["stable"], b["bet"]) for b in view["bets"] if b["seat"] == me}
        vp_worth = 0 if view["mode"] == "party" else VP_IN_DANARI  # PG 3.1: no VP
        best: tuple[float, str, str, float] | None = None
        for lane, stable in enumerate(view["stables"]):
            if not stable["bet_tokens_left"]:
                continue
            for kind in ("win", "show"):
                if (stable["stable"], kind) in taken:
                    continue
                if kind == "win":
                    p, back, vp = wins[lane], stable["odds"], 3
                else:
                    p, back, vp = shows[lane], 2, 1
                per_danari = p * back - 1
                value = per_danari * minimum + p * vp * vp_worth
                if best is None or value > best[0]:
                    best = (value, stable["stable"], kind, per_danari)
        assert best is not None
        value, stable_name, kind, per_danari = best
        if not mandatory and value <= 0:
            return SkipBet()
        stake = minimum
        if per_danari > 0:
            stake = max(minimum, min(money // 3, 3 * minimum) // 100 * 100)
        return PlaceBet(stable_name, kind, stake)  # type: ignore[arg-type]

    def _fix(self, view: dict[str, Any], me: int, legal: list[Move] | Any) -> Move:
        actions = {c.id: c for c in cards().actions}
        mine = self._my_horses(view, me)
        rivals = sorted(
            (s for s in view["stables"] if s["stable"] not in mine), key=lambda s: s["odds"]
        )
        ours = mine[0] if mine else rivals[-1]["stable"]
        rival = rivals[0]["stable"] if rivals else ours
        card_id = view["hand"][0]
        card = actions[card_id]
        helps = (
            card.kind == "positive" or card.effect.odds_rows > 0 or card.effect.remove == "negative"
        )
        target = ours if helps else rival
        move = PlayActionCard(card_id, target)
        return move if move in legal else legal[0]

    def _auction(self, view: dict[str, Any], me: int, phase: str) -> Move:
        if phase == "dutch_auction":
            return Refuse()
        money = view["players"][me]["danari"]
        price = view["auction"]["price"]
        reserve = 1000 + view["players"][me]["minimum_bet"]
        return Accept() if price <= 1300 and money - price >= reserve else Refuse()
