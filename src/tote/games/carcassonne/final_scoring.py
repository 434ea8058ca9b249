"""CC 5 Game end and final scoring, with The Bets' chips still out (CB 4.1) and The
Abbot's abbots still out (CA 3.1).

After the last tile: first the chips left on offices settle, then incomplete roads,
cities, monasteries and gardens score, then the farms (CC 5.3); the most points
wins. Next in reading order: ``bets.py`` (The Bets, CB 2-4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tote.core.events import Event
from tote.core.result import Result
from tote.games.carcassonne import bets, scoring
from tote.games.carcassonne.phases import OVER, set_phase
from tote.games.carcassonne.tiles import CITY, FIELD, ROAD

if TYPE_CHECKING:
    from tote.games.carcassonne.state import CarcassonneState

FARM_POINTS = 3
"""CC 5.2: points per completed city a field borders."""


def final_scoring(state: CarcassonneState) -> None:
    """CC 5.3 / CB 4.1: first every stack still out settles against the current
    tile count of one of its roads or cities (the chooser per ruling B5), then
    the usual final scoring."""
    state.final = True
    state.log.append(Event("final_scoring", {}))
    bets.queue_final_settlements(state)
    bets.run_settlements(state)


def final_features(state: CarcassonneState) -> None:
    """CC 5.1 / 5.2 / CA 3.1: incomplete roads, cities, monasteries and gardens,
    then the farms; the farmers stay where they lie, not back in supply (CC 5.2)."""
    board = state.board
    roots = board.roots()  # scoring lifts meeples but joins no features
    for kind in (ROAD, CITY):
        for root in roots.get(kind, []):
            if board.meeples[root]:
                points = scoring.feature_points(state.board, root, final=True)
                scoring.award(state, root, points, final=True)
    for cloisters in (board.monasteries, board.gardens):
        for pos, node in cloisters.items():
            if board.meeples[node]:
                scoring.award(state, node, scoring.monastery_points(state.board, pos), final=True)
    for root in roots.get(FIELD, []):
        if board.meeples[root]:
            cities = board.field_cities(root)
            scoring.award(state, root, FARM_POINTS * len(cities), final=True, lift=False)
    set_phase(state, OVER)
    state.log.append(Event("game_over", {"scores": list(state.scores)}))


def result(state: CarcassonneState) -> Result:
    """CC 5.3: the most points wins; equal points share the win."""
    return Result.from_scores(state.scores)
