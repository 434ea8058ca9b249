"""CC 2 Draw and place a tile, with The River's placing rules (CR 1.1 the piles in
order, CR 2.2-2.4), and the turn passing on (CC 1.4).

The draw is a chance move (CC 1.3): every tile left equally likely. A tile that
fits nowhere is discarded and the same player draws again (CC 2.3, CR 2.4). Next
in reading order: ``meeples.py`` (CC 3).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tote.core.errors import IllegalMove
from tote.core.events import Event
from tote.core.moves import Move
from tote.games.carcassonne import final_scoring, meeples, scoring
from tote.games.carcassonne.moves import DrawTile, PlaceTile
from tote.games.carcassonne.phases import DRAW, MEEPLE, PLACE, set_phase
from tote.games.carcassonne.tiles import GARDEN_SUFFIX, ROTATIONS, Form

if TYPE_CHECKING:
    from tote.games.carcassonne.state import CarcassonneState


def next_pool(state: CarcassonneState) -> None:
    """CR 1.1: when a pile is used up, the next one is drawn from."""
    while not state.stack and state.pools:
        state.stack = state.pools.pop(0)


def draw_outcomes(state: CarcassonneState) -> Sequence[tuple[Move, float]]:
    """CC 1.3: each tile left in the stack equally likely."""
    total = len(state.stack)
    counts: dict[str, int] = {}
    for tile in state.stack:
        counts[tile] = counts.get(tile, 0) + 1
    return [(state.draws[t], n / total) for t, n in sorted(counts.items())]


def sample_draw(state: CarcassonneState, rng: random.Random) -> Move:
    """Draw uniformly among the tiles left, without building the outcome list."""
    return state.draws[state.stack[int(rng.random() * len(state.stack))]]


def why_not_drawn(state: CarcassonneState, outcome: Move) -> str:
    """Why ``outcome`` cannot be the tile drawn now (a scripted draw refused): the
    tile is not in this game (CB 1.1, CR 1.1, CA 1.1), every copy has been drawn
    (CC 1.3), or The River's piles come in order (CR 1.1)."""
    if not isinstance(outcome, DrawTile):
        return "CC 1.3: a chance move here is the draw of a tile (draw_tile)"
    if state.phase != DRAW:
        return "no tile is to be drawn now"
    tile = outcome.tile
    if tile in state.stack:
        return f"{tile!r} is in the stack"
    if any(tile in pile for pile in state.pools):
        if tile == state.data.lake:
            left = len(state.stack)
            return f"CR 1.1: the lake is drawn after the other river tiles ({left} left)"
        return "CR 1.1: the river is laid first; the land tiles come after the lake"
    form = state.forms[tile][0] if tile in state.forms else None
    if tile in state.draws:
        if state.river and form is not None and form.river and not state.pools:
            return "CR 1.1: the river is laid (the lake is drawn); only land tiles are left"
        return f"CC 1.3: no {tile!r} is left in the stack (every one has been drawn)"
    if tile == state.data.spring and state.river:
        return "CR 1.1: the spring lies in the middle from the start; it is never drawn"
    if form is not None and form.river:
        return "CR 1.1: this game is played without The River"
    if form is not None and form.office >= 0:
        return "CB 1.1: this game is played without The Bets (no bookmaker tiles)"
    plain = tile.removesuffix(GARDEN_SUFFIX)
    if plain != tile and plain in state.draws and not state.abbot:
        return f"CA 1.1: without The Abbot a garden is plain field: the tile is drawn as {plain!r}"
    return f"there is no tile {tile!r} in this game"


def draw(state: CarcassonneState, tile: str) -> None:
    """CC 2.1 / 2.3: the drawn tile is shown; one that fits nowhere is discarded
    and the same player draws again (CR 2.4: a river tile too)."""
    state.stack.remove(tile)
    next_pool(state)
    placements = state.board.placements(tile)
    if state.forms[tile][0].river:
        placements = river_placements(state, tile, placements)
    if not placements:
        state.discarded.append(tile)
        state.log.append(Event("tile_discarded", {"seat": state.active, "tile": tile}))
        if not state.stack:
            final_scoring.final_scoring(state)
        return
    state.drawn = tile
    state.placements = placements
    if not state.quiet:
        state.log.append(Event("tile_drawn", {"seat": state.active, "tile": tile}))
    set_phase(state, PLACE)


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


def river_placements(
    state: CarcassonneState, tile: str, placements: list[tuple[int, int, int]]
) -> list[tuple[int, int, int]]:
    """CR 2.2 / 2.3: a river tile continues the river at its open end, and does not
    turn the same way as the river tile before it (no immediate U-turn)."""
    forms = state.forms[tile]
    frontier = state.board.frontier
    kept = []
    for x, y, r in placements:
        pattern = frontier[(x, y)]
        if "W" not in pattern:
            continue
        bend = river_bend(pattern, forms[r])
        if bend and bend == state.bend:
            continue
        kept.append((x, y, r))
    return kept


def place_moves(state: CarcassonneState) -> list[Move]:
    """CC 2.2: every place and rotation where the drawn tile fits."""
    return [PlaceTile(x, y, ROTATIONS[r]) for x, y, r in state.placements]


def random_place(state: CarcassonneState, rng: random.Random) -> Move:
    """One of :func:`place_moves` at random, without building them all."""
    x, y, r = state.placements[int(rng.random() * len(state.placements))]
    return PlaceTile(x, y, ROTATIONS[r])


def check_place(state: CarcassonneState, move: PlaceTile) -> Form:
    if state.phase != PLACE:
        raise IllegalMove("CC 1.4 turn order", "no tile is waiting to be placed now")
    assert state.drawn is not None
    if move.rotation not in ROTATIONS:
        raise IllegalMove(
            "CC 2.2 rotation", f"rotation must be 0, 90, 180 or 270, not {move.rotation}"
        )
    form = state.forms[state.drawn][ROTATIONS.index(move.rotation)]
    pos = (move.x, move.y)
    if pos in state.board.at:
        raise IllegalMove("CC 2.2 empty place", f"a tile already lies on {move.x} {move.y}")
    if pos not in state.board.frontier:
        raise IllegalMove(
            "CC 2.2 next to a placed tile",
            f"{move.x} {move.y} touches no placed tile edge to edge",
        )
    if not state.board.fits(move.x, move.y, form):
        raise IllegalMove(
            "CC 2.2 matching edges",
            f"tile {state.drawn} turned {move.rotation} does not match its neighbours"
            f" on {move.x} {move.y}",
        )
    if form.river and (move.x, move.y, ROTATIONS.index(move.rotation)) not in state.placements:
        if "W" not in state.board.frontier[pos]:
            raise IllegalMove(
                "CR 2.2 continue the river", "a river tile goes on at the river's open end"
            )
        raise IllegalMove(
            "CR 2.3 no U-turn",
            "the river may not turn the same way twice in a row",
        )
    return form


def place(state: CarcassonneState, move: PlaceTile) -> None:
    place_at(state, move.x, move.y, ROTATIONS.index(move.rotation))


def place_at(state: CarcassonneState, x: int, y: int, r: int) -> None:
    """CC 2.2: the drawn tile goes on ``(x, y)`` turned by rotation index ``r`` (one of
    ``state.placements``); then the meeple step, or the scoring if there is no choice."""
    assert state.drawn is not None
    form = state.forms[state.drawn][r]
    if form.river:
        state.bend = river_bend(state.board.frontier[(x, y)], form)
    state.last = state.board.place(x, y, form)
    state.drawn = None
    state.placements = []
    if not state.quiet:
        state.log.append(
            Event(
                "tile_placed",
                {"seat": state.active, "tile": form.tile, "x": x, "y": y, "rotation": ROTATIONS[r]},
            )
        )
    # CC 3.1 / 3.3: the meeple step is skipped when there is nothing to decide.
    if meeples.has_choice(state):
        set_phase(state, MEEPLE)
    else:
        scoring.score_turn(state)


def end_turn(state: CarcassonneState) -> None:
    """CC 1.4 / 5.1: the next player clockwise draws; after the last tile, the end."""
    if not state.stack:
        final_scoring.final_scoring(state)
        return
    state.active = (state.active + 1) % state.num_players
    set_phase(state, DRAW)
