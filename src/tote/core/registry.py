"""The one registry of games: every package exposing a ``tote.games`` entry point.

A new game adds an entry point in its package metadata and touches no core,
CLI or server code.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points

from tote.core.errors import OptionsError
from tote.core.game import Game


@cache
def _games() -> dict[str, Game]:
    games: dict[str, Game] = {}
    for ep in entry_points(group="tote.games"):
        game = ep.load()
        if not isinstance(game, Game):
            raise TypeError(f"entry point {ep.name} does not name a tote Game")
        games[game.id] = game
    return dict(sorted(games.items()))


def all_games() -> list[Game]:
    return list(_games().values())


def get_game(game_id: str) -> Game:
    games = _games()
    if game_id not in games:
        raise OptionsError(f"unknown game {game_id!r}; games: {', '.join(games) or 'none'}")
    return games[game_id]
