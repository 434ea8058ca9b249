"""Issue 14, 2: ``tote sweep GAME --option key=v1,v2 --option ...``: the grid of option
values (and of bots), each cell a batch on the same seeds."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tote.cli.main import app
from tote.core.errors import OptionsError
from tote.sim.runner import run_games
from tote.sim.sweep import parse_grid, plan_sweep, run_sweep, split_values

runner = CliRunner()
GAME = "winners-circle"


def test_values_split_on_top_level_commas() -> None:
    """A list value keeps its commas; JSON values are read as JSON, others as text."""
    assert split_values('1, 2,[3,4],"a,b"') == ["1", "2", "[3,4]", '"a,b"']
    assert parse_grid(["starting-money=0,100", "last_place_tie=all,least_recent"]) == {
        "starting_money": [0, 100],
        "last_place_tie": ["all", "least_recent"],
    }


def test_a_two_by_two_grid_runs_four_cells_each_equal_to_its_own_simulation() -> None:
    """Issue 14, 2: a 2x2 grid is four cells; each is exactly the batch tote simulate
    plays with those options (same seeds)."""
    grid = parse_grid(["starting_money=0,300", "crowded_field=false,true"])
    cells = plan_sweep(GAME, 3, 3, grid, [["random"]], seed=5)
    result = run_sweep(cells, grid)
    assert [c.options for c, _ in result.cells] == [
        {"starting_money": 0, "crowded_field": False},
        {"starting_money": 0, "crowded_field": True},
        {"starting_money": 300, "crowded_field": False},
        {"starting_money": 300, "crowded_field": True},
    ]
    for cell, summary in result.cells:
        alone = run_games(GAME, 3, 3, seed=5, options=cell.options)
        assert summary.to_json()["seats"] == alone.to_json()["seats"]
    money = [s.to_json()["seats"][0]["score"]["min"] for _, s in result.cells]
    assert min(money[2:]) >= 0 and result.to_json()["grid"] == grid


def test_bots_are_an_axis_of_the_grid() -> None:
    """Issue 14, 2: several --bots line-ups are swept like an option."""
    grid = parse_grid(["starting_money=0,100"])
    cells = plan_sweep(GAME, 2, 2, grid, [["random"], ["odds", "random"]])
    assert [(c.options["starting_money"], c.bots) for c in cells] == [
        (0, ("random", "random")),
        (0, ("odds", "random")),
        (100, ("random", "random")),
        (100, ("odds", "random")),
    ]


@pytest.mark.parametrize(
    ("pairs", "lineups", "fragment"),
    [
        ([], [["random"]], "nothing to sweep"),
        (["starting_money="], [["random"]], "empty value"),
        (["no_such_option=1,2"], [["random"]], "no_such_option"),
        (["starting_money=0,-5"], [["random"]], "starting_money"),
        (["starting_money=0,1"], [["random"], ["nobody"]], "nobody"),
    ],
)
def test_bad_grids_are_refused_before_any_game(
    pairs: list[str], lineups: list[list[str]], fragment: str
) -> None:
    """Issue 14, 5: an empty grid, an unknown option or bot, a bad value: refused."""
    with pytest.raises((OptionsError, Exception)) as info:
        plan_sweep(GAME, 2, 2, parse_grid(pairs), lineups)
    assert fragment in str(info.value)


def invoke(*args: str) -> Any:
    return runner.invoke(app, list(args))


def test_sweep_cli_reports_each_cell_and_plots(tmp_path: Path) -> None:
    """Issue 14, 2 and 4: a row per cell; --json has every cell; --plot draws the curves."""
    plot = tmp_path / "sweep.png"
    args = [
        "sweep",
        GAME,
        "-p",
        "2",
        "-n",
        "2",
        "--option",
        "starting_money=0,100",
        "--workers",
        "1",
    ]
    result = invoke(*args, "--plot", str(plot))
    assert result.exit_code == 0, result.output
    seat_rows = re.findall(r"│\s+([12]) │ random", result.stdout)
    assert seat_rows == ["1", "2", "1", "2"]  # two cells, two seats each
    assert plot.stat().st_size > 0
    data = json.loads(invoke(*args, "--json").stdout)
    assert [c["options"] for c in data["cells"]] == [{"starting_money": 0}, {"starting_money": 100}]


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        ([], "nothing to sweep"),
        (["--option", "starting_money=0,1", "--bots", "nobody"], "nobody"),
        (
            ["--option", "starting_money=0,1", "--plot", "{tmp}/no/such/dir/x.png"],
            "no such directory",
        ),
        (["--option", "starting_money=1," + "[" * 5000], "nested too deeply"),
        (["--option", "starting_money=1," + "9" * 5000], "a number too long to read"),
    ],
)
def test_sweep_cli_refuses_in_one_line_and_writes_nothing(
    tmp_path: Path, args: list[str], fragment: str
) -> None:
    """Issue 14, 5: one clear line, status 2, nothing half-written left behind."""
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    result = invoke("sweep", GAME, "-p", "2", "-n", "2", "--workers", "1", *args)
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and fragment in lines[0], result.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", ["sweep", "tournament", "plot"])
def test_help_is_available(command: str) -> None:
    """Issue 14: the new commands explain themselves."""
    result = invoke(command, "--help")
    assert result.exit_code == 0 and "Usage" in result.stdout


def test_a_sweep_is_the_same_on_two_workers() -> None:
    """Issue 14, 2: the sweep runs on the runner's workers; the cells do not change."""
    grid = parse_grid(["starting_money=0,100"])
    cells = plan_sweep(GAME, 2, 4, grid, [["random"]], seed=2)
    one = run_sweep(cells, grid, workers=1).to_json()
    two = run_sweep(cells, grid, workers=2).to_json()
    for cell in (*one["cells"], *two["cells"]):
        for key in ("seconds", "games_per_second", "workers"):
            cell["summary"].pop(key)
    assert one == two
