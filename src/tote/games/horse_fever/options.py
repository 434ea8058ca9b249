"""Horse Fever options: the mode, the game length, the advanced cards and data files."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from tote.core.game import GameOptions


class HorseFeverOptions(GameOptions):
    mode: Literal["board", "family"] = "board"
    """Which of the rulebook's games: ``board`` (the Board Game) or ``family`` (the Family
    Game as game-data section 6 reconstructs it: two free Action cards a round, no
    purchases, auctions, loans, Assistants, Targets or Horses). The Party Game is not
    built yet (see docs/rules/horse-fever.md)."""
    length: Literal["short", "medium", "long"] = "medium"
    """Table 1: the number of rounds by players and desired length (proposed table);
    the Family Game has one length (its own table)."""
    rounds: int | None = Field(default=None, ge=1, le=20)
    """Overrides Table 1 with an agreed number of rounds (the rulebook allows 3 to 10)."""
    advanced: bool = False
    """Preparation: the cards marked with a star (4 Action cards, 6 Characters) are used
    only in later games; ``True`` adds them (their meanings are proposed)."""
    cards_file: str | None = None
    """A replacement for ``data/cards.json`` (same schema)."""
    board_file: str | None = None
    """A replacement for ``data/board.json`` (same schema)."""

    @model_validator(mode="after")
    def _family_has_no_starred_cards(self) -> HorseFeverOptions:
        if self.mode == "family" and self.advanced:
            raise ValueError("the Family Game uses no starred cards (FG 0)")
        return self
