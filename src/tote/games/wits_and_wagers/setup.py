"""WW 1 The game and its material: seats and teams (WW 1.1, checked when the game is
made, in ``__init__.py``), two betting chips each (WW 1.2), seven questions (WW 1.3),
and who wins (WW 1.4-1.5). Next in reading order: ``answering.py``.
"""

from __future__ import annotations

from collections.abc import Sequence

from tote.core.result import Result
from tote.games.wits_and_wagers.options import Team

QUESTIONS_PER_GAME = 7
BETTING_CHIPS = 2


def tie_broken_by_youngest(points: Sequence[int], teams: Sequence[Team]) -> Result:
    """WW 1.4-1.5: most points wins; a tie for first goes to the team with the
    youngest player when every tied team gave ages, otherwise the win is shared."""
    result = Result.from_scores(points)
    if len(result.winners) < 2:
        return result
    youngest: dict[int, int] = {}
    for seat in result.winners:
        ages = [m.age for m in teams[seat].members if m.age is not None] if teams else []
        if not ages:
            return result
        youngest[seat] = min(ages)
    best = min(youngest.values())
    winners = tuple(seat for seat in result.winners if youngest[seat] == best)
    ranking = tuple(
        2 if seat in result.winners and seat not in winners else rank
        for seat, rank in enumerate(result.ranking)
    )
    return Result(result.scores, ranking, winners)
