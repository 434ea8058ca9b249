"""Winner's Circle's markets for the tote board (issue 12, 2).

Each horse is a market: at the end of the current race (WC 4.4-4.6) it is ``win``,
``place`` or ``show``, ``last`` (WC 5.4: every horse tied for last), or ``unplaced``.
The bets a seat can place now are its legal chips on the horses (WC 3.2-3.5); a chip
costs nothing to lay, so its value is what it would add to the seat's money at the
payout (WC 5.1-5.5, by :func:`~tote.games.winners_circle.payout.settle`): its share
of the win, place or show column, the pace bonus if its horse is the placed pace horse,
minus the last-place payment, doubled in race 3.

The stated approximation: a chip's value in a world is the payout with the chip added
to the bets as they lay at the end of that world's race, minus the payout without it;
the other bets, the seat's own later chips among them, stay as the rollout laid them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tote.core.state import State
from tote.core.tote_board import BetChoice, Markets
from tote.games.winners_circle import bets as betting
from tote.games.winners_circle import fast_race
from tote.games.winners_circle.moves import PlaceBet
from tote.games.winners_circle.payout import PLACE_NAMES, Bet, settle
from tote.games.winners_circle.phases import BETS, OVER
from tote.games.winners_circle.state import WinnersCircleState

OUTCOMES = [*PLACE_NAMES, "last", "unplaced"]


def _summary(start: WinnersCircleState, end: WinnersCircleState) -> dict[str, object]:
    """The payout record of the race under way at ``start``, as ``end`` holds it."""
    return end.history[start.race - 1]


class WinnersCircleMarkets(Markets):
    unit = "$"
    horizon_name = "race"
    precision_outcomes = frozenset({"win"})

    def settled(self, start: State, now: State) -> bool:
        assert isinstance(start, WinnersCircleState) and isinstance(now, WinnersCircleState)
        return now.race != start.race or now.phase == OVER

    def outcome_labels(self, start: State) -> dict[str, list[str]]:
        assert isinstance(start, WinnersCircleState)
        return {name: list(OUTCOMES) for name in start.horse_names}

    def outcomes(self, start: State, end: State) -> dict[str, str]:
        assert isinstance(start, WinnersCircleState) and isinstance(end, WinnersCircleState)
        summary = _summary(start, end)
        result = dict.fromkeys(start.horse_names, "unplaced")
        last = summary["last"]
        assert isinstance(last, list)
        for name in last:
            result[name] = "last"
        for place in PLACE_NAMES:
            result[str(summary[place])] = place
        return result

    def bets(self, state: State, seat: int | None) -> list[BetChoice]:
        assert isinstance(state, WinnersCircleState)
        if seat is None or state.phase != BETS or betting.bettor(state) != seat:
            return []
        return [
            BetChoice(f"{m.chip}@{m.horse}", f"your {m.chip}-chip on {m.horse}", m)
            for m in betting.legal_bets(state, seat)
            if isinstance(m, PlaceBet)
        ]

    def payoffs(
        self, start: State, end: State, seat: int | None, bets: Sequence[BetChoice]
    ) -> list[float]:
        assert isinstance(start, WinnersCircleState) and isinstance(end, WinnersCircleState)
        if seat is None or not bets:
            return [0.0] * len(bets)
        summary = _summary(start, end)
        index = start.horse_index
        laid = summary["bets"]
        assert isinstance(laid, list)
        final = [Bet(b["seat"], index[b["horse"]], b["chip"]) for b in laid]
        placed = [index[str(summary[p])] for p in PLACE_NAMES]
        last_names = summary["last"]
        assert isinstance(last_names, list)
        last = [index[n] for n in last_names]
        pace = summary["pace_horse"]
        pace_horse = None if pace is None else index[str(pace)]
        multiplier = summary["multiplier"]
        assert isinstance(multiplier, int)

        def money_with(extra: list[Bet]) -> int:
            money, _ = settle(
                final + extra,
                placed,
                last,
                pace_horse,
                start.money,
                start.table,
                multiplier,
                start.options.alternative_payouts,
            )
            return money[seat]

        paying = {*placed, *last}
        without: int | None = None
        values = []
        for bet in bets:
            move = bet.move
            assert isinstance(move, PlaceBet)
            horse = index[move.horse]
            if horse not in paying:
                values.append(0.0)  # WC 5: only placed and last horses' chips are settled
                continue
            if without is None:
                without = money_with([])
            values.append(float(money_with([Bet(seat, horse, move.chip)]) - without))
        return values

    def play_out(self, world: State, rng: random.Random) -> bool:
        """The bets still to be laid and the race, in :mod:`fast_race`'s tight loop."""
        assert isinstance(world, WinnersCircleState)
        return fast_race.play_race(world, rng)

    def standings(self, state: State) -> list[float]:
        assert isinstance(state, WinnersCircleState)
        return [float(m) for m in state.money]
