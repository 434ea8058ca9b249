"""The Race Units of a Horse Fever race played from the die and the deck in one tight
loop (issue 24: the tote board's sampled world, and the whole random game of ``tote
simulate``, ``fast_game``).

A rollout of the tote board plays every chance event at random. Through the rules loop
each Movement card and each roll of the Sprint dice costs a turn, a chance move, its
dispatch and a log event; here they are played with the same rules on the state's own
lists: :func:`~tote.games.horse_fever.race.unit_moves` and
:func:`~tote.games.horse_fever.race.finishing_groups` as the rules call them.

It draws from ``rng`` exactly what the rules loop draws, in the same order: for a
Movement card (HF 3.2), one ``rng.random()`` read by ``movement_deck.sample``; for the
Sprint dice (HF 3.2b), one ``rng.random()`` read as one of the 36 ordered pairs of
colours (``HorseFeverState.sample_chance``). It stops where a player must choose (a
photo finish the First Player decides, HF 3.2d), which the rules loop plays, unless it
is given the First Player's stream to choose with as the random player does, and after
the race is paid by the rules (:func:`~tote.games.horse_fever.payoffs.payoffs`, HF 3.3).
So from the same world and ``rng`` it ends where the rules loop ends, which the tests
check on many worlds and every variant. It writes no Movement, Sprint or Ranking
events to the log: rollouts never read them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from operator import add
from typing import TYPE_CHECKING

from tote.games.horse_fever import payoffs
from tote.games.horse_fever.decks import Deck
from tote.games.horse_fever.phases import MOVEMENT, PHOTO, SPRINT
from tote.games.horse_fever.race import finishing_groups, unit_moves

if TYPE_CHECKING:
    from tote.games.horse_fever.state import HorseFeverState

DICE = tuple(divmod(k, 6) for k in range(36))
"""The Sprint dice's 36 ordered pairs of lanes (HF 3.2b), as ``sample_chance`` reads
one ``random()``: the first die ``k // 6``, the second ``k % 6``."""
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


def race_units(
    state: HorseFeverState, rng: random.Random, photo: Callable[[], float] | None = None
) -> tuple[int, int]:
    """:func:`run_race` from a phase it starts from; with ``photo`` (the First Player's
    stream, as the whole game's quiet loop has it) the photo finishes are decided in the
    loop too, uniform among the tied horses in lane order as ``legal_moves`` lists them
    (HF 3.2d), so that it runs to the payoffs. The chance moves drawn (a Movement card, a
    roll of the Sprint dice) and the photo finishes decided, as the rules loop counts
    them."""
    random_ = rng.random
    colours = state.colours
    positions = state.positions
    running = state.running
    crossed = state.crossed
    effects = state.effects
    rows = state.row
    ranking = state.ranking
    finish = state.finish
    movement = state.movement
    deck = state.movement_deck
    lanes = range(6)
    plain = True
    for fx in effects:
        if fx.if_first is not None or fx.if_last is not None:
            plain = False
    sprint = [fx.sprint_move() for fx in effects]
    unit = state.unit
    drawn = chosen = 0
    moving = state.phase == MOVEMENT
    # the Movement card face up and the dice rolled (HF 3.2a-b) are written to the state
    # when the loop stops, not at every Race Unit
    shown = state.movement_shown
    # a running horse is past the line once it has crossed it (moves are never backwards,
    # the Finish Line cards only add squares or stop it on the line): the horses that
    # finish at a Sprint are those that crossed the line and still run
    crossing = [lane for lane in lanes if running[lane] and crossed[lane]]
    every = False not in running
    while True:
        if moving:  # HF 3.2a: race_phase.reveal_movement
            drawn += 1
            x = random_()
            top = deck.top
            card = top.pop(int(x * len(top))) if top else deck.bottom.pop(0)
            if not top and not deck.bottom:  # ruling R3
                deck = state.movement_deck = Deck(list(movement))
            unit += 1
            values = movement[card].values
            if unit == 1 or not plain:
                moved = unit_moves(values, rows, positions, running, effects, unit == 1)
            else:  # no card looks at the first or last horse: each its odds' number
                moved = [values[row] for row in rows]
            if every:  # every horse runs: all move, then HF 3.2c for those at the line
                positions[:] = map(add, positions, moved)
                if max(positions) >= finish:
                    for lane in lanes:
                        if positions[lane] >= finish and not crossed[lane]:
                            _cross(state, lane)
                            crossing.append(lane)
            else:
                for lane in lanes:  # the moves, then HF 3.2c (race_phase._finish_line)
                    if running[lane]:
                        positions[lane] += moved[lane]
                        if positions[lane] >= finish and not crossed[lane]:
                            _cross(state, lane)
                            crossing.append(lane)
            shown = card
        # HF 3.2b: race_phase.sprint; only the horses that sprint can reach the line now
        drawn += 1
        first, second = DICE[int(random_() * 36)]
        if running[first]:
            positions[first] += sprint[first]
        if second != first and running[second]:
            positions[second] += sprint[second]
        if running[first] and not crossed[first] and positions[first] >= finish:
            _cross(state, first)
            crossing.append(first)
        if running[second] and not crossed[second] and positions[second] >= finish:
            _cross(state, second)
            crossing.append(second)
        moving = True
        if not crossing:
            continue
        finished = sorted(crossing)
        crossing = []
        for lane in finished:
            running[lane] = False
        every = False
        pending = finishing_groups(finished, positions, rows, effects)
        while pending:  # HF 3.2c-d: race_phase._rank_pending and photo_finish
            group = pending[0]
            if len(group) == 1:
                ranking.append(pending.pop(0)[0])
            elif photo is None:
                state.unit = unit
                state.movement_shown = shown
                state.dice = (colours[first], colours[second])
                state.photo_pending = pending
                state.phase = PHOTO
                return drawn, chosen
            else:
                chosen += 1
                lane = sorted(group)[int(photo() * len(group))]
                group.remove(lane)
                ranking.append(lane)
        state.photo_pending = pending
        if len(ranking) == 6:
            state.unit = unit
            state.movement_shown = shown
            state.dice = (colours[first], colours[second])
            state.phase = SPRINT
            payoffs.payoffs(state)  # HF 3.3-3.4
            return drawn, chosen


def _cross(state: HorseFeverState, lane: int) -> None:
    """``race_phase._finish_line`` for one horse that reaches the line (HF 3.2c, ruling
    R5): XIII stops it on the line, Fustis et Radix adds squares."""
    state.crossed[lane] = True
    fx = state.effects[lane]
    if fx.finish_stop:
        state.positions[lane] = state.finish
    else:
        state.positions[lane] += fx.finish_add
