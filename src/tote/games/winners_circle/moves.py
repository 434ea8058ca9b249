"""Winner's Circle moves, named in the rulebook's words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tote.core.moves import Move, MoveCodec


@dataclass(frozen=True, slots=True)
class DrawHorseCard(Move):
    """Chance: the next horse card drawn from the stack (Race Preparation)."""

    kind: ClassVar[str] = "draw_horse_card"
    card: str


@dataclass(frozen=True, slots=True)
class FirstBettor(Move):
    """Chance: who places the first bet (random in race 1; among the richest later)."""

    kind: ClassVar[str] = "first_bettor"
    seat: int


@dataclass(frozen=True, slots=True)
class PlaceBet(Move):
    """A show bet: one of the seat's betting chips on a horse's betting area."""

    kind: ClassVar[str] = "place_bet"
    horse: str
    chip: int


@dataclass(frozen=True, slots=True)
class RollDie(Move):
    """Chance: the special die shows one of its symbols."""

    kind: ClassVar[str] = "roll_die"
    symbol: str


@dataclass(frozen=True, slots=True)
class MoveHorse(Move):
    """Choose a face-up horse card and move that horse by the rolled symbol's value."""

    kind: ClassVar[str] = "move_horse"
    horse: str


CODEC = MoveCodec([DrawHorseCard, FirstBettor, PlaceBet, RollDie, MoveHorse])
