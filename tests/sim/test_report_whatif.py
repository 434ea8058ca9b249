"""Issue 29, "What-if on the data" in ``tote report``: ``--set`` changes the data the
battery plays with (the returns follow the payout table), and ``--against DIR`` plays
the same games on DIR's data files and adds one comparison section per player count."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from tote.cli.main import app

runner = CliRunner()
DATA = Path(__file__).resolve().parents[2] / "src/tote/games/winners_circle/data"
ARGS = [
    "report",
    "winners-circle",
    "-p",
    "2,3",
    "-n",
    "12",
    "--workers",
    "1",
    "--json",
    "--review-games",
    "0",
]


def report(*extra: str) -> dict[str, object]:
    result = runner.invoke(app, [*ARGS, *extra])
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.stdout)
    return data


def returned_win(data: dict[str, object]) -> float:
    """What every win payment of the battery paid out (the returns section's table)."""
    sections = data["sections"]
    assert isinstance(sections, dict)
    bets = sections["returns"]["data"]["tables"][0]["bets"]
    (win,) = [bet for bet in bets if bet["label"] == "win"]
    return float(win["returned"])


def test_set_changes_the_data_the_battery_plays_with() -> None:
    """Issue 29: --set payouts.win[0]=1000 doubles what a lone win bet pays (WC 5.2's
    table, first column; random bots ignore the table, so the games are the same), so the
    battery's win payments grow; the command that
    reproduces the report names the change."""
    plain = report()
    changed = report("--set", "payouts.win[0]=1000")
    run = changed["run"]
    assert isinstance(run, dict)
    assert "--set 'payouts.win[0]=1000'" in run["command"]
    assert returned_win(changed) > returned_win(plain)


def test_against_adds_a_comparison_per_player_count(tmp_path: Path) -> None:
    """Issue 29: --against DIR (a copy of the game's data folder with the show row
    tripled) adds "against" sections for 2 and 3 players, each naming DIR."""
    other = tmp_path / "other"
    shutil.copytree(DATA, other)
    payouts = json.loads((other / "payouts.json").read_text(encoding="utf-8"))
    payouts["show"] = [3 * amount for amount in payouts["show"]]
    (other / "payouts.json").write_text(json.dumps(payouts), encoding="utf-8")
    data = report("--against", str(other))
    order = data["order"]
    assert isinstance(order, list)
    assert order[-2:] == ["compare-2", "compare-3"]
    sections = data["sections"]
    assert isinstance(sections, dict)
    for count in (2, 3):
        title = sections[f"compare-{count}"]["title"]
        assert str(other) in title and f"{count} players" in title


def test_against_a_folder_without_data_is_refused(tmp_path: Path) -> None:
    """Issue 29: --against a folder holding none of the game's data files is one line,
    status 2, before any game."""
    result = runner.invoke(app, [*ARGS, "--against", str(tmp_path)])
    assert result.exit_code == 2
    assert "none of winners-circle's data files" in result.output
