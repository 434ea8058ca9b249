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
from typing import Any

from tote.core.state import State
from tote.games.winners_circle.state import WinnersCircleState
from tote.sim.game_stats import ROUNDS, Scalar, StatTable
from tote.sim.games.tally import Tally, share, split, text

PLACES = ("win", "place", "show")
FINISHES = (*PLACES, "last")
REASONS = ("win", "place", "show", "pace", "last")
"""The payment lines of WC 5.2-5.4, as the payout summary names them."""


class WinnersCircleStats:
    game_id = "winners-circle"

    def columns(self, final: State) -> dict[str, Scalar]:
        if not isinstance(final, WinnersCircleState):
            raise TypeError(f"not a {self.game_id} game: {type(final).__name__}")
        history: list[dict[str, Any]] = final.history
        draws: list[list[tuple[str, str]]] = [[]]
        for event in final.log:
            if event.kind == "horse_card":
                draws[-1].append((event.public["horse"], event.public["card"]))
            elif event.kind == "payout":
                draws.append([])
        cols: dict[str, Scalar] = {ROUNDS: len(history)}
        paid = dict.fromkeys(REASONS, 0)
        staked = dict.fromkeys(final.horse_names, 0)
        returned = {(reason, h): 0 for reason in REASONS for h in final.horse_names}
        chips = bets = 0
        for r, race in enumerate(history, start=1):
            for gate, (horse, card) in enumerate(draws[r - 1], start=1):
                cols[f"race{r}_gate{gate}"] = horse
                cols[f"race{r}_card{gate}"] = card
            for place in PLACES:
                cols[f"race{r}_{place}"] = race[place]
            cols[f"race{r}_last"] = ",".join(race["last"])
            cols[f"race{r}_pace"] = race["pace_horse"]
            cols[f"race{r}_pace_paid"] = any(p["reason"] == "pace" for p in race["payments"])
            for payment in race["payments"]:
                paid[payment["reason"]] += payment["amount"]
                returned[payment["reason"], payment["horse"]] += payment["amount"]
            # WC 5.1: a 1-chip is one bet, a 2-chip two, a 0-chip none.
            chips += len(race["bets"])
            bets += sum(b["chip"] for b in race["bets"])
            for bet in race["bets"]:
                staked[bet["horse"]] += bet["chip"]
        for reason in REASONS:
            cols[f"paid_{reason}"] = paid[reason]
        # Issue 29, returns per bet: bets laid on each horse (WC 5.1) and what each kind
        # of payment brought them (WC 5.2-5.5), so the returns can be recomputed by hand.
        for horse in final.horse_names:
            cols[f"staked_{horse}"] = staked[horse]
            for reason in REASONS:
                cols[f"returned_{reason}_{horse}"] = returned[reason, horse]
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
        races = int(columns.get(ROUNDS) or 0)
        for r in range(1, races + 1):
            self.count("races", "all", "races")
            finish = {text(columns[f"race{r}_{p}"]): p for p in PLACES}
            for horse in split(columns[f"race{r}_last"]):
                finish[horse] = "last"
            gate = 1
            while f"race{r}_gate{gate}" in columns:
                horse = text(columns[f"race{r}_gate{gate}"])
                card = text(columns[f"race{r}_card{gate}"])
                where = finish.get(horse, "other")
                # Every run is counted once per group ("other": unplaced, not last),
                # so a row's total is its runs.
                self.count("horse", horse, where)
                self.count("gate", f"gate {gate}", where)
                self.count("card", card, where)
                gate += 1
            pace = columns[f"race{r}_pace"]
            if pace is not None:
                self.count("pace", "races", "pace horse")
                if finish.get(str(pace)) in PLACES:
                    self.count("pace", "races", "pace horse placed")
            if columns[f"race{r}_pace_paid"]:
                self.count("pace", "races", "bonus paid")
        bets = int(columns.get("bets") or 0)
        self.count("bets", "all", "bets", bets)
        self.count("bets", "all", "chips", int(columns.get("chips") or 0))
        for reason in REASONS:
            amount = int(columns.get(f"paid_{reason}") or 0)
            self.count("paid", reason, "total", amount)
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
