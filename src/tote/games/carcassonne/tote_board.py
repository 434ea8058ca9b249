"""Carcassonne's markets for the tote board (issue 12, 2): The Bets' bookmaker tiles.

A market is a bookmaker tile whose bets are open now (CB 2.1, the betting office just
placed) or whose chips still lie on it (CB 2.4): at the end of the rollout, the size in
tiles (CC 4.2) of the road or city with a segment on it that was completed first
(``"3 tiles"``; CB 3.1 settles the stack then), or ``"unfinished"`` when the game ends
before any is (CB 4.1). A rollout is settled once every such tile has a completed
road or city, or at the game's end (``horizon_name = "scoring"``). The bets a seat can
place now are its chips on the office just placed; a chip's value is what its face
pays on that size (CB 3.3, :meth:`ChipSpec.payout`).

Stated approximations: when several roads or cities of a tile are complete at the end
of a rollout, the largest is the one settled against (CB 3.5 lets the active player
choose); at the game's end, the largest unfinished one (CB 4.1, ruling B5); the meeple a
chip's owner needs on the feature with ``pay_without_meeple`` off is not checked.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from tote.core.state import State
from tote.core.tote_board import BetChoice, Markets, Sample
from tote.games.carcassonne import fast_rollout
from tote.games.carcassonne.moves import PlaceChip
from tote.games.carcassonne.phases import BET
from tote.games.carcassonne.state import CarcassonneState
from tote.games.carcassonne.tiles import CITY, ROAD

UNFINISHED = "unfinished"


def office_tiles(state: CarcassonneState) -> list[int]:
    """The bookmaker tiles with open bets or chips on them, in the order placed."""
    tiles = set(state.offices)
    if state.phase == BET:
        tiles.add(state.bet_tile)
    return sorted(tiles)


def market_name(state: CarcassonneState, tile: int) -> str:
    x, y = state.board.placed[tile][:2]
    return f"office at ({x}, {y})"


def settled_size(state: CarcassonneState, tile: int) -> int | None:
    """The size of the largest completed road or city through ``tile``, if any."""
    board = state.board
    complete = [board.size(r) for r in board.roots_of(tile, (CITY, ROAD)) if board.complete(r)]
    return max(complete) if complete else None


def end_size(state: CarcassonneState, tile: int) -> tuple[int, bool]:
    """The size a stack on ``tile`` settles on at the end of a rollout, and whether its
    feature was completed."""
    size = settled_size(state, tile)
    if size is not None:
        return size, True
    board = state.board
    return max((board.size(r) for r in board.roots_of(tile, (CITY, ROAD))), default=0), False


class CarcassonneMarkets(Markets):
    unit = "points"
    horizon_name = "scoring"

    def settled(self, start: State, now: State) -> bool:
        assert isinstance(start, CarcassonneState) and isinstance(now, CarcassonneState)
        return all(settled_size(now, tile) is not None for tile in office_tiles(start))

    def outcomes(self, start: State, end: State) -> dict[str, str]:
        assert isinstance(start, CarcassonneState) and isinstance(end, CarcassonneState)
        result = {}
        for tile in office_tiles(start):
            size, done = end_size(end, tile)
            result[market_name(start, tile)] = f"{size} tiles" if done else UNFINISHED
        return result

    def bets(self, state: State, seat: int | None) -> list[BetChoice]:
        assert isinstance(state, CarcassonneState)
        if seat is None or state.phase != BET or seat not in state.turn().seats:
            return []
        where = market_name(state, state.bet_tile)
        return [
            BetChoice(move.chip, f"your {move.chip} chip on the {where}", move)
            for move in state.legal_moves(seat)
            if isinstance(move, PlaceChip)
        ]

    def payoffs(
        self, start: State, end: State, seat: int | None, bets: Sequence[BetChoice]
    ) -> list[float]:
        assert isinstance(start, CarcassonneState) and isinstance(end, CarcassonneState)
        if not bets:
            return []
        size, _ = end_size(end, start.bet_tile)
        chips = start.data.chip_by_id
        return [
            float(chips[b.move.chip].payout(size)) if isinstance(b.move, PlaceChip) else 0.0
            for b in bets
        ]

    def quick_sampler(
        self, state: State, seat: int | None, bets: Sequence[BetChoice]
    ) -> Callable[[random.Random], Sample] | None:
        """The rollout in :mod:`fast_rollout`'s tight loop (issue 24): the same draws, the
        same end, the same outcomes and payoffs as the general path."""
        assert isinstance(state, CarcassonneState)
        return fast_rollout.quick_sampler(self, state, seat, bets, office_tiles(state))

    def standings(self, state: State) -> list[float]:
        assert isinstance(state, CarcassonneState)
        return [float(s) for s in state.scores]
