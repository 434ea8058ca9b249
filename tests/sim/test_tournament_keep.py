"""``tote tournament --keep FILE`` (issue 25: proof tournaments take hours, so they
can be stopped and resumed, or extended, a part at a time; :mod:`tote.sim.tournament_keep`).

What a user relies on: a tournament filled a part at a time gives the very table one
run gives; a resumed run plays only the games the file lacks; a file of another
tournament is refused in one line, and a line cut short by a killed run is dropped."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tote.cli.main import app
from tote.core.errors import OptionsError
from tote.sim import runner as runner_module
from tote.sim.runner import GameRow, GameSpec
from tote.sim.tournament import TournamentResult, plan_tournament, play_tournament

runner = CliRunner()
GAME = "winners-circle"
BOTS = ["odds", "random", "casual"]


def played(games: int, keep: Path | None, stop_after: int | None = None) -> TournamentResult:
    """A 3-bot, 2-seat round robin (three tables); ``stop_after`` games played, a
    Ctrl+C as the next one ends."""
    plan = plan_tournament(GAME, 2, games, BOTS, seed=5)
    count = 0

    def progress(table: int, tables: int, done: int, total: int) -> None:
        nonlocal count
        count += 1
        if stop_after is not None and count > stop_after:
            raise KeyboardInterrupt

    return play_tournament(plan, progress=progress, keep=keep)


def same_table(a: TournamentResult, b: TournamentResult) -> None:
    left, right = a.to_json(), b.to_json()
    assert left == right


def test_a_stopped_tournament_resumed_gives_the_table_of_one_run(tmp_path: Path) -> None:
    keep = tmp_path / "kept.jsonl"
    whole = played(4, None)
    with pytest.raises(KeyboardInterrupt):
        played(4, keep, stop_after=5)
    lines = keep.read_text().splitlines()
    assert json.loads(lines[0])["kind"] == "tote-tournament"
    assert len(lines) - 1 == 6  # every game that ended, the one the stop came after too
    same_table(played(4, keep), whole)
    assert len(keep.read_text().splitlines()) - 1 == 12  # three tables of four games


def test_a_run_stopped_within_a_round_of_the_rotation_plays_no_kept_game_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A stop after an odd number of games of a 2-seat table leaves a round of the seat
    rotation half played: the resumed run starts at the first game missing, seated as
    that game is in one run (the bots turned by its index), and plays only the games
    the file lacks; the table is one run's."""
    keep = tmp_path / "kept.jsonl"
    whole = played(4, None)
    with pytest.raises(KeyboardInterrupt):
        played(4, keep, stop_after=2)
    assert len(keep.read_text().splitlines()) - 1 == 3  # games 0-2 of the first table
    seeds: list[tuple[int, tuple[str, ...]]] = []
    real = runner_module._row

    def counted(spec: GameSpec, index: int, *args: Any) -> GameRow:
        row = real(spec, index, *args)
        seeds.append((row.seed, row.bots))
        return row

    monkeypatch.setattr(runner_module, "_row", counted)
    same_table(played(4, keep), whole)
    assert len(seeds) == 12 - 3  # the file held 3 of the 12 games
    assert seeds[0] == (5 + 3, tuple(reversed(BOTS[:2])))  # game 3: seed 5 + 3, turned


def test_a_resumed_run_plays_only_the_games_the_file_lacks(tmp_path: Path) -> None:
    keep = tmp_path / "kept.jsonl"
    played(4, keep)
    kept = keep.read_text()
    calls: list[int] = []
    plan = plan_tournament(GAME, 2, 4, BOTS, seed=5)
    play_tournament(plan, progress=lambda *a: calls.append(a[2]), keep=keep)
    assert keep.read_text() == kept
    assert calls == [4, 4, 4]  # each table reported done from the file, none played


def test_more_games_extend_a_kept_tournament(tmp_path: Path) -> None:
    keep = tmp_path / "kept.jsonl"
    played(2, keep)
    same_table(played(6, keep), played(6, None))


def test_a_line_cut_short_by_a_killed_run_is_played_again(tmp_path: Path) -> None:
    keep = tmp_path / "kept.jsonl"
    played(2, keep)
    text = keep.read_text()
    keep.write_text(text[: len(text) - 20])  # the last game's line cut mid-way
    same_table(played(2, keep), played(2, None))
    assert keep.read_text() == text


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"bots": ["odds", "random"]}, "its bots is"),
        ({"seed": 6}, "its seed is 5, not 6"),
    ],
)
def test_a_file_of_another_tournament_is_refused(
    tmp_path: Path, change: dict[str, Any], says: str
) -> None:
    keep = tmp_path / "kept.jsonl"
    played(2, keep)
    arguments: dict[str, Any] = {"bots": BOTS, "seed": 5, **change}
    plan = plan_tournament(GAME, 2, 2, arguments["bots"], seed=arguments["seed"])
    with pytest.raises(OptionsError, match=says):
        play_tournament(plan, keep=keep)


@pytest.mark.parametrize("content", [b'{"hello": 1}\n', b"\xff\xfe binary", b""])
def test_the_command_line_refuses_a_file_that_is_not_kept_games(
    tmp_path: Path, content: bytes
) -> None:
    """Bad input: a file that is not kept games (JSON of another kind, bytes that are not
    text, an empty file) is one line and status 2, and the file is left as it was."""
    other = tmp_path / "notes.jsonl"
    other.write_bytes(content)
    result = runner.invoke(
        app,
        [
            *("tournament", "winners-circle", "-p", "2", "-n", "2", "--bots", "random,odds"),
            *("--workers", "1", "--keep", str(other)),
        ],
    )
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "is not a tote tournament's kept games" in lines[-1]
    assert other.read_bytes() == content


def test_the_command_line_keeps_and_resumes(tmp_path: Path) -> None:
    keep = tmp_path / "kept.jsonl"
    args = ["tournament", "winners-circle", "-p", "2", "-n", "2", "--bots", "random,odds"]
    args += ["--workers", "1", "--json", "--keep", str(keep)]
    first = runner.invoke(app, args)
    again = runner.invoke(app, args)
    assert first.exit_code == again.exit_code == 0, first.stderr
    assert json.loads(first.stdout) == json.loads(again.stdout)
    assert len(keep.read_text().splitlines()) == 3


def test_the_time_left_of_a_resumed_run_counts_the_games_played_not_those_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A resumed tournament reads its kept games at once: the time left is worked out
    from the games played since (one game in 60 s, 22 to go: about 22 min), not as if
    the 77 kept games had been played in that minute (17 s). A fresh run's estimate is
    as before."""
    from io import StringIO

    from rich.console import Console

    from tote.sim import progress

    now = [0.0]
    monkeypatch.setattr(progress.time, "monotonic", lambda: now[0])
    out = StringIO()
    console = Console(file=out, width=200)
    monkeypatch.setattr(progress, "interval", lambda: 0.0)
    with progress.game_progress(console, "t", 100) as update:
        update.already(77)
        now[0] = 60.0
        update(78)
    assert "78/100 games (78.0%), 60 s, about 22 min left" in out.getvalue()

    out.truncate(0)
    now[0] = 0.0
    with progress.game_progress(console, "t", 100) as update:
        now[0] = 20.0
        update(10)
    assert "10/100 games (10.0%), 20 s, about 3 min left" in out.getvalue()


def test_games_read_from_the_file_are_reported_as_read(tmp_path: Path) -> None:
    """What the time left above rests on: a resumed tournament reports the games it
    reads to ``kept_progress`` and only the games it plays to ``progress``."""
    keep = tmp_path / "kept.jsonl"
    played(2, keep)
    read: list[int] = []
    playing: list[int] = []
    plan = plan_tournament(GAME, 2, 4, BOTS, seed=5)
    play_tournament(
        plan,
        progress=lambda *a: playing.append(a[2]),
        kept_progress=lambda *a: read.append(a[2]),
        keep=keep,
    )
    assert read == [2, 2, 2] and playing == [3, 4, 3, 4, 3, 4]
