"""Horse Fever's own numbers: how often a Stable wins and shows from each odds row, where
the players' VP come from, what the two auctions fetch, and who is eliminated.

Read from the finished game's history (one entry per race: the ranking and the odds
before and after, HF 3.4) and log: the ``payoffs`` lines (HF 3.3), the ``dutch_auction``
and ``english_auction`` results (HF 4.1-4.2), ``cannot_cover`` (HF 2.1), the ``final``
scoring of Targets (HF 5.2) and ``eliminated``. A Stable *shows* when it finishes in
the first three (HF 3.3; an Assistant's "show fourth" skill is not counted here).

VP sources, summed over the seats: the starting VP (HF 0.3), Win and Show bets (HF
3.3), the English auction (+1, HF 4.2) and the Dutch auction (-1, HF 4.1), a Minimum
Bet not covered (HF 2.1), Targets (HF 5.2) and Stable Owner cards held at the end
(HF 1.1). What an eliminated player loses (ruling R18) is the rest: their VP before
elimination, read as final VP minus the sources.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from tote.core.state import State
from tote.games.horse_fever.state import HorseFeverState
from tote.sim.game_stats import ROUNDS, Scalar, StatTable
from tote.sim.games.tally import Measure, Tally, share

SOURCES = (
    "start",
    "win bets",
    "show bets",
    "english auction",
    "dutch auction",
    "minimum bet not covered",
    "targets",
    "stables held",
    "lost when eliminated",
)


def _key(source: str) -> str:
    return "vp_" + source.replace(" ", "_")


BETS = ("win", "show")
"""The kinds of bet (HF 2.0)."""
VP_KEYS = tuple((source, _key(source)) for source in SOURCES)
"""Each VP source and its column."""


@dataclass
class LogReading:
    """What the statistics read from a finished game's log, in one walk of it (issue
    24: it was walked three times): each seat's VP by source, the stakes and returns of
    the bets by kind and odds row, each auction's price and why players went out."""

    vp: dict[str, list[int]]
    staked: dict[tuple[str, int], int]
    returned: dict[tuple[str, int], int]
    prices: dict[str, list[int | None]]
    reasons: list[str]


def read_log(final: HorseFeverState) -> LogReading:
    """The :class:`LogReading` of ``final``: see :func:`vp_sources`, :func:`bet_returns`
    and :meth:`HorseFeverStats.columns` for what each part counts."""
    n = final.num_players
    vp: dict[str, list[int]] = {s: [0] * n for s in SOURCES}
    if not final.party:
        vp["start"] = [final.board.starting_vp.value] * n
    bet_vp = {kind: vp[f"{kind} bets"] for kind in BETS}
    rows = sorted(set(final.board.odds_rows))
    staked = {(kind, n): 0 for kind in BETS for n in rows}
    returned = dict(staked)
    pending: dict[tuple[int, str, str], int] = {}
    prices: dict[str, list[int | None]] = {"dutch": [], "english": []}
    reasons: list[str] = []
    races = iter(final.history)
    for kind, data, _ in final.log:  # an Event unpacked (cheaper than its attributes)
        if kind == "bet":
            key = (data["seat"], data["stable"], data["bet"])
            pending[key] = pending.get(key, 0) + data["amount"]
        elif kind == "payoffs":
            odds = next(races)["odds_before"]
            for line in data["lines"]:
                bet = line.get("bet")
                if bet is not None:
                    seat, stable = line["seat"], line["stable"]
                    bet_vp[bet][seat] += line["vp"]
                    cell = (bet, odds[stable])
                    staked[cell] += pending.get((seat, stable, bet), 0)
                    if line["won"]:
                        returned[cell] += line["danari"]
            pending.clear()
        elif kind == "dutch_auction":
            prices["dutch"].append(data["price"])
            if data["seller"] is not None:
                vp["dutch auction"][data["seller"]] -= 1
        elif kind == "english_auction":
            prices["english"].append(data["price"])
            if data["buyer"] is not None:
                vp["english auction"][data["buyer"]] += 1
        elif kind == "cannot_cover":
            vp["minimum bet not covered"][data["seat"]] -= data["vp_lost"]
        elif kind == "final":
            for seat_key, cards in data["targets"].items():
                vp["targets"][int(seat_key)] += sum(final.targets[c].vp for c in cards)
        elif kind == "eliminated":
            reasons.append(data["why"])
    for owner in final.owner:
        if owner is not None:
            vp["stables held"][owner] += 1
    for seat in range(n):
        tracked = 0
        for seats in vp.values():
            tracked += seats[seat]
        vp["lost when eliminated"][seat] = final.total_vp(seat) - tracked
    return LogReading(vp, staked, returned, prices, reasons)


def vp_sources(final: HorseFeverState) -> dict[str, list[int]]:
    """Each seat's VP by source (see the module's docstring); they add up to the
    seat's final VP (:meth:`HorseFeverState.total_vp`)."""
    return read_log(final).vp


@cache
def race_keys(race: int, colours: tuple[str, ...]) -> tuple[str, ...]:
    """Race ``race``'s columns: each Stable's odds before it and its place, in the
    colours' order (made once, issue 24)."""
    keys: list[str] = []
    for colour in colours:
        keys += (f"race{race}_odds_{colour}", f"race{race}_place_{colour}")
    return tuple(keys)


def bet_returns(final: HorseFeverState, reading: LogReading | None = None) -> dict[str, Scalar]:
    """Issue 29, returns per bet: Danari staked on Win and Show bets (HF 2.0) and paid
    back (HF 3.3, the stake included, cards' and Assistants' money too; VP are not
    counted), by the odds row 1:N the Stable had at the payoffs. A payoffs line names
    seat, Stable and kind, which HF 2.3 makes unique within a race, so it is matched to
    the ``bet`` event that staked it. ``reading``: the log as already read."""
    read = reading if reading is not None else read_log(final)
    staked, returned = read.staked, read.returned
    cols: dict[str, Scalar] = {}
    for cell, (staked_key, returned_key) in return_keys(tuple(staked)).items():
        cols[staked_key] = staked[cell]
        cols[returned_key] = returned[cell]
    return cols


@cache
def return_keys(cells: tuple[tuple[str, int], ...]) -> dict[tuple[str, int], tuple[str, str]]:
    """Each (kind, odds N) cell's two columns, staked and returned (made once)."""
    return {(kind, n): (f"staked_{kind}_odds{n}", f"returned_{kind}_odds{n}") for kind, n in cells}


class HorseFeverStats:
    game_id = "horse-fever"

    def columns(self, final: State) -> dict[str, Scalar]:
        if not isinstance(final, HorseFeverState):
            raise TypeError(f"not a {self.game_id} game: {type(final).__name__}")
        history: list[dict[str, Any]] = final.history
        cols: dict[str, Scalar] = {ROUNDS: len(history)}
        # The same keys for the same options: every planned race (HF 0.9) has its
        # columns, empty for races a game that ended early never ran.
        colours = final.colours
        for r in range(1, max(final.rounds, len(history)) + 1):
            keys = race_keys(r, colours)
            if r > len(history):
                cols.update(dict.fromkeys(keys))
                continue
            race: dict[str, Any] = history[r - 1]
            before = race["odds_before"]
            place = {colour: at for at, colour in enumerate(race["ranking"], 1)}
            at = 0
            for colour in colours:  # each Stable's odds, then its place (None: not run)
                ran = place.get(colour)
                cols[keys[at]] = before[colour] if ran else None
                cols[keys[at + 1]] = ran
                at += 2
        reading = read_log(final)
        for source, key in VP_KEYS:
            cols[key] = sum(reading.vp[source])
        prices, reasons = reading.prices, reading.reasons
        cols["auctions"] = len(prices["english"])
        for name, held in prices.items():
            for r in range(1, max(final.rounds, len(held)) + 1):
                cols[f"round{r}_{name}_price"] = held[r - 1] if r <= len(held) else None
        cols["eliminated"] = len(reasons)
        cols["eliminated_why"] = "|".join(reasons)
        cols.update(bet_returns(final, reading))
        return cols

    def accumulator(self) -> HorseFeverAccumulator:
        return HorseFeverAccumulator()


Keys = tuple[tuple[str, str, str], tuple[str, str, str], tuple[str, str, str]]
"""A row's three counts: races, win and show."""
ColumnPlan = tuple[tuple[str, str, Keys | None, int], ...]
"""The columns an accumulator reads, in the row's order: (a race's odds column, its
place column, its colour's counts, ``0``) or (an auction's price column, the auction,
``None``, its round)."""


def row_keys(group: str, row: str) -> Keys:
    """The counts of ``row`` of ``group``: races, win, show."""
    return ((group, row, "races"), (group, row, "win"), (group, row, "show"))


def column_plan(keys: tuple[str, ...]) -> ColumnPlan:
    """Which of ``keys`` are a race's odds or an auction's price, and how each is read
    (issue 24: worked out once per set of columns, not for every game)."""
    plan: list[tuple[str, str, Keys | None, int]] = []
    for key in keys:
        if not (key.startswith("race") and "_odds" in key) and not key.endswith("price"):
            continue  # neither a race's odds nor an auction's price
        race, what, colour = [*key.split("_", 2), "", ""][:3]
        if what == "odds" and race.startswith("race"):
            plan.append((key, f"{race}_place_{colour}", row_keys("colour", colour), 0))
        elif colour == "price" and what in ("dutch", "english"):
            plan.append((key, what, None, int(race[len("round") :])))
    return tuple(plan)


class HorseFeverAccumulator(Tally):
    def __init__(self) -> None:
        super().__init__()
        self.plans: dict[tuple[str, ...], ColumnPlan] = {}
        """Each set of columns seen (one a batch's options) and its plan."""
        self.odds_keys: dict[Scalar, Keys] = {}
        """Each odds N seen and the counts of its row, ``1:N``."""
        self.vp_cells: list[tuple[Measure, str]] = []
        """Each VP source's measure and its column, once the first game made them."""

    def add(self, columns: Mapping[str, Scalar]) -> None:
        self.games += 1
        keys = tuple(columns)
        plan = self.plans.get(keys)
        if plan is None:
            plan = self.plans[keys] = column_plan(keys)
        # the races' counts gathered, then counted by one Counter.update (its loop is C)
        counted: list[tuple[str, str, str]] = []
        count = counted.append
        auctions = int(columns.get("auctions") or 0)
        odds_keys = self.odds_keys
        for key, other, colour, round_ in plan:
            value = columns[key]
            if colour is not None:
                if value is None:
                    continue
                place = int(columns[other] or 0)
                row = odds_keys.get(value)
                if row is None:
                    row = odds_keys[value] = row_keys("odds", f"1:{value}")
                count(row[0])
                count(colour[0])
                if place == 1:
                    count(row[1])
                    count(colour[1])
                if place <= 3:
                    count(row[2])
                    count(colour[2])
            else:
                if round_ > auctions:
                    continue  # a round without auctions (not reached, or FG 2 / PG 3.2)
                if value is None:
                    self.count("auction", other, "unsold")
                else:
                    self.count("auction", other, "sold")
                    self.measure("auction", other, "price", float(value))
        self.flat_counts.update(counted)
        if not self.vp_cells:  # self.measure("vp", source, "per game", ...) for each
            measures = self.flat_measures
            self.vp_cells = [
                (measures.setdefault(("vp", source, "per game"), Measure()), key)
                for source, key in VP_KEYS
            ]
        for cell, key in self.vp_cells:
            cell.add(float(columns.get(key) or 0))
        eliminated = int(columns.get("eliminated") or 0)
        self.count("eliminated", "games", "players eliminated", eliminated)
        if eliminated:
            self.count("eliminated", "games", "games with one")
        for why in str(columns.get("eliminated_why") or "").split("|"):
            if why:
                self.count("eliminated", why, "players")

    def tables(self) -> list[StatTable]:
        odds = StatTable(
            "Win and show by odds row before the race (HF 3.3-3.4)",
            ["odds", "win", "show", "races"],
            [
                [
                    row,
                    share(self.get("odds", row, "win"), n),
                    share(self.get("odds", row, "show"), n),
                    str(n),
                ]
                for row in self.rows("odds")
                if (n := self.get("odds", row, "races"))
            ],
        )
        vp = self.mean_table(
            "VP by source, per game (all seats)", "vp", ["per game"], "source", SOURCES
        )
        auctions = StatTable(
            "Auction prices in Danari (HF 4.1 Dutch: to the seller; HF 4.2 English: by the buyer)",
            ["auction", "sold", "unsold", "mean", "min", "max"],
            [
                [
                    auction,
                    str(self.get("auction", auction, "sold")),
                    str(self.get("auction", auction, "unsold")),
                    *(
                        [f"{m.mean:,.0f}", f"{m.low:,.0f}", f"{m.high:,.0f}"]
                        if (m := self.mean("auction", auction, "price")).n
                        else ["-", "-", "-"]
                    ),
                ]
                for auction in ("dutch", "english")
            ],
        )
        eliminated = self.get("eliminated", "games", "players eliminated")
        rows = [
            [
                "games with an elimination",
                f"{self.get('eliminated', 'games', 'games with one') / max(1, self.games):.1%}",
            ],
            ["players eliminated per game", f"{eliminated / max(1, self.games):.2f}"],
        ]
        rows += [
            [f"  {why}", str(self.get("eliminated", why, "players"))]
            for why in self.rows("eliminated")
            if why != "games"
        ]
        return [
            odds,
            vp,
            auctions,
            StatTable("Eliminations (HF 2.1, 5.1; ruling R18)", ["", "value"], rows),
        ]


STATS = HorseFeverStats()
