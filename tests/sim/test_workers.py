"""Issue 14, Scale: ``--workers N`` gives the same summary, game for game, for any N."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tote.core import all_games, get_game
from tote.sim import iter_rows, plan_games, run_games, run_plan
from tote.sim.runner import GameRow
from tote.sim.workers import chunks

WC = "winners-circle"
TIMING = ("seconds", "games_per_second", "workers", "ray")


def without_timing(summary: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in summary.items() if key not in TIMING}


def test_the_summary_is_the_same_for_one_two_and_three_workers(tmp_path: Path) -> None:
    """Issue 14: "the same summary, game for game, whatever N is" (N = 1, 2, 3), and
    the saved run file is the same byte for byte."""
    summaries = []
    files = []
    for workers in (1, 2, 3):
        save = tmp_path / f"run-{workers}.jsonl.gz"
        summary = run_games(WC, 2, 16, seed=9, bots=["odds", "random"], save=save,
                            workers=workers)  # fmt: skip
        assert summary.workers == workers
        summaries.append(summary.to_json())
        files.append(save.read_bytes())
    assert without_timing(summaries[0]) == without_timing(summaries[1])
    assert without_timing(summaries[0]) == without_timing(summaries[2])
    assert files[0] == files[1] == files[2]


@pytest.mark.parametrize("game_id", [game.id for game in all_games()])
def test_every_game_gives_the_same_rows_on_two_workers(game_id: str) -> None:
    """Issue 14, Done means: workers work for all five games (rows in game order, game i
    with seed S+i, the same as played here)."""
    game = get_game(game_id)
    players = 4 if game.min_players <= 4 <= game.max_players else game.min_players
    plan = plan_games(game, players, 6, seed=100)
    here = list(iter_rows(plan, workers=1))
    there = list(iter_rows(plan, workers=2))
    assert here == there
    assert [row.seed for row in there] == list(range(100, 106))


def test_progress_is_reported_after_every_game_in_order_with_workers() -> None:
    """The progress bar advances game by game, in order, whatever N is."""
    calls: list[tuple[int, int]] = []
    plan = plan_games(WC, 2, 7)
    run_plan(plan, lambda done, total: calls.append((done, total)), workers=2)
    assert calls == [(done, 7) for done in range(1, 8)]


def test_rows_are_dropped_unless_a_sink_keeps_them() -> None:
    """Issue 14: "no list of every game kept unless asked": a sink sees every row once."""
    kept: list[GameRow] = []
    summary = run_plan(plan_games(WC, 2, 5, seed=3), sinks=[kept.append], workers=2)
    assert [row.index for row in kept] == list(range(5))
    assert summary.wins == tuple(sum(s in row.winners for row in kept) for s in range(2))


def test_chunks_cover_every_game_once_in_order() -> None:
    for games, workers in ((1, 2), (7, 3), (1000, 2), (100_000, 8)):
        parts = list(chunks(games, workers))
        assert [i for start, stop in parts for i in range(start, stop)] == list(range(games))
        assert max(stop - start for start, stop in parts) <= 64


@pytest.mark.parametrize("workers", [0, -1, 10_000])
def test_a_worker_count_out_of_bounds_is_refused(workers: int) -> None:
    with pytest.raises(Exception, match=r"--workers must be 1 to 1024"):
        run_games(WC, 2, 1, workers=workers)


def test_a_failing_game_on_a_worker_is_reported_as_the_refusal_it_is() -> None:
    """A refusal raised in a worker (here: an option that fails only when a chunk runs)
    reaches the caller as the same ToteError, not a pool traceback."""
    from tote.core.errors import ToteError
    from tote.sim.runner import GameSpec
    from tote.sim.workers import pool_rows

    spec = GameSpec(game_id="no-such-game", players=2, seed=0, bots=("random",) * 2,
                    options=get_game(WC).options())  # fmt: skip
    with pytest.raises(ToteError, match="unknown game 'no-such-game'"):
        list(pool_rows(spec, 4, 2))
