"""WC 2 The Race Preparation: the pace chip back on 18, the chips back in hand, and
seven horse cards drawn onto the gates (each draw a chance move, WC 1.2), with the
variants' starts (WC 6.2 Crowded Field, WC 6.4 Royal Turf). Next in reading order:
``bets.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tote.core.events import Event
from tote.core.moves import Move
from tote.games.winners_circle import bets
from tote.games.winners_circle.moves import DrawHorseCard
from tote.games.winners_circle.phases import HORSES_PER_RACE, PREPARATION
from tote.games.winners_circle.track import progress_of_start

if TYPE_CHECKING:
    from tote.games.winners_circle.state import WinnersCircleState


def start_race(state: WinnersCircleState) -> None:
    """WC 2.1-2.2: pace chip on 18, horses drawn to the gates, chips back in hand."""
    state.phase = PREPARATION
    state.gates = []  # card ids in draw order (gate 1 first)
    state.set_aside = []
    state.card_of = [None] * HORSES_PER_RACE
    state.card_id_of = [None] * HORSES_PER_RACE
    state.progress = [0] * HORSES_PER_RACE
    state.space_at = [0] * HORSES_PER_RACE  # physical space per horse; 0: not on the track
    state.face_up = [True] * HORSES_PER_RACE
    state.face_up_count = HORSES_PER_RACE
    state.finished = []
    state.pace_horse = None
    state.last_moved = [-1] * HORSES_PER_RACE
    state.moves_made = 0
    state.chips = [list(state.chip_set) for _ in range(state.num_players)]
    state.bets = []
    state.first_bettor = 0
    state.roller = 0
    state.rolled = None
    state.first_bettor_candidates = ()


def card_outcomes(state: WinnersCircleState) -> Sequence[tuple[Move, float]]:
    """WC 1.2: every card still in the stack is equally likely."""
    p = 1.0 / len(state.deck)
    return [(DrawHorseCard(c), p) for c in state.deck]


def sample_card(state: WinnersCircleState, x: float) -> Move:
    """The card at ``x`` (uniform in [0, 1)) of the stack: :func:`card_outcomes` drawn."""
    return DrawHorseCard(state.deck[int(x * len(state.deck))])


def why_not_drawn(state: WinnersCircleState, card_id: str) -> str:
    """Why ``card_id`` cannot be drawn now (WC 1.2: only a card still in the stack)."""
    if card_id not in state.cards:
        deck = "Royal Turf cards (WC 6.4)" if state.options.royal_turf else "horse cards (WC 1.5)"
        return f"there is no card {card_id!r} among this game's {deck}"
    if card_id in state.set_aside:
        return (
            f"{card_id} was drawn and put aside this race: it goes back into the stack once"
            " seven different horses are at their gates (WC 6.4)"
        )
    if card_id in state.gates:
        gate = state.card_id_of.index(card_id) + 1
        return f"{card_id} was already drawn this race: it is on gate {gate} (WC 2.2)"
    return f"{card_id} was used in an earlier race and discarded (WC 2.3)"


def draw_card(state: WinnersCircleState, card_id: str) -> None:
    """WC 2.2 (WC 6.4 Royal Turf): the drawn card goes on its gate and its horse enters
    the start area; after the seventh horse, the first bettor is chosen (WC 3.1)."""
    state.deck.remove(card_id)
    card = state.cards[card_id]
    if state.options.royal_turf:
        # WC 6.4: the card goes on its own horse's gate; a card of a horse
        # already placed is put aside until seven different horses are out.
        assert card.horse is not None
        horse = state.horse_index[card.horse]
        if state.card_of[horse] is not None:
            state.set_aside.append(card_id)
            state.log.append(Event("card_set_aside", {"card": card_id, "horse": card.horse}))
            return
    else:
        # WC 2.2: the n-th card drawn goes on gate n, whose horse takes its values.
        horse = len(state.gates)
    order = len(state.gates)
    state.gates.append(card_id)
    state.card_of[horse] = card.values
    state.card_id_of[horse] = card_id
    # WC 2.2: gate n's horse starts on space 37 - n (Royal Turf: in draw order;
    # ruling A9-13). WC 6.2: Crowded Field starts every horse on space 36.
    start_space = state.spaces if state.options.crowded_field else state.spaces - order
    state.progress[horse] = progress_of_start(start_space, state.spaces)
    state.space_at[horse] = start_space
    state.log.append(
        Event(
            "horse_card",
            {
                "card": card_id,
                "horse": state.horse_names[horse],
                "gate": horse + 1,
                "space": start_space,
            },
        )
    )
    if len(state.gates) == HORSES_PER_RACE:
        # WC 6.4: cards put aside are shuffled back into the deck.
        state.deck.extend(state.set_aside)
        state.deck.sort()
        state.set_aside = []
        bets.choose_first_bettor(state)
