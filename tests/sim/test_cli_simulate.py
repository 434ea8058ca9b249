"""Issue 14 on the command line: ``tote simulate`` with workers, --json, --out, --save,
and bad input as one clear line with status 2."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tote.cli import main as cli_main
from tote.cli.main import app
from tote.cli.simulate import bare_ray_is_local

WC = "winners-circle"
runner = CliRunner()


def invoke(*args: str) -> Any:
    return runner.invoke(app, list(args))


def refused(result: Any, fragment: str) -> None:
    """One line on stderr naming the problem, status 2, no traceback."""
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert fragment in lines[0] and "Traceback" not in result.output


def test_json_is_the_same_for_any_number_of_workers() -> None:
    """Issue 14: the same summary, game for game, whatever N is (--json, timing aside)."""
    outputs = []
    for workers in ("1", "3"):
        result = invoke("simulate", WC, "-p", "3", "-n", "12", "--seed", "2", "--bots",
                        "odds,random", "--workers", workers, "--json")  # fmt: skip
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        assert data["workers"] == int(workers)
        outputs.append({k: v for k, v in data.items() if k not in ("seconds",
                        "games_per_second", "workers", "ray")})  # fmt: skip
    assert outputs[0] == outputs[1]


def test_json_carries_seats_bots_seat_order_and_length() -> None:
    """Issue 14: "tote simulate --json carries all of it"."""
    result = invoke("simulate", WC, "-p", "2", "-n", "6", "--bots", "odds,random", "--json",
                    "--workers", "1")  # fmt: skip
    data = json.loads(result.stdout)
    seat = data["seats"][0]
    assert seat["seat"] == 1 and seat["bot"] == "odds" and seat["games"] == 6
    assert set(seat["win_rate"]) == {"value", "low", "high"}
    assert set(seat["score"]) == {"mean", "sd", "min", "max"}
    assert [b["bot"] for b in data["bots_stats"]] == ["odds", "random"]
    assert data["seat_order"]["dof"] == 1 and 0 <= data["seat_order"]["p_value"] <= 1
    assert data["length"]["moves"]["mean"] > 0
    assert "game_stats" in data


def test_the_terminal_shows_the_headline_tables() -> None:
    result = invoke("simulate", WC, "-p", "2", "-n", "4", "--bots", "odds,random")
    assert result.exit_code == 0, result.output
    for heading in ("Seats", "Bots", "Seat order", "Game length", "games/second"):
        assert heading in result.stdout


def test_out_and_save_are_written_from_the_command_line(tmp_path: Path) -> None:
    out, save = tmp_path / "rows.csv", tmp_path / "run.jsonl.gz"
    result = invoke("simulate", WC, "-p", "2", "-n", "3", "--seed", "4", "--out", str(out),
                    "--save", str(save))  # fmt: skip
    assert result.exit_code == 0, result.output
    assert len(out.read_text().splitlines()) == 4  # header and three games
    replayed = invoke("replay", str(save), "--seed", "5", "--json")
    assert replayed.exit_code == 0, replayed.output
    assert json.loads(replayed.stdout)["seed"] == 5


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--workers", "0"], "--workers must be 1 to 1024, not 0"),
        (["--workers", "-2"], "--workers must be 1 to 1024, not -2"),
        (["--bots", "clever"], "no bot 'clever'"),
        (["--option", "nope=1"], "option 'nope'"),
        (["--out", "rows.txt"], "must end in .parquet or .csv"),
        (["--out", "/no/such/dir/rows.parquet"], "no such directory"),
        (["--out", "/proc/rows.parquet"], "cannot write in /proc"),
        (["--save", "/proc/runs"], "--save /proc/runs: cannot make the directory"),
        (["--save", "run.json"], "give a directory or a FILE.jsonl.gz"),
        (["--ray", "127.0.0.1:1"], "cannot reach a Ray cluster there"),
        (["--ray", "nowhere:x"], "not an address"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], fragment: str
) -> None:
    """Issue 14, Bad input: one clear line and status 2, nothing written."""
    monkeypatch.chdir(tmp_path)
    refused(invoke("simulate", WC, "-p", "2", "-n", "2", *args), fragment)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("module", "args", "extra"),
    [("ray", ["--ray"], "tote[ray]"), ("pyarrow", ["--out", "x.parquet"], "tote[lab]")],
)
def test_a_missing_extra_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, module: str, args: list[str], extra: str
) -> None:
    """Optional extras are imported lazily; when one is missing the line says what to
    install."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setitem(sys.modules, module, None)  # makes "import <module>" fail
    refused(invoke("simulate", WC, "-p", "2", "-n", "2", *bare_ray_is_local(args)), extra)


def test_bare_ray_means_a_local_instance() -> None:
    """Issue 14: ``--ray [ADDRESS]``: alone (last or before another option), local."""
    assert bare_ray_is_local(["simulate", "g", "--ray"]) == ["simulate", "g", "--ray", "local"]
    assert bare_ray_is_local(["--ray", "--json"]) == ["--ray", "local", "--json"]
    assert bare_ray_is_local(["--ray", "head-node:6379"]) == ["--ray", "head-node:6379"]


def test_the_tote_script_reads_bare_ray(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The entry point applies the rule: a bare --ray reaches the command as 'local'
    (here refused for want of Ray, which shows the value it got)."""
    monkeypatch.setitem(sys.modules, "ray", None)
    monkeypatch.setattr(sys, "argv", ["tote", "simulate", WC, "-p", "2", "-n", "1", "--ray"])
    with pytest.raises(SystemExit) as exit_info:
        cli_main.main()
    assert exit_info.value.code == 2
    assert "--ray needs Ray: pip install 'tote[ray]'" in capsys.readouterr().err
