"""Carcassonne (with The Bets, The River, The Abbot) as numbers.

Actions: "place the tile on (x, y) turned r degrees" for every cell of a square grid of
``board_radius`` cells around the start tile (x and y from -radius to radius) and the
four rotations (CC 2.2); a placement outside the grid cannot be chosen, so the radius
must cover the board the players build (the default 15 holds a 72-tile game in all but
freak sprawls). Then "meeple on <feature>" for every segment label a tile can have
(CC 3.1) and "no meeple"; The Abbot's "abbot on monastery/garden" and "return the
abbot" (CA 1.2, CA 2.2); The Bets' "settle against <feature>" (CB 3.5), "bet chip
<chip>" for every chip face and "no chip" (CB 2.1).

Observation: a grid of the same radius (tiles beyond it are left out of it) with, per
cell, whether a tile lies there, its edges (city, road, field, water per side),
monastery, pennant, betting office and the meeples on it (own or other); the drawn
tile's edges; the phase and whose turn; every seat's score, meeples and chips (rotated,
the seat first); the seat's own chips by face; the tiles still to come by type; the
stack size.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from tote.core.bot import Observation
from tote.core.errors import OptionsError
from tote.core.game import GameOptions
from tote.envs.catalogue import Entry, EntryCatalogue, Mask, split_grid
from tote.envs.games.start import first_state
from tote.envs.observation import Features, WriterEncoder, one_hots, rotate, scaled
from tote.games.carcassonne.moves import (
    NoChip,
    NoMeeple,
    PlaceAbbot,
    PlaceChip,
    PlaceMeeple,
    PlaceTile,
    ReturnAbbot,
    SettleBets,
)
from tote.games.carcassonne.phases import BET, DRAW, MEEPLE, OVER, PLACE, SETTLE
from tote.games.carcassonne.state import CarcassonneState
from tote.games.carcassonne.tiles import Form

GAME_ID = "carcassonne"
Vector = npt.NDArray[np.float32]
GRID_DEFAULTS: dict[str, Any] = {"board_radius": 15}
MAX_RADIUS = 40
ROTATIONS = (0, 90, 180, 270)
PHASES = (DRAW, PLACE, MEEPLE, SETTLE, BET, OVER)
EDGE_KINDS = ("C", "R", "F", "W")
EDGE_INDEX = {kind: k for k, kind in enumerate(EDGE_KINDS)}
FLAGS = 1 + 4 * len(EDGE_KINDS)
"""Where a cell's monastery, pennant and office flags begin (then own and other meeples)."""
CELL = FLAGS + 5
"""Per cell: occupied, edges (4 sides x 4 kinds), monastery, pennant, office, own
meeples, other meeples: 22 slots. Observation version 2 (issue 24): version 1 had 21,
the office's flag and the seat's own meeples adding up in one slot."""
OBSERVATION_VERSION = 2
"""Carcassonne's observation version (docs/environments.md, "Versions")."""
MEEPLES_ON_A_TILE = 5.0
"""The most meeples counted on one tile, own or others' (one per feature, and an abbot)."""
SCORE_CLIP = 5.0
"""Scores are written in hundreds and clipped at 5 (500 points; issue 30, fix 5)."""
CHIPS = 6.0
"""The chips in a hand are written as a share of 6 (counts of each face up to 6), and
clipped at 2 (12 chips)."""


def _radius(grid: dict[str, Any]) -> int:
    r = grid["board_radius"]
    if isinstance(r, bool) or not isinstance(r, int) or not 1 <= r <= MAX_RADIUS:
        raise OptionsError(f"{GAME_ID} grid option 'board_radius': 1 to {MAX_RADIUS}, not {r!r}")
    return r


def _material(players: int, options: GameOptions) -> tuple[list[str], list[str], list[str]]:
    """Every segment label, chip face and tile type of this game's material."""
    state: Any = first_state(GAME_ID, players, options)
    labels = sorted(
        {seg.label for forms in state.forms.values() for form in forms for seg in form.segments}
    )
    chips = [c.id for c in state.data.chips.chips]
    return labels, chips, sorted(state.forms)


def catalogue(players: int, options: GameOptions, **grid: Any) -> EntryCatalogue:
    r = _radius(split_grid(GAME_ID, grid, GRID_DEFAULTS))
    labels, chips, _ = _material(players, options)
    entries = [
        Entry(f"place the tile on ({x}, {y}) turned {rot}", PlaceTile(x, y, rot))
        for y in range(-r, r + 1)
        for x in range(-r, r + 1)
        for rot in ROTATIONS
    ]
    entries += [Entry(f"meeple on {label}", PlaceMeeple(label)) for label in labels]
    entries.append(Entry("no meeple", NoMeeple()))
    entries += [Entry(f"abbot on {f}", PlaceAbbot(f)) for f in ("monastery", "garden")]
    entries.append(Entry("return the abbot", ReturnAbbot()))
    entries += [Entry(f"settle against {label}", SettleBets(label)) for label in labels]
    entries += [Entry(f"bet chip {chip}", PlaceChip(chip)) for chip in chips]
    entries.append(Entry("no chip", NoChip()))
    return CarcassonneCatalogue(GAME_ID, entries, r)


ROTATION_INDEX = {rotation: k for k, rotation in enumerate(ROTATIONS)}


class CarcassonneCatalogue(EntryCatalogue):
    """The catalogue above, whose mask finds a placement's action by its cell and
    rotation (the grid's order: row by row, then the four rotations) instead of hashing
    each of the dozens of legal placements (issue 24); the same mask as
    :class:`EntryCatalogue`'s (``tests/envs/test_carcassonne_cells.py`` compares them
    on every variant)."""

    def __init__(self, game_id: str, entries: list[Entry], radius: int) -> None:
        super().__init__(game_id, entries)
        self.radius = radius

    def mask(self, obs: Observation) -> Mask:
        legal = obs.legal_moves
        if legal is None:
            return super().mask(obs)
        mask = np.zeros(self.size, dtype=np.int8)
        r = self.radius
        side = 2 * r + 1
        fixed = self._fixed
        for move in legal:
            if type(move) is PlaceTile:
                x, y, k = move.x + r, move.y + r, ROTATION_INDEX.get(move.rotation)
                if 0 <= x < side and 0 <= y < side and k is not None:
                    mask[(y * side + x) * 4 + k] = 1
            else:
                i = fixed.get(move)
                if i is not None:
                    mask[i] = 1
        return mask


def score(view: dict[str, Any], seat: int) -> float:
    """The seat's points on the scoring track (CC 5)."""
    return float(view["state"]["scores"][seat])


def encoder(players: int, options: GameOptions, **grid: Any) -> WriterEncoder:
    r = _radius(split_grid(GAME_ID, grid, GRID_DEFAULTS))
    side = 2 * r + 1
    _, chips, tile_types = _material(players, options)
    seats = list(range(players))
    per_cell_high = [1.0] * (CELL - 2) + [MEEPLES_ON_A_TILE] * 2
    cell_low, cell_high = [0.0] * (CELL * side * side), per_cell_high * (side * side)

    faces: dict[tuple[Any, ...], int] = {}
    """Each printed face seen (edges, monastery, pennant, office) and its row of
    :data:`rows`: a tile's cell is its face's row, the meeples added (issue 24)."""
    rows: list[list[float]] = []
    table: list[Any] = [np.zeros((0, CELL), dtype=np.float32)]

    def face_row(key: tuple[Any, ...]) -> int:
        edges, monastery, pennant, office = key
        row = [0.0] * CELL
        row[0] = 1.0
        for e, kind in enumerate(edges):
            k = EDGE_INDEX.get(kind)
            if k is not None:
                row[1 + 4 * e + k] = 1.0
        row[FLAGS] = float(monastery)
        row[FLAGS + 1] = float(pennant)
        row[FLAGS + 2] = float(office)
        faces[key] = len(rows)
        rows.append(row)
        table[0] = np.asarray(rows, dtype=np.float32)
        return faces[key]

    def planes(s: dict[str, Any], seat: int, after: int = 0) -> tuple[Vector, dict[int, int]]:
        """The board's planes (followed by ``after`` zeros, room for the rest of the
        vector), and where the meeples were added with their counts."""
        # every tile's cell is its face's row of the table, written at once; then the
        # meeples (issue 24: cell by cell it was most of a step)
        cells: list[int] = []
        kinds: list[int] = []
        meeples: dict[int, int] = {}
        for tile in s["tiles"]:
            x, y = tile["x"] + r, tile["y"] + r
            if not (0 <= x < side and 0 <= y < side):
                continue
            key = (tile["edges"], tile["monastery"], tile["pennant"], tile["office"])
            row = faces.get(key)
            cells.append(y * side + x)
            kinds.append(face_row(key) if row is None else row)
            for meeple in tile["meeples"]:
                j = (y * side + x) * CELL + FLAGS + (3 if meeple["seat"] == seat else 4)
                meeples[j] = meeples.get(j, 0) + 1
        flat: Vector = np.zeros(side * side * CELL + after, dtype=np.float32)
        board = flat[: side * side * CELL].reshape(side * side, CELL)
        board[cells] = table[0][kinds]
        if meeples:
            flat[list(meeples)] += np.asarray(list(meeples.values()), dtype=np.float32)
        return flat, meeples

    def write(f: Features, view: dict[str, Any], seat: int) -> None:
        s = view["state"]
        f.block(planes(s, seat)[0], cell_low, cell_high)
        drawn = s["drawn_tile"]
        for kind_at in range(4):
            edge = drawn["edges"][kind_at] if drawn else None
            f.one_hot(edge, EDGE_KINDS)
        f.flag(drawn is not None and drawn["monastery"])
        f.one_hot(s["phase"], PHASES)
        order = rotate(seats, seat)
        f.one_hot(s["active"], order)
        f.many(rotate(s["scores"], seat), players, 100.0, high=SCORE_CLIP)
        f.many(rotate(s["meeples"], seat), players, 7.0)
        hands = (c if isinstance(c, int) else len(c) for c in rotate(s["chips"], seat))
        f.many(hands, players, CHIPS, high=2.0)
        own = s["chips"][seat]
        f.counts(own if isinstance(own, list) else [], chips, high=CHIPS)
        f.many((s["remaining"].get(t, 0) for t in tile_types), len(tile_types), 4.0, high=5.0)
        f.scalar(s["stack_size"], 72.0, high=2.0)
        f.flag(view["over"])

    edge_hots, phase_hots = one_hots(EDGE_KINDS), one_hots(PHASES)
    seat_hots = [one_hots(rotate(seats, seat)) for seat in seats]
    no_edge, no_phase, no_seat = [0.0] * 4, [0.0] * len(PHASES), [0.0] * players
    chip_slot = {chip: i for i, chip in reversed(list(enumerate(chips)))}
    high = np.asarray(per_cell_high, dtype=np.float32)

    def fast(view: dict[str, Any], seat: int) -> tuple[Vector, list[float]]:
        """``write``'s values (issue 24): the board's planes within their bounds (a
        face's row is 0 or 1, a meeple slot is clipped where meeples were added), then
        the rest as one list, to be written in the array's last slots
        (``tests/envs/test_fast_writers.py`` compares them)."""
        s = view["state"]
        v: list[float] = []
        drawn = s["drawn_tile"]
        if drawn:
            edges = drawn["edges"]
            for k in range(4):
                v += edge_hots.get(edges[k], no_edge)
        else:
            v += [0.0] * 16
        v.append(1.0 if drawn is not None and drawn["monastery"] else 0.0)
        v += phase_hots.get(s["phase"], no_phase)
        v += seat_hots[seat].get(s["active"], no_seat)
        v += scaled(rotate(s["scores"], seat), players, 100.0)
        v += scaled(rotate(s["meeples"], seat), players, 7.0)
        hands = (c if isinstance(c, int) else len(c) for c in rotate(s["chips"], seat))
        v += scaled(hands, players, CHIPS)
        own = s["chips"][seat]
        counts = [0.0] * len(chips)
        for chip in own if isinstance(own, list) else []:
            i = chip_slot.get(chip)
            if i is not None:
                counts[i] += 1.0
        v += counts
        remaining = s["remaining"]
        v += scaled([remaining.get(t, 0) for t in tile_types], len(tile_types), 4.0)
        x = s["stack_size"]
        v.append(0.0 if x is None else float(x) / 72.0)
        v.append(1.0 if view["over"] else 0.0)
        # the board's planes and room for the rest: one array, not two joined (issue 24:
        # counted by callgrind, joining 21,000 floats cost as much as writing them)
        board, meeples = planes(s, seat, len(v))
        if meeples:
            at = list(meeples)
            board[at] = np.minimum(board[at], high[[j % CELL for j in at]])
        return board, v

    form_rows: dict[int, tuple[Form, int]] = {}
    """A placed form's row of :data:`rows`, by the form's identity (forms are the game's
    catalogue, made once)."""

    def form_row(form: Form) -> int:
        found = form_rows.get(id(form))
        if found is not None and found[0] is form:
            return found[1]
        # the face the view prints (views.tile entries): edges, monastery, pennant, office
        key = (
            form.edges,
            form.monastery >= 0,
            any(segment.pennant for segment in form.segments),
            form.office >= 0,
        )
        row = faces.get(key)
        if row is None:
            row = face_row(key)
        form_rows[id(form)] = (form, row)
        return row

    def from_state(state: CarcassonneState, seat: int) -> tuple[Vector, list[float]]:
        """``fast``'s values read from the state (issue 24: no view built), only what
        the seat's view shows: every placed tile and its meeples, the drawn tile's
        face, the public counts, and the seat's own chips only
        (``tests/envs/test_state_writers.py`` compares it with ``write``)."""
        v: list[float] = []
        drawn = state.drawn
        if drawn is None:
            v += [0.0] * 17
        else:
            form = state.forms[drawn][0]
            edges = form.edges
            for k in range(4):
                v += edge_hots.get(edges[k], no_edge)
            v.append(1.0 if form.monastery >= 0 else 0.0)
        v += phase_hots.get(state.phase, no_phase)
        v += seat_hots[seat].get(state.active, no_seat)
        v += scaled(rotate(state.scores, seat), players, 100.0)
        v += scaled(rotate(state.supply, seat), players, 7.0)
        v += scaled((len(hand) for hand in rotate(state.chips, seat)), players, CHIPS)
        counts = [0.0] * len(chips)
        for chip in state.chips[seat]:
            i = chip_slot.get(chip)
            if i is not None:
                counts[i] += 1.0
        v += counts
        remaining: dict[str, int] = {}
        for pile in (state.stack, *state.pools):
            for tile_id in pile:
                remaining[tile_id] = remaining.get(tile_id, 0) + 1
        v += scaled([remaining.get(t, 0) for t in tile_types], len(tile_types), 4.0)
        v.append(float(state.tiles_left()) / 72.0)
        v.append(1.0 if state.turn().over else 0.0)
        board = state.board
        cells: list[int] = []
        kinds: list[int] = []
        at: list[int] = []
        for x, y, form, _ in board.placed:
            x, y = x + r, y + r
            if 0 <= x < side and 0 <= y < side:
                cells.append(y * side + x)
                kinds.append(form_row(form))
                at.append(y * side + x)
            else:
                at.append(-1)
        meeples: dict[int, int] = {}
        tile_of, placed_at = board.tile_of, at
        for node, owner in board.meeple_seat.items():
            cell = placed_at[tile_of[node]]
            if cell >= 0:
                j = cell * CELL + FLAGS + (3 if owner == seat else 4)
                meeples[j] = meeples.get(j, 0) + 1
        flat: Vector = np.zeros(side * side * CELL + len(v), dtype=np.float32)
        flat[: side * side * CELL].reshape(side * side, CELL)[cells] = table[0][kinds]
        if meeples:
            where = list(meeples)
            flat[where] += np.asarray(list(meeples.values()), dtype=np.float32)
            flat[where] = np.minimum(flat[where], high[[j % CELL for j in where]])
        return flat, v

    first_view = first_state(GAME_ID, players, options).view(0, log=False)
    return WriterEncoder(GAME_ID, write, first_view, fast, from_state)
