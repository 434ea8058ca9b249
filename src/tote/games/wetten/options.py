"""Wetten! options: the pro-rule variants, the bank, the track and our rulings."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from tote.core.data import DataPath
from tote.core.game import GameOptions


class WettenOptions(GameOptions):
    pro_rules: Literal["all", "from_race_4", "none"] = "all"
    """WT 9: Pro-Rule "No chance..." in every race (full pro, the rulebook's game),
    from race 4 on ("Make it professional!") or never (beginners)."""
    unlimited_bank: bool = False
    """Ruling 13: the bank holds 824,000 minus the players' starting money. With an
    unlimited bank it can always pay, and the game never ends early (WT 8.6)."""
    track_by_players: bool = False
    """Ruling on 3b: the proposed track lengths by player count (3: 26, 4: 32, 5: 38)
    instead of the one board length (32)."""
    track_length: int | None = Field(default=None, ge=8, le=200)
    """Any other track length; overrides the board file and ``track_by_players``."""
    top_up: Literal["to_minimum", "gift_minimum"] = "to_minimum"
    """Ruling 15: a broke player is topped up to the next race's minimum stake, or
    (the other reading) given the full minimum stake."""
    race_cards_file: DataPath | None = None
    """A replacement for ``data/race_cards.json`` (same schema)."""
    action_cards_file: DataPath | None = None
    """A replacement for ``data/action_cards.json`` (same schema)."""
    board_file: DataPath | None = None
    """A replacement for ``data/board.json`` (same schema)."""
