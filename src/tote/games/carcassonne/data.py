"""Carcassonne content as replaceable data files (see ``data/*.json``).

* ``tiles.json``: the 72 land tiles of the base game (24 types, A-X), each type
  with its cities, roads, fields (as half-edges), monastery and pennants, and
  how many of it the box holds; one D is the start tile. All **original**.
* ``bookmaker_tiles.json``: the 10 bookmaker tiles of The Bets. Their layouts
  were never published, so the shipped ones are **proposed** (base-game edge
  types, each with a road or a city, the betting office in a field).
* ``chips.json``: the six betting chips every player has. Only the "4" chip
  (exactly 4 tiles, 8 points) is known; the other faces are **proposed**.
* ``river_tiles.json``: the 12 tiles of The River (spring, lake and ten between),
  with their water edges. All **original** (JCloisterZone ``river.xml``, 2nd edition).
* Gardens (The Abbot): ``gardens`` on a tile type says how many of its ``count``
  show a garden (8 land tiles and one river tile, 2nd edition: **original**; which
  field holds it where a tile has two is **proposed**, it only matters for drawing).

A user with the box passes their own files through the options
``tiles_file``, ``bookmaker_tiles_file``, ``chips_file`` and ``river_tiles_file``
(same schema; a bad file is refused with one line naming the field). See
``docs/data/carcassonne.md``.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tote.core.data import M, load_data
from tote.core.data_changes import DataChanges, for_file
from tote.core.errors import OptionsError

EDGES: tuple[str, ...] = ("N", "E", "S", "W")
"""The four edges, clockwise; index ``e`` turns into ``e + 1`` when a tile turns 90 degrees."""
HALVES: tuple[str, ...] = ("NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR")
"""The eight half-edges, clockwise from the north-west corner (L/R as seen from the
tile's centre looking out); half ``h`` belongs to edge ``h // 2``."""

Source = Literal["original", "proposed"]

MAX_TILE_COUNT = 100
"""The most tiles of one type a data file may set (the box holds at most 9, rulebook:
the tile list): every input has a bound, so a deck, and a game, stays bounded (issue
29 review)."""
MAX_CHIP_NUMBER = 1_000
"""The largest tile count or point value a chip's number may set: every input has a
bound (issue 29 review)."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CitySpec(_Strict):
    edges: str
    """Space-separated edges (``"N W"``) joined by this city segment."""
    pennant: bool = False


class RoadSpec(_Strict):
    edges: str
    """Space-separated edges; a single edge is a road that ends on the tile."""


class FieldSpec(_Strict):
    halves: str
    """Space-separated half-edges (``"EL ER SL SR"``) this field touches."""
    cities: tuple[int, ...] = ()
    """Indices into the tile's cities: the city segments this field borders."""


class TileSpec(_Strict):
    """A tile type: its segments in the unrotated orientation, and how many the box holds."""

    id: str
    count: int = Field(ge=0, le=MAX_TILE_COUNT)
    start: int = Field(default=0, ge=0)
    """How many of ``count`` are start tiles (placed face up before the game)."""
    cities: tuple[CitySpec, ...] = ()
    roads: tuple[RoadSpec, ...] = ()
    fields: tuple[FieldSpec, ...] = ()
    monastery: bool = False
    office: int | None = None
    """The Bets: the index of the field that holds the betting office (``None``: no office)."""
    river: str = ""
    """The River: space-separated water edges (``"W E"``; one edge: the spring or the
    lake). Water is no feature; fields lie on both halves of a water edge."""
    gardens: int = Field(default=0, ge=0)
    """The Abbot: how many of ``count`` show a garden (without the Abbot: plain field)."""
    garden: int | None = None
    """The Abbot: the index of the field the garden is drawn in."""
    garden_source: Source | None = None
    """Whether the garden data (count and field) is printed or our proposal."""
    source: Source = "original"
    note: str | None = None

    @model_validator(mode="after")
    def _consistent(self) -> TileSpec:
        """Every edge is exactly one of city, road or field, with fields on both halves
        of road and field edges and none on city edges."""
        if self.start > self.count:
            raise ValueError(f"tile {self.id}: more start tiles than tiles")
        owner: dict[str, str] = {}
        water = (RoadSpec(edges=self.river),) if self.river else ()
        for kind, segments in (("city", self.cities), ("road", self.roads), ("water", water)):
            for seg in segments:
                for edge in seg.edges.split():
                    if edge not in EDGES:
                        raise ValueError(f"tile {self.id}: unknown edge {edge!r}")
                    if edge in owner:
                        raise ValueError(f"tile {self.id}: edge {edge} is in two segments")
                    owner[edge] = kind
        seen: set[str] = set()
        for fld in self.fields:
            for half in fld.halves.split():
                if half not in HALVES:
                    raise ValueError(f"tile {self.id}: unknown half-edge {half!r}")
                if half in seen:
                    raise ValueError(f"tile {self.id}: half-edge {half} is in two fields")
                seen.add(half)
            for city in fld.cities:
                if not 0 <= city < len(self.cities):
                    raise ValueError(f"tile {self.id}: a field borders a city it does not have")
        for h, half in enumerate(HALVES):
            on_city = owner.get(EDGES[h // 2]) == "city"
            if on_city == (half in seen):
                what = "a city edge has a field" if on_city else "a field or road edge has none"
                raise ValueError(f"tile {self.id}: half-edge {half}: {what}")
        if self.office is not None and not 0 <= self.office < len(self.fields):
            raise ValueError(f"tile {self.id}: the betting office must lie in one of its fields")
        if self.office is not None and not (self.cities or self.roads):
            raise ValueError(f"tile {self.id}: a bookmaker tile needs a road or a city")
        if self.gardens > self.count - self.start:
            raise ValueError(f"tile {self.id}: more garden tiles than tiles to draw")
        if self.gardens and (self.garden is None or not 0 <= self.garden < len(self.fields)):
            raise ValueError(f"tile {self.id}: the garden must lie in one of its fields")
        if len(self.river.split()) > 2:
            raise ValueError(f"tile {self.id}: a river tile has one or two water edges")
        return self

    def edge_kinds(self) -> str:
        """The four edges as letters C (city), R (road), F (field), W (water), in N E S W order."""
        kinds = {e: "C" for seg in self.cities for e in seg.edges.split()}
        kinds.update({e: "R" for seg in self.roads for e in seg.edges.split()})
        kinds.update({e: "W" for e in self.river.split()})
        return "".join(kinds.get(edge, "F") for edge in EDGES)


class TileSet(_Strict):
    name: str = ""
    source: Source = "original"
    tiles: tuple[TileSpec, ...]

    @model_validator(mode="after")
    def _unique(self) -> TileSet:
        ids = [t.id for t in self.tiles]
        if len(ids) != len(set(ids)):
            raise ValueError("tile ids must be unique")
        return self


class RiverSet(TileSet):
    """The River's tiles: ``spring`` is placed first (instead of the start tile),
    ``lake`` last, the others are shuffled in between."""

    spring: str
    lake: str

    @model_validator(mode="after")
    def _river(self) -> RiverSet:
        by_id = {t.id: t for t in self.tiles}
        for role, tid in (("spring", self.spring), ("lake", self.lake)):
            tile = by_id.get(tid)
            if tile is None:
                raise ValueError(f"the {role} {tid!r} is not among the tiles")
            if tile.count != 1 or len(tile.river.split()) != 1 or tile.gardens:
                raise ValueError(f"the {role} {tid!r}: one tile, one water edge, no garden")
        for tile in self.tiles:
            if not tile.river:
                raise ValueError(f"tile {tile.id}: a river tile needs water edges")
            if tile.id not in (self.spring, self.lake) and len(tile.river.split()) != 2:
                raise ValueError(f"tile {tile.id}: the river runs through (two water edges)")
        return self


class ChipNumber(_Strict):
    size: int = Field(ge=1, le=MAX_CHIP_NUMBER)
    """The tile count this number bets on."""
    points: int | None = Field(default=None, ge=0, le=MAX_CHIP_NUMBER)
    """Points for a win; ``None``: the number itself (the "4" chip pays 8)."""
    or_more: bool = False
    """A "+" number: wins at this size or more, still paying only the number."""


class ChipSpec(_Strict):
    id: str
    numbers: tuple[ChipNumber, ...] = Field(min_length=1)
    source: Source = "proposed"

    def payout(self, size: int) -> int:
        """CB 3.3: the points this chip wins on a road or city of ``size`` tiles (0: lost)."""
        best = 0
        for number in self.numbers:
            if size == number.size or (number.or_more and size >= number.size):
                best = max(best, number.size if number.points is None else number.points)
        return best


class ChipSet(_Strict):
    name: str = ""
    source: Source = "proposed"
    chips: tuple[ChipSpec, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique(self) -> ChipSet:
        ids = [c.id for c in self.chips]
        if len(ids) != len(set(ids)):
            raise ValueError("chip ids must be unique")
        return self


def _load(model: type[M], path: str | None, default: str, changes: DataChanges) -> M:
    stem = default.removesuffix(".json")
    return load_data(model, "tote.games.carcassonne", default, path, for_file(changes, stem))


@cache
def land_tiles(path: str | None = None, changes: DataChanges = ()) -> TileSet:
    """The base game's land tiles (``tiles.json`` or a replacement), with the run's
    ``changes`` to it (issue 29, what-if on the data)."""
    tiles = _load(TileSet, path, "tiles.json", changes)
    if sum(t.start for t in tiles.tiles) != 1:
        raise OptionsError(f"data file {path or 'tiles.json'}: exactly one start tile is needed")
    return tiles


@cache
def bookmaker_tiles(path: str | None = None, changes: DataChanges = ()) -> TileSet:
    """The Bets' bookmaker tiles (``bookmaker_tiles.json`` or a replacement)."""
    tiles = _load(TileSet, path, "bookmaker_tiles.json", changes)
    for tile in tiles.tiles:
        if tile.office is None:
            raise OptionsError(
                f"data file {path or 'bookmaker_tiles.json'}: {tile.id} has no office"
            )
    return tiles


@cache
def river_tiles(path: str | None = None, changes: DataChanges = ()) -> RiverSet:
    """The River's tiles (``river_tiles.json`` or a replacement)."""
    return _load(RiverSet, path, "river_tiles.json", changes)


@cache
def chip_set(path: str | None = None, changes: DataChanges = ()) -> ChipSet:
    """The Bets' betting chips of one player (``chips.json`` or a replacement)."""
    chips = _load(ChipSet, path, "chips.json", changes)
    return chips
