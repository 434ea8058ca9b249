"""Winner's Circle's own numbers: how each horse, gate and horse card finishes, what
each kind of payment pays per bet, and how often the pace bonus is paid.

Read from the finished game's history (one payout summary per race, WC 5) and log
(the ``horse_card`` events of WC 2.2, in draw order). A horse's *gate* here is its
place in the draw order, which sets its start space (WC 2.2: the n-th card drawn
starts n-1 spaces back; Royal Turf, WC 6.4, likewise; Crowded Field, WC 6.2,
starts everyone level, so there the gate is only the draw order).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from functools import cache
from typing import Any, NamedTuple

from tote.core.state import State
from tote.games.winners_circle.state import WinnersCircleState
from tote.sim.game_stats import ROUNDS, Scalar, StatTable
from tote.sim.games.tally import Tally, share, split, text

PLACES = ("win", "place", "show")
FINISHES = (*PLACES, "last")
REASONS = ("win", "place", "show", "pace", "last")
"""The payment lines of WC 5.2-5.4, as the payout summary names them."""


GATES = 7
"""The gates a race fills (WC 2.2): the column names below are written once for them."""


class RaceKeys(NamedTuple):
    """The column names of race ``r``, written once (issue 24: a game's row and its
    count were a hundred f-strings)."""

    gates: tuple[tuple[str, str, str], ...]
    """``race<r>_gate<k>``, ``race<r>_card<k>`` and the count's row ``gate <k>``, for
    gates 1 to :data:`GATES`."""
    places: tuple[str, ...]
    """``race<r>_win``, ``_place``, ``_show``."""
    last: str
    pace: str
    pace_paid: str


def race_keys(r: int) -> RaceKeys:
    """The :class:`RaceKeys` of race ``r``."""
    return RaceKeys(
        tuple((f"race{r}_gate{g}", f"race{r}_card{g}", f"gate {g}") for g in range(1, GATES + 1)),
        tuple(f"race{r}_{place}" for place in PLACES),
        f"race{r}_last",
        f"race{r}_pace",
        f"race{r}_pace_paid",
    )


RACE_KEYS = tuple(race_keys(r) for r in range(1, 4))
"""Races 1 to 3's column names (WC 1.3: three races); a longer history names its own."""
PAID_KEYS = tuple(f"paid_{reason}" for reason in REASONS)


@cache
def horse_keys(horses: tuple[str, ...]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each horse's ``staked_<horse>`` and its ``returned_<reason>_<horse>`` names."""
    return tuple(
        (f"staked_{h}", tuple(f"returned_{reason}_{h}" for reason in REASONS)) for h in horses
    )


class WinnersCircleStats:
    game_id = "winners-circle"

    def columns(self, final: State) -> dict[str, Scalar]:
        if not isinstance(final, WinnersCircleState):
            raise TypeError(f"not a {self.game_id} game: {type(final).__name__}")
        history: list[dict[str, Any]] = final.history
        draws: list[list[tuple[str, str]]] = [[]]
        for event in final.log:
            kind = event.kind
            if kind == "horse_card":
                public = event.public
                draws[-1].append((public["horse"], public["card"]))
            elif kind == "payout":
                draws.append([])
        cols: dict[str, Scalar] = {ROUNDS: len(history)}
        paid = dict.fromkeys(REASONS, 0)
        horses = final.horse_names
        staked = dict.fromkeys(horses, 0)
        returned = {reason: dict.fromkeys(horses, 0) for reason in REASONS}
        chips = bets = 0
        for r, race in enumerate(history, start=1):
            keys = RACE_KEYS[r - 1] if r <= len(RACE_KEYS) else race_keys(r)
            gate_keys = keys.gates
            for gate, (horse, card) in enumerate(draws[r - 1]):
                gate_key, card_key, _ = (
                    gate_keys[gate]
                    if gate < GATES
                    else (f"race{r}_gate{gate + 1}", f"race{r}_card{gate + 1}", "")
                )
                cols[gate_key] = horse
                cols[card_key] = card
            win_key, place_key, show_key = keys.places
            cols[win_key] = race["win"]
            cols[place_key] = race["place"]
            cols[show_key] = race["show"]
            cols[keys.last] = ",".join(race["last"])
            cols[keys.pace] = race["pace_horse"]
            pace_paid = False
            for payment in race["payments"]:
                reason = payment["reason"]
                amount = payment["amount"]
                paid[reason] += amount
                returned[reason][payment["horse"]] += amount
                if reason == "pace":
                    pace_paid = True
            cols[keys.pace_paid] = pace_paid
            # WC 5.1: a 1-chip is one bet, a 2-chip two, a 0-chip none.
            laid = race["bets"]
            chips += len(laid)
            for bet in laid:
                chip = bet["chip"]
                bets += chip
                staked[bet["horse"]] += chip
        for reason, key in zip(REASONS, PAID_KEYS, strict=True):
            cols[key] = paid[reason]
        # Issue 29, returns per bet: bets laid on each horse (WC 5.1) and what each kind
        # of payment brought them (WC 5.2-5.5), so the returns can be recomputed by hand.
        for horse, (staked_key, returned_keys) in zip(horses, horse_keys(horses), strict=True):
            cols[staked_key] = staked[horse]
            for reason, key in zip(REASONS, returned_keys, strict=True):
                cols[key] = returned[reason][horse]
        cols["chips"] = chips
        cols["bets"] = bets
        return cols

    def accumulator(self) -> WinnersCircleAccumulator:
        return WinnersCircleAccumulator()


class WinnersCircleAccumulator(Tally):
    def __init__(self) -> None:
        super().__init__()
        self.horse_order: list[str] = []
        """The horses in the gate order of the first race counted (in the base game,
        WC 2.2, every race's: horse n always starts from gate n)."""

    def add(self, columns: Mapping[str, Scalar]) -> None:
        self.games += 1
        if not self.horse_order:
            gates = (columns.get(f"race1_gate{g}") for g in range(1, len(columns)))
            self.horse_order = [str(h) for h in itertools.takewhile(bool, gates)]
        # The counts straight into the tally's dictionary, as :meth:`Tally.count` adds
        # them (issue 24: a method call each was most of a row's cost).
        counts = self.flat_counts
        races = int(columns.get(ROUNDS) or 0)
        for r in range(1, races + 1):
            keys = RACE_KEYS[r - 1] if r <= len(RACE_KEYS) else race_keys(r)
            counts["races", "all", "races"] += 1
            finish = {text(columns[key]): p for key, p in zip(keys.places, PLACES, strict=True)}
            for horse in split(columns[keys.last]):
                finish[horse] = "last"
            # Every run is counted once per group ("other": unplaced, not last), so a
            # row's total is its runs; a cell is text as :func:`text` makes it.
            gate = 1
            for gate_key, card_key, gate_row in keys.gates:
                if gate_key not in columns:
                    break
                horse_cell, card_cell = columns[gate_key], columns[card_key]
                horse = horse_cell if type(horse_cell) is str else text(horse_cell)
                where = finish.get(horse, "other")
                counts["horse", horse, where] += 1
                counts["gate", gate_row, where] += 1
                counts["card", card_cell if type(card_cell) is str else text(card_cell), where] += 1
                gate += 1
            else:
                while f"race{r}_gate{gate}" in columns:
                    horse = text(columns[f"race{r}_gate{gate}"])
                    where = finish.get(horse, "other")
                    counts["horse", horse, where] += 1
                    counts["gate", f"gate {gate}", where] += 1
                    counts["card", text(columns[f"race{r}_card{gate}"]), where] += 1
                    gate += 1
            pace = columns[keys.pace]
            if pace is not None:
                counts["pace", "races", "pace horse"] += 1
                if finish.get(str(pace)) in PLACES:
                    counts["pace", "races", "pace horse placed"] += 1
            if columns[keys.pace_paid]:
                counts["pace", "races", "bonus paid"] += 1
        bets = int(columns.get("bets") or 0)
        counts["bets", "all", "bets"] += bets
        counts["bets", "all", "chips"] += int(columns.get("chips") or 0)
        for reason, key in zip(REASONS, PAID_KEYS, strict=True):
            amount = int(columns.get(key) or 0)
            counts["paid", reason, "total"] += amount
            self.measure("paid", reason, "per game", amount)

    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        data["order"] = {"horse": self.horse_order}
        bets = self.get("bets", "all", "bets")
        data["paid_per_bet"] = {
            reason: self.get("paid", reason, "total") / bets if bets else None for reason in REASONS
        }
        return data

    def tables(self) -> list[StatTable]:
        races = self.get("races", "all", "races")
        bets = self.get("bets", "all", "bets")
        pay = StatTable(
            "Payments (WC 5.2-5.4; last is paid to the bank)",
            ["payment", "per game", "per bet placed"],
            [
                [
                    reason,
                    f"{self.mean('paid', reason, 'per game').mean:,.1f}",
                    f"{self.get('paid', reason, 'total') / bets:,.1f}" if bets else "-",
                ]
                for reason in REASONS
            ],
        )
        pace = StatTable(
            "Pace horse (WC 4.8, 5.3), share of races",
            ["", "share", "races"],
            [
                [
                    what,
                    share(self.get("pace", "races", what), races),
                    str(races),
                ]
                for what in ("pace horse", "pace horse placed", "bonus paid")
            ],
        )
        return [
            self.rate_table("Finishes by horse", "horse", FINISHES),
            self.rate_table("Finishes by gate (draw order)", "gate", FINISHES),
            self.rate_table("Finishes by horse card", "card", FINISHES),
            pay,
            pace,
        ]


STATS = WinnersCircleStats()
