"""Final scores, ranking and winners."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Result:
    """The outcome of a finished game. Ties are allowed: ``winners`` may hold several seats."""

    scores: tuple[int, ...]
    ranking: tuple[int, ...]
    """Rank of each seat, 1 = best; tied seats share a rank."""
    winners: tuple[int, ...]

    @classmethod
    def from_scores(cls, scores: Sequence[int]) -> Result:
        """Most points wins; equal scores share a rank (standard competition ranking)."""
        ranking = tuple(1 + sum(1 for other in scores if other > s) for s in scores)
        winners = tuple(seat for seat, rank in enumerate(ranking) if rank == 1)
        return cls(tuple(scores), ranking, winners)

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "ranking": list(self.ranking),
            "winners": list(self.winners),
        }
