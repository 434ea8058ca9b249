"""``max_game_length`` for OpenSpiel (issue 13): how many decisions a game can take.

OpenSpiel counts a game's length in decision nodes (one seat's move, or one joint
move of a simultaneous node); chance nodes do not count. Its ``random_sim_test``
checks that no game is longer than ``max_game_length``. Each bound below is worked
out from the game's structure, for the player count and options; the reasoning is in
each function. Where the rules allow a move that changes nothing (a blocked horse in
Winner's Circle), the bound assumes what the docstring states, and docs/environments.md
quotes, next to every bound, the longest of 200 random games.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tote.core.state import State
from tote.envs.catalogue import ActionCatalogue


def _winners_circle(state: Any, catalogue: ActionCatalogue) -> int:
    """WC 1.3: three races. Each race: every seat places each of its chips (WC 3.2,
    three or four rounds), then one horse move per roll (WC 4.3) until the third horse
    finishes (WC 4.10). A card cycle moves every horse still running once (WC 4.4);
    the bound allows each of the seven horses one move per space of the track and one
    more, i.e. every move advancing at least one space on average over a cycle (a
    blocked horse may stay put, WC 4.5, but the leading horse can always move)."""
    per_race = state.num_players * state.rounds + len(state.horse_names) * (state.finish + 1)
    return int(3 * per_race)


_BOUNDS: dict[str, Callable[[Any, ActionCatalogue], int]] = {
    "winners-circle": _winners_circle,
}


def max_game_length(initial: State, catalogue: ActionCatalogue) -> int:
    """The most decision nodes a game with these players and options can have."""
    bound = _BOUNDS.get(initial.game_id)
    if bound is None:
        raise RuntimeError(f"{initial.game_id}: no game-length bound for OpenSpiel")
    return bound(initial, catalogue)
