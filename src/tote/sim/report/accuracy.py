"""Mean review accuracy per bot for the report's "Bots" section (issue 29, "Bots": "and
mean review accuracy once the game-review issue lands"; issue 26's review).

The first ``games`` recorded games of the battery (at its smallest player count, where
games are quickest to review) are reviewed whole (:func:`tote.review.review`: every
seat's decisions judged from what that seat knew then); each seat's accuracy (the
documented formula of docs/review.md, 0 to 100) is credited to the bot that held the seat. A bot's
figure is the mean over its seat-games with at least one judged decision, with a 95%
percentile bootstrap interval over games (whole games drawn again, as the section's
shares are), seeded so a report reads the same twice.

Reviews cost seconds a game (docs/review.md, "Speed"), so few games are reviewed by
default (:data:`DEFAULT_GAMES`); ``tote report --review-games N`` asks for more (at most
:data:`MOST_GAMES`), ``0`` for none.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tote.core.errors import OptionsError
from tote.core.record import Record
from tote.review import review
from tote.sim.runner import GameRow

DEFAULT_GAMES = 4
"""Games reviewed by default: a rough figure in seconds to a few minutes (Carcassonne)."""
MOST_GAMES = 200
"""The most games one report reviews (every input has a bound)."""
RESAMPLES = 2000
"""Bootstrap resamples over games for the intervals."""

Progress = Callable[[int, int], None]
"""Called after each game reviewed with (games done, games to review)."""


def check_games(games: int) -> int:
    """``--review-games``: 0 to :data:`MOST_GAMES`, else one line naming the bounds."""
    if not 0 <= games <= MOST_GAMES:
        raise OptionsError(f"--review-games must be 0 to {MOST_GAMES}, not {games}")
    return games


def reviewed_rows(rows: Mapping[int, Sequence[GameRow]], games: int) -> list[GameRow]:
    """The games to review: the first ``games`` with a record, at the smallest player
    count that has any."""
    for count in sorted(rows):
        recorded = [row for row in rows[count] if row.record is not None]
        if recorded:
            return recorded[:games]
    return []


def seat_accuracies(row: GameRow) -> list[tuple[str, float]]:
    """(bot, accuracy) for every seat of the game with a judged decision."""
    assert row.record is not None
    record = Record.from_json(json.loads(gzip.decompress(row.record)))
    summary = review(record)
    return [
        (row.bots[seat.seat], seat.accuracy) for seat in summary.seats if seat.accuracy is not None
    ]


def review_accuracy(
    rows: Mapping[int, Sequence[GameRow]],
    games: int,
    *,
    seed: int = 0,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Mean review accuracy per bot over ``games`` reviewed games (module doc): ``{"games":
    reviewed, "players": count, "bots": {bot: {"mean", "low", "high", "seat_games"}}}``."""
    import numpy as np

    chosen = reviewed_rows(rows, games)
    per_game: list[list[tuple[str, float]]] = []
    for done, row in enumerate(chosen, 1):
        per_game.append(seat_accuracies(row))
        if progress is not None:
            progress(done, len(chosen))
    names = list(dict.fromkeys(bot for game in per_game for bot, _ in game))
    index = {name: k for k, name in enumerate(names)}
    sums = np.zeros((len(per_game), len(names)))
    counts = np.zeros((len(per_game), len(names)))
    for g, game in enumerate(per_game):
        for bot, accuracy in game:
            sums[g, index[bot]] += accuracy
            counts[g, index[bot]] += 1
    bots: dict[str, Any] = {}
    if per_game:
        rng = np.random.default_rng(seed)
        draws = rng.integers(0, len(per_game), size=(RESAMPLES, len(per_game)))
        with np.errstate(invalid="ignore", divide="ignore"):
            means = sums[draws].sum(1) / counts[draws].sum(1)
        for name, k in index.items():
            drawn = means[:, k][~np.isnan(means[:, k])]
            low, high = np.percentile(drawn, [2.5, 97.5]) if drawn.size else (np.nan, np.nan)
            bots[name] = {
                "mean": float(sums[:, k].sum() / counts[:, k].sum()),
                "low": float(low),
                "high": float(high),
                "seat_games": int(counts[:, k].sum()),
            }
    players = len(chosen[0].bots) if chosen else None
    return {"games": len(chosen), "players": players, "resamples": RESAMPLES, "bots": bots}
