"""Wetten!'s markets for the tote board (issue 12, 2).

Each horse is a market: its place (``1st`` to ``4th``) at the end of the current race
(WT 4-5), or ``unplaced`` when the race ends early.

The bets a seat can place now, each valued net of its stake in the game's money:

- writing its Set-the-Stakes ticket (WT 2): each cell (horse x place) alone on the
  ticket at the race's minimum stake (WT 2.3, the unit stake), paying 4x (WT 10.2);
- writing its Second Bet ticket (WT 5): each cell alone at the minimum stake, paying 2x;
  after a Long Odds card (WT 8.8) also each cell on a horse now last, marked, at 4x;
- in its priority turn of the Second Bet window of a race that plays the Pro-Rule, while
  it may still show its ticket (WT 9.1): "No chance..." on each bet of its own
  Set-the-Stakes ticket, at 8x. Its stake is on the ticket already, so showing the
  ticket costs nothing now and its value is what the mark adds: 8x instead of 4x.

Every bet is one legal move (a one-cell ticket, a ``NoChance``), which the ``best-ev``
bot can play. A bet's payoff is read from the race's payout record at the end of the
rollout and paid by the game's own rules (:func:`~tote.games.wetten.payout.race_winnings`,
:func:`~tote.games.wetten.payout.pay_order`, the bank's reserve and ruling 14 included):
what the seat is paid with the bet, minus what it is paid without, minus the stake.

The stated approximation: a cell's bet is added to the tickets as the rollout wrote them
(as a line of its own: the seat's rollout ticket may hold the same cell); the rest of
the seat's play, its own ticket and marks among them, stays as the rollout played it;
the top-up after the payout (WT 10.4) is not counted. "No chance..." is valued against
no mark at all, and what showing the ticket tells the others is not valued.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tote.core.errors import IllegalMove
from tote.core.moves import Move
from tote.core.state import State
from tote.core.tote_board import BetChoice, Markets, Sample, random_policy, rollout
from tote.games.wetten import fast_board, fast_race, pro_rule
from tote.games.wetten.data import PLACES
from tote.games.wetten.moves import Bet, Cell, NoChance, SecondBet, SetTheStakes
from tote.games.wetten.payout import (
    LONG_ODDS_QUOTA,
    NO_CHANCE_QUOTA,
    QUOTA,
    SECOND_BET,
    SET_THE_STAKES,
    Ticket,
    Winning,
    pay_order,
    race_winnings,
)
from tote.games.wetten.phases import SECOND, STAKES, WINDOW
from tote.games.wetten.state import WettenState

LABELS = ["1st", "2nd", "3rd", "4th", "unplaced"]

CellKey = tuple[int, int]
"""A ticket cell: (horse, place)."""


@dataclass(frozen=True, slots=True)
class RacePaid:
    """The race under way at a rollout's start, as its payout record holds it: the
    places, every ticket and mark, and the bank's reserve before paying (``None``: an
    unlimited bank); and, where known, a bound on what its winning bets win together
    (at least :meth:`total_won`)."""

    places: Sequence[int | None]
    stakes: Sequence[Ticket]
    second: Sequence[Ticket]
    no_chance: Sequence[CellKey | None]
    long_odds: Sequence[CellKey | None]
    reserve: int | None
    most_won: int | None = None

    @classmethod
    def of(cls, start: WettenState, end: WettenState) -> RacePaid:
        summary = end.history[len(start.history)]
        index = start.horse_index

        def grid(lines: list[dict[str, Any]]) -> Ticket:
            return {(index[line["horse"]], line["place"]): line["stake"] for line in lines}

        def cell(marked: dict[str, Any] | None) -> CellKey | None:
            return None if marked is None else (index[marked["horse"]], marked["place"])

        tickets = summary["tickets"]
        places = summary["places"]
        reserve = summary["bank"]
        if reserve is not None:
            reserve += sum(line["amount"] for line in summary["paid"]) + sum(summary["top_ups"])
        return cls(
            places=[places[name] for name in start.horse_names],
            stakes=[grid(t[SET_THE_STAKES]) for t in tickets],
            second=[grid(t[SECOND_BET]) for t in tickets],
            no_chance=[cell(t["no_chance"]) for t in tickets],
            long_odds=[cell(t["long_odds"]) for t in tickets],
            reserve=reserve,
        )

    @classmethod
    def at_payout(cls, world: WettenState) -> RacePaid:
        """The same record read from ``world`` where its payout begins (issue 24:
        :func:`fast_race.race_to_payout`), the bank's reserve as it stands then."""
        long_odds = world.long_odds
        return cls(
            places=world.places,
            stakes=world.stakes,
            second=world.second,
            no_chance=world.no_chance,
            long_odds=[
                cell if long_odds[s] else None for s, cell in enumerate(world.long_odds_cell)
            ],
            reserve=None if world.unlimited else world.bank,
        )

    def wins(self, no_chance: Sequence[CellKey | None] | None = None) -> list[Winning]:
        """Every winning bet of the race (WT 10.1-10.2), with these "No chance..."
        marks in place of the record's, if given."""
        marks = self.no_chance if no_chance is None else no_chance
        return race_winnings(self.stakes, self.second, self.places, marks, self.long_odds)

    def total_won(self) -> int:
        """What every winning bet of the race wins together: the sum of
        ``w.amount for w in self.wins()``, without building them (issue 24)."""
        places = self.places
        total = 0
        for tickets, marks, quota, raised in (
            (self.second, self.long_odds, QUOTA[SECOND_BET], LONG_ODDS_QUOTA),
            (self.stakes, self.no_chance, QUOTA[SET_THE_STAKES], NO_CHANCE_QUOTA),
        ):
            for ticket, mark in zip(tickets, marks, strict=True):
                for cell, stake in ticket.items():
                    if places[cell[0]] == cell[1]:
                        total += stake * (raised if cell == mark else quota)
        return total

    def one_bet(
        self, seat: int, kind: str, cell: CellKey, stake: int, marked: bool
    ) -> list[Winning]:
        """What one more bet of ``seat`` wins: ``stake`` on ``cell`` of a ticket of
        ``kind``, at its ticket's quota, or raised when ``marked`` (Long Odds): what
        :func:`race_winnings` finds on tickets holding that one bet, worked out directly
        (issue 24: building the empty tickets of every seat was a tenth of a world)."""
        horse, place = cell
        if self.places[horse] != place:
            return []
        if kind == SET_THE_STAKES:
            quota = QUOTA[SET_THE_STAKES]
        else:
            quota = LONG_ODDS_QUOTA if marked else QUOTA[SECOND_BET]
        return [Winning(seat, kind, horse, place, stake, quota)]


def paid_to(seat: int, wins: Sequence[Winning], reserve: int | None) -> int:
    """What the bank pays ``seat`` of these wins (WT 10.1, 10.3 and ruling 14)."""
    paid, _ = pay_order(wins, reserve)
    return sum(w.amount for w in paid if w.seat == seat)


def bet_values(
    race: RacePaid, seat: int, bets: Sequence[BetChoice], index: Mapping[str, int]
) -> list[float]:
    """Each bet's money with it minus without it, in ``race`` (WT 10)."""
    return values_of(seat, bets, index)(race)


def values_of(
    seat: int, bets: Sequence[BetChoice], index: Mapping[str, int]
) -> Callable[[RacePaid], list[float]]:
    """:func:`bet_values` with what the bets are (each one cell, its stake and what it
    wins) worked out once, for a board's every world (issue 24)."""
    if any(isinstance(bet.move, NoChance) for bet in bets):
        return lambda race: _bet_values_paid(race, seat, bets, index)
    lines = []
    for bet in bets:
        move = bet.move
        assert isinstance(move, SetTheStakes | SecondBet)
        line = move.bets[0]
        if isinstance(move, SetTheStakes):
            quota = QUOTA[SET_THE_STAKES]
        elif move.long_odds is not None:
            quota = LONG_ODDS_QUOTA
        else:
            quota = QUOTA[SECOND_BET]
        lines.append((index[line.horse], line.place, float(line.stake), line.stake * quota))

    known: dict[tuple[int | None, ...], tuple[list[float], float]] = {}
    """Per finishing order, each bet's gain and the largest."""

    def values(race: RacePaid) -> list[float]:
        places = race.places
        key = tuple(places)
        found = known.get(key)
        if found is None:
            gains = [float(won - stake) if places[h] == p else -stake for h, p, stake, won in lines]
            found = known[key] = gains, max(gains, default=-math.inf)
        gains, most = found
        reserve = race.reserve
        if reserve is None:
            return list(gains)
        # WT 10.1, ruling 14: a bank that covers every win, the bet's own included, pays
        # every win, so the bet adds what it wins itself (pay_order's first case, worked
        # out without the lists); otherwise the payout's order.
        extra = max(most, 0.0)
        if race.most_won is not None and race.most_won + extra <= reserve:
            return list(gains)
        total = race.total_won()
        if total + extra > reserve:
            return _bet_values_paid(race, seat, bets, index)
        return list(gains)

    return values


def _bet_values_paid(
    race: RacePaid, seat: int, bets: Sequence[BetChoice], index: Mapping[str, int]
) -> list[float]:
    """:func:`bet_values` through the payout's own order (WT 10.1, 10.3, ruling 14)."""
    wins = race.wins()
    reserve = race.reserve
    without = paid_to(seat, wins, reserve)
    lost: dict[int, int] = {}  # paid to the seat when a bet of this stake loses
    values = []
    for bet in bets:
        move = bet.move
        if isinstance(move, NoChance):
            marks = list(race.no_chance)
            marks[seat] = None
            unmarked = paid_to(seat, race.wins(marks), reserve)
            marks[seat] = (index[move.horse], move.place)
            values.append(float(paid_to(seat, race.wins(marks), reserve) - unmarked))
            continue
        assert isinstance(move, SetTheStakes | SecondBet)
        line = move.bets[0]
        kind = SET_THE_STAKES if isinstance(move, SetTheStakes) else SECOND_BET
        marked = isinstance(move, SecondBet) and move.long_odds is not None
        cell = (index[line.horse], line.place)
        extra = race.one_bet(seat, kind, cell, line.stake, marked)
        more = None if reserve is None else reserve + line.stake
        if extra:
            with_bet = paid_to(seat, wins + extra, more)
        else:
            if line.stake not in lost:
                lost[line.stake] = paid_to(seat, wins, more)
            with_bet = lost[line.stake]
        values.append(float(with_bet - without - line.stake))
    return values


def ordinal(place: int) -> str:
    return LABELS[place - 1]


class WettenMarkets(Markets):
    unit = "money"
    horizon_name = "race"
    bettable = ("1st", "2nd", "3rd", "4th")
    """A ticket's cells are a horse and a place, 1st to 4th (WT 2.2, WT 5)."""
    precision_outcomes = frozenset({"1st"})

    def settled(self, start: State, now: State) -> bool:
        """The race ends with its payout, which adds its record to the history (WT 10)."""
        assert isinstance(start, WettenState) and isinstance(now, WettenState)
        return len(now.history) > len(start.history)

    def play_out(self, world: State, rng: random.Random) -> bool:
        """The rest of the race in :mod:`fast_race`'s tight loop (issue 24)."""
        assert isinstance(world, WettenState)
        return fast_race.play_race(world, rng)

    def outcome_labels(self, start: State) -> dict[str, list[str]]:
        assert isinstance(start, WettenState)
        return {name: list(LABELS) for name in start.horse_names}

    def outcomes(self, start: State, end: State) -> dict[str, str]:
        assert isinstance(start, WettenState) and isinstance(end, WettenState)
        if len(end.history) > len(start.history):
            places = end.history[len(start.history)]["places"]
        else:
            places = {end.horse_names[h]: p for h, p in enumerate(end.places)}
        return {
            name: LABELS[place - 1] if isinstance(place, int) and 1 <= place <= 4 else "unplaced"
            for name, place in places.items()
        }

    def bets(self, state: State, seat: int | None) -> list[BetChoice]:
        """The seat's bets now: a one-cell ticket per cell while it writes a ticket (WT
        2, 5; Long Odds marks, WT 8.8), or "No chance..." per bet of its ticket in its
        priority turn of the Second Bet window (WT 9.1)."""
        assert isinstance(state, WettenState)
        if seat is None or seat not in state.turn().seats:
            return []
        if state.stage in (STAKES, SECOND):
            choices = self._ticket_bets(state, seat)
        elif (
            state.stage == WINDOW
            and state.timing == "second_bet"
            and pro_rule.may_show_ticket(state, seat)
        ):
            choices = [
                BetChoice(
                    f"no-chance:{state.horse_names[h]}:{p}",
                    f'"No chance...": your {stake} on {state.horse_names[h]} {ordinal(p)}'
                    f" at {NO_CHANCE_QUOTA}x instead of {QUOTA[SET_THE_STAKES]}x",
                    NoChance(state.horse_names[h], p),
                )
                for (h, p), stake in sorted(state.stakes[seat].items())
            ]
        else:
            return []
        return [c for c in choices if _legal(state, seat, c.move)]

    def _ticket_bets(self, state: WettenState, seat: int) -> list[BetChoice]:
        stake = state.min_stake
        names = state.horse_names
        cells = [(h, p) for h in range(len(names)) for p in range(1, PLACES + 1)]
        if state.stage == STAKES:
            return [
                BetChoice(
                    f"stakes:{names[h]}:{p}",
                    f"{stake} on {names[h]} {ordinal(p)}, Set the Stakes"
                    f" ({QUOTA[SET_THE_STAKES]}x)",
                    SetTheStakes((Bet(names[h], p, stake),)),
                    float(stake),
                )
                for h, p in cells
            ]
        choices = [
            BetChoice(
                f"second:{names[h]}:{p}",
                f"{stake} on {names[h]} {ordinal(p)}, Second Bet ({QUOTA[SECOND_BET]}x)",
                SecondBet((Bet(names[h], p, stake),)),
                float(stake),
            )
            for h, p in cells
        ]
        if state.long_odds[seat]:
            last = state.last_place()
            choices += [
                BetChoice(
                    f"long-odds:{names[h]}:{p}",
                    f"{stake} on {names[h]} {ordinal(p)}, Second Bet marked Long Odds"
                    f" ({LONG_ODDS_QUOTA}x)",
                    SecondBet((Bet(names[h], p, stake),), Cell(names[h], p)),
                    float(stake),
                )
                for h, p in cells
                if h in last
            ]
        return choices

    def payoffs(
        self, start: State, end: State, seat: int | None, bets: Sequence[BetChoice]
    ) -> list[float]:
        """Each bet's money with it minus without it, by the payout rules (WT 10)."""
        assert isinstance(start, WettenState) and isinstance(end, WettenState)
        if seat is None or not bets:
            return [0.0] * len(bets)
        return bet_values(RacePaid.of(start, end), seat, bets, start.horse_index)

    def quick_sampler(
        self, state: State, seat: int | None, bets: Sequence[BetChoice]
    ) -> Callable[[random.Random], Sample] | None:
        """One world drawn and raced to where the payout begins in
        :mod:`~tote.games.wetten.fast_board`'s tight loop (issue 24), or, where that
        does not start, drawn by :meth:`WettenState.sample_world` and raced by
        :func:`fast_race.race_to_payout`; read from the places and tickets then, not
        from the payout's record: the same draws and the same sample as the general
        path. ``None`` with a simultaneous turn half committed or the game over."""
        assert isinstance(state, WettenState)
        if state._pending or state.turn().over:
            return None
        names = state.horse_names
        index = state.horse_index
        nothing = [0.0] * len(bets)
        quick = fast_board.quick_world(state, seat)
        value = values_of(seat, bets, index) if seat is not None and bets else None
        seen: dict[tuple[int | None, ...], dict[str, str]] = {}
        """Each finishing order's outcomes."""

        def one(rng: random.Random) -> Sample:
            found: fast_board.RaceEnd | WettenState
            if quick is None:
                world = state.sample_world(seat, rng, log=False)
                assert isinstance(world, WettenState)
                code, found = fast_race.race_to_payout(world, rng), world
            else:
                code, found = quick(rng)
            if code != fast_race.AT_PAYOUT:
                assert isinstance(found, WettenState)
                end = rollout(state, found, self, random_policy, rng)
                return self.outcomes(state, end), self.payoffs(state, end, seat, bets)
            race = RacePaid.at_payout(found) if isinstance(found, WettenState) else RacePaid(*found)
            key = tuple(race.places)
            outcomes = seen.get(key)
            if outcomes is None:
                outcomes = seen[key] = {
                    name: LABELS[place - 1] if place is not None and 1 <= place <= 4 else "unplaced"
                    for name, place in zip(names, race.places, strict=True)
                }
            if value is None:
                return dict(outcomes), nothing
            return dict(outcomes), value(race)

        return one

    def standings(self, state: State) -> list[float]:
        assert isinstance(state, WettenState)
        return [float(c) for c in state.cash]


def _legal(state: WettenState, seat: int, move: Move | None) -> bool:
    if move is None:
        return False
    try:
        state.check(seat, move)
    except IllegalMove:
        return False
    return True
