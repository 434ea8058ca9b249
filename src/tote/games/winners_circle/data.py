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

from pydantic import BaseModel, ConfigDict, model_validator

from tote.core.data import M, load_data

SYMBOLS: tuple[str, ...] = ("head", "cap", "saddle", "shoe")
"""The special die's four symbols (rulebook: Game Material)."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


class Horse(_Strict):
    name: str
    gate: int


class HorseCard(_Strict):
    id: str
    head: int
    cap: int
    saddle: int
    shoe: int
    horse: str | None = None
    """The horse this card belongs to: Royal Turf cards only."""
    source: Literal["original", "proposed"] = "proposed"

    @property
    def values(self) -> tuple[int, int, int, int]:
        return (self.head, self.cap, self.saddle, self.shoe)


class Die(_Strict):
    faces: dict[str, int]


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
    win: tuple[int, ...]
    place: tuple[int, ...]
    show: tuple[int, ...]
    pace_bonus_per_bet: int = 100
    last_place_per_bet: int = 100
    race_multipliers: tuple[int, int, int] = (1, 1, 2)
    pace_space: int = 18
    track_spaces: int = 36

    @model_validator(mode="after")
    def _rows(self) -> PayoutTable:
        if not (len(self.win) == len(self.place) == len(self.show) >= 1):
            raise ValueError("win, place and show rows must have the same, non-zero length")
        return self

    def row(self, place: int) -> tuple[int, ...]:
        return (self.win, self.place, self.show)[place]


def _load(model: type[M], path: str | None, default: str) -> M:
    return load_data(model, "tote.games.winners_circle", default, path)


@cache
def horse_data(path: str | None = None) -> HorseData:
    data = _load(HorseData, path, "horse_cards.json")
    return data


@cache
def payout_table(path: str | None = None) -> PayoutTable:
    table = _load(PayoutTable, path, "payouts.json")
    return table
