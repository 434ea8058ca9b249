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
from tote.games.wits_and_wagers.setup import QUESTIONS_PER_GAME
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


SLOT_NAMES = tuple(slot_name(slot) for slot in range(SLOTS))
QUESTION_COLUMNS = tuple(
    (f"q{q}_slot", f"q{q}_bonus_seats") for q in range(1, QUESTIONS_PER_GAME + 1)
)
"""Each question's columns, question 1 first (WW 1.3: seven questions a game); the names
are written once, not for every row."""
SLOT_COLUMNS = tuple(
    (f"slot{s}_bets", f"slot{s}_paid", f"slot{s}_lost", f"staked_slot{s}", f"returned_slot{s}")
    for s in range(SLOTS)
)
"""Each slot's columns, slot 0 first."""


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
        for (slot_column, bonus_column), summary in zip(
            QUESTION_COLUMNS[: len(history)], history, strict=True
        ):
            cols[slot_column] = summary["winning_slot"]
            cols[bonus_column] = len(summary["bonus"])
            for seat in summary["bonus"]:
                bonus[seat] += BONUS
            for bet in summary["bets"]:
                slot = bet["slot"]
                wagers[slot] += 1
                # WW 6.2: a bet's stake is its betting chip (1 point) and the poker chips
                # under it; a winning bet keeps it and is paid its gain, a losing one
                # keeps only the betting chip (WW 6.1).
                stake = 1 + bet["chips"]
                staked[slot] += stake
                if "won" in bet:
                    paid[slot] += bet["won"]
                    returned[slot] += stake + bet["won"]
                else:
                    lost[slot] += bet.get("lost", 0)
                    returned[slot] += 1
        for slot, (
            bets_column,
            paid_column,
            lost_column,
            staked_column,
            returned_column,
        ) in enumerate(SLOT_COLUMNS):
            cols[bets_column] = wagers[slot]
            cols[paid_column] = paid[slot]
            cols[lost_column] = lost[slot]
            cols[staked_column] = staked[slot]
            cols[returned_column] = returned[slot]
        cols["bonus_points"] = sum(bonus)
        cols["points_total"] = sum(points)
        without = [p - b for p, b in zip(points, bonus, strict=True)]
        cols["bonus_decided"] = bool(points) and _leaders(points) != _leaders(without)
        return cols

    def accumulator(self) -> WitsAndWagersAccumulator:
        return WitsAndWagersAccumulator()


class WitsAndWagersAccumulator(Tally):
    def add(self, columns: Mapping[str, Scalar]) -> None:
        """One game's row counted; the counts written straight into ``flat_counts``
        (``Tally.count``'s own step), as the parent process adds every row."""
        self.games += 1
        counts = self.flat_counts
        questions = int(columns.get(ROUNDS) or 0)
        for slot_column, bonus_column in QUESTION_COLUMNS[:questions]:
            slot = int(columns[slot_column] or 0)
            counts["slot", SLOT_NAMES[slot], "won"] += 1
            counts["questions", "all", "questions"] += 1
            counts["bonus", "questions", "seats given the bonus"] += int(columns[bonus_column] or 0)
        for name, (bets_column, paid_column, lost_column, _, _) in zip(
            SLOT_NAMES, SLOT_COLUMNS, strict=True
        ):
            counts["slot", name, "bets"] += int(columns.get(bets_column) or 0)
            counts["slot", name, "paid"] += int(columns.get(paid_column) or 0)
            counts["slot", name, "lost"] += int(columns.get(lost_column) or 0)
        self.measure("bonus", "game", "bonus points", float(columns.get("bonus_points") or 0))
        self.measure("bonus", "game", "all points", float(columns.get("points_total") or 0))
        if columns.get("bonus_decided"):
            counts["bonus", "games", "decided by the bonus"] += 1

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
        for name in SLOT_NAMES:
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
