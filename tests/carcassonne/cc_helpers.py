"""Helpers for the Carcassonne rule tests (``from .cc_helpers import ...``).

Every situation is reached with real moves: the tile drawn is a scripted chance
move (``DrawTile``), the seats play ``PlaceTile`` / ``PlaceMeeple`` /
``NoMeeple`` / ``PlaceChip`` / ``NoChip`` / ``SettleBets``. Positions: x grows to
the east, y to the south; the start tile D lies on (0, 0) with its city to the
north and its road running west-east.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tote.core import CHANCE, Move
from tote.games.carcassonne import GAME
from tote.games.carcassonne.board import Board
from tote.games.carcassonne.data import land_tiles
from tote.games.carcassonne.moves import (
    DrawTile,
    NoChip,
    NoMeeple,
    PlaceChip,
    PlaceMeeple,
    PlaceTile,
)
from tote.games.carcassonne.state import CarcassonneState
from tote.games.carcassonne.tiles import STEPS, opposite_half


def new_state(players: int = 2, **options: Any) -> CarcassonneState:
    state = GAME.new_state(options, players)
    assert isinstance(state, CarcassonneState)
    return state


def play(
    state: CarcassonneState,
    tile: str,
    x: int,
    y: int,
    rotation: int = 0,
    meeple: str | Move | None = None,
) -> None:
    """The active seat draws ``tile``, places it and puts a meeple on ``meeple`` (a
    feature label; or any move of the meeple step, such as ``PlaceAbbot``) or none.
    The meeple step is answered only if the rules ask."""
    state.apply(CHANCE, DrawTile(tile))
    seat = state.active
    state.apply(seat, PlaceTile(x, y, rotation))
    if state.phase == "meeple":
        if isinstance(meeple, Move):
            state.apply(seat, meeple)
        else:
            state.apply(seat, PlaceMeeple(meeple) if meeple else NoMeeple())
    else:
        assert meeple is None, f"the rules asked for no meeple, but the test wants {meeple}"


def bet(state: CarcassonneState, chips: dict[int, str | None]) -> None:
    """Every seat in the betting turn commits its chip (``None``: no chip)."""
    assert state.phase == "bet", state.phase
    for seat in state.turn().seats:
        chip = chips.get(seat)
        move: Move = PlaceChip(chip) if chip else NoChip()
        state.apply(seat, move)


def write_tiles(tmp_path: Path, tiles: list[dict[str, Any]], name: str = "tiles.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps({"tiles": tiles}), encoding="utf-8")
    return str(path)


def some_tiles(tmp_path: Path, counts: dict[str, int]) -> str:
    """A tiles file with the real tile types: the start tile D and ``counts`` of others,
    so that a game ends after a few turns."""
    tiles: list[dict[str, Any]] = []
    for spec in land_tiles().tiles:
        if spec.id == "D" or spec.id in counts:
            data = spec.model_dump(exclude_none=True)
            data["count"] = counts.get(spec.id, 0) + (1 if spec.id == "D" else 0)
            data["start"] = 1 if spec.id == "D" else 0
            tiles.append(data)
    return write_tiles(tmp_path, tiles)


def edge_mismatches(board: Board) -> list[str]:
    """Every pair of neighbouring tiles whose touching edges (or fields) differ (CC 2.2)."""
    problems = []
    for x, y, form, _ in board.placed:
        for d, (dx, dy) in enumerate(STEPS):
            other = board.at.get((x + dx, y + dy))
            if other is None:
                continue
            oform = board.placed[other][2]
            back = (d + 2) % 4
            if form.edges[d] != oform.edges[back]:
                problems.append(f"{form.tile}@{x},{y} edge {d} vs {oform.tile}")
            for half in (2 * d, 2 * d + 1):
                mine = form.half_segment[half] >= 0
                theirs = oform.half_segment[opposite_half(half)] >= 0
                if mine != theirs:
                    problems.append(f"{form.tile}@{x},{y} half {half} vs {oform.tile}")
    return problems


def scores_by_event(state: CarcassonneState, kind: str) -> list[dict[str, Any]]:
    return [e.for_seat(None) for e in state.log if e.kind == kind]
