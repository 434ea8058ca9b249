"""Carcassonne moves, named in the rulebook's words.

A turn is split into small moves so every choice is a short finite list:
the tile drawn (chance), where it goes (``place_tile``), whether a meeple goes
on it (``place_meeple`` / ``no_meeple``; The Abbot: ``place_abbot`` /
``return_abbot`` instead), then -- The Bets -- which feature a
stack of chips settles against when there is a choice (``settle_bets``), and
every player's secret chip on a new betting office (``place_chip`` /
``no_chip``, a simultaneous turn).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tote.core.moves import Move, MoveCodec


@dataclass(frozen=True, slots=True)
class DrawTile(Move):
    """Chance: the next land tile drawn from the face-down stack (CC 1.3)."""

    kind: ClassVar[str] = "draw_tile"
    tile: str


@dataclass(frozen=True, slots=True)
class PlaceTile(Move):
    """Place the drawn tile on ``(x, y)`` turned ``rotation`` degrees clockwise (CC 2.2)."""

    kind: ClassVar[str] = "place_tile"
    x: int
    y: int
    rotation: int


@dataclass(frozen=True, slots=True)
class PlaceMeeple(Move):
    """Put a meeple from supply on a feature of the tile just placed (CC 3.1), named by
    its segment label (``city:N.W``, ``road:E``, ``field:NL.NR``, ``monastery``)."""

    kind: ClassVar[str] = "place_meeple"
    feature: str


@dataclass(frozen=True, slots=True)
class NoMeeple(Move):
    """Place no meeple this turn (CC 3.1: placing one is optional)."""

    kind: ClassVar[str] = "no_meeple"


@dataclass(frozen=True, slots=True)
class PlaceAbbot(Move):
    """The Abbot: put your abbot on the monastery or the garden of the tile just placed
    (CA 1.2), instead of a meeple; ``feature`` is ``monastery`` or ``garden``."""

    kind: ClassVar[str] = "place_abbot"
    feature: str


@dataclass(frozen=True, slots=True)
class ReturnAbbot(Move):
    """The Abbot: instead of placing a meeple, take your abbot back and score its
    monastery or garden at once as at the final scoring (CA 2.2)."""

    kind: ClassVar[str] = "return_abbot"


@dataclass(frozen=True, slots=True)
class SettleBets(Move):
    """The Bets: the road or city (a segment label on the bookmaker tile) that the
    pending stack of chips settles against (CB 3.5, CB 4.1)."""

    kind: ClassVar[str] = "settle_bets"
    feature: str


@dataclass(frozen=True, slots=True)
class PlaceChip(Move):
    """The Bets: put one of your chips face down on the new betting office (CB 2.1)."""

    kind: ClassVar[str] = "place_chip"
    chip: str


@dataclass(frozen=True, slots=True)
class NoChip(Move):
    """The Bets: place no chip on this betting office (CB 2.1: betting is optional)."""

    kind: ClassVar[str] = "no_chip"


CODEC = MoveCodec(
    [
        DrawTile,
        PlaceTile,
        PlaceMeeple,
        NoMeeple,
        PlaceAbbot,
        ReturnAbbot,
        SettleBets,
        PlaceChip,
        NoChip,
    ]
)
