"""Carcassonne at the end (issue 15): every seat's points by roads, cities,
monasteries, fields, betting chips and the abbot.

CC 5.3: the most points wins; equal points share the win. Points come from features
scored during the game (CC 4: completed roads, cities and monasteries; CA 2.1 gardens),
from those still unfinished at the final scoring (CC 5.1), from farmers on fields (CC
5.2), from an abbot taken back (CA 2.2) and, with The Bets, from betting chips paid
out at a betting office (CB 3, 4). The log's ``feature_scored``, ``abbot_returned``
and ``bets_settled`` events carry every point.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tote.core.result import Result
from tote.core.standings import ScoreLine, Standings, build_standings

if TYPE_CHECKING:
    from tote.games.carcassonne.state import CarcassonneState

PLURALS = {
    "city": "Cities",
    "road": "Roads",
    "monastery": "Monasteries",
    "garden": "Gardens",
}
ORDER = (
    "Roads completed",
    "Cities completed",
    "Monasteries completed",
    "Gardens completed",
    "Roads unfinished at the end",
    "Cities unfinished at the end",
    "Monasteries unfinished at the end",
    "Gardens unfinished at the end",
    "Fields (farmers)",
    "Abbot taken back",
    "Betting chips won",
)


def _source(feature: str, final: bool, complete: bool) -> str:
    if feature == "field":
        return "Fields (farmers)"
    if final and not complete:
        return f"{PLURALS[feature]} unfinished at the end"
    return f"{PLURALS[feature]} completed"


def standings(state: CarcassonneState, result: Result) -> Standings:
    """Points per source, in the order of :data:`ORDER`."""
    n = state.num_players
    sums: list[dict[str, int]] = [dict.fromkeys(ORDER, 0) for _ in range(n)]
    for event in state.log:
        data = event.public
        if event.kind == "feature_scored":
            source = _source(data["feature"], data["final"], data["complete"])
            for seat in data["seats"]:
                sums[seat][source] += data["points"]
        elif event.kind == "abbot_returned":
            sums[data["seat"]]["Abbot taken back"] += data["points"]
        elif event.kind == "bets_settled":
            for chip in data["chips"]:
                sums[chip["seat"]]["Betting chips won"] += chip["points"]
    lines = [[ScoreLine(label, points) for label, points in sums[s].items()] for s in range(n)]
    return build_standings(result, lines, unit="points", tie_break="Equal points share the win")
