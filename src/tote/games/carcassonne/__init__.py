"""Carcassonne (Klaus-Jürgen Wrede) with the mini-expansions The Bets, The River
and The Abbot.

The rules, in the rulebook's order (``docs/rules/carcassonne.md``):

- ``state.py``: ``CarcassonneState``, the game's data and the core contract, each
  hook dispatching to the module of its phase;
- ``phases.py``: the steps of a turn and who moves in each (CC 1.4);
- ``setup.py``: material and setup (CC 1, CB 1.1, CR 1.1, CA 1.1), the data files'
  ``content``;
- ``tile_placement.py``: draw and place a tile (CC 2), The River's placing (CR 2);
- ``meeples.py``: place a meeple (CC 3), the abbot (CA 1.2-1.3, CA 2.2);
- ``scoring.py``: scoring during the game (CC 4, CA 2.1);
- ``final_scoring.py``: game end and final scoring, farmers (CC 5, CA 3.1);
- ``bets.py``: The Bets, placing and settling chips (CB 2-4);
- ``views.py``: what each seat may know.

Beside them: ``data.py`` (the data files), ``tiles.py`` (tile geometry),
``board.py`` (placement and features), ``moves.py``, ``options.py``, ``bots.py``,
``render.py``, ``narration.py`` (the log and moves in words).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from tote.core.bot import BotFactory, RandomBot
from tote.core.game import Game
from tote.core.moves import Move
from tote.core.result import Result
from tote.core.standings import Standings
from tote.games.carcassonne import narration
from tote.games.carcassonne.bots import GreedyBot
from tote.games.carcassonne.options import CarcassonneOptions
from tote.games.carcassonne.setup import content
from tote.games.carcassonne.standings import standings as final_standings
from tote.games.carcassonne.state import CarcassonneState
from tote.games.carcassonne.tote_board import CarcassonneMarkets


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
    markets = CarcassonneMarkets()
    bots: ClassVar[dict[str, BotFactory]] = {"random": RandomBot, "greedy": GreedyBot}
    default_bot = "greedy"

    def _new_state(self, options: CarcassonneOptions, num_players: int) -> CarcassonneState:
        data = content(
            options.tiles_file,
            options.bookmaker_tiles_file,
            options.chips_file,
            options.river_tiles_file,
            options.abbot,
            options.data_changes,
        )
        return CarcassonneState(options, num_players, data)

    def _standings(self, state: CarcassonneState, result: Result) -> Standings:
        return final_standings(state, result)

    def describe_move(self, move: Move) -> str:
        """A move in words, places named from the start tile (issue 15)."""
        return narration.describe_move(move.to_json())

    def describe_event(self, event: dict[str, Any], names: Sequence[str]) -> str:
        return narration.describe_event(event, names)


GAME = Carcassonne()
