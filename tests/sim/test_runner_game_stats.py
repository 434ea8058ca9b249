"""The runner's side of each game's own numbers (docs/simulation.md, "Each game's
numbers"): a game's stats module gives columns per game and an accumulator, and the
runner carries both into rows, --out, --json and the terminal."""

from __future__ import annotations

import json
import sys
import types
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import polars as pl
import pytest
from typer.testing import CliRunner

from tote.cli.main import app
from tote.core.state import State
from tote.sim import game_stats, iter_rows, plan_games, run_games
from tote.sim.game_stats import Scalar, StatTable

WC = "winners-circle"


class LengthStats:
    """A stand-in stats module: the number of log events, and a fake length in rounds."""

    game_id = WC

    def columns(self, final: State) -> dict[str, Scalar]:
        events = len(final.log_view(None))
        return {"events": events, "rounds": events % 7, "seed": "clash"}

    def accumulator(self) -> Counter:
        return Counter()


class Counter:
    def __init__(self) -> None:
        self.seen: list[int] = []

    def add(self, columns: Mapping[str, Scalar]) -> None:
        events = columns["events"]
        assert isinstance(events, int)
        self.seen.append(events)

    def to_json(self) -> dict[str, Any]:
        return {"events": self.seen}

    def tables(self) -> list[StatTable]:
        return [StatTable("Events", ["game", "events"], [["1", str(self.seen[0])]])]


@pytest.fixture
def fake_stats(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    package = types.ModuleType("tote.sim.games")
    package.MODULES = {WC: "fake"}  # type: ignore[attr-defined]
    module = types.ModuleType("tote.sim.games.fake")
    module.STATS = LengthStats()  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "tote.sim.games", package)
    monkeypatch.setitem(sys.modules, "tote.sim.games.fake", module)
    yield


def test_a_game_without_a_stats_module_has_none() -> None:
    assert game_stats("no-such-game") is None


def test_the_games_columns_reach_rows_summary_and_files(fake_stats: None, tmp_path: Path) -> None:
    plan = plan_games(WC, 2, 4, seed=1)
    rows = list(iter_rows(plan))
    events = [row.columns["events"] for row in rows]
    assert all(isinstance(e, int) and e > 0 for e in events)
    summary = run_games(WC, 2, 4, seed=1, out=tmp_path / "rows.parquet")
    assert summary.game_numbers == {"events": events}  # fed in game order
    assert summary.game_tables[0].title == "Events"
    assert summary.length["rounds"].mean == pytest.approx(sum(e % 7 for e in events) / 4)
    frame = pl.read_parquet(tmp_path / "rows.parquet")
    assert frame["events"].to_list() == events
    assert frame["game_seed"].to_list() == ["clash"] * 4  # a clashing name is prefixed
    assert frame["seed"].to_list() == [1, 2, 3, 4]


def test_the_games_numbers_reach_json_and_the_terminal(fake_stats: None) -> None:
    args = ["simulate", WC, "-p", "2", "-n", "3", "--workers", "1"]
    data = json.loads(CliRunner().invoke(app, [*args, "--json"]).stdout)
    assert len(data["game_stats"]["events"]) == 3
    assert "rounds" in data["length"]
    assert "Events" in CliRunner().invoke(app, args).stdout
