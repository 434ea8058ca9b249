"""Worlds a Carcassonne seat cannot tell from the real one (issue 12).

The board, the meeples, the scores and the tiles still to come (as counts: CC 1.3, CR
1.1, drawn at random when their turn comes) are public; what is hidden are the other
players' betting chips (The Bets): face down on the bookmaker tiles' offices (CB 2.4)
and in their supplies, whose sizes alone are shown. Every chip goes back to its owner
once settled (ruling B4), so each player always owns its whole set of chips (CB 1.1),
which everyone knows. A sample deals each other player's chips afresh, uniformly, over
its places: one on each office where it has bet, the rest in its supply
(:func:`tote.core.draws.redeal`). It does not model which face a player would rather
lay on which feature (the stated approximation).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from tote.core.draws import redeal
from tote.games.carcassonne.bets import Settlement

if TYPE_CHECKING:
    from tote.games.carcassonne.state import CarcassonneState


def sample_world(state: CarcassonneState, seat: int | None, rng: random.Random) -> CarcassonneState:
    """A copy of ``state`` with the chips hidden from ``seat`` dealt afresh (CB 2.4)."""
    world = state.clone()
    if not state.bets:
        return world
    order = state.chip_order.__getitem__
    offices = sorted(state.offices)
    chip_on: dict[tuple[int, int], str] = {}
    for other in range(state.num_players):
        if other == seat:
            continue
        laid = [t for t in offices if any(s == other for s, _ in state.offices[t])]
        slots = [
            state.chips[other],
            *([c for s, c in state.offices[t] if s == other] for t in laid),
        ]
        dealt = redeal(rng, slots, order)
        world.chips[other] = sorted(dealt[0], key=order)
        for tile, chips in zip(laid, dealt[1:], strict=True):
            chip_on[(tile, other)] = chips[0]
    if not chip_on:
        return world
    world.offices = {
        t: [(s, chip_on.get((t, s), c)) for s, c in stack] for t, stack in state.offices.items()
    }
    world.queue = [
        Settlement(
            e.tile,
            e.chooser,
            [(s, chip_on.get((e.tile, s), c)) for s, c in e.chips],
            list(e.candidates),
            dict(e.present),
        )
        for e in state.queue
    ]
    return world
