"""Wetten! bots. They read only their seat's view and legal moves.

The tipster's model of a race: every running horse will move about
``AVERAGE_VALUE`` per card laid by each player, plus what its own hand adds. So a
horse its hand favours (and the track already favours) is expected ahead. It
bets on that order, lays the card that helps its bets most, and plays action
cards only where they help its bets.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tote.core.bot import Observation
from tote.core.moves import Move
from tote.games.wetten.moves import (
    Bet,
    BuyRaceCard,
    Cell,
    NoChance,
    Pass,
    PlayActionCard,
    SecondBet,
    SetTheStakes,
)

AVERAGE_VALUE = 1.82
"""The proposed deck's mean movement number per horse and card (data 3a)."""
ROUNDS_AHEAD = 4


class TipsterBot:
    """Bets on the horses its hand and the track favour; plays cards toward its bets."""

    name = "tipster"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, obs: Observation) -> Move:
        state = obs.position["state"]
        stage = state["stage"]
        if stage == "set_the_stakes":
            return SetTheStakes(self._stakes(obs.seat, state))
        if stage == "second_bet":
            return self._second_bet(obs.seat, state)
        moves = obs.legal_moves
        assert moves
        if stage == "play":
            return max(moves, key=lambda m: self._card_score(m, obs.seat, state))
        if stage == "resolve":
            return max(moves, key=lambda m: self._card_score(m, obs.seat, state))
        return self._window(obs.seat, state, moves)

    # --------------------------------------------------------------- belief
    @staticmethod
    def _names(state: dict[str, Any]) -> list[str]:
        return [h["name"] for h in state["horses"]]

    def _expected(self, state: dict[str, Any]) -> list[float]:
        """Expected final positions: fields moved so far, what the table will add on
        average, and what this hand adds beyond the average."""
        players = len(state["cash"])
        hand = state["hand"] or []
        expected = []
        for h, horse in enumerate(state["horses"]):
            own = sum(c["values"][h] for c in hand[:ROUNDS_AHEAD])
            mine = own - AVERAGE_VALUE * min(len(hand), ROUNDS_AHEAD)
            expected.append(horse["position"] + AVERAGE_VALUE * players * ROUNDS_AHEAD + mine)
        return expected

    def _predicted_places(self, state: dict[str, Any]) -> list[int]:
        """Each horse's predicted place: finished horses keep theirs."""
        horses = state["horses"]
        expected = self._expected(state)
        running = sorted(
            (h for h in range(len(horses)) if horses[h]["place"] is None),
            key=lambda h: -expected[h],
        )
        taken = sorted(p["place"] for p in horses if p["place"] is not None)
        free = [p for p in range(1, len(horses) + 1) if p not in taken]
        places = [h["place"] for h in horses]
        for h, place in zip(running, free, strict=False):
            places[h] = place
        return places

    def _interest(self, seat: int, state: dict[str, Any]) -> list[float]:
        """How much this seat wants each horse to run fast (+) or slow (-): stakes on
        places 1-2 pull forward, on places 3-4 hold back."""
        names = self._names(state)
        ticket = state["tickets"][seat]
        interest = [0.0] * len(names)
        for key, weight in (("set_the_stakes", 4), ("second_bet", 2)):
            for bet in ticket[key] or []:
                sign = 1.0 if bet["place"] <= 2 else -1.0
                interest[names.index(bet["horse"])] += sign * weight * bet["stake"]
        return interest

    # --------------------------------------------------------------- tickets
    def _stakes(self, seat: int, state: dict[str, Any]) -> tuple[Bet, ...]:
        names = self._names(state)
        places = self._predicted_places(state)
        cash = state["cash"][seat]
        minimum = state["minimum_stake"]
        first = places.index(1)
        last = places.index(4)
        bets = []
        stake = minimum * (2 if cash >= 8 * minimum else 1)
        if stake <= cash:
            bets.append(Bet(names[first], 1, stake))
            cash -= stake
        if minimum <= cash - minimum:
            bets.append(Bet(names[last], 4, minimum))
        return tuple(bets)

    def _second_bet(self, seat: int, state: dict[str, Any]) -> SecondBet:
        names = self._names(state)
        places = self._predicted_places(state)
        cash = state["cash"][seat]
        minimum = state["minimum_stake"]
        bets: list[Bet] = []
        if cash >= 2 * minimum:
            bets.append(Bet(names[places.index(1)], 1, minimum))
        ticket = state["tickets"][seat]
        marked = None
        if ticket["long_odds"]:
            rear = min(h["position"] for h in state["horses"] if h["place"] is None)
            last = next(
                h["name"] for h in state["horses"] if h["place"] is None and h["position"] == rear
            )
            if cash - sum(b.stake for b in bets) >= minimum:
                bets.append(Bet(last, 4, minimum))
                marked = Cell(last, 4)
        return SecondBet(tuple(bets), marked)

    # ------------------------------------------------------------- the race
    def _card_score(self, move: Move, seat: int, state: dict[str, Any]) -> float:
        """A race card (or a Paddock Tip card to keep) by how it serves the bets."""
        card = getattr(move, "card", None)
        if card is None:
            return 0.0
        values = self._values(card, state)
        interest = self._interest(seat, state)
        horses = state["horses"]
        score = sum(interest[h] * v for h, v in enumerate(values) if horses[h]["place"] is None)
        return score + self.rng.random() * 1e-3

    @staticmethod
    def _values(card: str, state: dict[str, Any]) -> Sequence[int]:
        for pool in (state["hand"] or [], state["looking_at"] or []):
            for entry in pool:
                if entry["card"] == card:
                    return list(entry["values"])
        return [0, 0, 0, 0]

    def _window(self, seat: int, state: dict[str, Any], moves: Sequence[Move]) -> Move:
        cash = state["cash"][seat]
        minimum = state["minimum_stake"]
        if (
            BuyRaceCard() in moves
            and len(state["hand"] or []) <= 2
            and state["card_price"][seat] <= 2000
            and cash >= state["card_price"][seat] + 3 * minimum
        ):
            return BuyRaceCard()
        best: Move = Pass()
        best_value = 0.0
        for move in moves:
            value = self._action_value(move, seat, state)
            if value > best_value:
                best, best_value = move, value
        return best

    def _action_value(self, move: Move, seat: int, state: dict[str, Any]) -> float:
        """What announcing ``move`` is worth to this seat (> 0 to play it)."""
        names = self._names(state)
        if isinstance(move, NoChance):
            cell = (names.index(move.horse), move.place)
            places = self._predicted_places(state)
            return 1.0 if places[cell[0]] == cell[1] else 0.0
        if not isinstance(move, PlayActionCard):
            return 0.0
        fee: int = state["action_fee"][seat] or 0
        if fee > state["cash"][seat] // 4:
            return 0.0
        card = next((c for c in state["action_cards"] or [] if c["card"] == move.card), None)
        if card is None:
            return 0.0
        effect: str = card["effect"]
        amount: int = card["amount"]
        interest = self._interest(seat, state)
        horse = None if move.horse is None else names.index(move.horse)
        if effect in ("move", "boost_last"):
            assert horse is not None
            return interest[horse] * amount - fee
        if effect == "halve":
            assert horse is not None
            moving: int = state["horses"][horse]["movement"]
            return -interest[horse] * moving / 2 - fee
        if effect == "swap":
            assert horse is not None and move.other_horse is not None
            other = names.index(move.other_horse)
            movement: list[int] = [h["movement"] for h in state["horses"]]
            gain = (interest[horse] - interest[other]) * (movement[other] - movement[horse])
            return gain - fee
        if effect in ("draw", "peek_deck", "long_odds"):
            return 1.0 if fee == 0 else 0.0
        if effect == "cancel":
            last = state["announced"][-1] if state["announced"] else None
            if (
                last is None
                or last["horse"] is None
                or last["effect"] not in ("move", "boost_last")
            ):
                return 0.0
            hurt: int = last["amount"]
            return -interest[names.index(last["horse"])] * hurt - fee
        return 0.0
