"""One row per game as a table: ``tote simulate --out FILE.parquet|.csv`` and DataFrames.

The columns (docs/simulation.md, "--out"): ``game``, ``index``, ``seed``, ``players``,
``options`` (the options as JSON), per seat ``bot_<k>``, ``score_<k>``, ``rank_<k>`` and
``win_<k>`` (seat ``k`` = 1 first; a shared win is a win for each winner), ``winners``
(how many), ``moves`` and ``chance_moves``, then the game's own columns
(:meth:`tote.sim.game_stats.GameStats.columns`; one that clashes with these names gets
the prefix ``game_``).

pyarrow writes the files as the games come (row groups of :data:`BATCH` rows), so
memory stays flat; polars makes the DataFrame (from the same Arrow batches, without a
copy). Both come with the ``lab`` extra, ``pip install 'tote[lab]'``, and are imported
only when used.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tote.core.errors import ToteError
from tote.sim.game_stats import Scalar
from tote.sim.record_files import check_writable, temporary_beside

if TYPE_CHECKING:
    import polars

    from tote.sim.runner import GameRow

BATCH = 8192
"""Rows held before they are written out as one row group."""
FORMATS = (".parquet", ".csv")
EXTRA = "pip install 'tote[lab]'"


def import_arrow() -> Any:
    """pyarrow, or a clear refusal naming the extra to install."""
    try:
        import pyarrow
    except ImportError:
        raise ToteError(f"writing tables needs pyarrow: {EXTRA}") from None
    return pyarrow


def check_out(path: Path) -> None:
    """Refuse, before any game, an ``--out`` file tote cannot write."""
    if path.suffix not in FORMATS:
        raise ToteError(f"--out {path}: the file must end in .parquet or .csv")
    check_writable(path, "--out")
    import_arrow()


def row_columns(row: GameRow, options_json: str, game_id: str) -> dict[str, Scalar]:
    """The flat row of one game, as it appears in ``--out`` files and DataFrames."""
    data: dict[str, Scalar] = {
        "game": game_id,
        "index": row.index,
        "seed": row.seed,
        "players": len(row.scores),
        "options": options_json,
    }
    for seat, bot in enumerate(row.bots, start=1):
        data[f"bot_{seat}"] = bot
    for seat, score in enumerate(row.scores, start=1):
        data[f"score_{seat}"] = score
    for seat, rank in enumerate(row.ranking, start=1):
        data[f"rank_{seat}"] = rank
    for seat in range(len(row.scores)):
        data[f"win_{seat + 1}"] = seat in row.winners
    data["winners"] = len(row.winners)
    data["moves"] = row.moves
    data["chance_moves"] = row.chance_moves
    for name, value in row.columns.items():
        data[f"game_{name}" if name in data else name] = value
    return data


def options_text(options: Mapping[str, Any]) -> str:
    return json.dumps(options, sort_keys=True, separators=(",", ":"))


class ArrowBatches:
    """Rows gathered into Arrow record batches of one schema (fixed by the first batch)."""

    def __init__(self, game_id: str, options: Mapping[str, Any]) -> None:
        self.pa = import_arrow()
        self.game_id = game_id
        self.options = options_text(options)
        self.pending: list[dict[str, Scalar]] = []
        self.schema: Any = None

    def add(self, row: GameRow) -> Any:
        """Take a row; returns a full record batch when one is ready, else None."""
        self.pending.append(row_columns(row, self.options, self.game_id))
        return self.flush() if len(self.pending) >= BATCH else None

    def flush(self) -> Any:
        """The rows taken so far as one record batch (None if there are none)."""
        if not self.pending:
            return None
        pa = self.pa
        if self.schema is None:
            inferred = pa.Table.from_pylist(self.pending).schema
            self.schema = pa.schema(
                [pa.field(f.name, pa.string()) if pa.types.is_null(f.type) else f for f in inferred]
            )
        try:
            batch = pa.RecordBatch.from_pylist(self.pending, schema=self.schema)
        except (pa.ArrowInvalid, pa.ArrowTypeError) as exc:
            raise ToteError(f"a game's columns changed type between games: {exc}") from None
        self.pending = []
        return batch


class RowsWriter:
    """Writes ``--out``: a temporary file beside it, renamed onto it when the batch is over."""

    def __init__(self, path: Path, game_id: str, options: Mapping[str, Any]) -> None:
        self.path = path
        self.temporary = temporary_beside(path)
        self.batches = ArrowBatches(game_id, options)
        self.writer: Any = None
        try:  # find out now, before any game, that the folder takes files
            self.temporary.touch()
        except OSError as exc:
            raise ToteError(f"--out {path}: {exc.strerror}") from None

    def add(self, row: GameRow) -> None:
        self._write(self.batches.add(row))

    def _write(self, batch: Any) -> None:
        if batch is None:
            return
        if self.writer is None:
            self.writer = self._open(batch.schema)
        self.writer.write_batch(batch)

    def _open(self, schema: Any) -> Any:
        if self.path.suffix == ".csv":
            from pyarrow import csv

            return csv.CSVWriter(str(self.temporary), schema)
        from pyarrow import parquet

        return parquet.ParquetWriter(str(self.temporary), schema, compression="zstd")

    def commit(self) -> None:
        self._write(self.batches.flush())
        if self.writer is None:  # no game at all: an empty table with the fixed columns
            pa = self.batches.pa
            self.writer = self._open(pa.schema([pa.field("game", pa.string())]))
        self.writer.close()
        os.replace(self.temporary, self.path)

    def abort(self) -> None:
        if self.writer is not None:
            with contextlib.suppress(Exception):
                self.writer.close()
        with contextlib.suppress(FileNotFoundError):
            self.temporary.unlink()


class FrameCollector:
    """A row sink gathering a batch into one polars DataFrame (via Arrow, no copy)."""

    def __init__(self, game_id: str, options: Mapping[str, Any]) -> None:
        self.batches = ArrowBatches(game_id, options)
        self.done: list[Any] = []

    def __call__(self, row: GameRow) -> None:
        batch = self.batches.add(row)
        if batch is not None:
            self.done.append(batch)

    def frame(self) -> polars.DataFrame:
        try:
            import polars
        except ImportError:
            raise ToteError(f"DataFrames need polars: {EXTRA}") from None
        last = self.batches.flush()
        batches: Sequence[Any] = [*self.done, last] if last is not None else self.done
        if not batches:
            return polars.DataFrame()
        table = self.batches.pa.Table.from_batches(batches)
        result = polars.from_arrow(table)
        assert isinstance(result, polars.DataFrame)
        return result
