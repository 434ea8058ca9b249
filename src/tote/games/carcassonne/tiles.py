"""Tile geometry: a tile type's four rotations and the segments on each.

A land tile holds *segments*: city and road segments join edges, fields
touch half-edges (see :data:`~tote.games.carcassonne.data.HALVES`), a
monastery is a segment on its own, and so is a garden (The Abbot). Water (The
River) is no segment: it is an edge kind ``W`` that only matches water, and the
fields on its two banks touch its half-edges as they would a road's. Segments of
neighbouring tiles join into the features that are scored (``board.py``). A
rotation turns the tile clockwise by 90 degrees per step: edge ``e`` becomes
``e + 1`` and half-edge ``h`` becomes ``h + 2`` (CC 2.2).

A segment is named by its *label*: its kind and the edges (or half-edges) it
touches after rotation, e.g. ``city:N.W``, ``road:E``, ``field:NL.NR.EL.WR``,
``monastery``, ``garden``. Moves name the feature a meeple goes on by this label.
"""

from __future__ import annotations

from dataclasses import dataclass

from tote.games.carcassonne.data import EDGES, HALVES, TileSpec

CITY, ROAD, FIELD, MONASTERY, GARDEN = 0, 1, 2, 3, 4
KIND_NAMES: tuple[str, ...] = ("city", "road", "field", "monastery", "garden")
GARDEN_SUFFIX = "g"
"""A garden tile's id is its type's id and this (``E`` -> ``Eg``), with The Abbot."""
ROTATIONS: tuple[int, ...] = (0, 90, 180, 270)
STEPS: tuple[tuple[int, int], ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
"""The neighbour across edge N, E, S, W: x grows to the east, y to the south."""


def opposite_half(half: int) -> int:
    """The half-edge of the neighbour that touches ``half`` (NL meets SR, EL meets WR)."""
    return ((half ^ 1) + 4) % 8


@dataclass(frozen=True, slots=True)
class Segment:
    kind: int
    edges: tuple[int, ...]
    """Edges joined (cities and roads), after rotation."""
    halves: tuple[int, ...]
    """Half-edges touched (fields), after rotation."""
    pennant: int
    cities: tuple[int, ...]
    """Fields: indices (on this tile) of the city segments bordered."""
    label: str


@dataclass(frozen=True, slots=True)
class Form:
    """A tile type in one rotation."""

    tile: str
    rotation: int
    """Degrees clockwise: 0, 90, 180 or 270."""
    edges: str
    """Edge kinds after rotation, N E S W, as C/R/F/W (water)."""
    segments: tuple[Segment, ...]
    edge_segment: tuple[int, ...]
    """For each edge, the city or road segment on it, or -1 (a field edge)."""
    half_segment: tuple[int, ...]
    """For each half-edge, the field segment on it, or -1 (a city edge)."""
    monastery: int
    """The monastery segment's index, or -1."""
    office: int
    """The Bets: the field segment holding the betting office, or -1."""
    river: tuple[int, ...] = ()
    """The River: the water edges after rotation."""
    garden: int = -1
    """The Abbot: the garden segment's index, or -1."""
    garden_field: int = -1
    """The Abbot: the field segment the garden is drawn in, or -1."""

    def label_index(self, label: str) -> int:
        for i, seg in enumerate(self.segments):
            if seg.label == label:
                return i
        return -1


def _label(kind: int, names: list[str]) -> str:
    if kind in (MONASTERY, GARDEN):
        return KIND_NAMES[kind]
    return f"{KIND_NAMES[kind]}:{'.'.join(names)}"


def forms_of(spec: TileSpec, garden: bool = False) -> tuple[Form, ...]:
    """The four rotations of a tile type; ``garden``: of its tiles that show a garden
    (The Abbot), named ``spec.id`` + :data:`GARDEN_SUFFIX`."""
    return tuple(_form(spec, r, garden) for r in range(4))


def _form(spec: TileSpec, r: int, garden: bool) -> Form:
    segments: list[Segment] = []
    edge_segment = [-1] * 4
    half_segment = [-1] * 8
    for kind, group in ((CITY, spec.cities), (ROAD, spec.roads)):
        for seg in group:
            edges = tuple(sorted((EDGES.index(e) + r) % 4 for e in seg.edges.split()))
            for e in edges:
                edge_segment[e] = len(segments)
            pennant = 1 if kind == CITY and getattr(seg, "pennant", False) else 0
            segments.append(
                Segment(kind, edges, (), pennant, (), _label(kind, [EDGES[e] for e in edges]))
            )
    office = garden_field = -1
    for i, fld in enumerate(spec.fields):
        halves = tuple(sorted((HALVES.index(h) + 2 * r) % 8 for h in fld.halves.split()))
        for h in halves:
            half_segment[h] = len(segments)
        if spec.office == i:
            office = len(segments)
        if garden and spec.garden == i:
            garden_field = len(segments)
        segments.append(
            Segment(FIELD, (), halves, 0, fld.cities, _label(FIELD, [HALVES[h] for h in halves]))
        )
    monastery = -1
    if spec.monastery:
        monastery = len(segments)
        segments.append(Segment(MONASTERY, (), (), 0, (), "monastery"))
    garden_segment = -1
    if garden:
        garden_segment = len(segments)
        segments.append(Segment(GARDEN, (), (), 0, (), "garden"))
    kinds = spec.edge_kinds()
    return Form(
        tile=spec.id + GARDEN_SUFFIX if garden else spec.id,
        rotation=ROTATIONS[r],
        edges="".join(kinds[(k - r) % 4] for k in range(4)),
        segments=tuple(segments),
        edge_segment=tuple(edge_segment),
        half_segment=tuple(half_segment),
        monastery=monastery,
        office=office,
        river=tuple(sorted((EDGES.index(e) + r) % 4 for e in spec.river.split())),
        garden=garden_segment,
        garden_field=garden_field,
    )
