"""A tournament's finished games kept in a file (``tote tournament --keep FILE``), so
that a long round robin can be stopped and resumed, or extended with more games.

Issue 25's proof tournaments play 100 games and more per pairing with ``hard`` at about
a second a decision: hours of one core. Every game of a tournament is seeded (game
``i`` of a table has seed ``S + i`` and the bots turned ``i`` seats) and the search
bots' default budget is a fixed number of iterations, so a game played today is the
game an uninterrupted run would have played: a result file can be filled a part at a
time, on any day, and the table it gives is the one a single run gives.

The file is JSON Lines. Its first line says which tournament it holds (the game, the
seats, the bots and their tables, the seed, the options and the search budget); each
further line is one finished game of one table (its index, seed, seating, scores,
ranks and winners), appended and flushed as the game ends. Run again with the same
file and the same tournament, only the games it does not hold are played; with more
``--games``, the new ones are added; a file holding another tournament is refused, one
line saying what differs. A last line cut short (the run killed while writing it) is
dropped.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from tote.bots import Budget
from tote.core.errors import OptionsError
from tote.sim.runner import GameRow, SimPlan

KIND = "tote-tournament"
VERSION = 1
MOST_LINES = 10_000_000
"""A kept file's bound: more lines than a tournament can hold (1,000 tables)."""
MOST_BYTES = 4 << 30
"""A kept file's size bound, checked before it is read (a game's line is about 250 bytes)."""


def tournament_header(
    bots: Sequence[str], tables: Sequence[Sequence[str]], first: SimPlan
) -> dict[str, Any]:
    """What identifies a tournament's games (everything but how many per table)."""
    budget = first.budget or Budget()
    return {
        "kind": KIND,
        "version": VERSION,
        "game": first.game.id,
        "players": first.players,
        "bots": list(bots),
        "tables": [list(t) for t in tables],
        "seed": first.seed,
        "options": first.options.model_dump(mode="json"),
        "budget": {
            "iterations": budget.iterations,
            "seconds": budget.seconds,
            "processes": budget.processes,
        },
    }


def _row_json(table: int, row: GameRow) -> dict[str, Any]:
    return {
        "table": table,
        "index": row.index,
        "seed": row.seed,
        "bots": list(row.bots),
        "scores": list(row.scores),
        "ranking": list(row.ranking),
        "winners": list(row.winners),
        "moves": row.moves,
        "chance_moves": row.chance_moves,
    }


def _row_of(data: Mapping[str, Any]) -> tuple[int, GameRow]:
    row = GameRow(
        index=int(data["index"]),
        seed=int(data["seed"]),
        bots=tuple(str(b) for b in data["bots"]),
        scores=tuple(int(s) for s in data["scores"]),
        ranking=tuple(int(r) for r in data["ranking"]),
        winners=tuple(int(w) for w in data["winners"]),
        moves=int(data["moves"]),
        chance_moves=int(data["chance_moves"]),
    )
    return int(data["table"]), row


def _difference(kept: Mapping[str, Any], wanted: Mapping[str, Any]) -> str:
    """The first field where the file's tournament is not this one, in words."""
    for key, value in wanted.items():
        if kept.get(key) != value:
            return f"its {key} is {json.dumps(kept.get(key))}, not {json.dumps(value)}"
    return "it is another tournament"


class KeptGames:
    """The games a kept file holds, table by table, and the file to add new ones to."""

    def __init__(self, path: Path, header: dict[str, Any]) -> None:
        self.path = path
        self.games: dict[int, dict[int, GameRow]] = {}
        self._file: IO[str] | None = None
        if path.exists():
            self._read(header)
        else:
            with path.open("w", encoding="utf-8") as file:
                file.write(json.dumps(header, sort_keys=True) + "\n")

    def _read(self, header: dict[str, Any]) -> None:
        name = str(self.path)
        if self.path.stat().st_size > MOST_BYTES:
            raise OptionsError(f"--keep {name}: larger than {MOST_BYTES >> 30} GiB")
        try:
            with self.path.open(encoding="utf-8") as file:
                lines = file.readlines()
        except UnicodeDecodeError:
            raise OptionsError(f"--keep {name} is not a tote tournament's kept games") from None
        if len(lines) > MOST_LINES:
            raise OptionsError(f"--keep {name}: more than {MOST_LINES:,} lines")
        try:
            kept = json.loads(lines[0]) if lines else None
        except json.JSONDecodeError:
            kept = None
        if not isinstance(kept, dict) or kept.get("kind") != KIND:
            raise OptionsError(f"--keep {name} is not a tote tournament's kept games")
        if kept != header:
            raise OptionsError(
                f"--keep {name} holds another tournament: {_difference(kept, header)}"
            )
        complete = len(lines)
        if not lines[-1].endswith("\n"):
            complete -= 1  # a line cut short by a killed run: its game is played again
        for number, line in enumerate(lines[1:complete], start=2):
            try:
                table, row = _row_of(json.loads(line))
            except (json.JSONDecodeError, KeyError, TypeError, ValueError):
                raise OptionsError(f"--keep {name}, line {number}: not a kept game") from None
            self.games.setdefault(table, {})[row.index] = row
        if complete < len(lines):
            with self.path.open("w", encoding="utf-8") as file:
                file.writelines(lines[:complete])

    def done(self, table: int, games: int) -> list[GameRow]:
        """Table ``table``'s kept games 0, 1, ... in order, up to the first one missing
        (at most ``games``)."""
        rows = self.games.get(table, {})
        done: list[GameRow] = []
        while len(done) < games and len(done) in rows:
            done.append(rows[len(done)])
        return done

    def add(self, table: int, row: GameRow) -> None:
        """Keep a game just finished: appended and flushed at once."""
        if row.index in self.games.get(table, {}):
            return
        self.games.setdefault(table, {})[row.index] = row
        if self._file is None:
            self._file = self.path.open("a", encoding="utf-8")
        self._file.write(json.dumps(_row_json(table, row), sort_keys=True) + "\n")
        self._file.flush()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None
