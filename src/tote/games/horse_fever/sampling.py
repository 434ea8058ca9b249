"""Worlds a Horse Fever seat cannot tell from the real one (issue 12).

Public: the board, the stables, money, VP, bets, Characters, the Assistants and Horses
players own, the sizes of hands and decks (HF Refusals, views). Hidden from a seat:

- the other players' Action cards in hand (HF 1.1) and those they played face down on
  the horses until the race shows them (HF 2.2, HF 3.1);
- the other players' Target cards (HF 1.1), kept secret to the end;
- the cards another player is looking at while drawing four and keeping one (HF 1.1);
- what every face-down stack holds (HF 0.4): its unordered part and the cards put back
  under it, in order;
- the movement cards still to come (HF 3.2), drawn at random.

For each card back, the hidden places hold between them a set of cards the seat can
work out (the whole deck minus every card it has seen), so a sample pools them and
deals them afresh, uniformly, into places of the same sizes
(:func:`tote.core.draws.redeal`). The stated approximations: the seat's memory of cards
it put back under a stack itself is not kept (they are dealt afresh like the rest),
and nobody's choices (which card a player kept, which horse it fixed) are modelled.
Secret bets of the Party Game are commitments, which the core redraws.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from tote.core.draws import redeal
from tote.games.horse_fever.views import FACE_DOWN_PHASES, drawing_seat

if TYPE_CHECKING:
    from tote.games.horse_fever.state import HorseFeverState


def sample_world(state: HorseFeverState, seat: int | None, rng: random.Random) -> HorseFeverState:
    """A copy of ``state`` with every card hidden from ``seat`` dealt afresh."""
    world = state.clone()
    others = [s for s in range(state.num_players) if s != seat]
    face_down = state.phase in FACE_DOWN_PHASES
    played = [i for i, (s, _, _) in enumerate(state.played) if s != seat and face_down]
    looking = drawing_seat(state)
    drawn_hidden = bool(state.drawn) and looking != seat
    drawn_kind = _kind(state, state.drawn[0]) if drawn_hidden else None
    for kind in ("action", "target", "assistant", "horse"):
        deck = state.decks[kind]
        slots: list[list[str]] = [deck.top, deck.bottom]
        if kind == "action":
            slots += [state.hand[s] for s in others]
            slots += [[state.played[i][1]] for i in played]
        elif kind == "target":
            slots += [state.owned_targets[s] for s in others]
        if kind == drawn_kind:
            slots.append(state.drawn)
        dealt = redeal(rng, slots, str)
        new_deck = world.decks[kind] = deck.copy()
        new_deck.top = sorted(dealt[0])
        new_deck.bottom = dealt[1]
        rest = dealt[2:]
        if kind == "action":
            world.hand = list(world.hand)
            for s in others:
                world.hand[s], rest = rest[0], rest[1:]
            world.played = list(state.played)
            for i in played:
                s, _, lane = state.played[i]
                world.played[i] = (s, rest[0][0], lane)
                rest = rest[1:]
        elif kind == "target":
            world.owned_targets = list(world.owned_targets)
            for s in others:
                world.owned_targets[s], rest = rest[0], rest[1:]
        if kind == drawn_kind:
            world.drawn = rest[0]
    movement = state.movement_deck
    top, bottom = redeal(rng, [movement.top, movement.bottom], str)
    world.movement_deck = movement.copy()
    world.movement_deck.top = sorted(top)
    world.movement_deck.bottom = bottom
    return world


def _kind(state: HorseFeverState, card: str) -> str:
    """Which face-down stack ``card`` comes from (HF 0.4)."""
    if card in state.actions:
        return "action"
    if card in state.targets:
        return "target"
    if card in state.assistants:
        return "assistant"
    return "horse"
