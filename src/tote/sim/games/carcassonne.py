"""Carcassonne's own numbers: points by feature type, The Bets' chips won by face, and
tiles discarded.

Read from the finished game's log: every ``feature_scored`` event (CC 4, CC 5: its
points go to each seat named), the abbot's ``abbot_returned`` points (CA 2.2), every
``bets_settled`` stack (CB 3: each chip's face and the points it won), and every
``tile_discarded`` (CC 2.3: a tile that fits nowhere). Feature points plus bet points
add up to the final scores. A game's rounds are the tiles placed after the start
tile (one per turn).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tote.core.state import State
from tote.games.carcassonne.state import CarcassonneState
from tote.games.carcassonne.tiles import KIND_NAMES
from tote.sim.game_stats import ROUNDS, Scalar, StatTable
from tote.sim.games.tally import Tally, share

SOURCES = (*KIND_NAMES, "bets")


class CarcassonneStats:
    game_id = "carcassonne"

    def columns(self, final: State) -> dict[str, Scalar]:
        if not isinstance(final, CarcassonneState):
            raise TypeError(f"not a {self.game_id} game: {type(final).__name__}")
        points = dict.fromkeys(SOURCES, 0)
        faces: list[str] = [c.id for c in final.data.chips.chips]
        settled = dict.fromkeys(faces, 0)
        won = dict.fromkeys(faces, 0)
        won_points = dict.fromkeys(faces, 0)
        tiles = discarded = 0
        for event in final.log:
            data = event.public
            if event.kind == "tile_placed":
                tiles += 1
            elif event.kind == "tile_discarded":
                discarded += 1
            elif event.kind == "feature_scored":
                points[data["feature"]] += data["points"] * len(data["seats"])
            elif event.kind == "abbot_returned":
                points[data["feature"]] += data["points"]
            elif event.kind == "bets_settled":
                for line in data["chips"]:
                    chip = line["chip"]
                    settled[chip] += 1
                    won[chip] += line["points"] > 0
                    won_points[chip] += line["points"]
                    points["bets"] += line["points"]
        cols: dict[str, Scalar] = {ROUNDS: tiles, "tiles_discarded": discarded}
        for source in SOURCES:
            cols[f"points_{source}"] = points[source]
        if final.bets:
            for chip in faces:
                cols[f"chip_{chip}_settled"] = settled[chip]
                cols[f"chip_{chip}_won"] = won[chip]
                cols[f"chip_{chip}_points"] = won_points[chip]
        return cols

    def accumulator(self) -> CarcassonneAccumulator:
        return CarcassonneAccumulator()


class CarcassonneAccumulator(Tally):
    def add(self, columns: Mapping[str, Scalar]) -> None:
        self.games += 1
        discarded = int(columns.get("tiles_discarded") or 0)
        self.measure("discarded", "tiles", "per game", discarded)
        if discarded:
            self.count("discarded", "games", "with a discard")
        for source in SOURCES:
            self.measure("points", source, "per game", float(columns.get(f"points_{source}") or 0))
        for key, value in columns.items():
            if key.startswith("chip_") and key.endswith("_settled"):
                chip = key[len("chip_") : -len("_settled")]
                self.count("chip", chip, "settled", int(value or 0))
                self.count("chip", chip, "won", int(columns[f"chip_{chip}_won"] or 0))
                self.count("chip", chip, "points", int(columns[f"chip_{chip}_points"] or 0))

    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        data["chip_win_rate"] = {
            chip: self.get("chip", chip, "won") / n
            if (n := self.get("chip", chip, "settled"))
            else None
            for chip in self.rows("chip")
        }
        return data

    def tables(self) -> list[StatTable]:
        points = self.mean_table(
            "Points by feature type, per game (all seats)",
            "points",
            ["per game"],
            "source",
            SOURCES,
        )
        chips = StatTable(
            "Bets by chip face (CB 3.3)",
            ["chip", "settled", "won", "points per chip"],
            [
                [
                    chip,
                    str(n),
                    share(self.get("chip", chip, "won"), n),
                    f"{self.get('chip', chip, 'points') / n:.2f}" if n else "-",
                ]
                for chip in self.rows("chip")
                for n in [self.get("chip", chip, "settled")]
            ],
        )
        per_game = self.mean("discarded", "tiles", "per game").mean
        with_one = self.get("discarded", "games", "with a discard")
        discards = StatTable(
            "Tiles discarded (CC 2.3)",
            ["", "value"],
            [
                ["per game", f"{per_game:.3f}"],
                ["games with a discard", share(with_one, self.games)],
            ],
        )
        tables = [points, discards]
        if chips.rows:
            tables.insert(1, chips)
        return tables


STATS = CarcassonneStats()
