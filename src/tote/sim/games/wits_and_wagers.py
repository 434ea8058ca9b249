"""Wits & Wagers' own numbers: which slot of the mat wins how often, what the bets on
each slot win and lose, and what the 3-point bonus is worth.

Read from the finished game's history: one summary per question (WW 4-6), naming
the winning slot (0 is All Guesses Too High, WW 4.2), the seats given the bonus
(WW 5.1) and every bet's gain or loss (WW 6.1-6.2). The bonus *decides* a game when
the leaders without it are not the leaders with it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tote.core.state import State
from tote.games.wits_and_wagers.mat import SLOT_ODDS, SLOTS
from tote.games.wits_and_wagers.paying_out import BONUS
from tote.games.wits_and_wagers.state import WitsAndWagersState
from tote.sim.game_stats import ROUNDS, Scalar, StatTable
from tote.sim.games.tally import Tally, share


def slot_name(slot: int) -> str:
    """A slot as a designer reads the mat: its odds, left to right (WW 2.4)."""
    if slot == 0:
        return "0: too high (6 to 1)"
    return f"{slot}: {SLOT_ODDS[slot]} to 1"


def _leaders(points: list[int]) -> set[int]:
    best = max(points)
    return {s for s, p in enumerate(points) if p == best}


class WitsAndWagersStats:
    game_id = "wits-and-wagers"

    def columns(self, final: State) -> dict[str, Scalar]:
        if not isinstance(final, WitsAndWagersState):
            raise TypeError(f"not a {self.game_id} game: {type(final).__name__}")
        history: list[dict[str, Any]] = final.history
        points: list[int] = list(final.points)
        cols: dict[str, Scalar] = {ROUNDS: len(history)}
        paid = [0] * SLOTS
        lost = [0] * SLOTS
        wagers = [0] * SLOTS
        staked = [0] * SLOTS
        returned = [0] * SLOTS
        bonus = [0] * len(points)
        for q, summary in enumerate(history, start=1):
            cols[f"q{q}_slot"] = summary["winning_slot"]
            cols[f"q{q}_bonus_seats"] = len(summary["bonus"])
            for seat in summary["bonus"]:
                bonus[seat] += BONUS
            for bet in summary["bets"]:
                wagers[bet["slot"]] += 1
                paid[bet["slot"]] += bet.get("won", 0)
                lost[bet["slot"]] += bet.get("lost", 0)
                # WW 6.2: a bet's stake is its betting chip (1 point) and the poker chips
                # under it; a winning bet keeps it and is paid its gain, a losing one
                # keeps only the betting chip (WW 6.1).
                stake = 1 + bet["chips"]
                staked[bet["slot"]] += stake
                returned[bet["slot"]] += stake + bet["won"] if "won" in bet else 1
        for slot in range(SLOTS):
            cols[f"slot{slot}_bets"] = wagers[slot]
            cols[f"slot{slot}_paid"] = paid[slot]
            cols[f"slot{slot}_lost"] = lost[slot]
            cols[f"staked_slot{slot}"] = staked[slot]
            cols[f"returned_slot{slot}"] = returned[slot]
        cols["bonus_points"] = sum(bonus)
        cols["points_total"] = sum(points)
        without = [p - b for p, b in zip(points, bonus, strict=True)]
        cols["bonus_decided"] = bool(points) and _leaders(points) != _leaders(without)
        return cols

    def accumulator(self) -> WitsAndWagersAccumulator:
        return WitsAndWagersAccumulator()


class WitsAndWagersAccumulator(Tally):
    def add(self, columns: Mapping[str, Scalar]) -> None:
        self.games += 1
        questions = int(columns.get(ROUNDS) or 0)
        for q in range(1, questions + 1):
            slot = int(columns[f"q{q}_slot"] or 0)
            self.count("slot", slot_name(slot), "won")
            self.count("questions", "all", "questions")
            self.count(
                "bonus",
                "questions",
                "seats given the bonus",
                int(columns[f"q{q}_bonus_seats"] or 0),
            )
        for slot in range(SLOTS):
            name = slot_name(slot)
            for what in ("bets", "paid", "lost"):
                self.count("slot", name, what, int(columns.get(f"slot{slot}_{what}") or 0))
        self.measure("bonus", "game", "bonus points", float(columns.get("bonus_points") or 0))
        self.measure("bonus", "game", "all points", float(columns.get("points_total") or 0))
        if columns.get("bonus_decided"):
            self.count("bonus", "games", "decided by the bonus")

    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        questions = self.get("questions", "all", "questions")
        data["slot_win_rate"] = {
            slot_name(s): self.get("slot", slot_name(s), "won") / questions if questions else None
            for s in range(SLOTS)
        }
        return data

    def tables(self) -> list[StatTable]:
        questions = self.get("questions", "all", "questions")
        rows = []
        for slot in range(SLOTS):
            name = slot_name(slot)
            bets = self.get("slot", name, "bets")
            net = self.get("slot", name, "paid") - self.get("slot", name, "lost")
            rows.append(
                [
                    name,
                    share(self.get("slot", name, "won"), questions),
                    str(bets),
                    f"{self.get('slot', name, 'paid') / bets:.2f}" if bets else "-",
                    f"{net / bets:+.2f}" if bets else "-",
                ]
            )
        slots = StatTable(
            "The mat: winning slot (WW 4) and bets on it (WW 6)",
            ["slot", "wins", "bets", "paid per bet", "net per bet"],
            rows,
        )
        bonus_points = self.mean("bonus", "game", "bonus points").mean
        all_points = self.mean("bonus", "game", "all points").mean
        decided = self.get("bonus", "games", "decided by the bonus")
        bonus = StatTable(
            "The bonus (WW 5.1)",
            ["", "value"],
            [
                ["bonus points per game", f"{bonus_points:.2f}"],
                [
                    "share of final points",
                    f"{bonus_points / all_points:.1%}" if all_points else "-",
                ],
                [
                    "seats given it per question",
                    f"{self.get('bonus', 'questions', 'seats given the bonus') / questions:.2f}"
                    if questions
                    else "-",
                ],
                ["games it decided", share(decided, self.games)],
            ],
        )
        return [slots, bonus]


STATS = WitsAndWagersStats()
