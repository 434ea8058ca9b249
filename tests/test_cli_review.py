"""``tote review RECORD [--seat N] [--json] [--game SEED]`` (issue 26, "Where people see
it" and "Bad input")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tote.cli import review as review_cli
from tote.sim.play import random_match
from tote.sim.runner import run_games

from .test_cli import WC, assert_one_line_error, invoke


def saved(tmp_path: Path, max_moves: int | None = None, name: str = "wc.json") -> Path:
    path = tmp_path / name
    path.write_text(random_match(WC, 3, seed=4, max_moves=max_moves).record().to_json_text())
    return path


def test_review_prints_the_decisions_and_a_summary(tmp_path: Path) -> None:
    """The table of judged decisions (the board's bets and the search's horse moves, said
    so, the search's values as a standing in %), the summary of every seat, and the
    not-judged line with its reasons."""
    result = invoke("review", str(saved(tmp_path)), "--worlds", "20", "--search-worlds", "2")
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())
    for words in ("Decisions", "Summary", "Accuracy", "Luck", "search", "board", "% ±"):
        assert words in text
    for words in ("by the strong bot's search on 2 sampled worlds", "not judged: the only"):
        assert words in text
    off = invoke("review", str(saved(tmp_path)), "--worlds", "20", "--search-worlds", "0")
    assert "not judged: the search is turned off" in " ".join(off.stdout.split())


def test_a_narrow_terminal_gets_every_decision_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 80 columns the eight-column table cut marks and best moves short ("inaccur…",
    "(+243.…"): there each decision is two lines, the seats' marks under the summary,
    nothing cut; a wide terminal keeps the table."""
    record = str(saved(tmp_path))
    monkeypatch.setenv("COLUMNS", "80")
    narrow = invoke("review", record, "--worlds", "20", "--search-worlds", "2")
    assert narrow.exit_code == 0, narrow.output
    assert "…" not in narrow.stdout and "Best move (value)" not in narrow.stdout
    assert all(len(line) <= 80 for line in narrow.stdout.splitlines())
    assert "board: " in narrow.stdout and "search: " in narrow.stdout
    assert "judged, " in narrow.stdout and "best: " in narrow.stdout
    monkeypatch.setenv("COLUMNS", "200")
    wide = invoke("review", record, "--worlds", "20", "--search-worlds", "2")
    assert "Best move (value)" in wide.stdout and "…" not in wide.stdout


def test_review_json_is_one_object_for_the_seat_asked(tmp_path: Path) -> None:
    result = invoke(
        "review",
        str(saved(tmp_path)),
        "--seat",
        "2",
        "--json",
        "--worlds",
        "20",
        "--search-worlds",
        "2",
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["format"] == "tote-review" and [s["seat"] for s in data["seats"]] == [2]
    assert sum(1 for d in data["decisions"] if d["judge"] == "board") == 9
    searched = [d for d in data["decisions"] if d["judge"] == "search"]
    assert searched and all(d["unit"] == "standing" and d["difference"] for d in searched)


def test_review_reads_one_game_of_a_run_file(tmp_path: Path) -> None:
    """A run file of ``tote simulate --save`` with ``--game SEED``."""
    save = tmp_path / "run.jsonl.gz"
    run_games(WC, 2, 3, seed=5, save=save)
    result = invoke(
        "review", str(save), "--game", "6", "--json", "--worlds", "10", "--search-worlds", "0"
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["seed"] == 6
    missing = invoke("review", str(save), "--game", "99")
    assert missing.exit_code == 2
    assert_one_line_error(missing, "99")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--seat", "3"], "there is no seat 3"),
        (["--seat", "-1"], "there is no seat -1"),
        (["--worlds", "0"], "--worlds must be 1 to"),
        (["--search-worlds", "1"], "--search-worlds must be 0 (off) or 2 to 10,000, not 1"),
        (["--search-worlds", "10001"], "--search-worlds must be 0 (off) or 2 to 10,000"),
        (["--search-worlds", "-1"], "--search-worlds must be 0 (off) or 2 to 10,000"),
    ],
)
def test_a_seat_that_does_not_exist_or_a_bad_budget_is_one_line(
    tmp_path: Path, args: list[str], words: str
) -> None:
    result = invoke("review", str(saved(tmp_path)), *args)
    assert result.exit_code == 2
    assert_one_line_error(result, words)
    assert result.stdout == ""


def test_a_game_that_is_not_finished_is_one_line(tmp_path: Path) -> None:
    result = invoke("review", str(saved(tmp_path, max_moves=40)))
    assert result.exit_code == 2
    assert_one_line_error(result, "not finished")


def test_a_record_that_does_not_replay_is_one_line(tmp_path: Path) -> None:
    path = saved(tmp_path)
    data = json.loads(path.read_text())
    bet = next(i for i, m in enumerate(data["moves"]) if m["move"]["type"] == "place_bet")
    data["moves"][bet]["move"]["horse"] = "pink"
    path.write_text(json.dumps(data))
    result = invoke("review", str(path))
    assert result.exit_code == 2
    assert_one_line_error(result, f"move {bet}")
    for bad, words in (("{", "not JSON"), ('{"game": "chess"}', "not a valid tote record")):
        path.write_text(bad)
        result = invoke("review", str(path))
        assert result.exit_code == 2
        assert_one_line_error(result, words)


def test_ctrl_c_stops_cleanly_with_nothing_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl+C during a review: status 130, one line, nothing on stdout."""

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(review_cli, "review", interrupted)
    result = invoke("review", str(saved(tmp_path)), "--json")
    assert result.exit_code == 130
    assert result.stdout == ""
    assert_one_line_error(result, "interrupted")


def test_review_has_help_and_a_missing_file_is_one_line(tmp_path: Path) -> None:
    assert invoke("review", "--help").exit_code == 0
    result = invoke("review", str(tmp_path / "nothing.json"))
    assert result.exit_code == 2
    assert_one_line_error(result, "cannot read")
