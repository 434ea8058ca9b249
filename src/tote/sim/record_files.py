"""Saved simulations: one compressed run file per batch, and reading records back.

``tote simulate --save`` keeps every game's record (docs/records.md, the record
format unchanged) in one **run file**: gzip-compressed JSON Lines, one record per
line, in game order (``<game>-<first seed>-<last seed>.jsonl.gz`` in a directory, or
any ``FILE.jsonl.gz``). Each line is its own gzip member, compressed by the worker
that played the game; the members joined make one ordinary gzip file (``zcat`` reads
it). ``tote replay FILE --seed S`` replays one game out of it; single records
(``.json``, also gzip-compressed ``.json.gz``) replay as before.
"""

from __future__ import annotations

import contextlib
import gzip
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING, Protocol

from tote.core.errors import RecordError, ToteError
from tote.core.record import Record

if TYPE_CHECKING:
    from tote.sim.runner import GameRow

RUN_SUFFIX = ".jsonl.gz"
GZIP_MAGIC = b"\x1f\x8b"


class RowFile(Protocol):
    """A file written row by row during a batch, in place only once the batch is over."""

    def add(self, row: GameRow) -> None: ...
    def commit(self) -> None: ...
    def abort(self) -> None: ...


def check_writable(path: Path, what: str) -> None:
    """Refuse, before any game, a file that cannot be written: its folder must exist and
    take a new file (tried with the temporary name, removed at once), and the name must
    not be a folder."""
    folder = path.parent
    if path.is_dir():
        raise ToteError(f"{what} {path}: is a directory, not a file")
    if not folder.is_dir():
        raise ToteError(f"{what} {path}: no such directory {folder}")
    probe = temporary_beside(path)
    try:
        probe.touch(exist_ok=False)
    except OSError as exc:
        raise ToteError(f"{what} {path}: cannot write in {folder} ({exc.strerror})") from None
    probe.unlink()


def run_file(save: Path, game_id: str, seed: int, games: int) -> Path:
    """Where ``--save`` puts a batch's records: ``save`` itself if it names a
    ``.jsonl.gz`` file, else ``save/<game>-<first seed>-<last seed>.jsonl.gz`` (the
    directory is made if need be).

    A name with a file suffix (``x.zip``, ``x.json``) that is not an existing
    directory is refused rather than made a directory of that name (issue 29, Fix)."""
    if save.name.endswith(RUN_SUFFIX):
        check_writable(save, "--save")
        return save
    if save.exists() and not save.is_dir():
        raise ToteError(f"--save {save}: is a file; give a directory or a FILE{RUN_SUFFIX}")
    if save.suffix and not save.is_dir():
        raise ToteError(
            f"--save {save}: not a {RUN_SUFFIX} name; give a directory or a FILE{RUN_SUFFIX}"
        )
    try:
        save.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ToteError(f"--save {save}: cannot make the directory: {exc.strerror}") from None
    path = save / f"{game_id}-{seed}-{seed + max(games, 1) - 1}{RUN_SUFFIX}"
    check_writable(path, "--save")
    return path


def temporary_beside(path: Path) -> Path:
    """A hidden temporary name in ``path``'s folder (renamed onto ``path`` when done)."""
    return path.with_name(f".{path.name}.{os.getpid()}.part")


class RecordsWriter:
    """Writes a run file: every row's compressed record, in the order they come."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.temporary = temporary_beside(path)
        try:
            self.file: IO[bytes] = self.temporary.open("wb")
        except OSError as exc:
            raise ToteError(f"--save {path}: {exc.strerror}") from None

    def add(self, row: GameRow) -> None:
        assert row.record is not None, "a saved batch's rows carry their records"
        self.file.write(row.record)

    def commit(self) -> None:
        self.file.close()
        os.replace(self.temporary, self.path)

    def abort(self) -> None:
        self.file.close()
        with contextlib.suppress(FileNotFoundError):
            self.temporary.unlink()


def _open_text(path: Path) -> IO[str]:
    try:
        with path.open("rb") as probe:
            compressed = probe.read(2) == GZIP_MAGIC
        if compressed:
            return gzip.open(path, "rt", encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror}") from None
    if path.name.endswith(".gz"):
        what = "run file" if is_run_file(path) else "record"
        raise RecordError(f"{path} is not a gzip {what}: it does not start as gzip files do")
    try:
        return path.open(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror}") from None


def is_run_file(path: Path) -> bool:
    """A run file holds many records, one per line (``.jsonl`` or ``.jsonl.gz``)."""
    return path.name.endswith((RUN_SUFFIX, ".jsonl"))


def read_run(path: Path) -> Iterator[Record]:
    """Every record of a run file, in game order (one line at a time: flat memory)."""
    with _open_text(path) as lines:
        try:
            for number, line in enumerate(lines, start=1):
                if not line.strip():
                    continue
                try:
                    data = json.loads(line)
                except json.JSONDecodeError as exc:
                    raise RecordError(f"{path} line {number} is not JSON: {exc.msg}") from None
                yield Record.from_json(data)
        except (OSError, EOFError, UnicodeDecodeError) as exc:
            raise RecordError(f"{path} is not a readable run file: {exc}") from None


def load_record(path: Path, seed: int | None = None) -> Record:
    """The record in ``path``: a single record (``.json``, maybe gzip-compressed), or,
    in a run file, the game with ``seed`` (which may be left out if it holds one game).
    """
    if not is_run_file(path):
        with _open_text(path) as file:
            try:
                text = file.read()
            except (OSError, EOFError, UnicodeDecodeError) as exc:
                raise RecordError(f"{path} is not a readable record: {exc}") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"{path} is not JSON: line {exc.lineno}: {exc.msg}") from None
        record = Record.from_json(data)
        if seed is not None and record.seed != seed:
            raise RecordError(f"{path} is the game with seed {record.seed}, not {seed}")
        return record
    count = 0
    first: Record | None = None
    seeds: list[int | None] = []
    for record in read_run(path):
        if seed is not None and record.seed == seed:
            return record
        count += 1
        first = first or record
        if len(seeds) < 2:
            seeds.append(record.seed)
        else:
            seeds[1] = record.seed
    if first is None:
        raise RecordError(f"{path} holds no game")
    span = f"seeds {seeds[0]}-{seeds[-1]}" if count > 1 else f"seed {first.seed}"
    if seed is not None:
        raise RecordError(f"{path} has no game with seed {seed} ({count} games, {span})")
    if count > 1:
        raise RecordError(f"{path} holds {count} games ({span}); choose one with --seed S")
    return first
