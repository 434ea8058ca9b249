"""Carcassonne (Klaus-Jürgen Wrede) with the mini-expansions The Bets, The River
and The Abbot."""

from __future__ import annotations

from typing import Any, ClassVar

from tote.core.bot import BotFactory, RandomBot
from tote.core.game import Game
from tote.core.moves import Move
from tote.games.carcassonne.bots import GreedyBot
from tote.games.carcassonne.moves import (
    NoChip,
    NoMeeple,
    PlaceAbbot,
    PlaceChip,
    PlaceMeeple,
    PlaceTile,
    ReturnAbbot,
    SettleBets,
)
from tote.games.carcassonne.options import CarcassonneOptions
from tote.games.carcassonne.rules import CarcassonneState, content


class Carcassonne(Game):
    id = "carcassonne"
    title = "Carcassonne"
    min_players = 2
    max_players = 5
    options_model = CarcassonneOptions
    variants: ClassVar[dict[str, tuple[str, dict[str, Any]]]] = {
        "base": ("the plain base game, without The Bets", {"bets": False}),
        "river": ("with The River: the 12 river tiles first", {"river": True}),
        "abbot": ("with The Abbot: an abbot each, for monasteries and gardens", {"abbot": True}),
    }
    bots: ClassVar[dict[str, BotFactory]] = {"random": RandomBot, "greedy": GreedyBot}
    default_bot = "greedy"

    def _new_state(self, options: CarcassonneOptions, num_players: int) -> CarcassonneState:
        data = content(
            options.tiles_file,
            options.bookmaker_tiles_file,
            options.chips_file,
            options.river_tiles_file,
            options.abbot,
        )
        return CarcassonneState(options, num_players, data)

    def describe_move(self, move: Move) -> str:
        if isinstance(move, PlaceTile):
            return f"place the tile on {move.x} {move.y} turned {move.rotation}"
        if isinstance(move, PlaceMeeple):
            return f"put a meeple on {move.feature}"
        if isinstance(move, NoMeeple):
            return "place no meeple"
        if isinstance(move, PlaceAbbot):
            return f"put the abbot on the {move.feature}"
        if isinstance(move, ReturnAbbot):
            return "take the abbot back and score it"
        if isinstance(move, SettleBets):
            return f"settle the chips against {move.feature}"
        if isinstance(move, PlaceChip):
            return f"bet chip {move.chip}"
        if isinstance(move, NoChip):
            return "place no chip"
        return super().describe_move(move)


GAME = Carcassonne()
