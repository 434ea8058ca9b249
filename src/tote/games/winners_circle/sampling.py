"""Worlds a Winner's Circle seat cannot tell from the real one (issue 12).

Everything in Winner's Circle is public (the horse cards on the gates, the track, the
bets' horses, the money, the cards left in the deck) except, with Hidden Bets (WC 6.1),
the values of other seats' face-down chips, on the board and still in hand, until the
race's payout turns them over. The future (die rolls, the next races' cards) is chance,
drawn later. So a sample redraws only those chip values: each other seat holds, for the
race, the public set of chips 0, 1, 1, 2 (WC 6.1), of which the board shows how many
it has laid and on which horses; its chips are shuffled and dealt, in the order its bets
were laid, to its bets, the rest staying in its hand. The draw is uniform among the
assignments consistent with the seat's view: it does not model which horse a player
would rather back with a 2-chip (the stated approximation).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from tote.core.draws import shuffle
from tote.games.winners_circle.payout import Bet

if TYPE_CHECKING:
    from tote.games.winners_circle.state import WinnersCircleState


def sample_world(
    state: WinnersCircleState, seat: int | None, rng: random.Random
) -> WinnersCircleState:
    """A copy of ``state`` with the chips hidden from ``seat`` redrawn (WC 6.1)."""
    world = state.clone()
    if not state.options.hidden_bets or not state.bets:
        return world
    world.bets, world.chips = redraw_chips(state, seat, rng)
    return world


def redraw_chips(
    state: WinnersCircleState, seat: int | None, rng: random.Random
) -> tuple[list[Bet], list[list[int]]]:
    """WC 6.1: the bets and hands of a world ``seat`` cannot tell from ``state``: each
    other seat's chips shuffled and dealt to its bets in the order laid."""
    bets = list(state.bets)
    hands = [list(hand) for hand in state.chips]
    for other in range(state.num_players):
        if other == seat:
            continue
        laid = [i for i, b in enumerate(bets) if b.seat == other]
        chips = list(state.chip_set)
        shuffle(rng, chips)
        for i, chip in zip(laid, chips, strict=False):
            bets[i] = Bet(other, bets[i].horse, chip)
        hands[other] = sorted(chips[len(laid) :])
    return bets, hands
