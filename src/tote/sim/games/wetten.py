"""Wetten!'s own numbers: each horse's finishing places, how many rounds a race takes,
what each ticket returns per unit staked, and how often the bank runs out.

Read from the finished game's history (one payout summary per race, WT 10: the
places, WT 4; every seat's tickets; what was paid, forfeited and topped up) and log
(one ``horses_moved`` event per round, WT 3). A ticket's return is what it was paid
divided by what was staked on it: "set_the_stakes" is the first ticket (WT 2),
"second_bet" the second (WT 5). The bank runs out when a payout cannot be paid in
full, which ends the game early (WT 10.3, WT 11.2).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tote.core.state import State
from tote.games.wetten.data import RACES
from tote.games.wetten.state import WettenState
from tote.sim.game_stats import ROUNDS, Scalar, StatTable
from tote.sim.games.tally import Tally

TICKETS = ("set_the_stakes", "second_bet")
PLACE_NAMES = ("1st", "2nd", "3rd", "4th")


class WettenStats:
    game_id = "wetten"

    def columns(self, final: State) -> dict[str, Scalar]:
        if not isinstance(final, WettenState):
            raise TypeError(f"not a {self.game_id} game: {type(final).__name__}")
        history: list[dict[str, Any]] = final.history
        rounds: list[int] = []
        for event in final.log:
            if event.kind == "race":
                rounds.append(0)
            elif event.kind == "horses_moved":
                rounds[-1] = max(rounds[-1], int(event.public["round"]))
        cols: dict[str, Scalar] = {"races": len(history)}
        staked = dict.fromkeys(TICKETS, 0)
        paid = dict.fromkeys(TICKETS, 0)
        forfeited = 0
        top_ups = 0
        # The same keys for the same options: all five races (WT 11.2), empty for the
        # races a game that ended early (WT 10.3) never ran.
        for r in range(1, RACES + 1):
            ran = r <= len(history)
            cols[f"race{r}_rounds"] = rounds[r - 1] if ran else None
            for horse in final.horse_names:
                cols[f"race{r}_place_{horse}"] = history[r - 1]["places"][horse] if ran else None
        cells = {
            (name, horse, place): [0, 0]
            for name in TICKETS
            for horse in final.horse_names
            for place in range(1, len(PLACE_NAMES) + 1)
        }
        for race in history:
            for ticket in race["tickets"]:
                for name in TICKETS:
                    staked[name] += sum(bet["stake"] for bet in ticket[name])
                    for bet in ticket[name]:
                        cells[name, bet["horse"], bet["place"]][0] += bet["stake"]
            for line in race["paid"]:
                paid[line["ticket"]] += line["amount"]
                cells[line["ticket"], line["horse"], line["place"]][1] += line["amount"]
            forfeited += sum(line["amount"] for line in race["forfeited"])
            top_ups += sum(race["top_ups"])
        for name in TICKETS:
            cols[f"{name}_staked"] = staked[name]
            cols[f"{name}_paid"] = paid[name]
        # Issue 29, returns per bet: each cell of each ticket's grid (WT 2.2), staked and
        # paid (WT 10.2; forfeited wins, WT 10.3, are not paid).
        for (name, horse, place), (stake, amount) in cells.items():
            cols[f"staked_{name}_{horse}_{place}"] = stake
            cols[f"returned_{name}_{horse}_{place}"] = amount
        cols["forfeited"] = forfeited
        cols["top_ups"] = top_ups
        cols[ROUNDS] = sum(rounds)
        cols["bank_ran_out"] = bool(history) and bool(history[-1]["ended_early"])
        cols["bank_left"] = history[-1]["bank"] if history else None
        return cols

    def accumulator(self) -> WettenAccumulator:
        return WettenAccumulator()


class WettenAccumulator(Tally):
    def add(self, columns: Mapping[str, Scalar]) -> None:
        self.games += 1
        races = int(columns.get("races") or 0)
        for r in range(1, races + 1):
            rounds = int(columns.get(f"race{r}_rounds") or 0)
            self.measure("race length", f"race {r}", "rounds", rounds)
            self.measure("race length", "every race", "rounds", rounds)
            self.count("rounds", f"{rounds} rounds", "races")
        for key, place in columns.items():
            race, what, horse = [*key.split("_", 2), "", ""][:3]
            if what == "place" and race.startswith("race") and isinstance(place, int):
                self.count("horse", horse, PLACE_NAMES[place - 1])
        for name in TICKETS:
            self.count("ticket", name, "staked", int(columns.get(f"{name}_staked") or 0))
            self.count("ticket", name, "paid", int(columns.get(f"{name}_paid") or 0))
        self.count("bank", "games", "forfeited", int(columns.get("forfeited") or 0))
        self.count("bank", "games", "top_ups", int(columns.get("top_ups") or 0))
        if columns.get("bank_ran_out"):
            self.count("bank", "games", "ran out")
            self.count("bank", f"after race {races}", "ran out")

    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        data["ticket_return"] = {
            name: self.get("ticket", name, "paid") / staked
            if (staked := self.get("ticket", name, "staked"))
            else None
            for name in TICKETS
        }
        return data

    def tables(self) -> list[StatTable]:
        tickets = StatTable(
            "Ticket returns: paid per unit staked (WT 10.2)",
            ["ticket", "staked", "paid", "return"],
            [
                [
                    name,
                    f"{self.get('ticket', name, 'staked'):,}",
                    f"{self.get('ticket', name, 'paid'):,}",
                    f"{self.get('ticket', name, 'paid') / staked:.3f}"
                    if (staked := self.get("ticket", name, "staked"))
                    else "-",
                ]
                for name in TICKETS
            ],
        )
        out = self.get("bank", "games", "ran out")
        bank = StatTable(
            "The bank (WT 10.3 runs out, WT 10.4 top-ups)",
            ["", "value"],
            [
                ["games where it ran out", f"{out / self.games:.1%}" if self.games else "-"],
                [
                    "forfeited per game",
                    f"{self.get('bank', 'games', 'forfeited') / max(1, self.games):,.0f}",
                ],
                [
                    "top-ups per game",
                    f"{self.get('bank', 'games', 'top_ups') / max(1, self.games):,.0f}",
                ],
            ],
        )
        return [
            self.rate_table("Finishing order by horse", "horse", PLACE_NAMES),
            self.mean_table("Race length in rounds (mean)", "race length", ["rounds"], "race"),
            tickets,
            bank,
        ]


STATS = WettenStats()
