"""CC 3 Place a meeple, with The Abbot's placing (CA 1.2, CA 1.3) and taking the
abbot back (CA 2.2).

Right after the tile, the active player may put one meeple from supply on a free
feature of that tile, or the abbot on its monastery or garden, or take the abbot
back, or nothing; then the turn is scored. Next in reading order: ``scoring.py``
(CC 4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tote.core.errors import IllegalMove
from tote.core.events import Event
from tote.core.moves import Move
from tote.games.carcassonne import scoring
from tote.games.carcassonne.moves import NoMeeple, PlaceAbbot, PlaceMeeple, ReturnAbbot
from tote.games.carcassonne.phases import MEEPLE
from tote.games.carcassonne.tiles import GARDEN, KIND_NAMES, MONASTERY, Form

if TYPE_CHECKING:
    from tote.games.carcassonne.state import CarcassonneState


def meeple_options(state: CarcassonneState) -> list[str]:
    """CC 3.1 / 3.2 / CA 1.3: labels of the new tile's segments whose feature is
    unoccupied (a garden only takes the abbot)."""
    if not state.supply[state.active]:
        return []
    segments = state.board.placed[state.last][2].segments
    return [
        segments[i].label
        for i in state.board.free_segments(state.last)
        if segments[i].kind != GARDEN
    ]


def abbot_options(state: CarcassonneState) -> list[str]:
    """CA 1.2: the new tile's unoccupied monastery or garden, while the active
    player's abbot is in supply."""
    if not state.abbot or state.abbots[state.active] >= 0:
        return []
    segments = state.board.placed[state.last][2].segments
    return [
        segments[i].label
        for i in state.board.free_segments(state.last)
        if segments[i].kind in (MONASTERY, GARDEN)
    ]


def abbot_out(state: CarcassonneState) -> bool:
    """CA 2.2: whether the active player's abbot stands on the board (may come back)."""
    return state.abbot and state.abbots[state.active] >= 0


def has_choice(state: CarcassonneState) -> bool:
    """Whether the meeple step offers anything but "nothing" (CC 3.1, CA 1.2, CA 2.2):
    what :func:`meeple_options`, :func:`abbot_options` and :func:`abbot_out` say
    together, stopping at the first free segment that takes a follower (issue 24: the
    step after every tile placed)."""
    if abbot_out(state):
        return True
    meeple = state.supply[state.active] > 0
    abbot = state.abbot and state.abbots[state.active] < 0
    if not meeple and not abbot:
        return False
    board = state.board
    _, _, form, node0 = board.placed[state.last]
    for i, segment in enumerate(form.segments):
        kind = segment.kind
        takes = (meeple and kind != GARDEN) or (abbot and kind in (MONASTERY, GARDEN))
        if takes and not board.occupied(node0 + i):
            return True
    return False


def follower_moves(state: CarcassonneState) -> list[Move]:
    """CC 3.1 / CA 1.2 / CA 2.2: a meeple, the abbot, the abbot back, or nothing."""
    return [
        *(PlaceMeeple(label) for label in meeple_options(state)),
        *(PlaceAbbot(label) for label in abbot_options(state)),
        *((ReturnAbbot(),) if abbot_out(state) else ()),
        NoMeeple(),
    ]


def check_follower(
    state: CarcassonneState, move: PlaceMeeple | NoMeeple | PlaceAbbot | ReturnAbbot
) -> None:
    if state.phase != MEEPLE:
        raise IllegalMove(
            "CC 3.1 after placing", "a meeple goes on the tile just placed, right after"
        )
    if isinstance(move, PlaceMeeple):
        _check_meeple(state, move)
    elif isinstance(move, PlaceAbbot):
        _check_abbot(state, move)
    elif isinstance(move, ReturnAbbot) and not abbot_out(state):
        raise IllegalMove("CA 2.2 return the abbot", "your abbot is not on the board")


def _check_meeple(state: CarcassonneState, move: PlaceMeeple) -> None:
    form = state.board.placed[state.last][2]
    segment = form.label_index(move.feature)
    if segment < 0:
        labels = ", ".join(s.label for s in form.segments)
        raise IllegalMove(
            "CC 3.1 on the tile just placed",
            f"the tile just placed has no feature {move.feature!r} (it has: {labels})",
        )
    if form.segments[segment].kind == GARDEN:
        raise IllegalMove("CA 1.3 garden", "only the abbot may go on a garden")
    if not state.supply[state.active]:
        raise IllegalMove("CC 3.3 meeple supply", "you have no meeple left in your supply")
    _check_free(state, form, segment, move.feature)


def _check_free(state: CarcassonneState, form: Form, segment: int, feature: str) -> None:
    if state.board.occupied(state.board.node(state.last, segment)):
        raise IllegalMove(
            "CC 3.2 occupied feature",
            f"the {KIND_NAMES[form.segments[segment].kind]} of {feature} already"
            " holds a meeple further along",
        )


def place_meeple(state: CarcassonneState, move: PlaceMeeple) -> None:
    form = state.board.placed[state.last][2]
    segment = form.label_index(move.feature)
    state.board.put_meeple(state.board.node(state.last, segment), state.active)
    state.supply[state.active] -= 1
    x, y = state.board.placed[state.last][:2]
    if not state.quiet:
        state.log.append(
            Event("meeple_placed", {"seat": state.active, "x": x, "y": y, "feature": move.feature})
        )
    scoring.score_turn(state)


def _check_abbot(state: CarcassonneState, move: PlaceAbbot) -> None:
    if not state.abbot:
        raise IllegalMove("CA 1.1 abbot", "this game is played without The Abbot")
    if state.abbots[state.active] >= 0:
        raise IllegalMove("CA 1.1 abbot", "your abbot already stands on the board")
    form = state.board.placed[state.last][2]
    segment = form.label_index(move.feature)
    if segment < 0 or form.segments[segment].kind not in (MONASTERY, GARDEN):
        raise IllegalMove(
            "CA 1.2 monastery or garden",
            f"the abbot goes on a monastery or a garden of the tile just placed,"
            f" not {move.feature!r}",
        )
    _check_free(state, form, segment, move.feature)


def place_abbot(state: CarcassonneState, move: PlaceAbbot) -> None:
    form = state.board.placed[state.last][2]
    node = state.board.node(state.last, form.label_index(move.feature))
    state.board.put_meeple(node, state.active)
    state.abbots[state.active] = node
    x, y = state.board.placed[state.last][:2]
    state.log.append(
        Event("abbot_placed", {"seat": state.active, "x": x, "y": y, "feature": move.feature})
    )
    scoring.score_turn(state)


def return_abbot(state: CarcassonneState) -> None:
    """CA 2.2: instead of a meeple, the abbot comes back and its monastery or
    garden scores now as at the final scoring (1 + the tiles around it)."""
    board = state.board
    node = state.abbots[state.active]
    x, y = board.placed[board.tile_of[node]][:2]
    points = scoring.monastery_points(board, (x, y))
    state.scores[state.active] += points
    board.take_meeples(node)
    state.abbots[state.active] = -1
    state.log.append(
        Event(
            "abbot_returned",
            {
                "seat": state.active,
                "x": x,
                "y": y,
                "feature": KIND_NAMES[board.kind[node]],
                "points": points,
            },
        )
    )
    scoring.score_turn(state)
