"""Horse Fever's markets for the tote board (issue 12, 2).

Each horse is a market: its finishing place at the end of the current race (HF 3.3),
``1st`` to ``6th``; ``1st`` wins a Win bet, ``1st`` to ``3rd`` a Show bet (HF 2.0).

The bets a seat can place now are the bets of its turn in the first bet (HF 2.1), the
second bet (HF 2.3) or the Party Game's secret bet (PG 2.1): each horse with a Bet
token left, to Win and to Show (the kinds HF 2.3 still allows the seat on that horse),
at two stakes, the ends of the legal range: the Minimum Bet (100 D per VP, HF 2.1,
rulings R6 and R7) and all the seat's Danari in whole 100 D banknotes. A bet's Danari
payoff is its stake times the odds or twice its stake, so in between the value is
(nearly: cards on the lane and Assistants' bonuses add fixed sums) the straight line
between the two; its VP payoff does not depend on the stake.

A bet is valued by the game's own rule, :func:`~tote.games.horse_fever.payoffs.bet_payoff`,
on the race as it ended in the rollout (``state.race_result``: ranking, odds and cards'
effects at the payoffs): its Danari value is what it pays minus its stake (the stake is
the Bank's, HF 2.0), its VP value the VP it earns (3 for a Win, 1 for a Show, none in
the Party Game, PG 3.1); both are reported, the Danari as the bet's ``ev`` and the VP
among its ``other`` values. The stated approximation: the bet is valued as if placed
alongside the bets the rollout laid (the seat's own bet now being a random one); bets
do not move horses, so under a policy whose race-fixing ignores the bets (the random
one) the race is the same either way.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from tote.core.errors import IllegalMove
from tote.core.state import State
from tote.core.tote_board import BetChoice, Markets, OtherSample, Sample
from tote.games.horse_fever import fast_board, fast_race
from tote.games.horse_fever.betting import Bet, bet_kinds
from tote.games.horse_fever.moves import PlaceBet
from tote.games.horse_fever.payoffs import RaceResult, bet_payoff
from tote.games.horse_fever.phases import FIRST_BET, SECOND_BET, SECRET_BET
from tote.games.horse_fever.state import HorseFeverState

PLACES = ["1st", "2nd", "3rd", "4th", "5th", "6th"]
KIND_NAMES = {"win": "Win", "show": "Show"}


def stakes(state: HorseFeverState, seat: int) -> list[int]:
    """The two ends of the seat's legal stakes: the Minimum Bet and all its Danari in
    100 D banknotes (one stake if they are equal; none if it cannot cover the minimum)."""
    least = state.minimum_bet(seat)
    most = state.money[seat] // 100 * 100
    return list(dict.fromkeys((least, most))) if most >= least else []


def _race(start: HorseFeverState, end: HorseFeverState) -> RaceResult | None:
    """The payoffs of the race under way at ``start``, if ``end`` has run it (a game
    that ends before its race, when a player's loss leaves one player, has none)."""
    if len(end.history) > len(start.history):
        return end.race_result
    return None


class HorseFeverMarkets(Markets):
    unit = "Danari"
    other_units = ("VP",)
    horizon_name = "race"
    bettable = ("1st", "2nd", "3rd")
    """Bets are to Win (1st) or to Show (1st to 3rd) (HF 2.0-2.3, PG 2.1)."""
    precision_outcomes = frozenset({"1st"})

    def settled(self, start: State, now: State) -> bool:
        """The race under way at ``start`` has been paid (its record is in ``history``)."""
        assert isinstance(start, HorseFeverState) and isinstance(now, HorseFeverState)
        return len(now.history) > len(start.history)

    def outcome_labels(self, start: State) -> dict[str, list[str]]:
        assert isinstance(start, HorseFeverState)
        return {colour: list(PLACES) for colour in start.colours}

    def outcomes(self, start: State, end: State) -> dict[str, str]:
        assert isinstance(start, HorseFeverState) and isinstance(end, HorseFeverState)
        if len(end.history) > len(start.history):
            ranking = end.history[len(start.history)]["ranking"]
        else:
            ranking = [end.colours[lane] for lane in end.ranking]
        return {colour: PLACES[place] for place, colour in enumerate(ranking)}

    def bets(self, state: State, seat: int | None) -> list[BetChoice]:
        """HF 2.0-2.3, PG 2.1-2.2: every horse and kind the seat may bet on in its turn
        now, at the Minimum Bet and at all its Danari; each one move (``PlaceBet``)."""
        assert isinstance(state, HorseFeverState)
        if (
            seat is None
            or state.phase not in (FIRST_BET, SECOND_BET, SECRET_BET)
            or seat not in state.turn().seats
        ):
            return []
        choices = []
        for amount in stakes(state, seat):
            for lane, colour in enumerate(state.colours):
                for kind in bet_kinds(state, seat, lane):
                    move = PlaceBet(colour, kind, amount)  # type: ignore[arg-type]
                    try:
                        state.check(seat, move)
                    except IllegalMove:
                        continue
                    odds = f"1:{state.odds(lane)}"
                    label = f"{amount} D on {colour} ({odds}) to {KIND_NAMES[kind]}"
                    choices.append(BetChoice(f"{kind}:{colour}:{amount}", label, move, amount))
        return choices

    def _paid(
        self, start: State, end: State, seat: int | None, bets: Sequence[BetChoice]
    ) -> list[tuple[int, int]]:
        """What each bet is paid at the end of the race, (Danari, VP)."""
        assert isinstance(start, HorseFeverState) and isinstance(end, HorseFeverState)
        race = _race(start, end)
        if seat is None or race is None:
            return [(0, 0)] * len(bets)
        betting = 2 if start.phase == SECOND_BET else 1
        paid = []
        for choice in bets:
            move = choice.move
            assert isinstance(move, PlaceBet)
            bet = Bet(seat, start.lane_of[move.stable], move.bet, move.amount, betting)
            paid.append(bet_payoff(start, race, bet))
        return paid

    def payoffs(
        self, start: State, end: State, seat: int | None, bets: Sequence[BetChoice]
    ) -> list[float]:
        return self.payoffs_with_others(start, end, seat, bets)[0]

    def payoffs_with_others(
        self, start: State, end: State, seat: int | None, bets: Sequence[BetChoice]
    ) -> tuple[list[float], list[list[float]]]:
        """HF 3.3: the Danari a bet is paid minus its stake (HF 2.0: the Bank's), and the
        VP it earns (PG 3.1: none in the Party Game)."""
        paid = self._paid(start, end, seat, bets)
        danari = [float(d) - choice.stake for (d, _), choice in zip(paid, bets, strict=True)]
        return danari, [[float(vp) for _, vp in paid]]

    def play_out(self, world: State, rng: random.Random) -> bool:
        """The Race Units, in :mod:`~tote.games.horse_fever.fast_race`'s tight loop."""
        assert isinstance(world, HorseFeverState)
        return fast_race.run_race(world, rng)

    def quick_sampler_with_others(
        self, state: State, seat: int | None, bets: Sequence[BetChoice]
    ) -> Callable[[random.Random], OtherSample] | None:
        """The world drawn, played out and valued in :mod:`fast_board`'s tight loop
        (issue 24), exactly as the general path draws, plays and values it."""
        assert isinstance(state, HorseFeverState)
        return fast_board.quick_sampler(state, seat, bets)

    def quick_sampler(
        self, state: State, seat: int | None, bets: Sequence[BetChoice]
    ) -> Callable[[random.Random], Sample] | None:
        """:meth:`quick_sampler_with_others` without the VP (issue 24)."""
        sampler = self.quick_sampler_with_others(state, seat, bets)
        if sampler is None:
            return None
        found = sampler

        def sample(rng: random.Random) -> Sample:
            outcomes, danari, _ = found(rng)
            return outcomes, danari

        return sample

    def standings(self, state: State) -> list[float]:
        """HF 4: the most VP wins, Danari break ties (the Party Game counts chips)."""
        assert isinstance(state, HorseFeverState)
        return [state.total_vp(s) * 1e9 + state.money[s] for s in range(state.num_players)]
