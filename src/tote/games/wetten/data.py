"""Wetten! content as replaceable data files (see ``data/*.json``).

The printed race deck, action cards and board were never published (game-data
file, section 2), so the shipped deck, twelve of the fourteen actions and the
track length are proposed; Doping, Accident, the banknotes, the starting money
and the minimum stakes are original. Every value carries a ``source`` label
(``docs/data/wetten.md``). A user with the printed game passes their own files
through the ``race_cards_file``, ``action_cards_file`` and ``board_file`` options.
"""

from __future__ import annotations

from functools import cache, cached_property
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tote.core.data import M, load_data

Source = Literal["original", "proposed"]

HORSE_COUNT = 4
PLACES = 4
RACES = 5

WINDOWS: tuple[str, ...] = ("stakes", "start_before", "start", "second_bet", "neck_and_neck")
"""The moments action cards name (WT 6.2): before the Set the Stakes tickets, in
Start before the race cards are chosen, in Start after they are revealed, in
Second Bet before the tickets, and in each Neck-and-Neck round after the reveal."""

EFFECTS: tuple[str, ...] = (
    "move",
    "halve",
    "cap",
    "swap",
    "boost_last",
    "peek_deck",
    "peek_hand",
    "long_odds",
    "hedge",
    "draw",
    "cancel",
)
"""The effect kinds a card may have; ``amount`` parametrises them (WT 7)."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


class Horse(_Strict):
    number: int
    name: str
    source: Source = "proposed"


class RaceCard(_Strict):
    id: str
    values: tuple[int, int, int, int]
    """Movement numbers for horses #1 to #4."""
    source: Source = "proposed"


class RaceDeck(_Strict):
    horses: tuple[Horse, ...]
    cards: tuple[RaceCard, ...]

    @model_validator(mode="after")
    def _consistent(self) -> RaceDeck:
        if len(self.horses) != HORSE_COUNT:
            raise ValueError("Wetten! has exactly 4 horses")
        if len(self.cards) < 40:
            raise ValueError("at least 40 race cards are needed (5 players x 6 cards and draws)")
        ids = [c.id for c in self.cards]
        if len(ids) != len(set(ids)):
            raise ValueError("race card ids must be unique")
        if any(v < 0 for c in self.cards for v in c.values):
            raise ValueError("movement numbers are never negative")
        return self

    @cached_property
    def values(self) -> dict[str, tuple[int, int, int, int]]:
        """Each card's movement numbers by its id; built once per deck and shared by
        every game using it, so read-only."""
        return {c.id: c.values for c in self.cards}


class ActionCard(_Strict):
    id: str
    name: str
    name_de: str = ""
    copies: int = Field(default=2, ge=1)
    when: tuple[str, ...]
    effect: str
    amount: int = 0
    text: str = ""
    source: Source = "proposed"

    @model_validator(mode="after")
    def _known(self) -> ActionCard:
        if self.effect not in EFFECTS:
            raise ValueError(f"unknown effect {self.effect!r}; effects: {', '.join(EFFECTS)}")
        for when in self.when:
            if when != "any" and when not in WINDOWS:
                raise ValueError(f"unknown time {when!r}; times: any, {', '.join(WINDOWS)}")
        return self


class ActionDeck(_Strict):
    cards: tuple[ActionCard, ...]

    @model_validator(mode="after")
    def _enough(self) -> ActionDeck:
        if sum(c.copies for c in self.cards) < 15:
            raise ValueError("at least 15 action cards are needed (5 players x 3)")
        ids = [c.id for c in self.cards]
        if len(ids) != len(set(ids)):
            raise ValueError("action card ids must be unique")
        return self

    @cached_property
    def copies(self) -> dict[str, ActionCard]:
        """Every physical card by its id (``doping-1``, ``doping-2``, ...); built once
        per deck and shared by every game using it, so read-only."""
        return {f"{c.id}-{i}": c for c in self.cards for i in range(1, c.copies + 1)}


class _Amount(_Strict):
    amount: int
    source: Source = "proposed"


class _Fields(_Strict):
    fields: int = Field(ge=8)
    source: Source = "proposed"


class _Lengths(_Strict):
    lengths: dict[int, int]
    source: Source = "proposed"


class _Notes(_Strict):
    counts: dict[int, int]
    source: Source = "proposed"


class _Stakes(_Strict):
    amounts: tuple[int, int, int, int, int]
    source: Source = "proposed"


class Board(_Strict):
    track: _Fields
    track_by_players: _Lengths
    banknotes: _Notes
    starting_money: _Amount
    minimum_stakes: _Stakes

    @property
    def total_money(self) -> int:
        """824,000 with the printed notes (WT 1.3)."""
        return sum(value * count for value, count in self.banknotes.counts.items())

    def track_length(self, players: int, by_players: bool) -> int:
        if by_players and players in self.track_by_players.lengths:
            return self.track_by_players.lengths[players]
        return self.track.fields


def _load(model: type[M], path: str | None, default: str) -> M:
    return load_data(model, "tote.games.wetten", default, path)


@cache
def race_deck(path: str | None = None) -> RaceDeck:
    deck = _load(RaceDeck, path, "race_cards.json")
    return deck


@cache
def action_deck(path: str | None = None) -> ActionDeck:
    deck = _load(ActionDeck, path, "action_cards.json")
    return deck


@cache
def board(path: str | None = None) -> Board:
    loaded = _load(Board, path, "board.json")
    return loaded
