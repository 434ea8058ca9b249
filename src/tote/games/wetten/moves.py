"""Wetten! moves, named in the rulebook's words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from pydantic import ConfigDict

from tote.core.moves import Move, MoveCodec


@dataclass(frozen=True, slots=True)
class ShuffleDecks(Move):
    """Chance: both decks shuffled at the start of a race, each a permutation listed
    top card first (the deal and every later draw take cards from the top)."""

    kind: ClassVar[str] = "shuffle_decks"
    race_cards: tuple[str, ...]
    action_cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ShuffleDiscards(Move):
    """Chance: the race discards shuffled into a new pile (ruling 10), top card first."""

    kind: ClassVar[str] = "shuffle_discards"
    race_cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Bet:
    """One cell of a betting ticket: ``stake`` on ``horse`` finishing in ``place``."""

    __pydantic_config__ = ConfigDict(extra="forbid")
    horse: str
    place: int
    stake: int


@dataclass(frozen=True, slots=True)
class Cell:
    """A cell of a betting ticket without its amount (the one marked with a cross)."""

    __pydantic_config__ = ConfigDict(extra="forbid")
    horse: str
    place: int


def _bets_json(bets: tuple[Bet, ...]) -> list[dict[str, Any]]:
    return [{"horse": b.horse, "place": b.place, "stake": b.stake} for b in bets]


@dataclass(frozen=True, slots=True)
class SetTheStakes(Move):
    """Phase 1: the seat's "Set the Stakes" ticket, written in secret (may be empty)."""

    kind: ClassVar[str] = "set_the_stakes"
    bets: tuple[Bet, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The generic form, built directly (every commitment is logged as JSON)."""
        return {"type": self.kind, "bets": _bets_json(self.bets)}


@dataclass(frozen=True, slots=True)
class SecondBet(Move):
    """Phase 3: the seat's "Second Bet" ticket, written in secret (may be empty).
    ``long_odds`` marks the bet a Long Odds card raises to 4x."""

    kind: ClassVar[str] = "second_bet"
    bets: tuple[Bet, ...] = ()
    long_odds: Cell | None = None

    def to_json(self) -> dict[str, Any]:
        """The generic form, built directly (every commitment is logged as JSON)."""
        marked = self.long_odds
        return {
            "type": self.kind,
            "bets": _bets_json(self.bets),
            "long_odds": None if marked is None else {"horse": marked.horse, "place": marked.place},
        }


@dataclass(frozen=True, slots=True)
class PlayRaceCard(Move):
    """A race card laid face down this round (``None`` only with an empty hand)."""

    kind: ClassVar[str] = "play_race_card"
    card: str | None

    def to_json(self) -> dict[str, Any]:
        """The generic form, built directly (every commitment is logged as JSON)."""
        return {"type": self.kind, "card": self.card}


@dataclass(frozen=True, slots=True)
class BuyRaceCard(Move):
    """Pay the bank the current price and draw a race card (General Actions)."""

    kind: ClassVar[str] = "buy_race_card"


@dataclass(frozen=True, slots=True)
class PlayActionCard(Move):
    """Announce an action card. The fields a card needs: ``horse`` (its target),
    ``other_horse`` (Jockey Swap), ``opponent`` (Insider Tip), ``place`` (with
    ``horse``: the Set-the-Stakes cell a Hedge cancels)."""

    kind: ClassVar[str] = "play_action_card"
    card: str
    horse: str | None = None
    other_horse: str | None = None
    opponent: int | None = None
    place: int | None = None


@dataclass(frozen=True, slots=True)
class NoChance(Move):
    """Pro-Rule "No chance...": show the Set-the-Stakes ticket and mark one bet at 8x."""

    kind: ClassVar[str] = "no_chance"
    horse: str
    place: int


@dataclass(frozen=True, slots=True)
class KeepCard(Move):
    """Paddock Tip: the one of the looked-at race cards taken into the hand."""

    kind: ClassVar[str] = "keep_card"
    card: str


@dataclass(frozen=True, slots=True)
class Pass(Move):
    """Nothing (more) to announce or buy in this action window."""

    kind: ClassVar[str] = "pass"


CODEC = MoveCodec(
    [
        ShuffleDecks,
        ShuffleDiscards,
        SetTheStakes,
        SecondBet,
        PlayRaceCard,
        BuyRaceCard,
        PlayActionCard,
        NoChance,
        KeepCard,
        Pass,
    ]
)
