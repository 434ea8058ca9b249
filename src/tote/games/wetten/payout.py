"""WT 10 Phase 5, Payout, and WT 11 the next race and the end of the game.

Which bets won and in what order the bank pays them are pure functions
(:func:`winnings`, :func:`pay_order`, checked on their own in
``tests/wetten/test_payout.py``); :func:`pay_out` carries the payout out on the
state: cash from the bank, top-ups, the race's summary, then the next race
(``setup.start_race``) or the end of the game.

Next in reading order: ``views.py`` (what each seat may know).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tote.core.events import Event
from tote.games.wetten import setup, views
from tote.games.wetten.data import RACES
from tote.games.wetten.phases import OVER

if TYPE_CHECKING:
    from tote.games.wetten.state import WettenState

SET_THE_STAKES = "set_the_stakes"
SECOND_BET = "second_bet"

QUOTA = {SET_THE_STAKES: 4, SECOND_BET: 2}
"""WT 10.2: Set the Stakes pays 4 times the stake, Second Bet 2 times."""
NO_CHANCE_QUOTA = 8
"""WT 9.1: the bet marked under "No chance..." pays 8 times."""
LONG_ODDS_QUOTA = 4
"""WT 8.8: the Second Bet marked under Long Odds pays 4 times."""


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


def race_winnings(
    stakes: Sequence[Ticket],
    second: Sequence[Ticket],
    places: Sequence[int | None],
    no_chance: Sequence[tuple[int, int] | None],
    long_odds: Sequence[tuple[int, int] | None],
) -> list[Winning]:
    """WT 10.1-10.2: every winning bet of a race, the Second Bet tickets' first (2x, the
    Long Odds mark 4x), then the Set-the-Stakes tickets' (4x, the "No chance..." mark
    8x). ``no_chance[seat]`` and ``long_odds[seat]`` are the seat's marked cells."""
    return winnings(
        second, places, SECOND_BET, [(cell, LONG_ODDS_QUOTA) for cell in long_odds]
    ) + winnings(stakes, places, SET_THE_STAKES, [(cell, NO_CHANCE_QUOTA) for cell in no_chance])


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


def pay_out(state: WettenState) -> None:
    """WT 10.1-10.4: Second Bet tickets, then Set the Stakes; a bank short of
    money pays the smaller wins first and the game ends (ruling 14); a broke
    player is topped up to the next minimum stake (ruling 15)."""
    n = state.num_players
    wins = race_winnings(
        state.stakes,
        state.second,
        state.places,
        state.no_chance,
        [state.long_odds_cell[s] if state.long_odds[s] else None for s in range(n)],
    )
    paid, forfeited = pay_order(wins, None if state.unlimited else state.bank)
    for win in paid:
        state.cash[win.seat] += win.amount
        state.bank -= win.amount
    state.ended_early = bool(forfeited)
    top_ups = [0] * n
    if not state.ended_early and state.race < RACES:
        minimum = state.min_stakes[state.race]
        for seat in range(n):
            if state.cash[seat] < minimum:
                gift = (
                    minimum
                    if state.options.top_up == "gift_minimum"
                    else minimum - state.cash[seat]
                )
                if not state.unlimited:
                    gift = min(gift, state.bank)
                state.cash[seat] += gift
                state.bank -= gift
                top_ups[seat] = gift

    def line(win: Any) -> dict[str, Any]:
        return {
            "seat": win.seat,
            "ticket": win.ticket,
            "horse": state.horse_names[win.horse],
            "place": win.place,
            "stake": win.stake,
            "quota": win.quota,
            "amount": win.amount,
        }

    summary = {
        "race": state.race,
        "places": {state.horse_names[h]: p for h, p in enumerate(state.places)},
        "tickets": [
            {
                "seat": s,
                SET_THE_STAKES: views.grid_view(state, state.stakes[s]),
                SECOND_BET: views.grid_view(state, state.second[s]),
                "no_chance": views.cell_view(state, state.no_chance[s]),
                "long_odds": views.cell_view(state, state.long_odds_cell[s])
                if state.long_odds[s]
                else None,
            }
            for s in range(n)
        ],
        "paid": [line(w) for w in paid],
        "forfeited": [line(w) for w in forfeited],
        "top_ups": top_ups,
        "cash": list(state.cash),
        "bank": None if state.unlimited else state.bank,
        "ended_early": state.ended_early,
    }
    state.history.append(summary)
    state.log.append(Event("payout", summary))
    if state.ended_early or state.race == RACES:
        state.stage = OVER
        state.log.append(Event("game_over", {"cash": list(state.cash)}))
        return
    setup.start_race(state)
