"""Phase 5, Payout: which bets won and in what order the bank pays them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

SET_THE_STAKES = "set_the_stakes"
SECOND_BET = "second_bet"

QUOTA = {SET_THE_STAKES: 4, SECOND_BET: 2}
"""WT 10.2: Set the Stakes pays 4 times the stake, Second Bet 2 times."""
NO_CHANCE_QUOTA = 8
"""WT 9.1: the bet marked under "No chance..." pays 8 times."""


@dataclass(frozen=True, slots=True)
class Winning:
    """A bet that guessed its horse's place, and what it pays."""

    seat: int
    ticket: str
    horse: int
    place: int
    stake: int
    quota: int

    @property
    def amount(self) -> int:
        return self.stake * self.quota


Ticket = Mapping[tuple[int, int], int]
"""A betting ticket: (horse, place) -> stake."""


def winnings(
    tickets: Sequence[Ticket],
    places: Sequence[int | None],
    kind: str,
    marked: Sequence[tuple[tuple[int, int] | None, int]],
) -> list[Winning]:
    """Every winning bet of one kind of ticket, seat by seat. ``marked[seat]`` is
    the cell with a raised quota (No chance... or Long Odds) and that quota."""
    won = []
    for seat, ticket in enumerate(tickets):
        cell, raised = marked[seat]
        for (horse, place), stake in sorted(ticket.items()):
            if places[horse] == place:
                quota = raised if cell == (horse, place) else QUOTA[kind]
                won.append(Winning(seat, kind, horse, place, stake, quota))
    return won


def pay_order(wins: Sequence[Winning], reserve: int | None) -> tuple[list[Winning], list[Winning]]:
    """WT 10.1, 10.3: the bets paid and the bets forfeited.

    When the bank can pay everything (or is unlimited: ``reserve`` ``None``), all
    are paid, Second Bet tickets first. Otherwise (ruling 14) the smaller wins
    are paid first (ties by seat) while the reserve covers them; at the first it
    cannot cover, paying stops and the rest are forfeited.
    """
    total = sum(w.amount for w in wins)
    if reserve is None or total <= reserve:
        order = [w for w in wins if w.ticket == SECOND_BET] + [
            w for w in wins if w.ticket != SECOND_BET
        ]
        return order, []
    paid: list[Winning] = []
    ordered = sorted(wins, key=lambda w: (w.amount, w.seat))
    for i, win in enumerate(ordered):
        if win.amount > reserve:
            return paid, ordered[i:]
        reserve -= win.amount
        paid.append(win)
    return paid, []
