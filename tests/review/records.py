"""Records the review's tests compare: a game's moves with some changed (issue 26,
Honesty: two records that differ only where a seat could not see)."""

from __future__ import annotations

import random

from tote.core import CHANCE, Match, Move, Record


def replayed(match: Match, change: dict[int, Move], upto: int, seed: int) -> Record:
    """``match``'s moves with ``change`` made, up to and with move ``upto``, then random
    moves and chance from streams of their own; the same seed in the record."""
    b = Match(match.game, match.players, match.options, seed=None)
    for index, (actor, move) in enumerate(match.moves[: upto + 1]):
        chosen = change.get(index, move)
        if actor == CHANCE:
            b.play_chance(chosen)
        else:
            assert isinstance(actor, int)
            b.play(actor, chosen)
    b.rng = random.Random(seed + 99)
    b.advance()
    moves = random.Random(seed + 98)
    while not b.state.is_over:
        seat = b.state.turn().seats[0]
        b.play(seat, b.state.random_move(seat, moves))
    b.seed = match.seed
    return b.record()
