"""Carcassonne rules (base game) with the mini-expansions The Bets, The River and
The Abbot.

A turn: 1. draw a tile and place it, 2. optionally place a meeple on it (or the
abbot, or take the abbot back), 3. score what it completed; with The Bets,
settle the chips of completed roads and cities, then 4. everyone may bet on a
new betting office. With The River the river tiles come first. After the last
tile: the final scoring. Rule numbers (``CC x.y`` base game, ``CB x.y`` The
Bets, ``CR x.y`` The River, ``CA x.y`` The Abbot) refer to
``docs/rules/carcassonne.md``; rulings B1-B9 are the game-data file's (options
in ``options.py``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from tote.core.errors import IllegalMove, OptionsError
from tote.core.events import Event
from tote.core.moves import Move
from tote.core.result import Result
from tote.core.state import TURN_CHANCE, TURN_OVER, State, Turn
from tote.games.carcassonne.board import Board, Catalog
from tote.games.carcassonne.data import (
    EDGES as EDGE_NAMES,
)
from tote.games.carcassonne.data import (
    ChipSet,
    ChipSpec,
    TileSpec,
    bookmaker_tiles,
    chip_set,
    land_tiles,
    river_tiles,
)
from tote.games.carcassonne.moves import (
    CODEC,
    DrawTile,
    NoChip,
    NoMeeple,
    PlaceAbbot,
    PlaceChip,
    PlaceMeeple,
    PlaceTile,
    ReturnAbbot,
    SettleBets,
)
from tote.games.carcassonne.options import CarcassonneOptions
from tote.games.carcassonne.tiles import (
    CITY,
    FIELD,
    GARDEN,
    GARDEN_SUFFIX,
    KIND_NAMES,
    MONASTERY,
    ROAD,
    ROTATIONS,
    Form,
    forms_of,
)

MEEPLES = 7
"""CC 1.1: meeples in each player's supply (the eighth is the score marker)."""
CITY_POINTS = 2
"""CC 4.4: points per tile and per pennant of a completed city (1 at the end)."""
MONASTERY_POINTS = 9
"""CC 4.3: a surrounded monastery (its tile and the eight around it)."""
FARM_POINTS = 3
"""CC 5.2: points per completed city a field borders."""

DRAW = "draw"
PLACE = "place"
MEEPLE = "meeple"
SETTLE = "settle"
BET = "bet"
OVER = "over"


@dataclass(frozen=True)
class Content:
    """Everything a game needs from the data files, built once per set of files."""

    specs: Mapping[str, TileSpec]
    """Tile id -> its type (a garden tile ``Eg`` -> the type ``E``)."""
    catalog: Catalog
    start: str
    land: tuple[str, ...]
    """The land tiles shuffled into the stack (the start tile left out)."""
    bookmakers: tuple[str, ...]
    chips: ChipSet
    spring: str
    lake: str
    river: tuple[str, ...]
    """The River's tiles shuffled between the spring and the lake."""
    chip_by_id: Mapping[str, ChipSpec] = field(default_factory=dict)


@cache
def content(
    tiles_file: str | None = None,
    bookmaker_tiles_file: str | None = None,
    chips_file: str | None = None,
    river_tiles_file: str | None = None,
    abbot: bool = False,
) -> Content:
    """The tiles and chips of the data files; ``abbot``: the tiles that show a garden
    are told apart (CA 1.1), otherwise a garden is plain field."""
    land = land_tiles(tiles_file)
    bookmakers = bookmaker_tiles(bookmaker_tiles_file)
    river = river_tiles(river_tiles_file)
    chips = chip_set(chips_file)
    specs: dict[str, TileSpec] = {}
    forms: dict[str, tuple[Form, ...]] = {}

    def pile(tiles: Sequence[TileSpec], leave_out: Sequence[str] = ()) -> tuple[str, ...]:
        """Every tile of ``tiles`` to be drawn, garden tiles under their own id."""
        ids: list[str] = []
        for spec in tiles:
            gardens = spec.gardens if abbot else 0
            for tid, garden in ((spec.id, False), (spec.id + GARDEN_SUFFIX, True)):
                if garden and not gardens:
                    continue
                if tid in specs:
                    raise OptionsError(f"tile id {tid!r} is used twice in the data files")
                specs[tid] = spec
                forms[tid] = forms_of(spec, garden)
            if spec.id not in leave_out:
                ids += [spec.id] * (spec.count - spec.start - gardens)
                ids += [spec.id + GARDEN_SUFFIX] * gardens
        return tuple(ids)

    return Content(
        specs=specs,
        land=pile(land.tiles),
        bookmakers=pile(bookmakers.tiles),
        river=pile(river.tiles, (river.spring, river.lake)),
        catalog=Catalog(forms),
        start=next(t.id for t in land.tiles if t.start),
        spring=river.spring,
        lake=river.lake,
        chips=chips,
        chip_by_id={c.id: c for c in chips.chips},
    )


def feature_points(board: Board, root: int, final: bool = False) -> int:
    """CC 4.2 / 4.4 / 5.1: a road 1 per tile; a completed city 2 per tile and
    pennant, an incomplete one at the end 1 each."""
    size = board.size(root)
    if board.kind[root] == ROAD:
        return size
    per = 1 if final and not board.complete(root) else CITY_POINTS
    return per * (size + board.pennants[root])


def monastery_points(board: Board, pos: tuple[int, int]) -> int:
    """CC 4.3 / 5.1: 9 when surrounded, else 1 plus 1 per tile around it."""
    return 1 + board.surrounded(pos)


def river_bend(pattern: str, form: Form) -> int:
    """CR 2.3: which way the river turns on ``form`` placed where the neighbours'
    edges are ``pattern``: 1 right, -1 left, 0 straight on (or the lake). The water
    comes in across the edge that faces the river's open end."""
    entry = pattern.find("W")
    exits = [e for e in form.river if e != entry]
    if entry < 0 or not exits:
        return 0
    turn = (exits[0] - entry - 2) % 4
    return 0 if turn in (0, 2) else (1 if turn == 1 else -1)


def _segments(form: Form, kind: int) -> list[str]:
    """A tile's city or road segments as their edges (``"N.W"``), for drawing it."""
    return [s.label.partition(":")[2] for s in form.segments if s.kind == kind]


def _extras(form: Form) -> dict[str, Any]:
    """The River's water edges and The Abbot's garden (the field it is drawn in)."""
    return {
        "river": [EDGE_NAMES[e] for e in form.river],
        "garden": form.segments[form.garden_field].label if form.garden >= 0 else None,
    }


@dataclass
class Settlement:
    """A stack of chips (or, ruling B5 ``chip_owner``, one owner's chip of it) waiting
    to be settled against one of ``candidates`` (feature roots), chosen by ``chooser``."""

    tile: int
    chooser: int
    chips: list[tuple[int, str]]
    candidates: list[int]
    present: dict[int, set[int]]
    """Root -> seats with a meeple on it at scoring time (ruling B8)."""


class CarcassonneState(State):
    game_id = "carcassonne"
    codec = CODEC

    def __init__(self, options: CarcassonneOptions, num_players: int, data: Content) -> None:
        super().__init__(num_players)
        self.options = options
        self.data = data
        self.forms = data.catalog.forms
        self.board = Board(data.catalog)
        self.bets = options.bets
        self.river = options.river
        self.abbot = options.abbot
        # CC 1.1: seven meeples each, no points.
        self.scores = [0] * num_players
        self.supply = [MEEPLES] * num_players
        # CB 1.1: six chips each, face down; the bookmaker tiles go into the stack.
        chip_ids = [c.id for c in data.chips.chips]
        self.chip_order = {c: i for i, c in enumerate(chip_ids)}
        self.chips: list[list[str]] = [
            list(chip_ids) if self.bets else [] for _ in range(num_players)
        ]
        self.offices: dict[int, list[tuple[int, str]]] = {}
        """Tile index of a bookmaker tile -> its stack of chips (seat, chip), face down."""
        # CA 1.1: one abbot each, in supply (-1) or on a node of the board.
        self.abbots = [-1] * num_players
        # CC 1.3: the other tiles are shuffled face down: every draw is a chance move.
        land = list(data.land) + (list(data.bookmakers) if self.bets else [])
        start = data.start
        self.pools: list[list[str]] = []
        """Piles drawn after ``stack`` is empty, in order (CR 1.1: the lake, then the land)."""
        if self.river:
            # CR 1.1: the spring starts; the start tile goes in with the land tiles.
            land.append(data.start)
            start = data.spring
            self.pools = [[data.lake], land]
            land = list(data.river)
        self.stack: list[str] = land
        self._next_pool()
        self.bend = 0
        """CR 2.3: which way the river turned on the last river tile placed."""
        self.discarded: list[str] = []
        tiles = set(self.stack).union(*self.pools)
        self._draws = {tid: DrawTile(tid) for tid in tiles}
        self.active = 0
        self.drawn: str | None = None
        self.placements: list[tuple[int, int, int]] = []
        self.last = 0
        self.queue: list[Settlement] = []
        self.final = False
        self.bet_tile = -1
        self.phase = DRAW
        self.current = TURN_CHANCE
        self._seat_turns = tuple(Turn(seats=(s,)) for s in range(num_players))
        # CC 1.2: the start tile (CR 1.1: the spring) lies face up in the middle.
        self.board.place(0, 0, self.forms[start][0])
        self.log.append(Event("start_tile", {"tile": start, "x": 0, "y": 0, "rotation": 0}))

    def _next_pool(self) -> None:
        """CR 1.1: when a pile is used up, the next one is drawn from."""
        while not self.stack and self.pools:
            self.stack = self.pools.pop(0)

    def tiles_left(self) -> int:
        return len(self.stack) + sum(len(p) for p in self.pools)

    def _set_phase(self, phase: str) -> None:
        self.phase = phase
        if phase == DRAW:
            self.current = TURN_CHANCE
        elif phase in (PLACE, MEEPLE):
            self.current = self._seat_turns[self.active]
        elif phase == SETTLE:
            self.current = self._seat_turns[self.queue[0].chooser]
        elif phase == BET:
            seats = tuple(s for s in range(self.num_players) if self.chips[s])
            self.current = Turn(seats=seats, simultaneous=True)
        else:
            self.current = TURN_OVER

    # ================================================== 1. draw and place a tile
    def _draw(self, tile: str) -> None:
        """CC 2.1 / 2.3: the drawn tile is shown; one that fits nowhere is discarded
        and the same player draws again (CR 2.4: a river tile too)."""
        self.stack.remove(tile)
        self._next_pool()
        placements = self.board.placements(tile)
        if self.forms[tile][0].river:
            placements = self._river_placements(tile, placements)
        if not placements:
            self.discarded.append(tile)
            self.log.append(Event("tile_discarded", {"seat": self.active, "tile": tile}))
            if not self.stack:
                self._final_scoring()
            return
        self.drawn = tile
        self.placements = placements
        self.log.append(Event("tile_drawn", {"seat": self.active, "tile": tile}))
        self._set_phase(PLACE)

    def _river_placements(
        self, tile: str, placements: list[tuple[int, int, int]]
    ) -> list[tuple[int, int, int]]:
        """CR 2.2 / 2.3: a river tile continues the river at its open end, and does not
        turn the same way as the river tile before it (no immediate U-turn)."""
        forms = self.forms[tile]
        frontier = self.board.frontier
        kept = []
        for x, y, r in placements:
            pattern = frontier[(x, y)]
            if "W" not in pattern:
                continue
            bend = river_bend(pattern, forms[r])
            if bend and bend == self.bend:
                continue
            kept.append((x, y, r))
        return kept

    def _check_place(self, move: PlaceTile) -> Form:
        assert self.drawn is not None
        if move.rotation not in ROTATIONS:
            raise IllegalMove(
                "CC 2.2 rotation", f"rotation must be 0, 90, 180 or 270, not {move.rotation}"
            )
        form = self.forms[self.drawn][ROTATIONS.index(move.rotation)]
        pos = (move.x, move.y)
        if pos in self.board.at:
            raise IllegalMove("CC 2.2 empty place", f"a tile already lies on {move.x} {move.y}")
        if pos not in self.board.frontier:
            raise IllegalMove(
                "CC 2.2 next to a placed tile",
                f"{move.x} {move.y} touches no placed tile edge to edge",
            )
        if not self.board.fits(move.x, move.y, form):
            raise IllegalMove(
                "CC 2.2 matching edges",
                f"tile {self.drawn} turned {move.rotation} does not match its neighbours"
                f" on {move.x} {move.y}",
            )
        if form.river and (move.x, move.y, ROTATIONS.index(move.rotation)) not in self.placements:
            if "W" not in self.board.frontier[pos]:
                raise IllegalMove(
                    "CR 2.2 continue the river", "a river tile goes on at the river's open end"
                )
            raise IllegalMove(
                "CR 2.3 no U-turn",
                "the river may not turn the same way twice in a row",
            )
        return form

    def _place(self, move: PlaceTile) -> None:
        assert self.drawn is not None
        form = self.forms[self.drawn][ROTATIONS.index(move.rotation)]
        if form.river:
            self.bend = river_bend(self.board.frontier[(move.x, move.y)], form)
        self.last = self.board.place(move.x, move.y, form)
        self.drawn = None
        self.placements = []
        self.log.append(
            Event(
                "tile_placed",
                {
                    "seat": self.active,
                    "tile": form.tile,
                    "x": move.x,
                    "y": move.y,
                    "rotation": move.rotation,
                },
            )
        )
        # CC 3.1 / 3.3: the meeple step is skipped when there is nothing to decide.
        if self.meeple_options() or self.abbot_options() or self.abbot_out():
            self._set_phase(MEEPLE)
        else:
            self._score_turn()

    # ========================================================= 2. place a meeple
    def meeple_options(self) -> list[str]:
        """CC 3.1 / 3.2 / CA 1.3: labels of the new tile's segments whose feature is
        unoccupied (a garden only takes the abbot)."""
        if not self.supply[self.active]:
            return []
        segments = self.board.placed[self.last][2].segments
        return [
            segments[i].label
            for i in self.board.free_segments(self.last)
            if segments[i].kind != GARDEN
        ]

    def abbot_options(self) -> list[str]:
        """CA 1.2: the new tile's unoccupied monastery or garden, while the active
        player's abbot is in supply."""
        if not self.abbot or self.abbots[self.active] >= 0:
            return []
        segments = self.board.placed[self.last][2].segments
        return [
            segments[i].label
            for i in self.board.free_segments(self.last)
            if segments[i].kind in (MONASTERY, GARDEN)
        ]

    def abbot_out(self) -> bool:
        """CA 2.2: whether the active player's abbot stands on the board (may come back)."""
        return self.abbot and self.abbots[self.active] >= 0

    def _check_meeple(self, move: PlaceMeeple) -> None:
        form = self.board.placed[self.last][2]
        segment = form.label_index(move.feature)
        if segment < 0:
            labels = ", ".join(s.label for s in form.segments)
            raise IllegalMove(
                "CC 3.1 on the tile just placed",
                f"the tile just placed has no feature {move.feature!r} (it has: {labels})",
            )
        if form.segments[segment].kind == GARDEN:
            raise IllegalMove("CA 1.3 garden", "only the abbot may go on a garden")
        if not self.supply[self.active]:
            raise IllegalMove("CC 3.3 meeple supply", "you have no meeple left in your supply")
        self._check_free(form, segment, move.feature)

    def _check_free(self, form: Form, segment: int, feature: str) -> None:
        if self.board.occupied(self.board.node(self.last, segment)):
            raise IllegalMove(
                "CC 3.2 occupied feature",
                f"the {KIND_NAMES[form.segments[segment].kind]} of {feature} already"
                " holds a meeple further along",
            )

    def _place_meeple(self, move: PlaceMeeple) -> None:
        form = self.board.placed[self.last][2]
        segment = form.label_index(move.feature)
        self.board.put_meeple(self.board.node(self.last, segment), self.active)
        self.supply[self.active] -= 1
        x, y = self.board.placed[self.last][:2]
        self.log.append(
            Event("meeple_placed", {"seat": self.active, "x": x, "y": y, "feature": move.feature})
        )
        self._score_turn()

    def _check_abbot(self, move: PlaceAbbot) -> None:
        if not self.abbot:
            raise IllegalMove("CA 1.1 abbot", "this game is played without The Abbot")
        if self.abbots[self.active] >= 0:
            raise IllegalMove("CA 1.1 abbot", "your abbot already stands on the board")
        form = self.board.placed[self.last][2]
        segment = form.label_index(move.feature)
        if segment < 0 or form.segments[segment].kind not in (MONASTERY, GARDEN):
            raise IllegalMove(
                "CA 1.2 monastery or garden",
                f"the abbot goes on a monastery or a garden of the tile just placed,"
                f" not {move.feature!r}",
            )
        self._check_free(form, segment, move.feature)

    def _place_abbot(self, move: PlaceAbbot) -> None:
        form = self.board.placed[self.last][2]
        node = self.board.node(self.last, form.label_index(move.feature))
        self.board.put_meeple(node, self.active)
        self.abbots[self.active] = node
        x, y = self.board.placed[self.last][:2]
        self.log.append(
            Event("abbot_placed", {"seat": self.active, "x": x, "y": y, "feature": move.feature})
        )
        self._score_turn()

    def _return_abbot(self) -> None:
        """CA 2.2: instead of a meeple, the abbot comes back and its monastery or
        garden scores now as at the final scoring (1 + the tiles around it)."""
        board = self.board
        node = self.abbots[self.active]
        x, y = board.placed[board.tile_of[node]][:2]
        points = monastery_points(board, (x, y))
        self.scores[self.active] += points
        board.take_meeples(node)
        self.abbots[self.active] = -1
        self.log.append(
            Event(
                "abbot_returned",
                {
                    "seat": self.active,
                    "x": x,
                    "y": y,
                    "feature": KIND_NAMES[board.kind[node]],
                    "points": points,
                },
            )
        )
        self._score_turn()

    # ============================================================ 3. score points
    def _feature_event(self, root: int, points: int, winners: list[int], final: bool) -> None:
        board = self.board
        kind = board.kind[root]
        self.log.append(
            Event(
                "feature_scored",
                {
                    "feature": KIND_NAMES[kind],
                    "tiles": board.size(root),
                    "pennants": board.pennants[root] if kind == CITY else 0,
                    "complete": self._complete(root),
                    "points": points,
                    "seats": winners,
                    "final": final,
                    "at": sorted(board.placed[t][:2] for t in board.tiles[root]),
                },
            )
        )

    def _complete(self, root: int) -> bool:
        board = self.board
        kind = board.kind[root]
        if kind in (MONASTERY, GARDEN):
            return board.surrounded(board.placed[board.tile_of[root]][:2]) == 8
        return kind != FIELD and board.complete(root)

    def _award(self, root: int, points: int, final: bool) -> list[int]:
        """CC 4.5: the player(s) with the most meeples on the feature score the points,
        tied players each in full; then (CC 4.6) its meeples (CA 2.1: an abbot too)
        go back to their supply. Returns the seats that had a meeple on it."""
        counts = self.board.meeple_counts(root, self.num_players)
        top = max(counts)
        present = [s for s, c in enumerate(counts) if c]
        if top == 0:
            return present
        winners = [s for s, c in enumerate(counts) if c == top]
        for seat in winners:
            self.scores[seat] += points
        self._feature_event(root, points, winners, final)
        for node, seat in self.board.take_meeples(root):
            if self.abbots[seat] == node:
                self.abbots[seat] = -1
            else:
                self.supply[seat] += 1
        return present

    def _score_turn(self) -> None:
        """CC 4.1 / 4.7: score every road, city, monastery (CA 2.1: and garden) the
        tile completed; then (CB 3.1, ruling B9) settle the chips of completed roads
        and cities."""
        roots, cloisters = self.board.completed_by(self.last)
        present: dict[int, set[int]] = {}
        for root in roots:
            present[root] = set(self._award(root, feature_points(self.board, root), final=False))
        for _, node in cloisters:
            self._award(node, MONASTERY_POINTS, final=False)
        if self.offices and roots:
            self._queue_turn_settlements(roots, present)
        self.final = False
        self._run_settlements()

    # ============================================================ The Bets
    def _queue_turn_settlements(self, roots: list[int], present: dict[int, set[int]]) -> None:
        """CB 3.1 / 3.5: every stack on a bookmaker tile with a segment in a scored
        road or city settles, one after another; ruling B1 decides whether an
        unoccupied one counts as scored."""
        if not self.options.settle_unoccupied:
            roots = [r for r in roots if present[r]]
        for tile, chips in self.offices.items():
            candidates = [r for r in self.board.roots_of(tile, (CITY, ROAD)) if r in roots]
            if candidates:
                self.queue.append(Settlement(tile, self.active, list(chips), candidates, present))

    def _run_settlements(self) -> None:
        """Settle queued stacks; stop where one needs a choice (CB 3.5, CB 4.1)."""
        while self.queue:
            entry = self.queue[0]
            if len(entry.candidates) > 1:
                self._set_phase(SETTLE)
                return
            self.queue.pop(0)
            self._settle(entry, entry.candidates[0])
        if self.final:
            self._final_features()
        else:
            self._open_betting()

    def settle_options(self) -> list[str]:
        """Labels (on the bookmaker tile) of the features the pending stack may settle against."""
        return self.settle_options_of(self.queue[0])

    def settle_options_of(self, entry: Settlement) -> list[str]:
        return [self._label_on(entry.tile, root) for root in entry.candidates]

    def _label_on(self, tile: int, root: int) -> str:
        _, _, form, node0 = self.board.placed[tile]
        for i, seg in enumerate(form.segments):
            if (seg.kind == CITY or seg.kind == ROAD) and self.board.find(node0 + i) == root:
                return seg.label
        raise AssertionError("the feature has no segment on this tile")

    def _settle(self, entry: Settlement, root: int) -> None:
        """CB 3.2-3.4: flip the chips; each wins on the feature's tile count as its
        face says; all go back to their owners (ruling B4: the stack is gone)."""
        board = self.board
        size = board.size(root)
        if entry.present.get(root) is None:
            entry.present[root] = {board.meeple_seat[n] for n in board.meeples[root]}
        present = entry.present[root]
        lines = []
        for seat, chip in entry.chips:
            won = self.data.chip_by_id[chip].payout(size)
            if not self.options.pay_without_meeple and seat not in present:
                won = 0
            self.scores[seat] += won
            self.chips[seat].append(chip)
            self.chips[seat].sort(key=self.chip_order.__getitem__)
            lines.append({"seat": seat, "chip": chip, "points": won})
        stack = self.offices[entry.tile]
        for placed in entry.chips:
            stack.remove(placed)
        if not stack:
            del self.offices[entry.tile]
        x, y = board.placed[entry.tile][:2]
        self.log.append(
            Event(
                "bets_settled",
                {
                    "x": x,
                    "y": y,
                    "feature": KIND_NAMES[board.kind[root]],
                    "label": self._label_on(entry.tile, root),
                    "tiles": size,
                    "final": self.final,
                    "chips": lines,
                },
            )
        )

    def betting_open(self) -> bool:
        """CB 2.1-2.3: after a bookmaker tile's turn, unless it was the last tile or
        every road and city is finished (ruling B2: on that tile, or on the board)."""
        if not self.bets or not self.stack:
            return False
        form = self.board.placed[self.last][2]
        if form.office < 0 or not any(self.chips):
            return False
        if self.options.finished_scope == "tile":
            roots = self.board.roots_of(self.last, (CITY, ROAD))
        else:
            roots = self.board.roots(CITY) + self.board.roots(ROAD)
        return any(not self.board.complete(r) for r in roots)

    def _open_betting(self) -> None:
        if self.betting_open():
            self.bet_tile = self.last
            self._set_phase(BET)
        else:
            self._end_turn()

    def _check_chip(self, seat: int, move: PlaceChip) -> None:
        if move.chip not in self.chips[seat]:
            have = ", ".join(self.chips[seat]) or "none"
            raise IllegalMove(
                "CB 2.1 your own chips", f"you have no chip {move.chip!r} (you have: {have})"
            )

    def _place_chips(self, moves: Mapping[int, Move]) -> None:
        """CB 2.1 / 2.4: the chips go face down onto the office, all at once."""
        x, y = self.board.placed[self.bet_tile][:2]
        stack = self.offices.setdefault(self.bet_tile, [])
        for seat in sorted(moves):
            move = moves[seat]
            if isinstance(move, PlaceChip):
                self.chips[seat].remove(move.chip)
                stack.append((seat, move.chip))
                self.log.append(
                    Event(
                        "chip_placed", {"seat": seat, "x": x, "y": y}, {seat: {"chip": move.chip}}
                    )
                )
        if not stack:
            del self.offices[self.bet_tile]
        self.bet_tile = -1
        self._end_turn()

    # ============================================================ turn and game end
    def _end_turn(self) -> None:
        """CC 1.4 / 5.1: the next player clockwise draws; after the last tile, the end."""
        if not self.stack:
            self._final_scoring()
            return
        self.active = (self.active + 1) % self.num_players
        self._set_phase(DRAW)

    def _final_scoring(self) -> None:
        """CC 5.3 / CB 4.1: first every stack still out settles against the current
        tile count of one of its roads or cities (the chooser per ruling B5), then
        the usual final scoring."""
        self.final = True
        self.log.append(Event("final_scoring", {}))
        for tile, chips in self.offices.items():
            roots = self.board.roots_of(tile, (CITY, ROAD))
            open_roots = [r for r in roots if not self.board.complete(r)]
            candidates = open_roots or roots
            if self.options.final_chooser == "chip_owner":
                for seat, chip in chips:
                    self.queue.append(Settlement(tile, seat, [(seat, chip)], candidates, {}))
            else:
                self.queue.append(Settlement(tile, self.active, list(chips), candidates, {}))
        self._run_settlements()

    def _final_features(self) -> None:
        """CC 5.1 / 5.2 / CA 3.1: incomplete roads, cities, monasteries and gardens,
        then the farms."""
        board = self.board
        for kind in (ROAD, CITY):
            for root in board.roots(kind):
                if board.meeples[root]:
                    self._award(root, feature_points(self.board, root, final=True), final=True)
        for cloisters in (board.monasteries, board.gardens):
            for pos, node in cloisters.items():
                if board.meeples[node]:
                    self._award(node, monastery_points(self.board, pos), final=True)
        for root in board.roots(FIELD):
            if board.meeples[root]:
                cities = board.field_cities(root)
                self._award(root, FARM_POINTS * len(cities), final=True)
        self._set_phase(OVER)
        self.log.append(Event("game_over", {"scores": list(self.scores)}))

    # ========================================================== core contract
    def _turn(self) -> Turn:
        return self.current

    def chance_outcomes(self) -> Sequence[tuple[Move, float]]:
        if self.phase != DRAW:
            return ()
        total = len(self.stack)
        counts: dict[str, int] = {}
        for tile in self.stack:
            counts[tile] = counts.get(tile, 0) + 1
        return [(self._draws[t], n / total) for t, n in sorted(counts.items())]

    def sample_chance(self, rng: random.Random) -> Move:
        """Draw uniformly among the tiles left, without building the outcome list."""
        return self._draws[self.stack[int(rng.random() * len(self.stack))]]

    def _is_chance_outcome(self, outcome: Move) -> bool:
        return self.phase == DRAW and isinstance(outcome, DrawTile) and outcome.tile in self.stack

    def _do_chance(self, outcome: Move) -> None:
        assert isinstance(outcome, DrawTile)
        self._draw(outcome.tile)

    def legal_moves(self, seat: int) -> Sequence[Move]:
        phase = self.phase
        if seat not in self.current.seats:
            return []
        if phase == PLACE:
            return [PlaceTile(x, y, ROTATIONS[r]) for x, y, r in self.placements]
        if phase == MEEPLE:
            return [
                *(PlaceMeeple(label) for label in self.meeple_options()),
                *(PlaceAbbot(label) for label in self.abbot_options()),
                *((ReturnAbbot(),) if self.abbot_out() else ()),
                NoMeeple(),
            ]
        if phase == SETTLE:
            return [SettleBets(label) for label in self.settle_options()]
        if phase == BET:
            return [*(PlaceChip(c) for c in self.chips[seat]), NoChip()]
        return []

    def random_move(self, seat: int, rng: random.Random) -> Move:
        """As the core's, without building every placement first (the common case)."""
        if self.phase == PLACE and seat == self.active:
            x, y, r = self.placements[int(rng.random() * len(self.placements))]
            return PlaceTile(x, y, ROTATIONS[r])
        return super().random_move(seat, rng)

    def _check(self, seat: int, move: Move) -> None:
        phase = self.phase
        if isinstance(move, PlaceTile):
            if phase != PLACE:
                raise IllegalMove("CC 1.4 turn order", "no tile is waiting to be placed now")
            self._check_place(move)
        elif isinstance(move, PlaceMeeple | NoMeeple | PlaceAbbot | ReturnAbbot):
            if phase != MEEPLE:
                raise IllegalMove(
                    "CC 3.1 after placing", "a meeple goes on the tile just placed, right after"
                )
            if isinstance(move, PlaceMeeple):
                self._check_meeple(move)
            elif isinstance(move, PlaceAbbot):
                self._check_abbot(move)
            elif isinstance(move, ReturnAbbot) and not self.abbot_out():
                raise IllegalMove("CA 2.2 return the abbot", "your abbot is not on the board")
        elif isinstance(move, SettleBets):
            if phase != SETTLE:
                raise IllegalMove("CB 3.5 choice", "no stack of chips waits for a choice now")
            if move.feature not in self.settle_options():
                options = ", ".join(self.settle_options())
                raise IllegalMove(
                    "CB 3.5 choice",
                    f"the chips cannot settle against {move.feature!r} (choose: {options})",
                )
        elif isinstance(move, PlaceChip | NoChip):
            if phase != BET:
                raise IllegalMove("CB 2.1 betting", "chips are placed only after a bookmaker tile")
            if isinstance(move, PlaceChip):
                self._check_chip(seat, move)
        else:
            raise IllegalMove("turn order", f"a player cannot make a {move.kind!r} move")

    def _do(self, seat: int, move: Move) -> None:
        if isinstance(move, PlaceTile):
            self._place(move)
        elif isinstance(move, PlaceMeeple):
            self._place_meeple(move)
        elif isinstance(move, NoMeeple):
            self._score_turn()
        elif isinstance(move, PlaceAbbot):
            self._place_abbot(move)
        elif isinstance(move, ReturnAbbot):
            self._return_abbot()
        elif isinstance(move, SettleBets):
            entry = self.queue.pop(0)
            index = self.settle_options_of(entry).index(move.feature)
            self._settle(entry, entry.candidates[index])
            self._run_settlements()

    def _do_simultaneous(self, moves: Mapping[int, Move]) -> None:
        self._place_chips(moves)

    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        # CC 5.3: the most points wins; equal points share the win.
        return Result.from_scores(self.scores)

    # ================================================================= views
    def _view(self, seat: int | None) -> dict[str, Any]:
        board = self.board
        meeples: dict[int, list[dict[str, Any]]] = {}
        for node, owner in board.meeple_seat.items():
            tile = board.tile_of[node]
            form = board.placed[tile][2]
            label = form.segments[node - board.placed[tile][3]].label
            meeple: dict[str, Any] = {"seat": owner, "feature": label}
            if self.abbots[owner] == node:
                meeple["abbot"] = True
            meeples.setdefault(tile, []).append(meeple)
        tiles = []
        for index, (x, y, form, _) in enumerate(board.placed):
            entry: dict[str, Any] = {
                "x": x,
                "y": y,
                "tile": form.tile,
                "rotation": form.rotation,
                "edges": form.edges,
                "cities": _segments(form, CITY),
                "roads": _segments(form, ROAD),
                "monastery": form.monastery >= 0,
                "pennant": any(s.pennant for s in form.segments),
                "office": form.office >= 0,
                **_extras(form),
                "meeples": meeples.get(index, []),
            }
            if index in self.offices:
                # CB 2.4: face down; a player remembers only their own chip.
                entry["chips"] = [
                    {"seat": s, "chip": c if s == seat else None} for s, c in self.offices[index]
                ]
            tiles.append(entry)
        remaining: dict[str, int] = {}
        for pile in (self.stack, *self.pools):
            for tile_id in pile:
                remaining[tile_id] = remaining.get(tile_id, 0) + 1
        last = board.placed[self.last]
        view: dict[str, Any] = {
            "phase": self.phase,
            "active": self.active,
            "tiles": tiles,
            "last_placed": [last[0], last[1]],
            "drawn": self.drawn,
            "drawn_tile": None if self.drawn is None else self._tile_face(self.drawn),
            "stack_size": self.tiles_left(),
            "remaining": dict(sorted(remaining.items())),
            "discarded": list(self.discarded),
            "scores": list(self.scores),
            "meeples": list(self.supply),
            "bets": self.bets,
            "river": self.river,
            "abbot": self.abbot,
            "abbots": [a < 0 for a in self.abbots] if self.abbot else [],
            "chips": [
                list(self.chips[s]) if s == seat else len(self.chips[s])
                for s in range(self.num_players)
            ],
            "chip_faces": {c.id: c.model_dump() for c in self.data.chips.chips},
            "options": self.options.model_dump(),
        }
        if self.phase == SETTLE:
            pending = self.queue[0]
            x, y = board.placed[pending.tile][:2]
            view["settle"] = {
                "x": x,
                "y": y,
                "chooser": pending.chooser,
                "features": [
                    {
                        "feature": label,
                        "kind": KIND_NAMES[board.kind[root]],
                        "tiles": board.size(root),
                    }
                    for label, root in zip(self.settle_options(), pending.candidates, strict=True)
                ],
            }
        if self.phase == BET:
            view["bet_on"] = list(board.placed[self.bet_tile][:2])
        return view

    def _tile_face(self, tile: str) -> dict[str, Any]:
        """A tile type as drawn: its edges unrotated and what is printed on it."""
        form = self.forms[tile][0]
        return {
            "tile": tile,
            "edges": form.edges,
            "cities": _segments(form, CITY),
            "roads": _segments(form, ROAD),
            "monastery": form.monastery >= 0,
            "pennant": any(s.pennant for s in form.segments),
            "office": form.office >= 0,
            **_extras(form),
        }

    def clone(self) -> CarcassonneState:
        new = object.__new__(CarcassonneState)
        new.__dict__.update(self.__dict__)
        new.board = self.board.clone()
        new.log = list(self.log)
        new._pending = dict(self._pending)
        new.scores = list(self.scores)
        new.supply = list(self.supply)
        new.chips = [list(c) for c in self.chips]
        new.offices = {t: list(s) for t, s in self.offices.items()}
        new.stack = list(self.stack)
        new.pools = [list(p) for p in self.pools]
        new.abbots = list(self.abbots)
        new.discarded = list(self.discarded)
        new.placements = list(self.placements)
        new.queue = [
            Settlement(e.tile, e.chooser, list(e.chips), list(e.candidates), dict(e.present))
            for e in self.queue
        ]
        return new
