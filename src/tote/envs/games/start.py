"""A game's first state, the public data its catalogue and encoder are built from, and
the fewest seats it allows.

A leaf module: the game modules import it, and it imports no game module (issue 30,
fix 8: every module of ``tote.envs`` imports in one direction).
"""

from __future__ import annotations

from tote.core.errors import OptionsError
from tote.core.game import GameOptions
from tote.core.registry import get_game
from tote.core.state import State


def first_state(game_id: str, players: int, options: GameOptions) -> State:
    """A new game (before its first chance move): its public data (horse names, decks)
    is what catalogues and encoders are built from."""
    return get_game(game_id).new_state(options, players)


def fewest_players(game_id: str, options: GameOptions | None = None) -> int:
    """The fewest seats ``game_id`` allows with ``options`` (the defaults when
    ``None``): the default player count of every environment factory (issue 30, fix 3;
    Wits & Wagers seats 4 without named teams, Wetten! 3). An :class:`OptionsError`
    when no count works, with the game's refusal of the largest."""
    game = get_game(game_id)
    refusal: OptionsError | None = None
    for players in range(game.min_players, game.max_players + 1):
        try:
            game.new_state(options, players)
        except OptionsError as why:
            refusal = why
            continue
        return players
    raise OptionsError(f"{game.title}: no number of players works with these options: {refusal}")
