"""CC 1 Material and setup, with The Bets' chips and bookmaker tiles (CB 1.1), The
River's piles (CR 1.1) and The Abbot's abbots and gardens (CA 1.1).

:func:`content` builds what a game needs from the data files (once per set of
files); :func:`set_up` lays out a new game: supplies, the stack, the start tile.
Next in reading order: ``tile_placement.py`` (CC 2).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING

from tote.core.data_changes import DataChanges
from tote.core.errors import OptionsError
from tote.core.events import Event
from tote.games.carcassonne import tile_placement
from tote.games.carcassonne.board import Catalog
from tote.games.carcassonne.data import (
    ChipSet,
    ChipSpec,
    TileSpec,
    bookmaker_tiles,
    chip_set,
    land_tiles,
    river_tiles,
)
from tote.games.carcassonne.moves import DrawTile
from tote.games.carcassonne.tiles import GARDEN_SUFFIX, Form, forms_of

if TYPE_CHECKING:
    from tote.games.carcassonne.state import CarcassonneState

MEEPLES = 7
"""CC 1.1: meeples in each player's supply (the eighth is the score marker)."""


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
    changes: DataChanges = (),
) -> Content:
    """The tiles and chips of the data files, with the run's data ``changes`` (issue
    29); ``abbot``: the tiles that show a garden are told apart (CA 1.1), otherwise a
    garden is plain field."""
    land = land_tiles(tiles_file, changes)
    bookmakers = bookmaker_tiles(bookmaker_tiles_file, changes)
    river = river_tiles(river_tiles_file, changes)
    chips = chip_set(chips_file, changes)
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


def set_up(state: CarcassonneState) -> None:
    """CC 1.1-1.3 and the modules' material: supplies, the stack and the start tile."""
    data = state.data
    num_players = state.num_players
    # CC 1.1: seven meeples each, no points.
    state.scores = [0] * num_players
    state.supply = [MEEPLES] * num_players
    # CB 1.1: six chips each, face down; the bookmaker tiles go into the stack.
    chip_ids = [c.id for c in data.chips.chips]
    state.chip_order = {c: i for i, c in enumerate(chip_ids)}
    state.chips = [list(chip_ids) if state.bets else [] for _ in range(num_players)]
    # CA 1.1: one abbot each, in supply (-1) or on a node of the board.
    state.abbots = [-1] * num_players
    # CC 1.3: the other tiles are shuffled face down: every draw is a chance move.
    land = list(data.land) + (list(data.bookmakers) if state.bets else [])
    start = data.start
    state.pools = []
    if state.river:
        # CR 1.1: the spring starts; the start tile goes in with the land tiles.
        land.append(data.start)
        start = data.spring
        state.pools = [[data.lake], land]
        land = list(data.river)
    state.stack = land
    tile_placement.next_pool(state)
    tiles = set(state.stack).union(*state.pools)
    state.draws = {tid: DrawTile(tid) for tid in tiles}
    # CC 1.2: the start tile (CR 1.1: the spring) lies face up in the middle.
    state.board.place(0, 0, state.forms[start][0])
    state.log.append(Event("start_tile", {"tile": start, "x": 0, "y": 0, "rotation": 0}))
