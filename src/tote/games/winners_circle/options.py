"""Winner's Circle options: the four rulebook variants and our house rulings."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from tote.core.data import DataPath
from tote.core.game import GameOptions


class WinnersCircleOptions(GameOptions):
    hidden_bets: bool = False
    """Variant Hidden Bets: chips 0,1,1,2 placed face down over four rounds."""
    crowded_field: bool = False
    """Variant Crowded Field: no blocking; every horse starts on space 36."""
    alternative_payouts: bool = False
    """Variant Alternative Payouts: the payout column counts chips, not bets."""
    royal_turf: bool = False
    """Variant Royal Turf: 21 cards that each belong to one horse."""
    starting_money: int = Field(default=0, ge=0, le=1_000_000)
    """Ruling A7: the rulebook gives no starting money; everyone starts at 0."""
    last_place_tie: Literal["all", "least_recent"] = "all"
    """Ruling A9-6 (Crowded Field only): every rearmost horse is last, or the one
    that moved least recently."""
    horse_cards_file: DataPath | None = None
    """A replacement for ``data/horse_cards.json`` (same schema)."""
    payouts_file: DataPath | None = None
    """A replacement for ``data/payouts.json`` (same schema)."""
