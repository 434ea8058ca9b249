"""Issue 29, Fix: "sweep has no --out and no winner's score or no-winner share; add
both"."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tote.cli.main import app
from tote.core.tote_board import wilson
from tote.sim.runner import GameRow
from tote.sim.stats import Tally

runner = CliRunner()


def test_winner_score_and_no_winner_share_by_hand() -> None:
    """Three games: won with 30, shared at 25, nobody won (Horse Fever's eliminations):
    the winner's score is 30 and 25, and one game in three had no winner."""
    bots = ("random", "random")
    rows = [
        GameRow(0, 0, bots, (30, 10), (1, 2), (0,), 5, 2),
        GameRow(1, 1, bots, (25, 25), (1, 1), (0, 1), 5, 2),
        GameRow(2, 2, bots, (0, 0), (1, 1), (), 5, 2),
    ]
    counter = Tally("test-game", 2, bots)
    for r in rows:
        counter.add(r)
    data = counter.summary(seed=0, variants=(), options={}).to_json()
    assert data["winner_score"]["mean"] == pytest.approx(27.5)
    assert (data["winner_score"]["min"], data["winner_score"]["max"]) == (25, 30)
    assert data["no_winner"]["games"] == 1
    assert data["no_winner"]["share"] == wilson(1, 3).to_json()


def test_sweep_out_writes_one_row_per_cell(tmp_path: Path) -> None:
    """tote sweep --out FILE.csv: one row per cell with its options, win rates with
    intervals, the winner's score and the no-winner share; the table shows both too."""
    out = tmp_path / "cells.csv"
    result = runner.invoke(
        app,
        ["sweep", "winners-circle", "-p", "2", "-n", "3", "--option", "starting_money=400,800",
         "--workers", "1", "--out", str(out)],
        env={"COLUMNS": "200"},
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Winner's score" in result.stdout and "No winner" in result.stdout
    with out.open() as file:
        rows = list(csv.DictReader(file))
    assert [r["option_starting_money"] for r in rows] == ["400", "800"]
    for r in rows:
        assert float(r["win_rate_low_1"]) <= float(r["win_rate_1"]) <= float(r["win_rate_high_1"])
        assert float(r["winner_score_mean"]) > 0
        assert r["no_winner"] == "0" and float(r["no_winner_share_high"]) > 0
    assert [p.name for p in tmp_path.iterdir()] == ["cells.csv"]


def test_sweep_out_is_refused_before_any_game(tmp_path: Path) -> None:
    """A bad --out is one line, status 2, before the first game."""
    result = runner.invoke(
        app,
        ["sweep", "winners-circle", "-p", "2", "-n", "2", "--option", "starting_money=400,800",
         "--out", str(tmp_path / "cells.txt")],
    )  # fmt: skip
    assert result.exit_code == 2
    assert "must end in .parquet or .csv" in result.stderr
    assert list(tmp_path.iterdir()) == []
