"""The rest of a race played by random players in one tight loop (issue 12, 2).

A rollout of the tote board (or of a search) plays every seat's choices uniformly at
random and every chance event from the die (WC 4.2). Through the rules loop a move costs
a turn, a list of legal moves and a log event; here the bets still to be laid (WC 3.2-3.5)
and the running of the race (WC 4.2-4.10) are played with the same rules on plain lists.

It draws from ``rng`` exactly what the rules loop draws, in the same order: for a bet,
``int(rng.random() * n)`` among the ``n`` legal bets in :func:`bets.legal_bets`'s order;
for a roll, one ``rng.random()`` read against the die's cumulative distribution
(:func:`running.sample_die`); for a move, ``int(rng.random() * n)`` among the face-up
horses on the track in gate order (:func:`running.legal_horses`). So from the same
world and the same ``rng`` it ends the race exactly where the rules loop ends it (the
same finish, last place, pace horse and bets), which the tests check on many worlds and
every variant. The track's arithmetic (``track.py``) is written out inline: a call per
move is a fifth of the loop's time. :func:`play_race` then pays the race out by the rules
(:func:`paying_out.pay_out`, WC 5); :func:`race_result` leaves the state untouched and
only says how the race ended, for the tote board, which needs no more. Neither writes
the bets and moves of the race to the event log: rollouts never read it.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple, cast

from tote.games.winners_circle import paying_out, running
from tote.games.winners_circle.payout import Bet
from tote.games.winners_circle.phases import BETS, HORSES_PER_RACE, MOVE, PLACED, ROLL
from tote.games.winners_circle.running import SYMBOL_INDEX
from tote.games.winners_circle.track import space_of

if TYPE_CHECKING:
    from tote.games.winners_circle.state import WinnersCircleState

FAST_PHASES = frozenset({BETS, ROLL, MOVE})
"""The phases the loop starts from; before them (the gates, WC 2; the first bettor,
WC 3.1) the rules loop plays on."""


class RaceResult(NamedTuple):
    """How a race ended: what its payout (WC 5) is worked out from."""

    finished: list[int]
    """The win, place and show horses, in order (WC 4.9)."""
    last: list[int]
    """The last horse, or those tied for last (WC 4.10)."""
    pace_horse: int | None
    """WC 4.8."""
    bets: list[tuple[int, int, int]]
    """Every chip laid, ``(seat, horse, chip)``, in the order laid."""


def play_race(state: WinnersCircleState, rng: random.Random) -> bool:
    """Play ``state`` on at random to the payout of its race (WC 3-5), paid by the rules;
    ``False`` (and nothing changed) if its phase is not one the loop starts from."""
    if state.phase not in FAST_PHASES:
        return False
    if state.phase == BETS:
        laid = _lay_bets(state, rng, [(b.seat, b.horse, b.chip) for b in state.bets], state.chips)
        state.bets.extend(Bet(*bet) for bet in laid[len(state.bets) :])
        state.roller = state.first_bettor  # WC 4.1: the first bettor rolls first
        state.phase = ROLL
    draws = [rng.random] * state.num_players
    up, pace_horse, moves = run(
        state,
        rng.random,
        draws,
        state.progress,
        state.space_at,
        state.face_up,
        state.last_moved,
        state.finished,
    )
    state.face_up_count = len(up)
    state.pace_horse = pace_horse
    state.moves_made += moves
    # The roller passes clockwise after every move but the race's last (WC 4.1).
    state.roller = (state.roller + moves - 1) % state.num_players
    state.rolled = None
    paying_out.pay_out(state)  # WC 4.10, WC 5
    return True


def race_result(
    state: WinnersCircleState,
    rng: random.Random,
    bets: list[tuple[int, int, int]],
    chips: list[list[int]],
) -> RaceResult | None:
    """How the race under way at ``state`` ends when played on at random, with ``bets``
    laid so far and ``chips`` in hand (a world's, which may differ from the state's:
    WC 6.1); ``None`` (nothing drawn) if its phase is not one the loop starts from.
    ``state`` is left as it was."""
    if state.phase not in FAST_PHASES:
        return None
    if state.phase == BETS:
        bets = _lay_bets(state, rng, list(bets), [list(hand) for hand in chips])
    finished = list(state.finished)
    progress = list(state.progress)
    last_moved = list(state.last_moved)
    _, pace_horse, _ = run(
        state,
        rng.random,
        [rng.random] * state.num_players,
        progress,
        list(state.space_at),
        list(state.face_up),
        last_moved,
        finished,
    )
    last = running.rearmost(progress, finished, last_moved, state.options.last_place_tie)
    return RaceResult(finished, last, pace_horse, bets)


def _lay_bets(
    state: WinnersCircleState,
    rng: random.Random,
    laid: list[tuple[int, int, int]],
    chips: list[list[int]],
) -> list[tuple[int, int, int]]:
    """WC 3.2-3.5: every chip still to be laid, clockwise, each a random legal bet; ``laid``
    and the hands in ``chips`` are updated and ``laid`` returned."""
    random_ = rng.random
    players = state.num_players
    open_horses = [list(range(HORSES_PER_RACE)) for _ in range(players)]
    for seat, horse, _ in laid:
        open_horses[seat].remove(horse)  # WC 3.4: one chip per horse
    seat = (state.first_bettor + len(laid)) % players
    for _ in range(state.rounds * players - len(laid)):
        hand = chips[seat]
        kinds = sorted(set(hand))
        horses = open_horses[seat]
        k = int(random_() * (len(horses) * len(kinds)))
        chip = kinds[k % len(kinds)]
        hand.remove(chip)
        laid.append((seat, horses.pop(k // len(kinds)), chip))
        seat = (seat + 1) % players
    return laid


def run(
    state: WinnersCircleState,
    roll: Callable[[], float],
    draws: Sequence[Callable[[], float]],
    progress: list[int],
    space_at: list[int],
    face_up: list[bool],
    last_moved: list[int],
    finished: list[int],
) -> tuple[list[int], int | None, int]:
    """WC 4.2-4.10: roll the die (``roll``), move a random face-up horse (the roller's
    own draw, ``draws[roller]``: one stream for every seat in a rollout, each seat's
    own in a random game, :mod:`fast_game`), until the third horse finishes. The lists
    are the race's, updated in place; it returns the horses still face up on the track,
    the pace horse and the number of moves made."""
    # Face f shows SYMBOLS[f]; x < 1, so the rules' fallback to the last face is this.
    thresholds = [threshold for threshold, _ in state.die_cdf]
    thresholds[-1] = math.inf
    cards = cast("list[tuple[int, int, int, int]]", state.card_of)  # all seven drawn
    finish = state.finish
    spaces = state.spaces
    crowded = state.crowded_field
    pace_space = state.table.pace_space
    pace_horse = state.pace_horse
    moves_made = first_move = state.moves_made
    up = [h for h in range(HORSES_PER_RACE) if face_up[h] and space_at[h]]
    rolled = state.rolled  # WC 4.2: the roll, unless it has been rolled already
    symbol = bisect_right(thresholds, roll()) if rolled is None else SYMBOL_INDEX[rolled]
    roller = state.roller
    players = state.num_players
    while True:
        horse = up.pop(int(draws[roller]() * len(up)))  # WC 4.3-4.4: a face-up horse
        start = progress[horse]
        target = start + cards[horse][symbol]
        if target >= finish:  # WC 4.9: across the line, off the track
            landing, landing_space = target, 0
        else:
            landing = target
            landing_space = target + spaces if target <= 0 else (target - 1) % spaces + 1
            if not crowded and landing_space in space_at:  # WC 4.6 (WC 6.2: no blocking)
                # The first free space behind the target, or where it stood.
                landing, landing_space = start, space_of(start, spaces)
                for behind in range(target - 1, start, -1):
                    space = behind + spaces if behind <= 0 else (behind - 1) % spaces + 1
                    if space not in space_at:
                        landing, landing_space = behind, space
                        break
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
                return up, pace_horse, moves_made - first_move
        if not up:  # WC 4.4: every card face down: all turned face up
            up = [h for h in range(HORSES_PER_RACE) if space_at[h]]
            face_up[:] = [True] * HORSES_PER_RACE
        roller = (roller + 1) % players
        symbol = bisect_right(thresholds, roll())
