"""Wits & Wagers moves, in the rulebook's words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar

from pydantic import BeforeValidator, ConfigDict

from tote.core.moves import Move, MoveCodec


@dataclass(frozen=True, slots=True)
class DrawQuestion(Move):
    """Chance: the next question card (never one already asked this game)."""

    kind: ClassVar[str] = "draw_question"
    question: str


def _not_a_boolean(value: object) -> object:
    if isinstance(value, bool):
        raise ValueError("a guess is a number, not true or false")
    return value


@dataclass(frozen=True, slots=True)
class Guess(Move):
    """Step 1: a guess written on the seat's answer card, in secret."""

    kind: ClassVar[str] = "guess"
    value: Annotated[str | int | float, BeforeValidator(_not_a_boolean)]
    """As written ("1,200", "3/4") or a JSON number; never true or false."""


@dataclass(frozen=True, slots=True)
class NoGuess(Move):
    """Step 1: an answer card left blank (what a timeout plays)."""

    kind: ClassVar[str] = "no_guess"


@dataclass(frozen=True, slots=True)
class Wager:
    """One betting chip on a payout slot, with ``chips`` points of poker chips under it."""

    __pydantic_config__ = ConfigDict(extra="forbid")
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
