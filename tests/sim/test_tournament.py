"""Issue 14, 3: ``tote tournament``: a round robin with seat rotation, win rates with
intervals and a rating on the Elo scale (formula in tote.sim.tournament)."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from typer.testing import CliRunner

from tote.cli.main import app
from tote.core.bot import RandomBot
from tote.core.registry import get_game
from tote.sim.tournament import elo_ratings, games_per_table, run_tournament, tables_for

runner = CliRunner()
GAME = "winners-circle"


def test_rating_of_two_bots_is_the_hand_computed_one() -> None:
    """Issue 14, 3: a took 3 points of 4 from b; with the one drawn match every pair
    starts with, a has 3.5 of 5: R_a - R_b = 400 log10(3.5 / 1.5), centred on 1500."""
    ratings = elo_ratings(
        {("a", "b"): 3.0, ("b", "a"): 1.0}, {("a", "b"): 4, ("b", "a"): 4}, ["a", "b"]
    )
    assert ratings["a"] - ratings["b"] == pytest.approx(400 * math.log10(3.5 / 1.5), abs=1e-6)
    assert (ratings["a"] + ratings["b"]) / 2 == pytest.approx(1500)


def test_rating_of_three_bots_follows_bradley_terry() -> None:
    """Issue 14, 3: the fitted ratings satisfy the likelihood equations: each bot's
    expected points (Elo formula, prior included) equal the points it took."""
    points = {
        ("a", "b"): 6.0,
        ("b", "a"): 4.0,
        ("b", "c"): 7.0,
        ("c", "b"): 3.0,
        ("a", "c"): 8.0,
        ("c", "a"): 2.0,
    }
    matches = {pair: 10 for pair in points}
    ratings = elo_ratings(points, matches, ["a", "b", "c"])
    for bot in "abc":
        others = [o for o in "abc" if o != bot]
        taken = sum(points[bot, o] + 0.5 for o in others)
        expected = sum(11 / (1 + 10 ** ((ratings[o] - ratings[bot]) / 400)) for o in others)
        assert expected == pytest.approx(taken, abs=1e-6)
    assert ratings["a"] > ratings["b"] > ratings["c"]
    assert sum(ratings.values()) / 3 == pytest.approx(1500)


def test_equal_results_give_equal_ratings() -> None:
    """A bot that never loses still gets a finite rating; even results rate evenly."""
    even = elo_ratings(
        {("a", "b"): 2.0, ("b", "a"): 2.0}, {("a", "b"): 4, ("b", "a"): 4}, ["a", "b"]
    )
    assert even["a"] == pytest.approx(even["b"]) == pytest.approx(1500)
    sweep = elo_ratings(
        {("a", "b"): 5.0, ("b", "a"): 0.0}, {("a", "b"): 5, ("b", "a"): 5}, ["a", "b"]
    )
    assert math.isfinite(sweep["a"]) and sweep["a"] > sweep["b"]


def test_tables_cover_every_set_of_bots() -> None:
    """Issue 14, 3: a round robin: every set of PLAYERS bots meets; fewer bots than
    seats share one table, cycled; games per table fill whole rotations."""
    assert tables_for(["a", "b", "c"], 2) == [("a", "b"), ("a", "c"), ("b", "c")]
    assert tables_for(["a", "b"], 3) == [("a", "b", "a")]
    assert games_per_table(5, 2) == 6 and games_per_table(6, 3) == 6


def test_round_robin_puts_every_bot_in_every_seat_equally() -> None:
    """Issue 14, 3: seat rotation: each bot plays each seat equally often; every pair of
    bots meets in every game, and each match's point is shared out exactly."""
    bots = ["random", "bettor", "novice", "expert"]
    result = run_tournament("wits-and-wagers", 4, 8, bots, seed=3)
    data = result.to_json()
    assert data["tables"] == [bots]
    for entry in data["bots_stats"]:
        assert entry["seats"] == [2, 2, 2, 2]
        assert entry["games"] == 8
        rate = entry["win_rate"]
        assert rate["low"] <= rate["value"] <= rate["high"]
    for a, row in data["pairwise"].items():
        assert set(row) == set(bots) - {a}
        for b, cell in row.items():
            back = data["pairwise"][b][a]
            assert cell["matches"] == back["matches"] == 8
            assert cell["points"] + back["points"] == pytest.approx(8)
    ratings = [e["rating"] for e in data["bots_stats"]]
    assert ratings == sorted(ratings, reverse=True)
    assert sum(ratings) / 4 == pytest.approx(1500)


def test_round_robin_meets_every_pair_at_its_own_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 14, 3: three bots at two seats: three tables, each pair at one of them, each
    bot in each seat equally often. (The third bot is a second random bot under its own
    name, registered for this test only, to keep it quick.)"""
    game = type(get_game(GAME))
    monkeypatch.setattr(game, "bots", {**game.bots, "random-too": RandomBot})
    result = run_tournament(GAME, 2, 2, ["random", "odds", "random-too"], seed=3)
    data = result.to_json()
    assert len(data["tables"]) == 3
    for entry in data["bots_stats"]:
        assert entry["seats"] == [2, 2]  # two tables, one game in each seat at each
    for row in data["pairwise"].values():
        assert all(cell["matches"] == 2 for cell in row.values())


def invoke(*args: str) -> Any:
    return runner.invoke(app, list(args))


def test_tournament_cli_prints_a_table_and_json() -> None:
    """Issue 14, 3: the table names each bot with its rating and interval; --json has the same."""
    result = invoke(
        "tournament", GAME, "-p", "2", "-n", "2", "--bots", "random,odds", "--workers", "1"
    )
    assert result.exit_code == 0, result.output
    assert "Rating" in result.stdout and "random" in result.stdout and "odds" in result.stdout
    done = invoke(
        "tournament",
        GAME,
        "-p",
        "2",
        "-n",
        "2",
        "--bots",
        "random,odds",
        "--workers",
        "1",
        "--json",
    )
    data = json.loads(done.stdout)
    assert {e["bot"] for e in data["bots_stats"]} == {"random", "odds"}


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--bots", "random"], "at least two"),
        (["--bots", "random,nobody"], "nobody"),
        (["--bots", "random,odds", "--option", "no_such_option=1"], "no_such_option"),
        (["--bots", "random,odds", "--plot", "/nonexistent-dir/t.png"], "no such directory"),
        (["--bots", "random,odds", "--plot", "t.gif"], ".png or .svg"),
    ],
)
def test_tournament_refuses_bad_input_in_one_line(args: list[str], fragment: str) -> None:
    """Issue 14, 5: an unknown bot or option, an unwritable plot: one clear line and
    status 2, before any game."""
    result = invoke("tournament", GAME, "-p", "2", "-n", "2", "--workers", "1", *args)
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and fragment in lines[0], result.stderr
