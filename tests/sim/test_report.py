"""Issue 29, "The balance report": the battery, and the Seat order and Bots sections'
numbers checked against independent counts from the rows (and scipy directly)."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from scipy import stats

from tote.core.errors import OptionsError, ToteError
from tote.core.registry import get_game
from tote.core.tote_board import wilson
from tote.sim.report import battery as battery_module
from tote.sim.report.battery import Battery, parse_players, plan_battery, run_battery
from tote.sim.report.bots import bots_section
from tote.sim.report.seat_order import seat_order_section
from tote.sim.runner import iter_rows, plan_games

GAME = "wits-and-wagers"
"""The quickest game; it takes 4 players and more."""


@pytest.fixture(scope="module")
def battery() -> Battery:
    plan = plan_battery(GAME, players=[4, 5], games=12, seed=5, bots=["expert", "random"])
    return run_battery(plan)


def test_battery_plays_every_count_with_the_bots_rotated(battery: Battery) -> None:
    """Issue 29, the balance report: every player count asked, N games each, the bots
    turned one seat each game, seeds S+i, records kept for the replays."""
    assert sorted(battery.rows) == [4, 5]
    for players, rows in battery.rows.items():
        assert [r.index for r in rows] == list(range(12))
        assert [r.seed for r in rows] == [5 + i for i in range(12)]
        base = tuple(["expert", "random"][s % 2] for s in range(players))
        for row in rows:
            shift = row.index % players
            assert row.bots == base[shift:] + base[:shift]
            assert row.record is not None


def test_battery_beyond_the_recorded_games_goes_on_seed_and_seat(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 29: the games played without a record continue the recorded ones: the rows
    are those of one rotated run of all the games."""
    monkeypatch.setattr(battery_module, "MAX_RECORDED", 3)
    plan = plan_battery(GAME, players=[5], games=7, seed=11, bots=["expert", "random"])
    rows = run_battery(plan).rows[5]
    whole = list(iter_rows(plan_games(GAME, 5, 7, seed=11, bots=["expert", "random"], rotate=True)))
    assert [r.record is not None for r in rows] == [True] * 3 + [False] * 4
    assert [(r.index, r.seed, r.bots, r.scores) for r in rows] == [
        (r.index, r.seed, r.bots, r.scores) for r in whole
    ]


def test_seat_order_section_matches_a_count_by_hand(battery: Battery) -> None:
    """Issue 29, Seat order: win share per seat recounted from the rows; the chi-square
    p equals scipy's on the same counts."""
    section = seat_order_section(GAME, battery.rows)
    assert section.title == "Seat order"
    for entry in section.data["by_players"]:
        players = entry["players"]
        rows = battery.rows[players]
        wins = [sum(1 for r in rows if seat in r.winners) for seat in range(players)]
        assert [s["wins"] for s in entry["seats"]] == wins
        assert [s["share"] for s in entry["seats"]] == [w / len(rows) for w in wins]
        for seat in entry["seats"]:
            assert seat["low"] <= seat["share"] <= seat["high"]
        expected = stats.chisquare(wins)
        assert entry["p_value"] == pytest.approx(expected.pvalue)
        assert entry["chi2"] == pytest.approx(expected.statistic)
        assert entry["equal_share"] == pytest.approx(sum(wins) / (players * len(rows)))
    assert len(section.flags) == 2
    assert section.figures and section.figures[0].png.startswith(b"\x89PNG")


def test_seat_order_flags_a_seat_that_wins_too_often(battery: Battery) -> None:
    """Issue 29, Seat order: p < 0.01 and a seat more than 5 points off is flagged."""
    rows = battery.rows[4]
    rigged = [dataclasses.replace(r, winners=(0,)) for r in rows] * 4
    section = seat_order_section(GAME, {4: rigged})
    assert [f.level for f in section.flags] == ["warn"]
    assert section.data["by_players"][0]["unbalanced"]


def test_bots_section_matches_a_count_by_hand(battery: Battery) -> None:
    """Issue 29, Bots: each bot's seat-games and wins recounted from the rows; the
    bootstrap intervals hold the value and are the same for the same seed."""
    section = bots_section(GAME, battery.rows, seed=3)
    again = bots_section(GAME, battery.rows, seed=3)
    assert section.data == again.data
    for entry in section.data["by_players"]:
        rows = battery.rows[entry["players"]]
        for bot in entry["bots"]:
            seats = [(r, s) for r in rows for s, b in enumerate(r.bots) if b == bot["bot"]]
            won = sum(1 for r, s in seats if s in r.winners)
            assert bot["seat_games"] == len(seats)
            assert bot["wins"] == won
            assert bot["share"] == pytest.approx(won / len(seats))
            assert bot["share_low"] <= bot["share"] <= bot["share_high"]
            assert bot["rating_low"] <= bot["rating"] <= bot["rating_high"]
        ratings = [b["rating"] for b in entry["bots"]]
        assert sum(ratings) / len(ratings) == pytest.approx(1500)
    assert any("review accuracy" in p.lower() for p in section.summary)


def test_bots_share_interval_is_a_percentile_bootstrap_over_games(battery: Battery) -> None:
    """Issue 29, Bots: the share's interval is the 2.5 and 97.5 percentiles of the share
    over games drawn again with replacement (recomputed here with numpy directly)."""
    rows = battery.rows[4]
    entry = bots_section(GAME, {4: rows}, seed=9).data["by_players"][0]
    names = ["expert", "random"]
    seat_games = np.array([[r.bots.count(n) for n in names] for r in rows], dtype=float)
    wins = np.array(
        [[sum(1 for s in r.winners if r.bots[s] == n) for n in names] for r in rows], dtype=float
    )
    rng = np.random.default_rng(9)
    draws = rng.integers(0, len(rows), size=(2000, len(rows)))
    shares = wins[draws].sum(1) / seat_games[draws].sum(1)
    low, high = np.percentile(shares, [2.5, 97.5], axis=0)
    by_name = {b["bot"]: b for b in entry["bots"]}
    for k, name in enumerate(names):
        assert by_name[name]["share_low"] == pytest.approx(low[k])
        assert by_name[name]["share_high"] == pytest.approx(high[k])


def test_bots_section_with_one_bot_says_so() -> None:
    """Issue 29, Bots: with one bot there is nothing to compare, and the section says so."""
    plan = plan_battery(GAME, players=[4], games=2, seed=0, bots=["random"])
    section = bots_section(GAME, run_battery(plan).rows)
    assert not section.tables and "--bots" in section.summary[0]


@pytest.mark.parametrize(
    ("text", "expected"), [("4-6", [4, 5, 6]), ("5,4", [4, 5]), ("4", [4]), (None, None)]
)
def test_players_ranges_and_lists(text: str | None, expected: list[int] | None) -> None:
    """Issue 29: --players takes a range or a list."""
    assert parse_players(text, get_game(GAME)) == expected


@pytest.mark.parametrize("text", ["6-4", "x", "1-3", "2-99", ""])
def test_bad_player_counts_are_refused(text: str) -> None:
    """Issue 29, bad input: a range upside down, not a number, a count the game does not
    take, too many counts."""
    with pytest.raises(ToteError):
        parse_players(text, get_game(GAME))


@pytest.mark.parametrize("games", [0, -1, 1_000_001])
def test_games_out_of_bounds_are_refused(games: int) -> None:
    """Issue 29, bad input: games per player count from 1 to 1,000,000."""
    with pytest.raises(OptionsError, match="1 to 1,000,000"):
        plan_battery(GAME, players=[4], games=games)


def test_default_players_are_the_counts_the_options_take() -> None:
    """Issue 29: without --players, the counts the game takes with its options (Horse
    Fever's board game: 2 to 5 of its 2 to 20)."""
    plan = plan_battery("horse-fever", games=1)
    assert plan.players == (2, 3, 4, 5)


def test_a_bot_that_never_wins_has_wilsons_interval(battery: Battery) -> None:
    """Issue 29, Bots: a bootstrap interval of a share that is always 0 has no width;
    the section gives Wilson's instead, so the page does not claim "0.0%-0.0%"."""
    rows = [dataclasses.replace(r, winners=(r.bots.index("expert"),)) for r in battery.rows[4]]
    entry = bots_section(GAME, {4: rows}, seed=1).data["by_players"][0]
    loser = next(b for b in entry["bots"] if b["bot"] == "random")
    expected = wilson(0, loser["seat_games"])
    assert loser["share"] == 0.0
    assert (loser["share_low"], loser["share_high"]) == (expected.low, expected.high)
    assert loser["share_high"] > 0
