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
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, NonNegativeInt, model_validator

from tote.core.data import M, load_data
from tote.core.data_changes import DataChanges

Source = Literal["original", "proposed"]

HORSE_COUNT = 4
PLACES = 4
RACES = 5
MIN_FIELDS = 8
"""The shortest track a data file may set (a race of at least a few Neck-and-Neck
rounds)."""
MAX_FIELDS = 1_000
"""The longest track, and the largest movement number, a data file may set: every
input has a bound, so a race ends in bounded time (issue 29 review)."""
MAX_COPIES = 1_000
"""The most copies of one action card, or banknotes of one value: the deck is built
card by card, so memory stays bounded (issue 29 review)."""
MAX_AMOUNT = 100
"""The largest ``amount`` of an action card: a draw or a look puts one entry per card
on the queue (WT 7), so it stays bounded (issue 29 review)."""

Fields = Annotated[int, Field(ge=MIN_FIELDS, le=MAX_FIELDS)]
"""A track length in fields (WT 1.2; proposed)."""

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
    number: int = Field(ge=1, le=HORSE_COUNT)
    name: str
    source: Source = "proposed"


class RaceCard(_Strict):
    id: str
    values: tuple[int, int, int, int]
    """Movement numbers for horses #1 to #4 (never negative, checked by the deck; at
    most :data:`MAX_FIELDS`)."""
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
        if any(v > MAX_FIELDS for c in self.cards for v in c.values):
            raise ValueError(f"movement numbers are at most {MAX_FIELDS:,} (the longest track)")
        if sorted(h.number for h in self.horses) != list(range(1, HORSE_COUNT + 1)):
            raise ValueError("the horses are numbered 1 to 4, each number once (WT 1.1)")
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
    copies: int = Field(default=2, ge=1, le=MAX_COPIES)
    when: tuple[str, ...]
    effect: str
    amount: int = Field(default=0, ge=-MAX_AMOUNT, le=MAX_AMOUNT)
    """What the effect counts (WT 7): fields for ``move`` (negative moves a horse back:
    False Start, Accident), cards or fields for the others, never negative."""
    text: str = ""
    source: Source = "proposed"

    @model_validator(mode="after")
    def _known(self) -> ActionCard:
        if self.effect not in EFFECTS:
            raise ValueError(f"unknown effect {self.effect!r}; effects: {', '.join(EFFECTS)}")
        if self.amount < 0 and self.effect != "move":
            raise ValueError(f"only a move may be negative; {self.effect} counts cards or fields")
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
    """The starting money (WT 1.3): never negative."""

    amount: NonNegativeInt
    source: Source = "proposed"


class _Fields(_Strict):
    fields: Fields
    source: Source = "proposed"


class _Lengths(_Strict):
    lengths: dict[int, Fields]
    source: Source = "proposed"


Note = Annotated[int, Field(ge=1)]
"""A banknote's value (WT 1.3): at least $1."""


class _Notes(_Strict):
    """The bank's banknotes (WT 1.3): how many of each value, none negative."""

    counts: dict[Note, Annotated[int, Field(ge=0, le=MAX_COPIES)]]
    source: Source = "proposed"


class _Stakes(_Strict):
    """The minimum stakes of the five races (WT 3): never negative."""

    amounts: tuple[NonNegativeInt, NonNegativeInt, NonNegativeInt, NonNegativeInt, NonNegativeInt]
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


def _load(model: type[M], path: str | None, default: str, changes: DataChanges) -> M:
    return load_data(model, "tote.games.wetten", default, path, changes)


@cache
def race_deck(path: str | None = None, changes: DataChanges = ()) -> RaceDeck:
    """``race_cards.json`` (or the replacement ``path``), with the run's ``changes``
    (issue 29, what-if on the data)."""
    deck = _load(RaceDeck, path, "race_cards.json", changes)
    return deck


@cache
def action_deck(path: str | None = None, changes: DataChanges = ()) -> ActionDeck:
    """``action_cards.json`` (or the replacement ``path``), with the run's ``changes``."""
    deck = _load(ActionDeck, path, "action_cards.json", changes)
    return deck


@cache
def board(path: str | None = None, changes: DataChanges = ()) -> Board:
    """``board.json`` (or the replacement ``path``), with the run's ``changes``."""
    loaded = _load(Board, path, "board.json", changes)
    return loaded
