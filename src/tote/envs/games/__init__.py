"""One module per game, and the factories that pick a game's module.

Each game module has ``GRID_DEFAULTS`` (the grid options of its open amounts, with their
defaults), ``catalogue(players, options, **grid)``, ``encoder(players, options, **grid)``
(the same grid options: Carcassonne's board grid sizes both) and ``score(view, seat)``.

Imports go one way (issue 30, fix 8): this package imports the game modules, which
import the base classes (:mod:`tote.envs.catalogue`, :mod:`tote.envs.observation`) and
:mod:`tote.envs.games.start`; the base classes know no game. So the factories that find
a game's catalogue and encoder, :func:`action_catalogue`, :func:`observation_encoder`
and :func:`grid_options`, live here.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, Protocol, cast

from tote.core.errors import OptionsError
from tote.core.game import GameOptions
from tote.core.registry import get_game
from tote.envs.catalogue import ActionCatalogue
from tote.envs.games import carcassonne, horse_fever, wetten, winners_circle, wits_and_wagers
from tote.envs.observation import ObservationEncoder

MODULES = {
    "winners-circle": "winners_circle",
    "wits-and-wagers": "wits_and_wagers",
    "wetten": "wetten",
    "horse-fever": "horse_fever",
    "carcassonne": "carcassonne",
}
"""Each game id's module name under ``tote.envs.games``."""
_LOADED: dict[str, ModuleType] = {
    "winners-circle": winners_circle,
    "wits-and-wagers": wits_and_wagers,
    "wetten": wetten,
    "horse-fever": horse_fever,
    "carcassonne": carcassonne,
}


class GameModule(Protocol):
    GRID_DEFAULTS: dict[str, Any]

    def catalogue(self, players: int, options: GameOptions, **grid: Any) -> ActionCatalogue: ...

    def encoder(self, players: int, options: GameOptions, **grid: Any) -> ObservationEncoder: ...

    def score(self, view: dict[str, Any], seat: int) -> float: ...


def module_for(game_id: str) -> GameModule:
    """The module of ``game_id``; an unknown game is refused naming the known ones."""
    if game_id not in _LOADED:
        get_game(game_id)  # the registry's refusal names the games it knows
        raise OptionsError(f"tote.envs has no environment for {game_id!r}")
    return cast(GameModule, _LOADED[game_id])


def action_catalogue(
    game_id: str, players: int, options: GameOptions, **grid: Any
) -> ActionCatalogue:
    """The action catalogue of ``game_id`` for ``players`` seats and ``options``; ``grid``
    refines the grid of open amounts (each game documents its keys)."""
    return module_for(game_id).catalogue(players, options, **grid)


def observation_encoder(
    game_id: str, players: int, options: GameOptions, **grid: Any
) -> ObservationEncoder:
    """The observation encoder of ``game_id`` for ``players`` seats and ``options``;
    ``grid`` takes the catalogue's grid options (Carcassonne's ``board_radius`` sizes
    its board planes too; the other games' observations do not depend on them)."""
    return module_for(game_id).encoder(players, options, **grid)


def observation_version(game_id: str) -> int:
    """The version of ``game_id``'s observation: raised whenever its vectors change
    (docs/environments.md, "Versions"); 1 unless the game's module says otherwise."""
    version = getattr(module_for(game_id), "OBSERVATION_VERSION", 1)
    assert isinstance(version, int)
    return version


def grid_options(game_id: str) -> dict[str, Any]:
    """The grid options of ``game_id``'s catalogue with their defaults."""
    return dict(module_for(game_id).GRID_DEFAULTS)
