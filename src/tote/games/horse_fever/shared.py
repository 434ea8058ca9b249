"""What every Horse Fever state of one player count or one board shares, made once and
never changed (issue 24: a new state and a clone share them instead of building them).
Used by ``state.py``."""

from __future__ import annotations

from functools import cache

from tote.core.moves import Move
from tote.core.state import Turn
from tote.games.horse_fever.moves import BuyStable


@cache
def seat_turns(players: int) -> tuple[Turn, ...]:
    """Each seat's turn alone (made once a player count, shared: a Turn never changes)."""
    return tuple(Turn(seats=(seat,)) for seat in range(players))


@cache
def buy_stable_moves(colours: tuple[str, ...]) -> tuple[Move, ...]:
    """HF 1.1: the Stable purchase of each lane (made once a board's lanes, shared)."""
    return tuple(BuyStable(colour) for colour in colours)


@cache
def clockwise_orders(players: int) -> tuple[tuple[int, ...], ...]:
    """Every seat clockwise from each seat in turn (made once a player count)."""
    return tuple((*range(start, players), *range(start)) for start in range(players))
