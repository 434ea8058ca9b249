"""Issue 14, Data: ``--out`` tables, the DataFrame API and compressed ``--save`` run files."""

from __future__ import annotations

import csv
import gzip
import json
from pathlib import Path

import polars as pl
import pytest

from tote.core import Match, Record
from tote.core.errors import ToteError
from tote.sim import games_frame, iter_rows, plan_games, run_games, run_plan
from tote.sim.record_files import load_record, read_run
from tote.sim.runner import GameRow

WC = "winners-circle"
PER_SEAT = ("bot", "score", "rank", "win")


def test_out_parquet_has_one_row_per_game_with_its_columns(tmp_path: Path) -> None:
    """Issue 14: "--out FILE.parquet writes one row per game (seed, options, bots, scores,
    result ...)"; the values are the games' own."""
    out = tmp_path / "games.parquet"
    kept: list[GameRow] = []
    plan = plan_games(WC, 3, 9, seed=50, bots=["odds", "random"], out=out,
                      options={"starting_money": 100})  # fmt: skip
    run_plan(plan, sinks=[kept.append], workers=2)
    frame = pl.read_parquet(out)
    assert frame.height == 9
    for name in ("game", "index", "seed", "players", "options", "winners", "moves"):
        assert name in frame.columns
    for seat in (1, 2, 3):
        for prefix in PER_SEAT:
            assert f"{prefix}_{seat}" in frame.columns
    assert frame["seed"].to_list() == list(range(50, 59))
    assert frame["bot_2"].to_list() == ["random"] * 9
    assert json.loads(frame["options"][0])["starting_money"] == 100
    for r, record in zip(kept, frame.iter_rows(named=True), strict=True):
        assert tuple(record[f"score_{s + 1}"] for s in range(3)) == r.scores
        assert tuple(s for s in range(3) if record[f"win_{s + 1}"]) == r.winners
        assert record["moves"] == r.moves
    assert not list(tmp_path.glob(".*.part"))


def test_out_csv_has_the_same_rows(tmp_path: Path) -> None:
    """Issue 14: the .csv file holds the same rows as the .parquet one."""
    run_games(WC, 2, 5, seed=3, out=tmp_path / "a.csv")
    run_games(WC, 2, 5, seed=3, out=tmp_path / "a.parquet")
    with (tmp_path / "a.csv").open() as file:
        rows = list(csv.DictReader(file))
    table = pl.read_parquet(tmp_path / "a.parquet")
    assert len(rows) == 5
    assert [int(r["score_1"]) for r in rows] == table["score_1"].to_list()
    assert list(rows[0]) == table.columns


def test_dataframe_api_gives_the_rows_of_out(tmp_path: Path) -> None:
    """Issue 14: "A Python API returns the same as a DataFrame" (polars)."""
    frame = games_frame(WC, 2, 6, seed=8, workers=2)
    run_games(WC, 2, 6, seed=8, out=tmp_path / "same.parquet")
    assert isinstance(frame, pl.DataFrame)
    assert frame.equals(pl.read_parquet(tmp_path / "same.parquet"))


@pytest.mark.parametrize("workers", [1, 2])
def test_an_interrupted_run_leaves_no_file_behind(tmp_path: Path, workers: int) -> None:
    """Issue 14, Bad input: nothing half-written left behind (temporary file, renamed at
    the end); a file already there is left as it was."""
    out, save = tmp_path / "games.parquet", tmp_path / "runs.jsonl.gz"
    out.write_text("old")

    def stop(row: GameRow) -> None:
        if row.index == 3:
            raise KeyboardInterrupt

    plan = plan_games(WC, 2, 10, out=out, save=save)
    with pytest.raises(KeyboardInterrupt):
        run_plan(plan, sinks=[stop], workers=workers)
    assert out.read_text() == "old"
    assert not save.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.parquet"]


@pytest.mark.parametrize(
    ("out", "message"),
    [
        ("games.txt", "must end in .parquet or .csv"),
        ("missing/games.csv", "no such directory"),
        ("folder.parquet", "is a directory"),
    ],
)
def test_an_out_file_that_cannot_be_written_is_refused_first(
    tmp_path: Path, out: str, message: str
) -> None:
    (tmp_path / "folder.parquet").mkdir()
    before = sorted(tmp_path.iterdir())
    with pytest.raises(ToteError, match=message):
        plan_games(WC, 2, 1, out=tmp_path / out)
    assert sorted(tmp_path.iterdir()) == before


def test_a_run_file_holds_every_record_and_each_replays(tmp_path: Path) -> None:
    """Issue 14: --save writes compressed records, one file per run; every game in it
    replays to its result, and the fast path gave the same results."""
    summary = run_games(WC, 3, 5, seed=70, bots=["odds", "random"], save=tmp_path)
    path = tmp_path / f"{WC}-70-74.jsonl.gz"
    records = list(read_run(path))
    rows = list(iter_rows(plan_games(WC, 3, 5, seed=70, bots=["odds", "random"])))
    assert [r.seed for r in records] == list(range(70, 75))
    for record, game_row in zip(records, rows, strict=True):
        result = Match.replay(record).state.result()
        assert result is not None and result.scores == game_row.scores
    assert summary.wins == tuple(sum(s in r.winners for r in rows) for s in range(3))
    with gzip.open(path, "rt") as lines:  # an ordinary gzip file of JSON lines
        assert len(lines.readlines()) == 5


def test_one_game_out_of_a_run_file(tmp_path: Path) -> None:
    """Issue 14: replay one game out of a run file by its seed; old single records
    (.json, also gzip-compressed) still load."""
    save = tmp_path / "run.jsonl.gz"
    run_games(WC, 2, 4, seed=5, save=save)
    record = load_record(save, 7)
    assert record.seed == 7
    single = tmp_path / "one.json"
    record.save(single)
    assert load_record(single) == record
    packed = tmp_path / "one.json.gz"
    packed.write_bytes(gzip.compress(single.read_bytes()))
    assert load_record(packed) == Record.load(single)
    with pytest.raises(ToteError, match=r"holds 4 games \(seeds 5-8\); choose one with --seed"):
        load_record(save)
    with pytest.raises(ToteError, match="no game with seed 99"):
        load_record(save, 99)
