"""The rest of a race played by random players in one tight loop (issue 12, 2).

A rollout of the tote board (or of a search) plays every seat's choices uniformly at
random and every chance event from the die (WC 4.2). Through the rules loop a move costs
a turn, a list of legal moves and a log event; here the bets still to be laid (WC 3.2-3.5)
and the running of the race (WC 4.2-4.10) are played with the same rules on plain local
variables, and the race is paid out by the rules' own :func:`paying_out.pay_out` (WC 5).

It draws from ``rng`` exactly what the rules loop draws, in the same order: for a bet,
``int(rng.random() * n)`` among the ``n`` legal bets in :func:`bets.legal_bets`'s order;
for a roll, one ``rng.random()`` read against the die's cumulative distribution
(:func:`running.sample_die`); for a move, ``int(rng.random() * n)`` among the face-up
horses on the track in gate order (:func:`running.legal_horses`). So from the same
world and the same ``rng`` it ends the race exactly where the rules loop ends it (the
same finish, last place, pace horse, bets and money), a property the tests check on
many worlds and every variant. What it leaves out is the event log of the race's moves.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from typing import TYPE_CHECKING, cast

from tote.games.winners_circle import paying_out
from tote.games.winners_circle.payout import Bet
from tote.games.winners_circle.phases import BETS, HORSES_PER_RACE, MOVE, PLACED, ROLL
from tote.games.winners_circle.running import SYMBOL_INDEX
from tote.games.winners_circle.track import blocked_landing, space_of

if TYPE_CHECKING:
    from tote.games.winners_circle.state import WinnersCircleState

FAST_PHASES = frozenset({BETS, ROLL, MOVE})
"""The phases the loop starts from; before them (the gates, WC 2; the first bettor,
WC 3.1) the rules loop plays on."""


def play_race(state: WinnersCircleState, rng: random.Random) -> bool:
    """Play ``state`` on at random to the payout of its race (WC 3-5); ``False`` (and
    nothing changed) if its phase is not one the loop starts from."""
    if state.phase not in FAST_PHASES:
        return False
    if state.phase == BETS:
        _lay_bets(state, rng)
    _run(state, rng)
    return True


def _lay_bets(state: WinnersCircleState, rng: random.Random) -> None:
    """WC 3.2-3.5: every chip still to be laid, clockwise, each a random legal bet."""
    random_ = rng.random
    players = state.num_players
    laid = state.bets
    total = state.rounds * players
    open_horses = [list(range(HORSES_PER_RACE)) for _ in range(players)]
    for bet in laid:
        open_horses[bet.seat].remove(bet.horse)  # WC 3.4: one chip per horse
    seat = (state.first_bettor + len(laid)) % players
    for _ in range(total - len(laid)):
        hand = state.chips[seat]
        chips = sorted(set(hand))
        horses = open_horses[seat]
        k = int(random_() * (len(horses) * len(chips)))
        chip = chips[k % len(chips)]
        hand.remove(chip)
        laid.append(Bet(seat, horses.pop(k // len(chips)), chip))
        seat = (seat + 1) % players
    state.roller = state.first_bettor
    state.phase = ROLL


def _run(state: WinnersCircleState, rng: random.Random) -> None:
    """WC 4.2-4.10: roll, move a random face-up horse, until the third horse finishes;
    then WC 5, the payout, by the rules."""
    random_ = rng.random
    # Face f shows SYMBOLS[f]; x < 1, so the rules' fallback to the last face is this.
    thresholds = [threshold for threshold, _ in state.die_cdf]
    thresholds[-1] = math.inf
    cards = cast("list[tuple[int, int, int, int]]", state.card_of)  # all seven drawn
    progress = state.progress
    space_at = state.space_at
    last_moved = state.last_moved
    finished = state.finished
    finish = state.finish
    spaces = state.spaces
    crowded = state.crowded_field
    pace_space = state.table.pace_space
    pace_horse = state.pace_horse
    first_move = moves_made = state.moves_made
    face_up = state.face_up
    up = [h for h in range(HORSES_PER_RACE) if face_up[h] and space_at[h]]
    rolled = state.rolled  # WC 4.2: the roll, unless it has been rolled already
    symbol = bisect_right(thresholds, random_()) if rolled is None else SYMBOL_INDEX[rolled]
    while True:
        horse = up.pop(int(random_() * len(up)))  # WC 4.3-4.4: a face-up horse
        start = progress[horse]
        target = start + cards[horse][symbol]
        if target >= finish:  # WC 4.9: across the line, off the track
            landing, landing_space = target, 0
        else:
            landing = target
            landing_space = target + spaces if target <= 0 else (target - 1) % spaces + 1
            if not crowded and landing_space in space_at:  # WC 4.6 (WC 6.2: no blocking)
                landing = blocked_landing(start, target, set(space_at), spaces)
                landing_space = space_of(landing, spaces)
        progress[horse] = landing
        space_at[horse] = landing_space
        face_up[horse] = False
        last_moved[horse] = moves_made
        moves_made += 1
        if pace_horse is None and landing >= pace_space:  # WC 4.8
            pace_horse = horse
        if landing >= finish:
            finished.append(horse)
            if len(finished) == PLACED:
                break
        if not up:  # WC 4.4: every card face down: all turned face up
            up = [h for h in range(HORSES_PER_RACE) if space_at[h]]
            face_up = state.face_up = [True] * HORSES_PER_RACE
        symbol = bisect_right(thresholds, random_())
    state.face_up_count = len(up)
    state.pace_horse = pace_horse
    state.moves_made = moves_made
    # The roller passes clockwise after every move but the race's last (WC 4.1).
    state.roller = (state.roller + moves_made - first_move - 1) % state.num_players
    state.rolled = None
    paying_out.pay_out(state)  # WC 4.10, WC 5
