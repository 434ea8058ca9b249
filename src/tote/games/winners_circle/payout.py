"""Paying Out (rulebook stage 4), as a pure function of the bets and the finish."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tote.games.winners_circle.data import PayoutTable

PLACE_NAMES = ("win", "place", "show")


@dataclass(frozen=True, slots=True)
class Bet:
    seat: int
    horse: int
    chip: int


@dataclass(frozen=True, slots=True)
class PayoutLine:
    """One money movement of the payout, for the log and the tests."""

    seat: int
    horse: int
    reason: str  # "win" | "place" | "show" | "pace" | "last"
    amount: int  # positive: paid to the seat; negative: paid to the bank


def settle(
    bets: Sequence[Bet],
    placed: Sequence[int],
    last: Sequence[int],
    pace_horse: int | None,
    money: Sequence[int],
    table: PayoutTable,
    multiplier: int,
    alternative_payouts: bool,
) -> tuple[list[int], list[PayoutLine]]:
    """Settle one race; returns the new money per seat and every payment made.

    - WC 5.1: a horse's column is its number of bets (a 1-chip is one bet, a
      2-chip two, a 0-chip none); Alternative Payouts (WC 6.3) counts chips.
    - WC 5.2: a 1-chip receives the amount per bet, a 2-chip double, a 0-chip nothing.
    - WC 5.3: the pace horse, if placed, pays 100 more per bet.
    - WC 5.4: each bet on the last horse pays 100 to the bank; a player who cannot
      pay pays all he or she can. Winnings are received first.
    - WC 5.5: in race 3 every amount is doubled (``multiplier``).
    """
    new_money = list(money)
    lines: list[PayoutLine] = []
    for place, horse in enumerate(placed):
        on_horse = [b for b in bets if b.horse == horse]
        if alternative_payouts:
            column = len(on_horse)
        else:
            column = 0
            for bet in on_horse:
                column += bet.chip
        if column == 0:
            continue
        row = table.row(place)
        # A column past the row's end reads its last entry (conditional expressions,
        # not min(), which parses its arguments at every call in Python 3.11).
        per_bet = row[column - 1 if column <= len(row) else -1]
        for bet in on_horse:
            if bet.chip:
                amount = per_bet * bet.chip * multiplier
                new_money[bet.seat] += amount
                lines.append(PayoutLine(bet.seat, horse, PLACE_NAMES[place], amount))
        if horse == pace_horse:
            for bet in on_horse:
                if bet.chip:
                    amount = table.pace_bonus_per_bet * bet.chip * multiplier
                    new_money[bet.seat] += amount
                    lines.append(PayoutLine(bet.seat, horse, "pace", amount))
    for horse in last:
        for bet in bets:
            if bet.horse == horse and bet.chip:
                due = table.last_place_per_bet * bet.chip * multiplier
                has = new_money[bet.seat]
                paid = due if due < has else has
                new_money[bet.seat] -= paid
                lines.append(PayoutLine(bet.seat, horse, "last", -paid))
    return new_money, lines
