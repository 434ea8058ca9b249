"""Wits & Wagers moves, in the rulebook's words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tote.core.moves import Move, MoveCodec


@dataclass(frozen=True, slots=True)
class DrawQuestion(Move):
    """Chance: the next question card (never one already asked this game)."""

    kind: ClassVar[str] = "draw_question"
    question: str


@dataclass(frozen=True, slots=True)
class Guess(Move):
    """Step 1: a guess written on the seat's answer card, in secret."""

    kind: ClassVar[str] = "guess"
    value: str | int | float


@dataclass(frozen=True, slots=True)
class NoGuess(Move):
    """Step 1: an answer card left blank (what a timeout plays)."""

    kind: ClassVar[str] = "no_guess"


@dataclass(frozen=True, slots=True)
class Wager:
    """One betting chip on a payout slot, with ``chips`` points of poker chips under it."""

    slot: int
    chips: int = 0


@dataclass(frozen=True, slots=True)
class PlaceBets(Move):
    """Step 3: the seat's bets, at most two (one per betting chip). In open
    betting this replaces the seat's bets so far; in secret betting it is final."""

    kind: ClassVar[str] = "place_bets"
    bets: tuple[Wager, ...] = ()


@dataclass(frozen=True, slots=True)
class LockBets(Move):
    """Open betting: the seat's bets stand as they are (what a timeout plays)."""

    kind: ClassVar[str] = "lock_bets"


CODEC = MoveCodec([Guess, NoGuess, PlaceBets, LockBets, DrawQuestion])
