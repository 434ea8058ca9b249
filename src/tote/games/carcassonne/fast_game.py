"""A whole game of random players in a tight loop, for ``tote simulate`` (issue 24, 2).

``tote simulate`` with random bots plays each seat from its own stream (the bot's) and
every tile drawn from the game's stream. Through the rules loop each step goes through
the core: the turn asked, a move object built (``PlaceTile``, ``PlaceMeeple``,
``PlaceChip``...), dispatched by type, and every place and rotation where the drawn tile
fits listed before one is picked. Here the rules' own phase functions are called
directly, in the order the rules loop calls them, with the draws the random players and
the chance moves make: the tile from the game's stream as
:func:`tile_placement.sample_draw` draws it; its placement from the active seat's stream
as :func:`tile_placement.random_place` picks it, found from the running counts of the
fitting rotations per open place (:func:`fast_rollout.draw_and_place`); the meeple step,
a stack's settlement and each seat's chip as ``random_move`` picks them from the moves
the rules list, the chips committed in seat order, as the simulator commits them.

So from the same seeds it ends in the state the rules loop ends in, to the last field and
the log's last event, but one: the ``committed`` entries of the chips' simultaneous turn
(CB 2.1), which the core writes for each secret move and nobody reads after the game.
``tests/carcassonne/test_fast_game.py`` checks it on every variant, from the start and
from positions under way.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tote.core.moves import Move
from tote.core.state import Turn
from tote.games.carcassonne import bets, tile_placement
from tote.games.carcassonne.fast_rollout import draw_and_place, follower_step
from tote.games.carcassonne.moves import NoChip, PlaceChip
from tote.games.carcassonne.phases import DRAW, MEEPLE, OVER, PLACE, SETTLE

if TYPE_CHECKING:
    from tote.games.carcassonne.state import CarcassonneState

QUIET_EVENTS = frozenset({"committed"})
"""The log entries the loop does not write."""


def play_game(
    state: CarcassonneState, rng: random.Random, streams: Sequence[random.Random]
) -> tuple[int, int]:
    """Play ``state`` to the end of the game: tiles from ``rng``, seat ``s``'s moves from
    ``streams[s]``; the seats' moves and the chance moves made, counted as the rules loop
    counts them. Chips already committed when it is called are finished by the rules
    first (they wait on the seats still to bet)."""
    moves = chance = 0
    while state._pending:
        seat = state.turn().seats[0]
        state.apply_unchecked(seat, state.random_move(seat, streams[seat]))
        moves += 1
    while True:
        phase = state.phase
        if phase == DRAW:
            stack = state.stack
            tile = stack[int(rng.random() * len(stack))]
            chance += 1
            if draw_and_place(state, tile, streams[state.active]):
                moves += 1
            else:
                tile_placement.draw(state, tile)
        elif phase == PLACE:
            placements = state.placements
            x, y, r = placements[int(streams[state.active].random() * len(placements))]
            tile_placement.place_at(state, x, y, r)
            moves += 1
        elif phase == MEEPLE:
            follower_step(state, streams[state.active])
            moves += 1
        elif phase == SETTLE:
            choices = bets.settle_moves(state)
            stream = streams[state.queue[0].chooser]
            bets.choose_feature(state, choices[int(stream.random() * len(choices))])  # type: ignore[arg-type]
            moves += 1
        elif phase == OVER:
            return moves, chance
        else:
            moves += _bet(state, streams)


def _bet(state: CarcassonneState, streams: Sequence[random.Random]) -> int:
    """CB 2.1: each seat with chips picks one of :func:`bets.chip_moves` (a chip, or
    none) from its stream, in seat order, and the chips go down at once; the core is
    left as it leaves a simultaneous turn committed in seat order (``State._commit``:
    the turn that awaited the last seat). The moves made."""
    seats = state.current.seats
    chosen: dict[int, Move] = {}
    for seat in seats:
        hand = state.chips[seat]
        k = int(streams[seat].random() * (len(hand) + 1))
        chosen[seat] = PlaceChip(hand[k]) if k < len(hand) else NoChip()
    if len(seats) > 1:
        state._waiting = Turn(seats[-1:], False, True)
    bets.place_chips(state, chosen)
    return len(seats)
