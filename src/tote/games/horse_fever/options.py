"""Horse Fever options: the mode, the game length, the advanced cards and data files."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from tote.core.data import DataPath
from tote.core.game import GameOptions


class HorseFeverOptions(GameOptions):
    mode: Literal["board", "family", "party"] = "board"
    """Which of the rulebook's games: ``board`` (the Board Game, 2 to 5 players),
    ``family`` (the Family Game as game-data section 6 reconstructs it: two free Action
    cards a round, no purchases, auctions, loans, Assistants, Targets or Horses; 2 to 5)
    or ``party`` (the Party Game as game-data section 6 proposes it: 2 to 20 players,
    1000 D of chips, one secret bet a race, the richest wins)."""
    length: Literal["short", "medium", "long"] = "medium"
    """Table 1: the number of rounds by players and desired length (proposed table);
    the Family Game has one length (its own table)."""
    rounds: int | None = Field(default=None, ge=1, le=20)
    """Overrides Table 1 with an agreed number of rounds: 3 to 10, as Table 1 ranges
    (HF 0.9); 1 to 20 only with the house rule ``any_rounds``."""
    any_rounds: bool = False
    """House rule (not in the rulebook): ``rounds`` may be anything from 1 to 20, e.g. a
    one-race Party Game or a two-round lesson."""
    advanced: bool = False
    """Preparation: the cards marked with a star (4 Action cards, 6 Characters) are used
    only in later games; ``True`` adds them (their meanings are proposed)."""
    party_actions: bool = False
    """Party Game (PG 0.3, game-data section 6's optional rule): every player is dealt
    one Action card a race and plays it face down before the bets."""
    cards_file: DataPath | None = None
    """A replacement for ``data/cards.json`` (same schema)."""
    board_file: DataPath | None = None
    """A replacement for ``data/board.json`` (same schema)."""

    @model_validator(mode="after")
    def _rounds_as_table_1_allows(self) -> HorseFeverOptions:
        if self.rounds is not None and not self.any_rounds and not 3 <= self.rounds <= 10:
            raise ValueError(
                f"HF 0.9: Table 1 plays 3 to 10 rounds, not {self.rounds}; the house rule"
                " any_rounds allows 1 to 20"
            )
        return self

    @model_validator(mode="after")
    def _family_has_no_starred_cards(self) -> HorseFeverOptions:
        if self.mode == "family" and self.advanced:
            raise ValueError("the Family Game uses no starred cards (FG 0)")
        return self

    @model_validator(mode="after")
    def _party_options(self) -> HorseFeverOptions:
        if self.mode == "party" and self.advanced:
            raise ValueError("the Party Game uses no Characters nor starred cards (PG 0.1)")
        if self.party_actions and self.mode != "party":
            raise ValueError("party_actions is an option of the Party Game (mode 'party')")
        return self
