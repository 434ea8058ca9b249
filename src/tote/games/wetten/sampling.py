"""Worlds a Wetten! seat cannot tell from the real one (issue 12).

Public: the horses, the money, the totals on every ticket (WT 2.6), the announced and
revealed cards, the sizes of hands, piles and discards. Hidden from a seat:

- the other players' race and action cards in hand (WT 1.3, 6, 7), the order and
  contents of the race pile and of the action pile, the cards another player is looking
  at: per kind of card these hold between them a set the seat can work out, which a
  sample deals afresh, uniformly (:func:`tote.core.draws.redeal`); the discards, made
  of cards shown when played, stay as they are;
- the cells of the other players' tickets (WT 2.6: face down; only their totals are
  shown) and of their second bets, and whether a Long Odds card raised one of their
  bets (WT 9.1), with the bet a Hedge cancelled (WT 8.7).

The stated approximations: another player's ticket is drawn as the simplest one its
shown total allows, the whole total on one cell chosen at random (and so the second
bet); a Hedge of another player is taken to have cancelled a cell chosen at random; a
Long Odds card of another player is not modelled (no bet of theirs is raised); the
cards a seat learnt from an Insider Tip are not kept in the hand it saw. Nobody's
choices are modelled.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from tote.core.draws import below, redeal
from tote.games.wetten.data import PLACES

if TYPE_CHECKING:
    from tote.games.wetten.phases import Grid
    from tote.games.wetten.state import WettenState


def sample_world(state: WettenState, seat: int | None, rng: random.Random) -> WettenState:
    """A copy of ``state`` with every card and ticket cell hidden from ``seat`` redrawn."""
    world = state.clone()
    others = [s for s in range(state.num_players) if s != seat]
    looking = state.looking
    looked = looking is not None and looking[0] != seat
    race_slots = [state.pile, *(state.hands[s] for s in others)]
    if looked:
        assert looking is not None
        race_slots.append(looking[1])
    dealt = redeal(rng, race_slots, str)
    world.pile = dealt[0]
    for s, cards in zip(others, dealt[1:], strict=False):
        world.hands[s] = cards
    if looked:
        assert looking is not None
        world.looking = (looking[0], dealt[-1])
    action_slots = [state.action_pile, *(state.actions[s] for s in others)]
    dealt = redeal(rng, action_slots, str)
    world.action_pile = dealt[0]
    for s, cards in zip(others, dealt[1:], strict=True):
        world.actions[s] = cards
    horses = len(state.horse_names)
    for s in others:
        world.peeks.pop(s, None)
        if state.no_chance[s] is None:
            world.stakes[s] = _one_cell(sum(state.stakes[s].values()), horses, rng)
        world.second[s] = _one_cell(sum(state.second[s].values()), horses, rng)
        world.long_odds[s] = False
        world.long_odds_cell[s] = None
    for entries in (world.announced, world.to_resolve):
        for entry in entries:
            if entry["effect"] == "hedge" and entry["seat"] != seat:
                entry["horse"] = below(rng, horses)
                entry["place"] = 1 + below(rng, PLACES)
    return world


def _one_cell(total: int, horses: int, rng: random.Random) -> Grid:
    """A ticket holding ``total`` on one random cell (nothing when ``total`` is 0)."""
    if total == 0:
        return {}
    return {(below(rng, horses), 1 + below(rng, PLACES)): total}
