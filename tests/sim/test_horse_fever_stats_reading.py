"""Horse Fever's statistics read the log once and tally the columns by a plan (issue 24):
the same columns, in the same order, and the same tally as the straightforward reading
they replaced (the log walked once per kind of number, every column's name split and
tested), on games of every mode, played through the rules loop and the quiet loop."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from tote.core.registry import get_game
from tote.games.horse_fever.state import HorseFeverState
from tote.sim.game_stats import ROUNDS, Scalar
from tote.sim.games.horse_fever import SOURCES, STATS, HorseFeverAccumulator
from tote.sim.play import play_state

from .test_game_stats import finished

MODES: list[dict[str, Any]] = [
    {},
    {"mode": "family"},
    {"advanced": True},
    {"mode": "party"},
    {"length": "short"},
]


def rules_loop_game(options: dict[str, Any], players: int, seed: int) -> HorseFeverState:
    """A game of uniformly random legal moves through the rules loop (its whole log)."""
    state = finished("horse-fever", players, seed, **options)
    assert isinstance(state, HorseFeverState)
    return state


def quiet_loop_game(options: dict[str, Any], players: int, seed: int) -> HorseFeverState:
    """A game as ``tote simulate`` plays it with random bots (the quiet loop)."""
    game = get_game("horse-fever")
    state, _, _ = play_state(game, game.options(options, []), ["random"] * players, seed)
    assert isinstance(state, HorseFeverState)
    return state


def reference_columns(final: HorseFeverState) -> dict[str, Scalar]:
    """The columns as they were read before issue 24's second pass."""
    history = final.history
    cols: dict[str, Scalar] = {ROUNDS: len(history)}
    for r in range(1, max(final.rounds, len(history)) + 1):
        race: dict[str, Any] = history[r - 1] if r <= len(history) else {}
        for colour in final.colours:
            ran = colour in race.get("ranking", ())
            cols[f"race{r}_odds_{colour}"] = race["odds_before"][colour] if ran else None
            cols[f"race{r}_place_{colour}"] = race["ranking"].index(colour) + 1 if ran else None
    n = final.num_players
    vp: dict[str, list[int]] = {s: [0] * n for s in SOURCES}
    if not final.party:
        vp["start"] = [final.board.starting_vp.value] * n
    for event in final.log:
        data = event.public
        if event.kind == "payoffs":
            for line in data["lines"]:
                if "bet" in line:
                    vp[f"{line['bet']} bets"][line["seat"]] += line["vp"]
        elif event.kind == "dutch_auction" and data["seller"] is not None:
            vp["dutch auction"][data["seller"]] -= 1
        elif event.kind == "english_auction" and data["buyer"] is not None:
            vp["english auction"][data["buyer"]] += 1
        elif event.kind == "cannot_cover":
            vp["minimum bet not covered"][data["seat"]] -= data["vp_lost"]
        elif event.kind == "final":
            for seat, cards in data["targets"].items():
                vp["targets"][int(seat)] += sum(final.targets[c].vp for c in cards)
    for owner in final.owner:
        if owner is not None:
            vp["stables held"][owner] += 1
    for seat in range(n):
        tracked = sum(vp[s][seat] for s in SOURCES)
        vp["lost when eliminated"][seat] = final.total_vp(seat) - tracked
    for source, seats in vp.items():
        cols["vp_" + source.replace(" ", "_")] = sum(seats)
    prices: dict[str, list[int | None]] = {"dutch": [], "english": []}
    reasons: list[str] = []
    for event in final.log:
        if event.kind in ("dutch_auction", "english_auction"):
            prices[event.kind.replace("_auction", "")].append(event.public["price"])
        elif event.kind == "eliminated":
            reasons.append(event.public["why"])
    cols["auctions"] = len(prices["english"])
    for name, held in prices.items():
        for r in range(1, max(final.rounds, len(held)) + 1):
            cols[f"round{r}_{name}_price"] = held[r - 1] if r <= len(held) else None
    cols["eliminated"] = len(reasons)
    cols["eliminated_why"] = "|".join(reasons)
    rows = sorted(set(final.board.odds_rows))
    staked = {(kind, n): 0 for kind in ("win", "show") for n in rows}
    returned = dict(staked)
    pending: dict[tuple[int, str, str], int] = {}
    races = iter(final.history)
    for event in final.log:
        data = event.public
        if event.kind == "bet":
            key = (data["seat"], data["stable"], data["bet"])
            pending[key] = pending.get(key, 0) + data["amount"]
        elif event.kind == "payoffs":
            odds = next(races)["odds_before"]
            for line in data["lines"]:
                if "bet" in line:
                    cell = (line["bet"], odds[line["stable"]])
                    staked[cell] += pending.get((line["seat"], line["stable"], line["bet"]), 0)
                    returned[cell] += line["danari"] if line["won"] else 0
            pending.clear()
    for kind, n in staked:
        cols[f"staked_{kind}_odds{n}"] = staked[kind, n]
        cols[f"returned_{kind}_odds{n}"] = returned[kind, n]
    return cols


class ReferenceAccumulator(HorseFeverAccumulator):
    """The tally as it was before issue 24's second pass (every column tested)."""

    def add(self, columns: Mapping[str, Scalar]) -> None:
        self.games += 1
        for key, value in columns.items():
            if not (key.startswith("race") and "_odds" in key) and not key.endswith("price"):
                continue
            race, what, colour = [*key.split("_", 2), "", ""][:3]
            if what == "odds" and race.startswith("race") and value is not None:
                place = int(columns[f"{race}_place_{colour}"] or 0)
                row = f"1:{value}"
                self.count("odds", row, "races")
                self.count("colour", colour, "races")
                if place == 1:
                    self.count("odds", row, "win")
                    self.count("colour", colour, "win")
                if place <= 3:
                    self.count("odds", row, "show")
                    self.count("colour", colour, "show")
            elif colour == "price" and what in ("dutch", "english"):
                if int(race[len("round") :]) > int(columns.get("auctions") or 0):
                    continue
                if value is None:
                    self.count("auction", what, "unsold")
                else:
                    self.count("auction", what, "sold")
                    self.measure("auction", what, "price", float(value))
        for source in SOURCES:
            key = "vp_" + source.replace(" ", "_")
            self.measure("vp", source, "per game", float(columns.get(key) or 0))
        eliminated = int(columns.get("eliminated") or 0)
        self.count("eliminated", "games", "players eliminated", eliminated)
        if eliminated:
            self.count("eliminated", "games", "games with one")
        for why in str(columns.get("eliminated_why") or "").split("|"):
            if why:
                self.count("eliminated", why, "players")


@pytest.mark.parametrize("options", MODES)
def test_the_columns_and_tally_are_the_straightforward_readings(options: dict[str, Any]) -> None:
    """Issue 24: for games of each mode, both loops, the columns are the reference's
    (names, order and values) and the tally of all of them is the reference tally."""
    players = 6 if options.get("mode") == "party" else 4
    fast, reference = STATS.accumulator(), ReferenceAccumulator()
    for seed in range(8):
        for final in (
            rules_loop_game(options, players, seed),
            quiet_loop_game(options, players, 100 + seed),
        ):
            cols = STATS.columns(final)
            assert list(cols.items()) == list(reference_columns(final).items()), seed
            fast.add(cols)
            reference.add(cols)
    assert fast.to_json() == reference.to_json()
    assert [t.rows for t in fast.tables()] == [t.rows for t in reference.tables()]
