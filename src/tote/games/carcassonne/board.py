"""The board: placed tiles, where the next tile fits, and the features they form.

Features are tracked incrementally with a union-find over tile segments: a
placed tile adds one node per segment and joins each node to its neighbours'
segments across the touching edges (cities and roads) and half-edges (fields).
Each root carries what scoring needs -- the set of tiles (a tile counts once
per feature, CC 4.2), the number of open edge ends (0: complete, CC 4.1),
pennants, the nodes holding meeples and, for fields, the city segments they
border -- so nothing is ever recomputed by walking the board.

Positions are ``(x, y)`` with x growing east and y south; the start tile lies
on ``(0, 0)``. This module knows geometry and features only; who scores what is
in ``scoring.py`` and ``final_scoring.py``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tote.games.carcassonne.tiles import CITY, ROAD, STEPS, Form, opposite_half

Pos = tuple[int, int]
AROUND: tuple[Pos, ...] = ((-1, -1), (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))
"""The eight tiles around a monastery (CC 4.3)."""
NEAR_ORDER: dict[Pos, int] = {step: i for i, step in enumerate(((0, 0), *AROUND))}
"""A tile's own place, then the eight around it, in the order the monasteries a tile
completes there are scored."""
OPEN = "????"
SIDES: tuple[tuple[int, int, int, int, int, int, int, int], ...] = tuple(
    (d, dx, dy, (d + 2) % 4, 2 * d, opposite_half(2 * d), 2 * d + 1, opposite_half(2 * d + 1))
    for d, (dx, dy) in enumerate(STEPS)
)
"""Per edge N, E, S, W: the edge, the step to the neighbour across it, the neighbour's
edge that touches it, and its two half-edges, each with the neighbour's half-edge that
touches it (worked out once, issue 24)."""
Layout = tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...]]
"""A form's segments as :meth:`Board.place` adds them (:meth:`Catalog.layout`)."""


class Fits(dict[str, tuple[int, ...]]):
    """One tile type's rotations that fit each neighbourhood pattern (issue 24: the
    placements of a drawn tile are one lookup per open place, no call). Every pattern
    some rotation fits is written in at once: a rotation fits exactly the patterns that
    show its edges, any of them ``?`` (no neighbour), sixteen per rotation. Any other
    pattern fits none."""

    def __init__(self, forms: tuple[Form, ...]) -> None:
        super().__init__()
        self.forms = forms
        fitting: dict[str, list[int]] = {}
        for r, form in enumerate(forms):
            for unseen in range(16):
                pattern = "".join(
                    "?" if unseen >> side & 1 else edge for side, edge in enumerate(form.edges)
                )
                fitting.setdefault(pattern, []).append(r)
        self.update((pattern, tuple(rs)) for pattern, rs in fitting.items())

    def __missing__(self, pattern: str) -> tuple[int, ...]:
        self[pattern] = ()
        return ()


class FitCounts(dict[str, int]):
    """How many rotations of one tile type fit each neighbourhood pattern: the lengths
    of its :class:`Fits`, 0 for a pattern none fits (issue 24: the draw's running count
    of placements reads one number per open place)."""

    def __init__(self, fits: Fits) -> None:
        super().__init__((pattern, len(rotations)) for pattern, rotations in fits.items())

    def __missing__(self, pattern: str) -> int:
        self[pattern] = 0
        return 0


def matches(pattern: str, edges: str) -> bool:
    """CC 2.2: whether a form's edges (N E S W) match a place's ``pattern``: each edge
    the neighbour's there, any where ``?`` (no neighbour). Written out edge by edge: a
    generator in ``all()`` cost about ten times as much (issue 24)."""
    return (
        (pattern[0] == "?" or pattern[0] == edges[0])
        and (pattern[1] == "?" or pattern[1] == edges[1])
        and (pattern[2] == "?" or pattern[2] == edges[2])
        and (pattern[3] == "?" or pattern[3] == edges[3])
    )


class WithEdge(dict[str, str]):
    """An open place's pattern with one of its edges set to what a tile just placed
    beside it shows there, by the pattern before, filled in on first use (issue 24:
    one lookup instead of building the string)."""

    def __init__(self, side: int, edge: str) -> None:
        super().__init__()
        self.side = side
        self.edge = edge

    def __missing__(self, pattern: str) -> str:
        found = self[pattern] = pattern[: self.side] + self.edge + pattern[self.side + 1 :]
        return found


class Catalog:
    """Every tile type's four rotations, and a cache of which rotations fit which
    neighbourhood (shared by a game and all its clones: it only ever grows)."""

    def __init__(self, forms: Mapping[str, tuple[Form, ...]]) -> None:
        self.forms = dict(forms)
        self.fit_tables: dict[str, Fits] = {tile: Fits(f) for tile, f in self.forms.items()}
        self.fit_counts = {tile: FitCounts(fits) for tile, fits in self.fit_tables.items()}
        edges = sorted({edge for fs in self.forms.values() for form in fs for edge in form.edges})
        self.with_edge: list[dict[str, WithEdge]] = [
            {edge: WithEdge(side, edge) for edge in edges} for side in range(4)
        ]
        """Per side N, E, S, W and per edge: :class:`WithEdge`."""
        self.faces: dict[int, tuple[Form, Any]] = {}
        """What a view prints of each placed form, by the form's id (``views.py``)."""
        self.layouts: dict[int, tuple[Form, Layout]] = {}
        """:meth:`layout` of each form placed so far, by the form's id."""

    def layout(self, form: Form) -> Layout:
        """What :meth:`Board.place` adds per segment of ``form``, worked out once per form
        (issue 24): the segment count, and per segment its kind, open edge ends,
        pennant and the (tile-local) city segments it borders."""
        found = self.layouts.get(id(form))
        if found is not None and found[0] is form:
            return found[1]
        segments = form.segments
        layout = (
            len(segments),
            tuple(seg.kind for seg in segments),
            tuple(len(seg.edges) for seg in segments),
            tuple(seg.pennant for seg in segments),
            tuple(tuple(seg.cities) for seg in segments),
        )
        self.layouts[id(form)] = (form, layout)
        return layout

    def rotations(self, pattern: str, tile: str) -> tuple[int, ...]:
        """CC 2.2: the rotations of ``tile`` whose every edge matches ``pattern``
        (the neighbours' edges, N E S W, ``?`` where there is no neighbour)."""
        return self.fit_tables[tile][pattern]


class Board:
    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.at: dict[Pos, int] = {}
        """Position -> index of the tile placed there (placement order)."""
        self.placed: list[tuple[int, int, Form, int]] = []
        """Per placed tile: x, y, its form, its first node."""
        self.frontier: dict[Pos, str] = {}
        """Empty positions next to a placed tile -> the edges they must match."""
        self.monasteries: dict[Pos, int] = {}
        self.gardens: dict[Pos, int] = {}
        """The Abbot: position -> the garden's node (scored like a monastery)."""
        # Union-find over segment nodes; the per-feature data is valid at roots only.
        self.parent: list[int] = []
        self.kind: list[int] = []
        self.tiles: list[set[int]] = []
        self.open: list[int] = []
        self.pennants: list[int] = []
        self.meeples: list[list[int]] = []
        """Nodes of the feature that hold a meeple."""
        self.borders: list[list[int]] = []
        """Fields: city nodes the field borders."""
        self.tile_of: list[int] = []
        self.meeple_seat: dict[int, int] = {}
        """Node -> the seat whose meeple stands on it."""

    # ------------------------------------------------------------ placement
    def placements(self, tile: str) -> list[tuple[int, int, int]]:
        """Every ``(x, y, rotation index)`` where ``tile`` may go (CC 2.2), open
        places in the order they opened, rotations in order."""
        fits = self.catalog.fit_tables[tile]
        return [(x, y, r) for (x, y), pattern in self.frontier.items() for r in fits[pattern]]

    def fits(self, x: int, y: int, form: Form) -> bool:
        pattern = self.frontier.get((x, y))
        if pattern is None:
            return False
        return matches(pattern, form.edges)

    def place(self, x: int, y: int, form: Form) -> int:
        """Put ``form`` on ``(x, y)`` and join its segments to the neighbours'.
        Returns the tile's index. The caller has checked that it fits."""
        index = len(self.placed)
        node0 = len(self.parent)
        count, kinds, opens, pennants, cities = self.catalog.layout(form)
        self.parent.extend(range(node0, node0 + count))
        self.kind.extend(kinds)
        self.open.extend(opens)
        self.pennants.extend(pennants)
        self.tile_of.extend([index] * count)
        tiles, meeples, borders = self.tiles, self.meeples, self.borders
        for near in cities:
            tiles.append({index})
            meeples.append([])
            if near:
                borders.append([node0 + c for c in near])
            else:
                borders.append([])
        pos = (x, y)
        self.at[pos] = index
        self.placed.append((x, y, form, node0))
        self.frontier.pop(pos, None)
        if form.monastery >= 0:
            self.monasteries[pos] = node0 + form.monastery
        if form.garden >= 0:
            self.gardens[pos] = node0 + form.garden
        at = self.at
        frontier = self.frontier
        edges, edge_segment, half_segment = form.edges, form.edge_segment, form.half_segment
        with_edge = self.catalog.with_edge
        for d, dx, dy, back, left, left_meets, right, right_meets in SIDES:
            npos = (x + dx, y + dy)
            other = at.get(npos)
            if other is None:
                frontier[npos] = with_edge[back][edges[d]][frontier.get(npos, OPEN)]
                continue
            _, _, oform, onode0 = self.placed[other]
            link = edge_segment[d]
            if link >= 0:
                root = self.union(node0 + link, onode0 + oform.edge_segment[back])
                self.open[root] -= 2
            link = half_segment[left]
            if link >= 0:
                self.union(node0 + link, onode0 + oform.half_segment[left_meets])
            link = half_segment[right]
            if link >= 0:
                self.union(node0 + link, onode0 + oform.half_segment[right_meets])
        return index

    # ------------------------------------------------------------ union-find
    def find(self, node: int) -> int:
        parent = self.parent
        root = node
        while parent[root] != root:
            root = parent[root]
        while parent[node] != root:
            parent[node], node = root, parent[node]
        return root

    def union(self, a: int, b: int) -> int:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return ra
        if len(self.tiles[ra]) < len(self.tiles[rb]):
            ra, rb = rb, ra
        self.parent[rb] = ra
        self.tiles[ra] |= self.tiles[rb]
        self.open[ra] += self.open[rb]
        self.pennants[ra] += self.pennants[rb]
        if self.meeples[rb]:
            self.meeples[ra].extend(self.meeples[rb])
        if self.borders[rb]:
            self.borders[ra].extend(self.borders[rb])
        self.tiles[rb] = set()
        self.meeples[rb] = []
        self.borders[rb] = []
        return ra

    # -------------------------------------------------------------- features
    def node(self, index: int, segment: int) -> int:
        return self.placed[index][3] + segment

    def size(self, root: int) -> int:
        """The number of tiles in a feature (a tile counts once, CC 4.2)."""
        return len(self.tiles[root])

    def complete(self, root: int) -> bool:
        """CC 4.1: a city or road is complete when no edge of it is left open."""
        return self.open[root] == 0

    def surrounded(self, pos: Pos) -> int:
        """How many of the eight tiles around ``pos`` are placed (CC 4.3)."""
        x, y = pos
        at = self.at
        count = 0
        for dx, dy in AROUND:
            if (x + dx, y + dy) in at:
                count += 1
        return count

    def completed_by(self, index: int) -> tuple[list[int], list[tuple[Pos, int]]]:
        """The cities and roads (roots) and the monasteries and gardens (position,
        node) that tile ``index`` has just completed (CC 4.1, 4.3, CA 2.1)."""
        x, y, form, node0 = self.placed[index]
        roots: list[int] = []
        for i, seg in enumerate(form.segments):
            if seg.kind == CITY or seg.kind == ROAD:
                root = self.find(node0 + i)
                if self.open[root] == 0 and root not in roots:
                    roots.append(root)
        cloisters: list[tuple[Pos, int]] = []
        for where in (self.monasteries, self.gardens):
            near: list[tuple[int, Pos, int]] = []
            for pos, node in where.items():
                dx = pos[0] - x
                dy = pos[1] - y
                if -1 <= dx <= 1 and -1 <= dy <= 1 and self.surrounded(pos) == 8:
                    near.append((NEAR_ORDER[dx, dy], pos, node))
            if near:
                near.sort()
                cloisters.extend((pos, node) for _, pos, node in near)
        return roots, cloisters

    def occupied(self, node: int) -> bool:
        return bool(self.meeples[self.find(node)])

    def free_segments(self, index: int) -> list[int]:
        """CC 3.2: the segments of tile ``index`` whose feature holds no meeple."""
        _, _, form, node0 = self.placed[index]
        find, meeples = self.find, self.meeples
        return [i for i in range(len(form.segments)) if not meeples[find(node0 + i)]]

    def put_meeple(self, node: int, seat: int) -> None:
        self.meeples[self.find(node)].append(node)
        self.meeple_seat[node] = seat

    def meeple_counts(self, root: int, players: int) -> list[int]:
        counts = [0] * players
        for node in self.meeples[root]:
            counts[self.meeple_seat[node]] += 1
        return counts

    def take_meeples(self, root: int) -> list[tuple[int, int]]:
        """Lift every meeple off a feature (CC 4.6); returns (node, seat) of each."""
        lifted = [(node, self.meeple_seat.pop(node)) for node in self.meeples[root]]
        self.meeples[root] = []
        return lifted

    def roots_of(self, index: int, kinds: Iterable[int]) -> list[int]:
        """The distinct features (roots) that tile ``index``'s segments of ``kinds`` are in."""
        _, _, form, node0 = self.placed[index]
        wanted = set(kinds)
        roots: list[int] = []
        for i, seg in enumerate(form.segments):
            if seg.kind in wanted:
                root = self.find(node0 + i)
                if root not in roots:
                    roots.append(root)
        return roots

    def roots(self) -> dict[int, list[int]]:
        """Every feature, as roots in node order, by kind (one pass over the board)."""
        kinds = self.kind
        found: dict[int, list[int]] = {}
        for n, up in enumerate(self.parent):
            if up == n:
                kind = kinds[n]
                if kind in found:
                    found[kind].append(n)
                else:
                    found[kind] = [n]
        return found

    def any_open(self, kinds: tuple[int, ...]) -> bool:
        """Whether any feature of ``kinds`` (roads, cities) is incomplete (CC 4.1): what
        :meth:`roots` and :meth:`complete` say together, stopping at the first one."""
        parent, kind, open_ = self.parent, self.kind, self.open
        for n in range(len(parent)):
            if parent[n] == n and open_[n] != 0 and kind[n] in kinds:
                return True
        return False

    def field_cities(self, root: int) -> set[int]:
        """CC 5.2: the completed cities (roots) a field borders, each once."""
        return {c for c in (self.find(n) for n in self.borders[root]) if self.open[c] == 0}

    def clone(self) -> Board:
        new = object.__new__(Board)
        new.catalog = self.catalog
        new.at = dict(self.at)
        new.placed = list(self.placed)
        new.frontier = dict(self.frontier)
        new.monasteries = dict(self.monasteries)
        new.gardens = dict(self.gardens)
        new.parent = list(self.parent)
        new.kind = list(self.kind)
        new.tiles = [set(s) for s in self.tiles]
        new.open = list(self.open)
        new.pennants = list(self.pennants)
        new.meeples = [list(m) for m in self.meeples]
        new.borders = [list(b) for b in self.borders]
        new.tile_of = list(self.tile_of)
        new.meeple_seat = dict(self.meeple_seat)
        return new
