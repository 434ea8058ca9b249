"""WT 3 The race rounds (Phase 2 Start, Phase 4 Neck-and-Neck) and WT 4 the finish.

Every player lays one race card face down, all are revealed together, the horses'
movement is summed, hands of fewer than two cards are refilled for free, an action
window follows (WT 7.3), then the horses move and those past the line are placed.
The arithmetic (movement, modifiers, finishing order) is the pure ``race.py``.

Next in reading order: ``race.py``, then ``second_bet.py`` (Phase 3, Second Bet).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING

from tote.core.errors import IllegalMove
from tote.core.events import Event
from tote.core.moves import Move
from tote.games.wetten import payout, setup, windows
from tote.games.wetten.moves import PlayRaceCard
from tote.games.wetten.phases import NO_CARD, PLAY, REFILL, shared_move
from tote.games.wetten.race import assign_places, finishing_groups, round_movement

if TYPE_CHECKING:
    from tote.games.wetten.state import WettenState


def card_moves(state: WettenState, seat: int) -> list[Move]:
    """WT 3.1: a card from the hand, or no card with an empty hand."""
    hand = state.hands[seat]
    return [shared_move(PlayRaceCard, c) for c in hand] if hand else [NO_CARD]


def check_card(state: WettenState, seat: int, move: Move) -> None:
    """WT 3.1: every player lays a race card from their hand (none only when empty)."""
    if not isinstance(move, PlayRaceCard):
        raise IllegalMove("WT 3.1 race rounds", "now every player lays a race card")
    hand = state.hands[seat]
    if move.card is None and hand:
        raise IllegalMove("WT 3.1 race rounds", "each player must play a race card")
    if move.card is not None and move.card not in hand:
        raise IllegalMove("WT 3.1 race rounds", f"you hold no race card {move.card!r}")


def random_card(state: WettenState, seat: int, rng: random.Random) -> Move:
    """A random player's race card."""
    hand = state.hands[seat]
    if not hand:
        return NO_CARD
    played: PlayRaceCard = shared_move(PlayRaceCard, hand[int(rng.random() * len(hand))])
    return played


def reveal(state: WettenState, moves: Mapping[int, Move]) -> None:
    """WT 3.1-3.2: all cards turned over together; each running horse's
    movement is the sum of its numbers. WT 3.4: a player left with one card
    (or none) draws up to two for free."""
    state.rounds += 1
    state.revealed = []
    cards = []
    hands, discard, card_values = state.hands, state.discard, state.card_values
    for seat in range(state.num_players):
        move = moves[seat]
        assert isinstance(move, PlayRaceCard)
        card = move.card
        if card is None:
            state.revealed.append({"seat": seat, "card": None, "values": None})
            continue
        hands[seat].remove(card)
        discard.append(card)
        values = card_values[card]
        cards.append(values)
        state.revealed.append({"seat": seat, "card": card, "values": list(values)})
    state.movement = round_movement(cards, state.running())
    state.log.append(
        Event(
            "race_cards_revealed",
            {
                "round": state.rounds,
                "cards": list(state.revealed),
                "movement": list(state.movement),
            },
        )
    )
    state.stage = REFILL
    for seat, hand in enumerate(hands):
        if len(hand) < 2:
            state.draws.extend([(seat, "free")] * (2 - len(hand)))
    setup.draw_pending(state)


def move_horses(state: WettenState) -> None:
    """WT 3.2, 4.1-4.6: the horses move; those past the line are placed."""
    position, moved, movement = state.position, state.moved, state.movement
    finishers = []
    for h, place in enumerate(state.places):
        if place is None:
            position[h] += movement[h]
            moved[h] = movement[h]
            if position[h] > state.track:
                finishers.append(h)
    if finishers:
        assign_places(finishing_groups(finishers, position, moved), state.places)
    state.log.append(
        Event(
            "horses_moved",
            {
                "round": state.rounds,
                "movement": list(state.movement),
                "positions": list(state.position),
                "places": list(state.places),
            },
        )
    )
    if None not in state.places:
        payout.pay_out(state)
    elif state.rounds == 1:
        windows.open_window(state, "second_bet")
    else:
        state.stage = PLAY
