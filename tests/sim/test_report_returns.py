"""Issue 29, the balance report's "Returns per bet": every game's bets, their returns
per unit staked with intervals, recomputed by hand from ``tote simulate --out`` rows,
one payout checked against the rulebook's table, and the flags' thresholds."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tote.cli.main import app
from tote.core.registry import get_game
from tote.games.winners_circle.state import WinnersCircleState
from tote.sim.game_stats import Scalar
from tote.sim.games.winners_circle import STATS as WC_STATS
from tote.sim.play import play_state
from tote.sim.report.returns import returns_section
from tote.sim.runner import GameRow, iter_rows, plan_games

pl = pytest.importorskip("polars")

GAMES = [
    ("winners-circle", 3),
    ("wetten", 3),
    ("horse-fever", 3),
    ("wits-and-wagers", 4),
    ("carcassonne", 2),
]
GAMES_PLAYED = 10
SEED = 11

INDEPENDENT = {
    # (table, bet) -> the columns a designer sums by hand, named as docs/simulation.md
    # ("Each game's numbers") describes them: (staked pattern, returned pattern).
    "winners-circle": {
        ("All bets, by payment", "win"): (r"staked_[a-z]+", r"returned_win_[a-z]+"),
        ("Per horse, all payments", "red"): (r"staked_red", r"returned_[a-z]+_red"),
    },
    "wetten": {
        ("Set the Stakes against the Second Bet", "Set the Stakes"): (
            r"staked_set_the_stakes_.+",
            r"returned_set_the_stakes_.+",
        ),
        ("Set the Stakes against the Second Bet", "Second Bet"): (
            r"staked_second_bet_.+",
            r"returned_second_bet_.+",
        ),
    },
    "horse-fever": {
        ("Win and Show", "Win"): (r"staked_win_odds\d", r"returned_win_odds\d"),
        ("Per odds row at the payoffs", "Show at 1:3"): (
            r"staked_show_odds3",
            r"returned_show_odds3",
        ),
    },
    "wits-and-wagers": {
        ("All bets", "every slot"): (r"staked_slot\d", r"returned_slot\d"),
    },
    "carcassonne": {
        ("All chips", "every face"): (r"chip_.+_settled", r"chip_.+_points"),
    },
}


def rows_of(game_id: str, players: int, games: int = GAMES_PLAYED) -> list[GameRow]:
    return list(iter_rows(plan_games(game_id, players, games, seed=SEED)))


def bets_of(data: dict[str, object]) -> dict[tuple[str, str], dict[str, object]]:
    tables = data["tables"]
    assert isinstance(tables, list)
    return {(t["title"], b["label"]): b for t in tables for b in t["bets"]}


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_every_bet_has_a_return_with_an_interval(game_id: str, players: int) -> None:
    """Issue 29, "Returns per bet": for every kind of bet the game has, what it returns
    per unit staked with an interval, in words and tables, with flags."""
    section = returns_section(game_id, rows_of(game_id, players))
    assert section.id == "returns" and section.tables and section.flags
    assert section.data["interval"].startswith("delta method")
    measured = [b for b in bets_of(section.data).values() if b["rtp"] is not None]
    assert measured
    for bet in measured:
        if bet["low"] is not None:
            assert bet["low"] <= bet["rtp"] <= bet["high"]
        if section.data["house"]:
            assert bet["house_edge"] == pytest.approx(1 - bet["rtp"])
    assert any("returns" in line for line in section.summary)
    assert section.figures and all(f.png.startswith(b"\x89PNG") for f in section.figures)


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_returns_are_recomputed_by_hand_from_the_out_rows(
    game_id: str, players: int, tmp_path: Path
) -> None:
    """Issue 29, "Done means": returns per bet recomputed from ``--out`` rows match the
    section, from the documented column names and from the columns the JSON names."""
    out = tmp_path / "rows.parquet"
    args = ["simulate", game_id, "-p", str(players), "-n", str(GAMES_PLAYED)]
    result = CliRunner().invoke(app, [*args, "--seed", str(SEED), "--out", str(out)])
    assert result.exit_code == 0, result.output
    frame = pl.read_parquet(out)
    section = returns_section(game_id, rows_of(game_id, players))
    bets = bets_of(section.data)

    def total(columns: Sequence[str]) -> float:
        return float(sum(frame[c].fill_null(0).sum() for c in columns))

    for (table, label), (staked, returned) in INDEPENDENT[game_id].items():
        bet = bets[table, label]
        x = total([c for c in frame.columns if re.fullmatch(staked, c)])
        y = total([c for c in frame.columns if re.fullmatch(returned, c)])
        assert x > 0 and (bet["staked"], bet["returned"]) == (x, y)
        assert bet["rtp"] == pytest.approx(y / x)
    for bet in bets.values():
        x, y = total(bet["staked_columns"]), total(bet["returned_columns"])
        assert (bet["staked"], bet["returned"]) == (x, y)
        assert bet["rtp"] == (pytest.approx(y / x) if x else None)


def test_a_winners_circle_payout_matches_the_rulebook_table() -> None:
    """WC 5.1, 5.2, 5.5: a placed horse pays, per bet, the payout table's cell in the row
    of its place and the column of its number of bets (a 1-chip one bet, a 2-chip two),
    doubled in race 3; the row columns carry exactly that, and it is what the section's
    "Per horse and payment" return is built from."""
    game = get_game("winners-circle")
    state, _, _ = play_state(game, game.options(None, []), ("random",) * 3, 5)
    assert isinstance(state, WinnersCircleState)
    table = state.table
    expected: dict[str, int] = dict.fromkeys(state.horse_names, 0)
    for r, race in enumerate(state.history):
        bets = sum(b["chip"] for b in race["bets"] if b["horse"] == race["win"])
        if bets:
            cell = table.win[min(bets, len(table.win)) - 1]
            expected[race["win"]] += cell * bets * table.race_multipliers[r]
    assert any(expected.values())
    columns = WC_STATS.columns(state)
    assert {h: columns[f"returned_win_{h}"] for h in state.horse_names} == expected


def row(columns: dict[str, int | float | None], index: int) -> GameRow:
    return GameRow(index, index, ("random",) * 2, (0, 0), (1, 1), (0, 1), 0, 0, columns)


def test_a_bet_that_beats_the_house_is_flagged() -> None:
    """Issue 29: flags for a bet whose return is above 1 (beats the house, whole interval
    above 1) or far off the others (more than 25% from its group, interval excluding it)."""
    rows = []
    for i in range(30):
        cols: dict[str, int | float | None] = {}
        for n in (2, 3):
            cols[f"staked_win_odds{n}"] = 100
            cols[f"returned_win_odds{n}"] = 200 * (i % 2) if n == 2 else 100 * (i % 3 == 0)
            cols[f"staked_show_odds{n}"] = 100
            cols[f"returned_show_odds{n}"] = 180 + (i % 5) * 10
        rows.append(row(cols, i))
    section = returns_section("horse-fever", rows)
    warnings = [f.text for f in section.flags if f.level == "warn"]
    assert any(t.startswith("Show beats the house") for t in warnings)
    assert any(
        "25%" in t and "Win at 1:3 returns 0.33" in t and "Win at 1:2" not in t for t in warnings
    )
    assert not any("Win at 1:2 beats" in t for t in warnings)  # 1.00: not above 1


def test_wetten_compares_set_the_stakes_with_the_second_bet() -> None:
    """Issue 29: Wetten!'s Set the Stakes against the Second Bet, the difference of their
    returns with an interval, in words."""
    section = returns_section("wetten", rows_of("wetten", 3, 20))
    diff = section.data["set_the_stakes_minus_second_bet"]
    assert diff["low"] <= diff["difference"] <= diff["high"]
    assert any("against the Second Bet" in line for line in section.summary)


def matching(cols: dict[str, Scalar], pattern: str) -> int:
    """The sum of the columns whose names match ``pattern``."""
    return sum(int(v or 0) for k, v in cols.items() if re.fullmatch(pattern, k))


@pytest.mark.parametrize(("game_id", "players"), GAMES[:4])
def test_the_new_columns_add_up_to_the_existing_ones(game_id: str, players: int) -> None:
    """Issue 29: the returns' columns count the same money as the columns each game
    already had (WC 5.1-5.4 payments and bets; WT 10.2 tickets; WW 6.1-6.2 per slot;
    Horse Fever has no such column; its stakes are checked to be counted)."""
    for game in rows_of(game_id, players, 6):
        cols = game.columns

        if game_id == "winners-circle":
            assert matching(cols, r"staked_[a-z]+") == cols["bets"]
            for reason in ("win", "place", "show", "pace", "last"):
                assert matching(cols, rf"returned_{reason}_[a-z]+") == cols[f"paid_{reason}"]
        elif game_id == "wetten":
            for ticket in ("set_the_stakes", "second_bet"):
                assert matching(cols, rf"staked_{ticket}_.+") == cols[f"{ticket}_staked"]
                assert matching(cols, rf"returned_{ticket}_.+") == cols[f"{ticket}_paid"]
        elif game_id == "wits-and-wagers":
            for s in range(8):
                net = int(cols[f"returned_slot{s}"] or 0) - int(cols[f"staked_slot{s}"] or 0)
                assert net == int(cols[f"slot{s}_paid"] or 0) - int(cols[f"slot{s}_lost"] or 0)
        else:
            assert matching(cols, r"staked_(win|show)_odds\d") > 0


def test_a_bet_that_never_paid_gets_no_interval_of_no_width_and_no_flag() -> None:
    """Issue 29 review: a bet that never paid had the delta method's interval "$0 to $0"
    and was flagged as confidently off its group. Games that all return the same multiple
    of their stake show no spread: no interval, so no flag from one."""
    from tote.sim.report.returns import ratio

    never = ratio([100.0, 50.0, 200.0], [0.0, 0.0, 0.0])
    assert never.rtp == 0 and never.low is None and never.high is None
    doubled = ratio([100.0, 50.0], [200.0, 100.0])
    assert doubled.rtp == 2 and doubled.low is None
    varied = ratio([100.0, 50.0, 200.0], [0.0, 150.0, 0.0])
    assert varied.low is not None and varied.high is not None and varied.low < varied.high


def test_money_that_rounds_to_zero_is_written_without_a_minus() -> None:
    """Issue 29 review: "($-0 to $4)" beside "-$2": an amount that rounds to zero is
    "$0"; a negative one "-$2", a positive one "$1,250"."""
    from tote.sim.report.bets import dollars

    assert [dollars(-0.3), dollars(0.4), dollars(-2.0), dollars(1250.2)] == [
        "$0",
        "$0",
        "-$2",
        "$1,250",
    ]
