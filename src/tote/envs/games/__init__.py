"""One module per game: its action catalogue and its observation encoder.

Each module has ``GRID_DEFAULTS`` (the grid options of its open amounts, with their
defaults), ``catalogue(players, options, **grid)`` and ``encoder(players, options)``.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol, cast

from tote.core.errors import OptionsError
from tote.core.game import GameOptions
from tote.core.registry import get_game
from tote.core.state import State

if TYPE_CHECKING:
    from tote.envs.catalogue import ActionCatalogue
    from tote.envs.observation import ObservationEncoder

MODULES = {
    "winners-circle": "winners_circle",
    "wits-and-wagers": "wits_and_wagers",
    "wetten": "wetten",
    "horse-fever": "horse_fever",
    "carcassonne": "carcassonne",
}


class GameModule(Protocol):
    GRID_DEFAULTS: dict[str, Any]

    def catalogue(self, players: int, options: GameOptions, **grid: Any) -> ActionCatalogue: ...

    def encoder(self, players: int, options: GameOptions) -> ObservationEncoder: ...

    def score(self, view: dict[str, Any], seat: int) -> float: ...


def module_for(game_id: str) -> GameModule:
    if game_id not in MODULES:
        get_game(game_id)  # the registry's refusal names the games it knows
        raise OptionsError(f"tote.envs has no environment for {game_id!r}")
    module: ModuleType = importlib.import_module(f"tote.envs.games.{MODULES[game_id]}")
    return cast(GameModule, module)


def first_state(game_id: str, players: int, options: GameOptions) -> State:
    """A new game (before its first chance move): its public data (horse names, decks)
    is what catalogues and encoders are built from."""
    return get_game(game_id).new_state(options, players)
