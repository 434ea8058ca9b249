"""What each seat may know: the board, the drawn tile, the tiles still to come as
counts (CC 1.3, CR 1.1), scores and supplies, and chips face down but to their
owner (CB 1.1, CB 2.4). The last module in reading order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tote.games.carcassonne import bets
from tote.games.carcassonne.data import EDGES as EDGE_NAMES
from tote.games.carcassonne.phases import BET, SETTLE
from tote.games.carcassonne.tiles import CITY, KIND_NAMES, ROAD, Form

if TYPE_CHECKING:
    from tote.games.carcassonne.state import CarcassonneState


def _segments(form: Form, kind: int) -> list[str]:
    """A tile's city or road segments as their edges (``"N.W"``), for drawing it."""
    return [s.label.partition(":")[2] for s in form.segments if s.kind == kind]


def _extras(form: Form) -> dict[str, Any]:
    """The River's water edges and The Abbot's garden (the field it is drawn in)."""
    return {
        "river": [EDGE_NAMES[e] for e in form.river],
        "garden": form.segments[form.garden_field].label if form.garden >= 0 else None,
    }


Face = tuple[
    str, int, str, tuple[str, ...], tuple[str, ...], bool, bool, bool, tuple[str, ...], Any
]


def _face_of(faces: dict[int, tuple[Form, Any]], form: Form) -> Face:
    """A placed form's printed face, worked out once per form and kept in the game's
    catalogue (issue 24: a view no longer rebuilds every tile's labels)."""
    found = faces.get(id(form))
    if found is not None and found[0] is form:
        face: Face = found[1]
        return face
    extras = _extras(form)
    face = (
        form.tile,
        form.rotation,
        form.edges,
        tuple(_segments(form, CITY)),
        tuple(_segments(form, ROAD)),
        form.monastery >= 0,
        any(s.pennant for s in form.segments),
        form.office >= 0,
        tuple(extras["river"]),
        extras["garden"],
    )
    faces[id(form)] = (form, face)
    return face


def view(state: CarcassonneState, seat: int | None) -> dict[str, Any]:
    """The state as ``seat`` may see it (``None``: a spectator)."""
    board = state.board
    meeples: dict[int, list[dict[str, Any]]] = {}
    for node, owner in board.meeple_seat.items():
        tile = board.tile_of[node]
        form = board.placed[tile][2]
        label = form.segments[node - board.placed[tile][3]].label
        meeple: dict[str, Any] = {"seat": owner, "feature": label}
        if state.abbots[owner] == node:
            meeple["abbot"] = True
        meeples.setdefault(tile, []).append(meeple)
    tiles = []
    offices = state.offices
    faces = state.data.catalog.faces
    for index, (x, y, form, _) in enumerate(board.placed):
        kind, rotation, edges, cities, roads, monastery, pennant, office, river, garden = _face_of(
            faces, form
        )
        entry: dict[str, Any] = {
            "x": x,
            "y": y,
            "tile": kind,
            "rotation": rotation,
            "edges": edges,
            "cities": list(cities),
            "roads": list(roads),
            "monastery": monastery,
            "pennant": pennant,
            "office": office,
            "river": list(river),
            "garden": garden,
            "meeples": meeples.get(index, []),
        }
        if index in offices:
            # CB 2.4: face down; a player remembers only their own chip.
            entry["chips"] = [
                {"seat": s, "chip": c if s == seat else None} for s, c in state.offices[index]
            ]
        tiles.append(entry)
    remaining: dict[str, int] = {}
    for pile in (state.stack, *state.pools):
        for tile_id in pile:
            remaining[tile_id] = remaining.get(tile_id, 0) + 1
    last = board.placed[state.last]
    result: dict[str, Any] = {
        "phase": state.phase,
        "active": state.active,
        "tiles": tiles,
        "last_placed": [last[0], last[1]],
        "drawn": state.drawn,
        "drawn_tile": None if state.drawn is None else tile_face(state, state.drawn),
        "stack_size": state.tiles_left(),
        "remaining": dict(sorted(remaining.items())),
        "discarded": list(state.discarded),
        "scores": list(state.scores),
        "meeples": list(state.supply),
        "bets": state.bets,
        "river": state.river,
        "abbot": state.abbot,
        "abbots": [a < 0 for a in state.abbots] if state.abbot else [],
        "chips": [
            list(state.chips[s]) if s == seat else len(state.chips[s])
            for s in range(state.num_players)
        ],
        "chip_faces": {c.id: c.model_dump() for c in state.data.chips.chips},
        "options": state.options.model_dump(),
    }
    if state.phase == SETTLE:
        pending = state.queue[0]
        x, y = board.placed[pending.tile][:2]
        result["settle"] = {
            "x": x,
            "y": y,
            "chooser": pending.chooser,
            "features": [
                {
                    "feature": label,
                    "kind": KIND_NAMES[board.kind[root]],
                    "tiles": board.size(root),
                }
                for label, root in zip(bets.settle_options(state), pending.candidates, strict=True)
            ],
        }
    if state.phase == BET:
        result["bet_on"] = list(board.placed[state.bet_tile][:2])
    return result


def tile_face(state: CarcassonneState, tile: str) -> dict[str, Any]:
    """A tile type as drawn: its edges unrotated and what is printed on it."""
    form = state.forms[tile][0]
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
