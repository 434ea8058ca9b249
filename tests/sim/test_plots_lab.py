"""Issue 29, Fix: plots per bot when bots rotate, a 1/N reference line, the game's
title, units on every axis, distributions for scores and lengths, Horse Fever's
finishes by odds row, each game's own numbers as a chart, intervals on finishes."""

from __future__ import annotations

import re
from typing import Any

import pytest
from matplotlib.container import BarContainer, ErrorbarContainer

from tote.sim import games_frame, run_games
from tote.sim.plots import figure


def rate(value: float, low: float, high: float) -> dict[str, float]:
    return {"value": value, "low": low, "high": high}


ROTATED = {
    "game": "winners-circle",
    "players": 4,
    "games": 400,
    "rotate": True,
    "bots": ["expert", "bettor", "random", "random"],
    "seats": [{"seat": s, "bot": b, "win_rate": rate(0.27 if s == 1 else 0.24, 0.2, 0.3)}
              for s, b in zip((1, 2, 3, 4), ("expert", "bettor", "random", "random"), strict=True)],
    "bots_stats": [
        {"bot": "bettor", "games": 400, "win_rate": rate(0.05, 0.03, 0.08)},
        {"bot": "expert", "games": 400, "win_rate": rate(0.45, 0.40, 0.50)},
        {"bot": "random", "games": 800, "win_rate": rate(0.25, 0.22, 0.28)},
    ],
}  # fmt: skip


def bar_heights(ax: Any) -> list[float]:
    bars = [c for c in ax.containers if isinstance(c, BarContainer)]
    return [patch.get_height() for patch in bars[0]]


def test_rotated_bots_are_plotted_per_bot() -> None:
    """Issue 29, Fix: a run where expert wins 45% and bettor 5% must not be drawn as
    'expert 27%, bettor 24%' (seats with game 0's bots): with --rotate, one bar per bot."""
    ax = figure("winrates", ROTATED).axes[0]
    labels = [t.get_text().split("\n")[0] for t in ax.get_xticklabels()]
    assert labels == ["bettor", "expert", "random"]
    assert bar_heights(ax) == pytest.approx([0.05, 0.45, 0.25])


def test_win_shares_have_the_even_share_title_and_units() -> None:
    """Issue 29, Fix: a 1/N reference line on win shares, the game's title, units."""
    ax = figure("winrates", ROTATED).axes[0]
    levels = [line.get_ydata()[0] for line in ax.get_lines() if len(set(line.get_ydata())) == 1]
    assert pytest.approx(0.25) in levels
    assert ax.get_title().startswith("Winner's Circle:")
    assert "%" in ax.get_ylabel() and ax.get_xlabel()


@pytest.fixture(scope="module")
def runs() -> dict[str, dict[str, Any]]:
    """A few games of every game, as ``tote simulate --json`` prints them."""
    settings = {
        "winners-circle": 3, "wits-and-wagers": 4, "wetten": 3, "horse-fever": 3,
        "carcassonne": 2,
    }  # fmt: skip
    return {
        game: run_games(game, players, 2 if game != "carcassonne" else 1).to_json()
        for game, players in settings.items()
    }


@pytest.mark.parametrize(
    "game", ["winners-circle", "wits-and-wagers", "wetten", "horse-fever", "carcassonne"]
)
def test_each_games_own_numbers_are_a_chart(runs: dict[str, Any], game: str) -> None:
    """Issue 29, Fix: "each game's own numbers ... as charts (tote plot --kind ...)"."""
    fig = figure("game", runs[game])
    ax = fig.axes[0]
    assert any(isinstance(c, BarContainer) and len(c) >= 2 for c in ax.containers)
    assert ax.get_title().split(":")[0] in {
        "Winner's Circle", "Wits & Wagers", "Wetten!", "Horse Fever", "Carcassonne"
    }  # fmt: skip
    assert ax.get_xlabel() and ax.get_ylabel()


def test_horse_fever_finishes_by_odds_row_with_intervals(runs: dict[str, Any]) -> None:
    """Issue 29, Fix: "Horse Fever finishes by odds row", with intervals (finish shares
    get Wilson intervals everywhere they are shown)."""
    ax = figure("odds", runs["horse-fever"]).axes[0]
    bars = [c for c in ax.containers if isinstance(c, BarContainer)]
    assert [c.get_label() for c in bars] == ["win", "show"]
    assert sum(isinstance(c, ErrorbarContainer) for c in ax.containers) == 2
    assert next(t.get_text() for t in ax.get_xticklabels()) == "1:2"
    shares = runs["horse-fever"]["finish_shares"]["odds"]
    row = next(iter(shares.values()))
    assert set(row["win"]) == {"value", "low", "high"} and row["races"] > 0
    assert row["win"]["low"] <= row["win"]["value"] <= row["win"]["high"]


def test_finishes_carry_intervals_in_json_and_plot(runs: dict[str, Any]) -> None:
    """Issue 29, Fix: finish shares with Wilson intervals in --json and the plot."""
    data = runs["winners-circle"]
    red = data["finish_shares"]["horse"]["red"]
    assert red["races"] == 6 and set(red) == {"races", "win", "place", "show", "last"}
    ax = figure("finishes", data).axes[0]
    assert sum(isinstance(c, ErrorbarContainer) for c in ax.containers) == 4
    assert run_games("carcassonne", 2, 0).to_json()["finish_shares"] is None


def test_scores_and_lengths_are_distributions() -> None:
    """Issue 29, Fix: distributions (box plots) for scores and lengths, with units."""
    rows = games_frame("winners-circle", 3, 6, bots=["odds", "random"], rotate=True).to_dicts()
    scores = figure("scores", rows).axes[0]
    assert [t.get_text() for t in scores.get_xticklabels()] == ["odds", "random"]
    assert scores.get_ylabel() == "final score (money)"
    lengths = figure("lengths", rows)
    assert [ax.get_ylabel() for ax in lengths.axes] == [
        "seats' moves per game", "chance moves per game", "rounds per game"
    ]  # fmt: skip


def test_shares_in_the_terminal_tables_carry_intervals() -> None:
    """Issue 29, Fix: finish shares (and every other share of the game's tables) show
    their 95% Wilson interval, e.g. 42.2% (29.0-56.7%)."""
    summary = run_games("winners-circle", 3, 2)
    finishes = next(t for t in summary.game_tables if t.title == "Finishes by horse")
    red = next(row for row in finishes.rows if row[0] == "red")
    for cell in red[1:-1]:
        assert re.fullmatch(r"\d+\.\d% \(\d+\.\d-\d+\.\d%\)", cell), cell
