"""Issue 29, the report's "Bots": "and mean review accuracy once the game-review issue
lands" (issue 26). Each reviewed game's seat accuracies go to the bots that held the
seats, averaged with a bootstrap interval; the number of games reviewed is bounded."""

from __future__ import annotations

import gzip
import json
import statistics

import pytest
from typer.testing import CliRunner

from tote.cli.main import app
from tote.core.record import Record
from tote.review import review
from tote.sim.report.accuracy import DEFAULT_GAMES, MOST_GAMES, review_accuracy
from tote.sim.report.battery import plan_battery, run_battery
from tote.sim.report.bots import bots_section

pytest.importorskip("numpy")


@pytest.fixture(scope="module")
def battery_rows() -> dict[int, list]:  # type: ignore[type-arg]
    plan = plan_battery("winners-circle", players=[3], games=3, seed=5, bots=["odds", "random"])
    return dict(run_battery(plan).rows)


def test_each_seats_accuracy_goes_to_the_bot_that_held_it(battery_rows: dict) -> None:  # type: ignore[type-arg]
    """The mean per bot is the mean of the review's seat accuracies (computed here by
    reviewing the same records) over the seats that bot held, inside its interval."""
    found = review_accuracy(battery_rows, 2, seed=1)
    by_bot: dict[str, list[float]] = {}
    for row in battery_rows[3][:2]:
        assert row.record is not None
        record = Record.from_json(json.loads(gzip.decompress(row.record)))
        for seat in review(record).seats:
            if seat.accuracy is not None:
                by_bot.setdefault(row.bots[seat.seat], []).append(seat.accuracy)
    assert found["games"] == 2 and found["players"] == 3
    assert set(found["bots"]) == set(by_bot)
    for bot, values in by_bot.items():
        entry = found["bots"][bot]
        assert entry["seat_games"] == len(values)
        assert entry["mean"] == pytest.approx(statistics.fmean(values))
        assert 0 <= entry["low"] <= entry["mean"] <= entry["high"] <= 100
    section = bots_section("winners-circle", battery_rows, accuracy=found)
    assert any(t.title == "Review accuracy per bot" for t in section.tables)
    assert any("Review accuracy over 2 reviewed games" in line for line in section.summary)


def test_without_reviews_the_section_says_how_to_ask(battery_rows: dict) -> None:  # type: ignore[type-arg]
    section = bots_section("winners-circle", battery_rows, accuracy=None)
    assert any("--review-games" in line for line in section.summary)
    assert all(t.title != "Review accuracy per bot" for t in section.tables)


@pytest.mark.parametrize("games", ["-1", str(MOST_GAMES + 1)])
def test_review_games_out_of_bounds_is_one_line(games: str) -> None:
    """Every input has a bound: status 2, one line naming the bounds, nothing played."""
    result = CliRunner().invoke(
        app, ["report", "winners-circle", "--json", "--games", "2", "--review-games", games]
    )
    assert result.exit_code == 2, result.output
    assert f"--review-games must be 0 to {MOST_GAMES}" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_the_command_line_default_is_the_modules() -> None:
    import inspect

    from tote.cli.report import report

    default = inspect.signature(report).parameters["review_games"].default
    assert default == DEFAULT_GAMES
