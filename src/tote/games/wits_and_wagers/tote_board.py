"""Wits & Wagers' market for the tote board (issue 12, 2).

One market, the winning slot of the current question (WW 4.1: the largest guess not
above the answer, or All Guesses Too High), whose chances follow from the guesses on
the mat and the belief about the answer that :mod:`sampling` states (the spread of the
guesses, never the answer). A seat's bets now are one betting chip on any slot it may
bet on (WW 3.1-3.3), alone or with poker chips (its points, WW 3.2): a bet on the
winning slot gains the slot's odds times its stake (the betting chip counts 1, WW 6.2,
plus 1 with ``chip_back_in_points``), a losing bet loses its poker chips (WW 6.1).
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Sequence

from tote.core.errors import IllegalMove
from tote.core.state import State
from tote.core.tote_board import BetChoice, Markets, Sample
from tote.games.wits_and_wagers import sampling
from tote.games.wits_and_wagers.betting import random_wagers
from tote.games.wits_and_wagers.mat import ALL_TOO_HIGH, SLOT_ODDS, SLOTS
from tote.games.wits_and_wagers.moves import PlaceBets, Wager
from tote.games.wits_and_wagers.numbers import format_number
from tote.games.wits_and_wagers.phases import BET
from tote.games.wits_and_wagers.state import WitsAndWagersState

MARKET = "winning slot"


def slot_label(state: WitsAndWagersState, slot: int) -> str:
    """``"1969 (3 to 1)"``; ``"all guesses too high (6 to 1)"``; ``"slot 2 (4 to 1)"``
    while the mat is still empty."""
    odds = f"({SLOT_ODDS[slot]} to 1)"
    if slot == ALL_TOO_HIGH:
        return f"all guesses too high {odds}"
    if slot in state.mat:
        return f"{format_number(state.mat[slot][0])} {odds}"
    return f"slot {slot} {odds}"


def bet_payoffs(start: WitsAndWagersState, won: int, bets: Sequence[BetChoice]) -> list[float]:
    """What each bet earns when slot ``won`` wins (WW 6.1-6.2)."""
    back = 1 if start.options.chip_back_in_points else 0
    values = []
    for bet in bets:
        assert isinstance(bet.move, PlaceBets)
        wager = bet.move.bets[0]
        gained = SLOT_ODDS[won] * (1 + wager.chips) + back
        values.append(float(gained if wager.slot == won else -wager.chips))
    return values


class WitsAndWagersMarkets(Markets):
    unit = "points"
    horizon_name = "question"

    def settled(self, start: State, now: State) -> bool:
        assert isinstance(start, WitsAndWagersState) and isinstance(now, WitsAndWagersState)
        return len(now.history) > len(start.history)

    def outcome_labels(self, start: State) -> dict[str, list[str]]:
        assert isinstance(start, WitsAndWagersState)
        slots = [ALL_TOO_HIGH, *sorted(start.mat)] if start.mat else list(range(SLOTS))
        return {MARKET: [slot_label(start, s) for s in slots]}

    def outcomes(self, start: State, end: State) -> dict[str, str]:
        assert isinstance(start, WitsAndWagersState) and isinstance(end, WitsAndWagersState)
        won = end.history[len(start.history)]["winning_slot"]
        return {MARKET: slot_label(start, won)}

    def bets(self, state: State, seat: int | None) -> list[BetChoice]:
        assert isinstance(state, WitsAndWagersState)
        if seat is None or state.phase != BET or seat not in state.turn().seats:
            return []
        choices = []
        for slot in [ALL_TOO_HIGH, *sorted(state.mat)]:
            for chips in dict.fromkeys((0, max(0, state.points[seat]))):
                move = PlaceBets((Wager(slot=slot, chips=chips),))
                try:
                    state.check(seat, move)
                except IllegalMove:
                    continue
                where = slot_label(state, slot)
                label = f"a betting chip on {where}" + (
                    f" with {chips} points of poker chips" if chips else ""
                )
                choices.append(BetChoice(f"{slot}+{chips}", label, move, float(chips)))
        return choices

    def payoffs(
        self, start: State, end: State, seat: int | None, bets: Sequence[BetChoice]
    ) -> list[float]:
        assert isinstance(start, WitsAndWagersState) and isinstance(end, WitsAndWagersState)
        return bet_payoffs(start, end.history[len(start.history)]["winning_slot"], bets)

    def quick_sampler(
        self, state: State, seat: int | None, bets: Sequence[BetChoice]
    ) -> Callable[[random.Random], Sample] | None:
        """Seat's board while the seats bet (issue 24): an answer drawn from the belief
        (:func:`sampling.spread_drawer`, prepared once), the secret bets other seats have
        committed redrawn, the bets of the seats still to bet drawn
        (:func:`betting.random_wagers`), in the order the general path draws them; the
        winning slot read off the mat. Only the winning slot matters to the board, so no
        world is built. ``None`` before the guesses are on the mat."""
        assert isinstance(state, WitsAndWagersState)
        if state.phase != BET:
            return None
        draw_answer = sampling.spread_drawer(sampling.known_guesses(state, seat))
        slots = (ALL_TOO_HIGH, *state.mat)
        points = state.points
        if state.secret_betting:
            redrawn = [s for s in state._pending if s != seat]
            bettors = (*redrawn, *state.turn().seats)
        else:
            bettors = tuple(s for s in state.turn().seats if s not in state.bets)
        budgets = [points[s] for s in bettors]
        ladder = sorted((value, slot) for slot, (value, _) in state.mat.items())
        values = [value for value, _ in ladder]
        labels = {s: slot_label(state, s) for s in slots}
        samples = {s: ({MARKET: labels[s]}, bet_payoffs(state, s, bets)) for s in slots}

        def sample(rng: random.Random) -> Sample:
            answer = draw_answer(rng)
            for budget in budgets:
                random_wagers(rng, slots, budget)
            below = bisect_right(values, answer)
            outcomes, payoffs = samples[ALL_TOO_HIGH if below == 0 else ladder[below - 1][1]]
            return dict(outcomes), list(payoffs)

        return sample

    def standings(self, state: State) -> list[float]:
        assert isinstance(state, WitsAndWagersState)
        return [float(p) for p in state.points]
