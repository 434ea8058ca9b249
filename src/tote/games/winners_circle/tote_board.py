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
from collections.abc import Callable, Sequence

from tote.core.state import State
from tote.core.tote_board import BetChoice, Markets, Sample
from tote.games.winners_circle import bets as betting
from tote.games.winners_circle import fast_race, sampling
from tote.games.winners_circle.data import PayoutTable
from tote.games.winners_circle.moves import PlaceBet
from tote.games.winners_circle.payout import PLACE_NAMES
from tote.games.winners_circle.phases import BETS, HORSES_PER_RACE, OVER
from tote.games.winners_circle.state import WinnersCircleState

OUTCOMES = [*PLACE_NAMES, "last", "unplaced"]


def _summary(start: WinnersCircleState, end: WinnersCircleState) -> dict[str, object]:
    """The payout record of the race under way at ``start``, as ``end`` holds it."""
    return end.history[start.race - 1]


class WinnersCircleMarkets(Markets):
    unit = "$"
    horizon_name = "race"
    bettable = (*PLACE_NAMES, "last")
    """A chip pays on 1st to 3rd and costs on last (WC 5.1-5.4); "unplaced" is neither."""
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
        final = [(b["seat"], index[b["horse"]], b["chip"]) for b in laid]
        placed = [index[str(summary[p])] for p in PLACE_NAMES]
        last_names = summary["last"]
        assert isinstance(last_names, list)
        last = [index[n] for n in last_names]
        pace = summary["pace_horse"]
        pace_horse = None if pace is None else index[str(pace)]
        multiplier = summary["multiplier"]
        assert isinstance(multiplier, int)
        return chip_values(
            final,
            placed,
            last,
            pace_horse,
            start.money[seat],
            start.table,
            multiplier,
            start.options.alternative_payouts,
            seat,
            _chips(start, bets),
        )

    def quick_sampler(
        self, state: State, seat: int | None, bets: Sequence[BetChoice]
    ) -> Callable[[random.Random], Sample] | None:
        """The world's hidden chips redrawn as :mod:`sampling` draws them (WC 6.1), the
        race played out by :func:`fast_race.race_result`, and its outcomes and chip
        values read from how it ended, as :meth:`outcomes` and :meth:`payoffs` read
        them from the payout record; from the bets or the running (WC 3-4) only."""
        assert isinstance(state, WinnersCircleState)
        if state.phase not in fast_race.FAST_PHASES:
            return None
        names = state.horse_names
        laid = [(b.seat, b.horse, b.chip) for b in state.bets]
        redraw = state.options.hidden_bets and bool(laid)
        chips = _chips(state, bets)
        value = seat is not None and bool(bets)
        money = 0 if seat is None else state.money[seat]
        table = state.table
        multiplier = table.race_multipliers[state.race - 1]
        alternative = state.options.alternative_payouts
        plan = fast_race.betting(state) if state.phase == BETS else None
        own_hands = [tuple(sorted(hand)) for hand in state.chips]

        def sample(rng: random.Random) -> Sample:
            world_laid, hands = laid, own_hands
            if redraw:
                world_bets, world_hands = sampling.redraw_chips(state, seat, rng)
                world_laid = [(b.seat, b.horse, b.chip) for b in world_bets]
                hands = [tuple(hand) for hand in world_hands]  # sorted (WC 6.1)
            race = fast_race.race_result(state, rng, world_laid, hands, plan)
            assert race is not None
            outcomes = dict.fromkeys(names, "unplaced")
            for horse in race.last:
                outcomes[names[horse]] = "last"
            for place, horse in zip(PLACE_NAMES, race.finished, strict=True):
                outcomes[names[horse]] = place
            if not value:
                return outcomes, [0.0] * len(bets)
            assert seat is not None
            values = chip_values(
                race.bets,
                race.finished,
                race.last,
                race.pace_horse,
                money,
                table,
                multiplier,
                alternative,
                seat,
                chips,
            )
            return outcomes, values

        return sample

    def play_out(self, world: State, rng: random.Random) -> bool:
        """The bets still to be laid and the race, in :mod:`fast_race`'s tight loop."""
        assert isinstance(world, WinnersCircleState)
        return fast_race.play_race(world, rng)

    def standings(self, state: State) -> list[float]:
        assert isinstance(state, WinnersCircleState)
        return [float(m) for m in state.money]


def _chips(state: WinnersCircleState, bets: Sequence[BetChoice]) -> list[tuple[int, int]]:
    """Each bet's ``(horse, chip)``."""
    chips = []
    for bet in bets:
        move = bet.move
        assert isinstance(move, PlaceBet)
        chips.append((state.horse_index[move.horse], move.chip))
    return chips


def chip_values(
    final: Sequence[tuple[int, int, int]],
    placed: Sequence[int],
    last: Sequence[int],
    pace_horse: int | None,
    money: int,
    table: PayoutTable,
    multiplier: int,
    alternative_payouts: bool,
    seat: int,
    chips: Sequence[tuple[int, int]],
) -> list[float]:
    """What each extra chip ``(horse, chip)`` of ``seat`` adds to its money at the payout
    of a race that ended with ``final`` bets ``(seat, horse, chip)`` laid: ``settle``
    with the chip minus ``settle`` without it, for ``seat``, for all chips at once.

    For one seat :func:`settle` comes to ``max(0, money + won - due)``: ``won``, its
    share of each placed horse's column and the pace bonus (WC 5.1-5.3), ``due``, 100
    per bet on a last horse (WC 5.4), which it pays out of its money and winnings as
    far as they go; all times the race's multiplier (WC 5.5). A chip changes only its
    own horse's column, so only that horse's share of ``won`` or its part of ``due``."""
    column = [0] * HORSES_PER_RACE
    own = [0] * HORSES_PER_RACE
    for bettor, horse, chip in final:
        column[horse] += 1 if alternative_payouts else chip
        if bettor == seat:
            own[horse] += chip
    # A placed horse's chips earn its row's entry for its column plus the pace bonus,
    # per chip (a column past the row's end earns its last entry). Conditional
    # expressions, not min() and max(): those parse their arguments at every call.
    earns: dict[int, tuple[tuple[int, ...], int, int]] = {}
    won = 0
    for place, horse in enumerate(placed):
        row = table.row(place)
        bonus = table.pace_bonus_per_bet if horse == pace_horse else 0
        size = len(row)
        earns[horse] = (row, bonus, size)
        stake = own[horse]
        if stake:
            col = column[horse]
            won += (row[col - 1 if col <= size else -1] + bonus) * stake
    won *= multiplier
    per_last = table.last_place_per_bet * multiplier
    due = sum(own[h] for h in last) * per_last
    kept = money + won - due
    now = kept if kept > 0 else 0
    values = []
    for horse, chip in chips:
        pays = earns.get(horse)
        if pays is not None:
            row, bonus, size = pays
            stake = own[horse]
            col = column[horse]
            before = (row[col - 1 if col <= size else -1] + bonus) * stake if stake else 0
            col += 1 if alternative_payouts else chip
            more = stake + chip
            after = (row[col - 1 if col <= size else -1] + bonus) * more if more else 0
            paid = kept + (after - before) * multiplier
        elif horse in last:
            paid = kept - per_last * chip
        else:
            values.append(0.0)  # WC 5: only placed and last horses' chips are settled
            continue
        values.append(float((paid if paid > 0 else 0) - now))
    return values
