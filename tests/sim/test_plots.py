"""Issue 14, 4: ``tote plot`` and ``--plot``: the files exist, are not empty, and hold
the right number of series (read back from the matplotlib figure or the SVG)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from matplotlib.container import BarContainer, ErrorbarContainer
from typer.testing import CliRunner

from tote.cli.main import app
from tote.sim.plots import figure

runner = CliRunner()


def rate(value: float, low: float, high: float) -> dict[str, float]:
    return {"value": value, "low": low, "high": high}


SIMULATE = {
    "game": "winners-circle",
    "games": 100,
    "seats": [
        {"seat": 1, "bot": "odds", "win_rate": rate(0.5, 0.4, 0.6)},
        {"seat": 2, "bot": "random", "win_rate": rate(0.3, 0.22, 0.4)},
        {"seat": 3, "bot": "random", "win_rate": rate(0.2, 0.13, 0.29)},
    ],
    "game_stats": {
        "counts": {
            "horse": {
                "red": {"win": 10, "place": 5, "show": 3, "last": 1},
                "blue": {"win": 2, "place": 4, "show": 6, "last": 8},
            },
            "runs": {"horse": {"red": 30, "blue": 30}},
        }
    },
}
SWEEP = {
    "sweep": True,
    "game": "horse-fever",
    "grid": {"rounds": [4, 6, 8], "family": [False, True]},
    "bots": [["random"]],
    "cells": [
        {
            "options": {"rounds": r, "family": f},
            "bots": ["random", "random"],
            "summary": {
                "seats": [
                    {"seat": 1, "win_rate": rate(0.5, 0.4, 0.6)},
                    {"seat": 2, "win_rate": rate(0.5, 0.4, 0.6)},
                ]
            },
        }
        for r in (4, 6, 8)
        for f in (False, True)
    ],
}
ROWS = [
    {"game": "wetten", "score_1": s, "score_2": 2 * s, "bot_1": "random", "bot_2": "random"}
    for s in range(40)
]


def containers(kind: str, data: Any) -> tuple[int, int]:
    ax = figure(kind, data).axes[0]
    bars = sum(isinstance(c, BarContainer) for c in ax.containers)
    errorbars = sum(isinstance(c, ErrorbarContainer) for c in ax.containers)
    return bars, errorbars


def test_winrates_is_one_series_of_bars_with_intervals() -> None:
    """Issue 14, 4: win rates with intervals: one bar per seat, one series."""
    ax = figure("winrates", SIMULATE).axes[0]
    bars = [c for c in ax.containers if isinstance(c, BarContainer)]
    assert len(bars) == 1 and len(bars[0]) == 3
    assert [round(p.get_height(), 3) for p in bars[0]] == [0.5, 0.3, 0.2]


def test_finishes_has_one_series_per_place() -> None:
    """Issue 14, 4: per-horse finishing distributions: a series per place, a bar per horse."""
    ax = figure("finishes", SIMULATE).axes[0]
    bars = [c for c in ax.containers if isinstance(c, BarContainer)]
    assert len(bars) == 4
    assert [round(p.get_height(), 3) for p in bars[0]] == [round(10 / 30, 3), round(2 / 30, 3)]


def test_scores_has_one_box_per_seat() -> None:
    """Issue 14, 4 and issue 29 (plots: "distributions (box or ECDF) for scores"): one
    box per seat, its axes with units."""
    ax = figure("scores", ROWS).axes[0]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["seat 1\nrandom", "seat 2\nrandom"]
    assert ax.get_ylabel() == "final score (money)" and ax.get_xlabel()


def test_sweep_has_a_curve_per_seat_and_other_axis_value() -> None:
    """Issue 14, 4: sweep curves: along the first option, one per seat and per value
    of the other option (2 seats x 2 values)."""
    assert containers("sweep", SWEEP)[1] == 4


def invoke(*args: str) -> Any:
    return runner.invoke(app, list(args))


@pytest.mark.parametrize(("kind", "suffix"), [("winrates", ".png"), ("sweep", ".svg")])
def test_plot_command_writes_the_file(tmp_path: Path, kind: str, suffix: str) -> None:
    """Issue 14, 4: tote plot RESULTS --kind K --out FILE writes a non-empty file."""
    results = tmp_path / "results.json"
    results.write_text(json.dumps(SWEEP if kind == "sweep" else SIMULATE))
    out = tmp_path / f"plot{suffix}"
    result = invoke("plot", str(results), "--kind", kind, "--out", str(out))
    assert result.exit_code == 0, result.output
    assert out.stat().st_size > 1000
    if suffix == ".svg":
        text = out.read_text()
        assert text.startswith("<?xml") and len(re.findall(r"<g id=\"line2d_\d+\"", text)) >= 4
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_plot_command_names_the_default_file(tmp_path: Path) -> None:
    """Without --out the plot goes beside the results, named after the kind."""
    rows = tmp_path / "rows.csv"
    rows.write_text("game,score_1,score_2\n" + "".join(f"wetten,{s},{s + 1}\n" for s in range(9)))
    result = invoke("plot", str(rows))
    assert result.exit_code == 0, result.output
    assert (tmp_path / "rows-scores.png").stat().st_size > 0


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--kind", "pie"], "unknown plot kind"),
        (["--out", "/nonexistent-dir/x.png"], "no such directory"),
        (["--out", "{tmp}/x.pdf"], ".png or .svg"),
        (["--kind", "scores"], "table of rows"),
        (["--kind", "sweep"], "no 'cells'"),
    ],
)
def test_plot_refuses_bad_input_and_leaves_nothing(
    tmp_path: Path, args: list[str], fragment: str
) -> None:
    """Issue 14, 5: an unknown kind, an unwritable path: one line, status 2, no file."""
    results = tmp_path / "results.json"
    results.write_text(json.dumps(SIMULATE))
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    result = invoke("plot", str(results), *args)
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and fragment in lines[0], result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.json"]


def test_results_of_the_wrong_shape_are_one_line(tmp_path: Path) -> None:
    """Issue 14, 5: a results file that is not what the kind reads: one line, status 2."""
    results = tmp_path / "results.json"
    results.write_text(json.dumps({"game": "wetten", "seats": [{"seat": 1}]}))
    result = invoke("plot", str(results), "--kind", "winrates")
    assert result.exit_code == 2
    assert "do not fit --kind winrates" in result.stderr
    results.write_text("{not json")
    assert "not a JSON results file" in invoke("plot", str(results)).stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.json"]


def test_simulate_plot_draws_each_seats_win_rate(tmp_path: Path) -> None:
    """Issue 14, 4: ``tote simulate --plot FILE.png`` draws the run's win rates (one bar
    per seat, with its interval); a plot path it cannot write is refused before any
    game is played, with one line and status 2."""
    out = tmp_path / "rates.png"
    args = ["simulate", "winners-circle", "-p", "3", "-n", "6", "--workers", "1"]
    result = invoke(*args, "--plot", str(out))
    assert result.exit_code == 0, result.output
    assert out.stat().st_size > 1000
    refused = invoke(*args, "--plot", str(tmp_path / "rates.pdf"))
    assert refused.exit_code == 2
    assert ".png or .svg" in refused.stderr.strip().splitlines()[0]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rates.png"]
