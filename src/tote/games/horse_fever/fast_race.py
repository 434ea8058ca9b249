"""The Race Units of a Horse Fever race played from the die and the deck in one tight
loop (issue 24, the tote board's sampled world).

A rollout of the tote board plays every chance event at random. Through the rules loop
each Movement card and each roll of the Sprint dice costs a turn, a chance move, its
dispatch and a log event; here they are played with the same rules on the state's own
lists: :func:`~tote.games.horse_fever.race.unit_moves` and
:func:`~tote.games.horse_fever.race.finishing_groups` as the rules call them.

It draws from ``rng`` exactly what the rules loop draws, in the same order: for a
Movement card (HF 3.2), one ``rng.random()`` read by ``movement_deck.sample``; for the
Sprint dice (HF 3.2b), one ``rng.random()`` read as one of the 36 ordered pairs of
colours (``HorseFeverState.sample_chance``). It stops where a player must choose (a
photo finish the First Player decides, HF 3.2d), which the rules loop plays, and after
the race is paid by the rules (:func:`~tote.games.horse_fever.payoffs.payoffs`, HF 3.3).
So from the same world and ``rng`` it ends where the rules loop ends, which the tests
check on many worlds and every variant. It writes no Movement, Sprint or Ranking
events to the log: rollouts never read them.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from tote.games.horse_fever import payoffs
from tote.games.horse_fever.decks import Deck
from tote.games.horse_fever.phases import MOVEMENT, PHOTO, SPRINT
from tote.games.horse_fever.race import finishing_groups, unit_moves

if TYPE_CHECKING:
    from tote.games.horse_fever.state import HorseFeverState

FAST_PHASES = frozenset({MOVEMENT, SPRINT})
"""The phases the loop starts from: the race under way, a chance event next."""


def run_race(state: HorseFeverState, rng: random.Random) -> bool:
    """Play the race's Race Units on from the deck and the dice until a photo finish
    waits for the First Player or the race is paid (HF 3.2-3.3); ``False`` (and nothing
    changed) where the state's phase is not one the loop starts from."""
    if state.phase not in FAST_PHASES:
        return False
    race_units(state, rng)
    return True


def race_units(state: HorseFeverState, rng: random.Random) -> int:
    """:func:`run_race` from a phase it starts from: the chance moves it drew, one a
    Movement card and one a roll of the Sprint dice (the whole game's quiet loop counts
    them as the rules loop does)."""
    drawn = 0
    colours = state.colours
    lane_of = state.lane_of
    positions = state.positions
    running = state.running
    effects = state.effects
    while True:
        phase = state.phase
        drawn += 1
        if phase == MOVEMENT:
            card = state.movement_deck.sample(rng.random())
            _reveal_movement(state, card)
        elif phase == SPRINT:
            i = int(rng.random() * 36)
            first, second = colours[i // 6], colours[i % 6]
            state.dice = (first, second)
            for lane in (lane_of[first],) if first == second else (lane_of[first], lane_of[second]):
                if running[lane]:
                    positions[lane] += effects[lane].sprint_move()
            _finish_line(state)
            finish = state.finish
            finished = [lane for lane in range(6) if running[lane] and positions[lane] >= finish]
            for lane in finished:
                running[lane] = False
            state.photo_pending = finishing_groups(finished, positions, state.row, effects)
            if not _rank_pending(state):
                return drawn
        else:
            return drawn - 1


def _reveal_movement(state: HorseFeverState, card: str) -> None:
    """``race_phase.reveal_movement`` without its log event (HF 3.2, ruling R3)."""
    state.movement_deck.draw(card)
    if not state.movement_deck:
        state.movement_deck = Deck(list(state.movement))
    state.movement_shown = card
    state.unit += 1
    moves = unit_moves(
        state.movement[card].values,
        state.row,
        state.positions,
        state.running,
        state.effects,
        state.unit == 1,
    )
    positions = state.positions
    for lane, squares in enumerate(moves):
        positions[lane] += squares
    _finish_line(state)
    state.dice = None
    state.phase = SPRINT


def _finish_line(state: HorseFeverState) -> None:
    """``race_phase._finish_line`` (HF 3.2c, ruling R5)."""
    finish = state.finish
    positions = state.positions
    crossed = state.crossed
    running = state.running
    for lane in range(6):
        if running[lane] and not crossed[lane] and positions[lane] >= finish:
            crossed[lane] = True
            fx = state.effects[lane]
            if fx.finish_stop:
                positions[lane] = finish
            else:
                positions[lane] += fx.finish_add


def _rank_pending(state: HorseFeverState) -> bool:
    """``race_phase._rank_pending`` without its log events (HF 3.2c); ``True`` while
    the race runs on from the deck and the dice."""
    pending = state.photo_pending
    while pending:
        group = pending[0]
        if len(group) > 1:
            state.phase = PHOTO
            return False
        pending.pop(0)
        state.ranking.append(group[0])
    if len(state.ranking) == 6:
        payoffs.payoffs(state)
        return False
    state.phase = MOVEMENT
    return True
