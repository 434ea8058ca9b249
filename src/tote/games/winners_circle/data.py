"""Winner's Circle content as replaceable data files (see ``data/*.json``).

The shipped values are labelled: the die, counts, pace space and the payout
table's three worked-example cells are original; card values and the rest of
the payout table are proposed (``docs/data/winners-circle.md``). A user with
the printed game passes their own files through the ``horse_cards_file`` and
``payouts_file`` options.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, NonNegativeInt, model_validator

from tote.core.data import M, load_data
from tote.core.data_changes import DataChanges

SYMBOLS: tuple[str, ...] = ("head", "cap", "saddle", "shoe")
"""The special die's four symbols (rulebook: Game Material)."""
START_SPACES = 7
"""The start spaces, one per horse (rulebook: spaces 30-36 of the 36-space track): the
shortest track a race can start on."""
MAX_TRACK_SPACES = 10_000
"""The longest track a data file may set: every input has a bound."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


class Horse(_Strict):
    name: str
    gate: int


class HorseCard(_Strict):
    """A horse card: the spaces its horse moves for each symbol of the die (WC 4.5), none
    backwards."""

    id: str
    head: NonNegativeInt
    cap: NonNegativeInt
    saddle: NonNegativeInt
    shoe: NonNegativeInt
    horse: str | None = None
    """The horse this card belongs to: Royal Turf cards only."""
    source: Literal["original", "proposed"] = "proposed"

    @property
    def values(self) -> tuple[int, int, int, int]:
        return (self.head, self.cap, self.saddle, self.shoe)


class Die(_Strict):
    """How many of the die's six faces show each symbol (WC 4.2): none negative, and
    some face to roll."""

    faces: dict[str, NonNegativeInt]

    @model_validator(mode="after")
    def _rollable(self) -> Die:
        if not sum(self.faces.values()):
            raise ValueError("the die needs at least one face with a symbol")
        return self


class HorseData(_Strict):
    horses: tuple[Horse, ...]
    die: Die
    horse_cards: tuple[HorseCard, ...]
    royal_turf_cards: tuple[HorseCard, ...]

    @model_validator(mode="after")
    def _consistent(self) -> HorseData:
        if len(self.horses) != 7:
            raise ValueError("Winner's Circle has exactly 7 horses")
        if sorted(self.die.faces) != sorted(SYMBOLS):
            raise ValueError(f"the die's faces must be {', '.join(SYMBOLS)}")
        names = {h.name for h in self.horses}
        if len(self.horse_cards) < 21:
            raise ValueError("at least 21 horse cards are needed for three races")
        for card in self.royal_turf_cards:
            if card.horse not in names:
                raise ValueError(f"Royal Turf card {card.id} names no horse of this game")
        ids = [c.id for c in self.horse_cards + self.royal_turf_cards]
        if len(ids) != len(set(ids)):
            raise ValueError("card ids must be unique")
        return self


class PayoutTable(_Strict):
    """The payout table (WC 5) and the track it is raced on. Amounts and multipliers are
    never negative (a bet pays, or pays nothing); the track holds at least the seven
    start spaces (rulebook: horses start on spaces 30-36 of 36, WC 2), and the pace
    space (WC 4.8) lies on it."""

    win: tuple[NonNegativeInt, ...]
    place: tuple[NonNegativeInt, ...]
    show: tuple[NonNegativeInt, ...]
    pace_bonus_per_bet: NonNegativeInt = 100
    last_place_per_bet: NonNegativeInt = 100
    race_multipliers: tuple[NonNegativeInt, NonNegativeInt, NonNegativeInt] = (1, 1, 2)
    pace_space: int = Field(default=18, ge=1)
    track_spaces: int = Field(default=36, ge=START_SPACES, le=MAX_TRACK_SPACES)

    @model_validator(mode="after")
    def _rows(self) -> PayoutTable:
        if not (len(self.win) == len(self.place) == len(self.show) >= 1):
            raise ValueError("win, place and show rows must have the same, non-zero length")
        if self.pace_space > self.track_spaces:
            raise ValueError(
                f"the pace space ({self.pace_space}) must lie on the track of"
                f" {self.track_spaces} spaces"
            )
        return self

    def row(self, place: int) -> tuple[int, ...]:
        return (self.win, self.place, self.show)[place]


def _load(model: type[M], path: str | None, default: str, changes: DataChanges) -> M:
    return load_data(model, "tote.games.winners_circle", default, path, changes)


@cache
def horse_data(path: str | None = None, changes: DataChanges = ()) -> HorseData:
    """``horse_cards.json`` (or the replacement ``path``), with the run's ``changes``
    (issue 29, what-if on the data)."""
    data = _load(HorseData, path, "horse_cards.json", changes)
    return data


@cache
def payout_table(path: str | None = None, changes: DataChanges = ()) -> PayoutTable:
    """``payouts.json`` (or the replacement ``path``), with the run's ``changes``."""
    table = _load(PayoutTable, path, "payouts.json", changes)
    return table
