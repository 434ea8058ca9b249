"""CC 4 Scoring during the game, with The Abbot's gardens (CA 2.1).

After the meeple step, every road, city, monastery and garden the tile completed
scores for the majority on it, and its meeples come back; then (The Bets) the chips
on those roads and cities settle. The points of a feature (:func:`feature_points`,
:func:`monastery_points`) serve the final scoring too. Next in reading order:
``final_scoring.py`` (CC 5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tote.core.events import Event
from tote.games.carcassonne import bets
from tote.games.carcassonne.board import Board
from tote.games.carcassonne.tiles import CITY, FIELD, GARDEN, KIND_NAMES, MONASTERY, ROAD

if TYPE_CHECKING:
    from tote.games.carcassonne.state import CarcassonneState

CITY_POINTS = 2
"""CC 4.4: points per tile and per pennant of a completed city (1 at the end)."""
MONASTERY_POINTS = 9
"""CC 4.3: a surrounded monastery (its tile and the eight around it)."""


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


def _feature_event(
    state: CarcassonneState, root: int, points: int, winners: list[int], final: bool
) -> None:
    board = state.board
    kind = board.kind[root]
    if not state.quiet:
        state.log.append(
            Event(
                "feature_scored",
                {
                    "feature": KIND_NAMES[kind],
                    "tiles": board.size(root),
                    "pennants": board.pennants[root] if kind == CITY else 0,
                    "complete": _complete(state, root),
                    "points": points,
                    "seats": winners,
                    "final": final,
                    "at": sorted(board.placed[t][:2] for t in board.tiles[root]),
                },
            )
        )


def _complete(state: CarcassonneState, root: int) -> bool:
    board = state.board
    kind = board.kind[root]
    if kind in (MONASTERY, GARDEN):
        return board.surrounded(board.placed[board.tile_of[root]][:2]) == 8
    return kind != FIELD and board.complete(root)


def award(
    state: CarcassonneState, root: int, points: int, final: bool, lift: bool = True
) -> list[int]:
    """CC 4.5: the player(s) with the most meeples on the feature score the points,
    tied players each in full; then (CC 4.6) its meeples (CA 2.1: an abbot too)
    go back to their supply, unless ``lift`` is false (CC 5.2: farmers stay on the
    board). Returns the seats that had a meeple on it."""
    counts = state.board.meeple_counts(root, state.num_players)
    top = 0
    present = []
    for s, c in enumerate(counts):
        if c:
            present.append(s)
            if c > top:
                top = c
    if top == 0:
        return present
    winners = [s for s in present if counts[s] == top]
    for seat in winners:
        state.scores[seat] += points
    _feature_event(state, root, points, winners, final)
    if not lift:
        return present
    for node, seat in state.board.take_meeples(root):
        if state.abbots[seat] == node:
            state.abbots[seat] = -1
        else:
            state.supply[seat] += 1
    return present


def score_turn(state: CarcassonneState) -> None:
    """CC 4.1 / 4.7: score every road, city, monastery (CA 2.1: and garden) the
    tile completed; then (CB 3.1, ruling B9) settle the chips of completed roads
    and cities."""
    roots, cloisters = state.board.completed_by(state.last)
    present: dict[int, set[int]] = {}
    for root in roots:
        present[root] = set(award(state, root, feature_points(state.board, root), final=False))
    for _, node in cloisters:
        award(state, node, MONASTERY_POINTS, final=False)
    if state.offices and roots:
        bets.queue_turn_settlements(state, roots, present)
    state.final = False
    bets.run_settlements(state)
