"""Issue 14: ``--ray`` runs the same plan on a Ray cluster, with the same results as
locally; tested on one local Ray instance (two CPUs, no dashboard) for the module."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tote.sim import iter_rows, plan_games, run_games

ray = pytest.importorskip("ray")

WC = "winners-circle"


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
    try:
        yield
    finally:
        ray.shutdown()


def test_ray_gives_the_same_summary_and_rows_as_local(local_ray: None, tmp_path: Path) -> None:
    """Same summary (timing aside), same rows in game order, same run file."""
    bots = ["odds", "random"]
    here = run_games(WC, 3, 20, seed=12, bots=bots, save=tmp_path / "here.jsonl.gz")
    there = run_games(WC, 3, 20, seed=12, bots=bots, save=tmp_path / "ray.jsonl.gz", ray="local")
    assert there.ray and here == there
    assert (tmp_path / "here.jsonl.gz").read_bytes() == (tmp_path / "ray.jsonl.gz").read_bytes()
    plan = plan_games("wetten", 3, 8, seed=4)
    assert list(iter_rows(plan, ray="local")) == list(iter_rows(plan))


def test_a_session_opened_by_the_caller_stays_open(local_ray: None) -> None:
    """A notebook's own ray.init is used, and not shut down by a run."""
    run_games(WC, 2, 2, ray="local")
    assert ray.is_initialized()


def test_the_command_line_runs_on_ray(local_ray: None) -> None:
    """``tote simulate --ray`` (here on the module's local instance) prints the same JSON."""
    from typer.testing import CliRunner

    from tote.cli.main import app

    args = ["simulate", WC, "-p", "2", "-n", "6", "--seed", "3", "--json"]
    local = CliRunner().invoke(app, [*args, "--workers", "1"])
    on_ray = CliRunner().invoke(app, [*args, "--ray", "local"])
    assert on_ray.exit_code == 0, on_ray.output
    timing = ("seconds", "games_per_second", "workers", "ray")
    first, second = (json.loads(r.stdout) for r in (local, on_ray))
    assert second["ray"] is True
    assert {k: v for k, v in first.items() if k not in timing} == {
        k: v for k, v in second.items() if k not in timing
    }
