"""Issue 14, 1: each game's own numbers, checked on seeded finished games against facts
the games fix independently (money and points add up, places are permutations, counts
match the log)."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tote.core.moves import CHANCE
from tote.core.registry import get_game
from tote.core.state import State
from tote.games import wetten as wetten_package
from tote.games.carcassonne.state import CarcassonneState
from tote.games.horse_fever.state import HorseFeverState
from tote.games.wetten.data import RACES as WETTEN_RACES
from tote.games.wetten.state import WettenState
from tote.games.winners_circle.state import WinnersCircleState
from tote.games.wits_and_wagers.mat import SLOTS
from tote.games.wits_and_wagers.paying_out import BONUS
from tote.games.wits_and_wagers.state import WitsAndWagersState
from tote.sim.game_stats import ROUNDS, game_stats
from tote.sim.games import MODULES
from tote.sim.games.horse_fever import vp_sources
from tote.sim.games.tally import Tally

SEEDS = range(6)
WETTEN_DATA = Path(wetten_package.__file__).parent / "data"


def finished(game_id: str, players: int, seed: int, **options: Any) -> State:
    """A game played to its end by uniformly random legal moves, seeded."""
    game = get_game(game_id)
    state = game.new_state(game.options(options, []), players)
    rng = random.Random(seed)
    while True:
        turn = state.turn()
        if turn.chance:
            state.apply(CHANCE, state.sample_chance(rng))
        elif turn.seats:
            seat = turn.seats[0]
            state.apply(seat, state.random_move(seat, rng))
        else:
            return state


def columns(state: State) -> dict[str, Any]:
    stats = game_stats(state.game_id)
    assert stats is not None
    return stats.columns(state)


@pytest.mark.parametrize(
    ("game_id", "players"),
    [
        ("winners-circle", 3),
        ("wits-and-wagers", 4),
        ("wetten", 3),
        ("horse-fever", 3),
        ("carcassonne", 3),
    ],
)
def test_every_game_has_flat_json_safe_columns_and_tables(game_id: str, players: int) -> None:
    """Issue 14, 1: every game's row is flat and JSON-safe, with the same keys for the
    same options, the length in rounds, and a summary with headline tables."""
    assert game_id in MODULES
    stats = game_stats(game_id)
    assert stats is not None and stats.game_id == game_id
    rows = [stats.columns(finished(game_id, players, seed)) for seed in (1, 2)]
    assert list(rows[0]) == list(rows[1])  # the same keys, in the same order
    for row in rows:
        assert all(isinstance(v, int | float | str | bool | type(None)) for v in row.values())
        assert isinstance(row[ROUNDS], int) and row[ROUNDS] > 0
        json.dumps(row)
    acc = stats.accumulator()
    for row in rows:
        acc.add(row)
    assert json.loads(json.dumps(acc.to_json()))["games"] == 2
    tables = acc.tables()
    assert tables and all(len(r) == len(t.header) for t in tables for r in t.rows)


def test_accumulator_summary_does_not_depend_on_row_order() -> None:
    """Issue 14: the summary is the same whatever order the rows come in (workers)."""
    stats = game_stats("winners-circle")
    assert stats is not None
    rows = [stats.columns(finished("winners-circle", 3, seed)) for seed in SEEDS]
    forward, backward = stats.accumulator(), stats.accumulator()
    for row in rows:
        forward.add(row)
    for row in reversed(rows):
        backward.add(row)
    assert json.dumps(forward.to_json()) == json.dumps(backward.to_json())


# ------------------------------------------------------------ Winner's Circle
WC_VARIANTS = [
    {},
    {"hidden_bets": True, "crowded_field": True},
    {"royal_turf": True, "alternative_payouts": True},
]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("variants", WC_VARIANTS)
def test_winners_circle_payments_add_up_to_the_money(seed: int, variants: dict[str, bool]) -> None:
    """WC 5.2-5.4 (and the variants, WC 6): the payments by kind, added to the starting
    money, are the final money."""
    state = finished("winners-circle", 3, seed, starting_money=500, **variants)
    assert isinstance(state, WinnersCircleState)
    cols = columns(state)
    paid = sum(cols[f"paid_{r}"] for r in ("win", "place", "show", "pace", "last"))
    assert sum(state.money) == 500 * 3 + paid
    assert cols["paid_last"] <= 0 <= cols["paid_win"]
    assert cols["bets"] >= cols["chips"] - 3 * 3  # WC 5.1: a 0-chip is no bet (Hidden Bets)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("variants", WC_VARIANTS)
def test_winners_circle_finishes_and_pace_horse_match_the_log(
    seed: int, variants: dict[str, bool]
) -> None:
    """WC 2.2, 4.8, 4.10 (WC 6.4: a card per horse): seven gates per race, seven
    different horses; win, place, show and last are different horses; the pace horse
    is the one the log marks."""
    state = finished("winners-circle", 4, seed, **variants)
    cols = columns(state)
    paces = [
        e.public["horse"]
        for e in state.log
        if e.kind == "horse_moved" and e.public.get("pace_horse")
    ]
    assert cols[ROUNDS] == 3
    for r in (1, 2, 3):
        gates = [cols[f"race{r}_gate{g}"] for g in range(1, 8)]
        assert sorted(gates) == sorted(state.horse_names)
        finish = [cols[f"race{r}_{p}"] for p in ("win", "place", "show")]
        last = cols[f"race{r}_last"].split(",")
        assert len(set(finish + last)) == 3 + len(last)
        assert cols[f"race{r}_pace"] == paces[r - 1]
        if cols[f"race{r}_pace_paid"]:
            assert cols[f"race{r}_pace"] in finish  # WC 5.3: only a placed pace horse pays


def test_winners_circle_rates_add_up() -> None:
    """Issue 14, 1: each race has one winner, so the horses' win counts add up to the
    races; every gate runs in every race."""
    stats = game_stats("winners-circle")
    assert stats is not None
    acc = stats.accumulator()
    assert isinstance(acc, Tally)
    for seed in SEEDS:
        acc.add(stats.columns(finished("winners-circle", 3, seed)))
    races = 3 * len(SEEDS)
    for place in ("win", "place", "show"):
        assert sum(acc.get("horse", h, place) for h in acc.rows("horse")) == races
        assert sum(acc.get("gate", g, place) for g in acc.rows("gate")) == races
        assert sum(acc.get("card", c, place) for c in acc.rows("card")) == races
    assert all(sum(acc.counts["gate"][g].values()) == races for g in acc.rows("gate"))


# ------------------------------------------------------------ Wits & Wagers
@pytest.mark.parametrize("seed", SEEDS)
def test_wits_and_wagers_points_are_bonus_plus_bets(seed: int) -> None:
    """WW 5.1, 6.1-6.2: every point a seat ends with came from the bonus or a bet."""
    state = finished("wits-and-wagers", 4, seed)
    assert isinstance(state, WitsAndWagersState)
    cols = columns(state)
    paid = sum(cols[f"slot{s}_paid"] for s in range(SLOTS))
    lost = sum(cols[f"slot{s}_lost"] for s in range(SLOTS))
    assert sum(state.points) == cols["bonus_points"] + paid - lost
    assert cols["bonus_points"] == BONUS * sum(cols[f"q{q}_bonus_seats"] for q in range(1, 8))
    slots = Counter(cols[f"q{q}_slot"] for q in range(1, 8))
    assert sum(slots.values()) == cols[ROUNDS] == 7
    for slot in range(SLOTS):
        if cols[f"slot{slot}_paid"]:
            assert slots[slot]  # only a winning slot pays


# ------------------------------------------------------------ Wetten!
@pytest.mark.parametrize("seed", SEEDS)
def test_wetten_places_rounds_and_bank(seed: int) -> None:
    """WT 3-4: every race's places are 1-4, one per horse; its rounds are its
    ``horses_moved`` events; WT 10.3: the game ends early exactly when the bank ran out."""
    state = finished("wetten", 3, seed)
    assert isinstance(state, WettenState)
    cols = columns(state)
    races = cols["races"]
    moved = Counter()
    race = 0
    for event in state.log:
        race += event.kind == "race"
        moved[race] += event.kind == "horses_moved"
    for r in range(1, races + 1):
        places = [cols[f"race{r}_place_{h}"] for h in state.horse_names]
        assert sorted(places) == [1, 2, 3, 4]
        assert cols[f"race{r}_rounds"] == moved[r]
    assert cols[ROUNDS] == sum(moved.values())
    assert cols["bank_ran_out"] == (races < WETTEN_RACES)
    paid = sum(line["amount"] for h in state.history for line in h["paid"])
    assert cols["set_the_stakes_paid"] + cols["second_bet_paid"] == paid


def test_wetten_bank_running_out_is_counted(tmp_path: Path) -> None:
    """WT 10.3: a bank too small for the payouts runs out, and the summary says so."""
    board = json.loads((WETTEN_DATA / "board.json").read_text())
    board["banknotes"]["counts"] = {"1000": 34}  # 34,000: 4,000 left after 3 x 10,000
    small = tmp_path / "board.json"
    small.write_text(json.dumps(board))
    stats = game_stats("wetten")
    assert stats is not None
    acc = stats.accumulator()
    outs = 0
    keys = []
    for seed in SEEDS:
        cols = stats.columns(finished("wetten", 3, seed, board_file=str(small)))
        outs += bool(cols["bank_ran_out"])
        keys.append(list(cols))
        acc.add(cols)
        if cols["bank_ran_out"]:
            assert cols["race5_rounds"] is None  # a race never run has empty columns
    assert outs > 0
    assert all(k == keys[0] for k in keys)  # the same keys whether or not the bank ran out
    assert acc.to_json()["counts"]["bank"]["games"]["ran out"] == outs


# ------------------------------------------------------------ Horse Fever
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("mode", ["board", "family"])
def test_horse_fever_vp_sources_explain_every_vp(seed: int, mode: str) -> None:
    """HF 0.3, 2.1, 3.3, 4.1-4.2, 5.2, 1.1 (and the Family Game, FG): the sources add up
    to each seat's VP with nothing left over for a seat still in the game; an
    eliminated seat lost what it had."""
    state = finished("horse-fever", 3, seed, mode=mode)
    assert isinstance(state, HorseFeverState)
    sources = vp_sources(state)
    for seat in range(3):
        lost = sources["lost when eliminated"][seat]
        if state.eliminated[seat]:
            assert lost <= 0 and state.total_vp(seat) == 0
        else:
            assert lost == 0
    cols = columns(state)
    assert sum(cols[k] for k in cols if k.startswith("vp_")) == sum(
        state.total_vp(s) for s in range(3)
    )
    assert cols["eliminated"] == sum(state.eliminated)


@pytest.mark.parametrize("seed", SEEDS)
def test_horse_fever_odds_rows_and_auctions(seed: int) -> None:
    """HF 3.4: each race ranks all six Stables once, each from an odds row of the board;
    HF 4.1-4.2: one Dutch and one English auction per race run."""
    state = finished("horse-fever", 3, seed)
    assert isinstance(state, HorseFeverState)
    cols = columns(state)
    rows = set(state.board.odds_rows)
    for r in range(1, cols[ROUNDS] + 1):
        assert sorted(cols[f"race{r}_place_{c}"] for c in state.colours) == list(range(1, 7))
        assert {cols[f"race{r}_odds_{c}"] for c in state.colours} <= rows
    dutch = [k for k in cols if k.endswith("_dutch_price")]
    english = [k for k in cols if k.endswith("_english_price")]
    assert len(dutch) == len(english) == state.rounds  # the same keys in every game
    assert cols["auctions"] == cols[ROUNDS]


def test_horse_fever_one_winner_per_race_by_odds_row() -> None:
    """Issue 14, 1: the win counts by odds row add up to the races; show is three per race."""
    stats = game_stats("horse-fever")
    assert stats is not None
    acc = stats.accumulator()
    assert isinstance(acc, Tally)
    races = 0
    for seed in SEEDS:
        cols = stats.columns(finished("horse-fever", 3, seed))
        races += cols[ROUNDS]
        acc.add(cols)
    assert sum(acc.get("odds", row, "win") for row in acc.rows("odds")) == races
    assert sum(acc.get("odds", row, "show") for row in acc.rows("odds")) == 3 * races


# ------------------------------------------------------------ Carcassonne
@pytest.mark.parametrize("seed", SEEDS[:3])
@pytest.mark.parametrize("variants", [{}, {"river": True, "abbot": True}])
def test_carcassonne_points_by_feature_add_up_to_the_scores(
    seed: int, variants: dict[str, bool]
) -> None:
    """CC 4-5, CB 3 (CA 2: the abbot's points too): feature points plus bet points are
    every point scored; CC 2.3: every tile drawn is placed or discarded."""
    state = finished("carcassonne", 3, seed, **variants)
    assert isinstance(state, CarcassonneState)
    cols = columns(state)
    sources = ("city", "road", "field", "monastery", "garden", "bets")
    assert sum(cols[f"points_{s}"] for s in sources) == sum(state.scores)
    drawn = sum(e.kind == "tile_drawn" for e in state.log)
    assert cols[ROUNDS] + cols["tiles_discarded"] == drawn
    chips = [k[: -len("_settled")] for k in cols if k.endswith("_settled")]
    assert chips
    for chip in chips:
        assert 0 <= cols[f"{chip}_won"] <= cols[f"{chip}_settled"]
    assert sum(cols[f"{c}_points"] for c in chips) == cols["points_bets"]


def test_carcassonne_without_the_bets_has_no_chip_columns() -> None:
    """CB: without The Bets there are no chips to count."""
    cols = columns(finished("carcassonne", 2, 1, bets=False))
    assert not [k for k in cols if k.startswith("chip_")]
    assert cols["points_bets"] == 0
