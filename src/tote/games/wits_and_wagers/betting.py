"""WW 3, Step 3: betting. Each seat puts its two betting chips (WW 1.2) on one or two
slots of the mat, with poker chips (points) under them (WW 3.1-3.6): openly, one seat
at a time, movable until the seat locks; or secretly, revealed together (WW 3.4).
Next in reading order: ``paying_out.py``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from tote.core import draws
from tote.core.errors import IllegalMove
from tote.core.events import Event
from tote.core.moves import Move
from tote.games.wits_and_wagers import paying_out, views
from tote.games.wits_and_wagers.mat import ALL_TOO_HIGH, SLOTS
from tote.games.wits_and_wagers.moves import LockBets, PlaceBets, Wager
from tote.games.wits_and_wagers.phases import BET, set_phase
from tote.games.wits_and_wagers.setup import BETTING_CHIPS

if TYPE_CHECKING:
    from tote.games.wits_and_wagers.state import WitsAndWagersState


def check_bets(state: WitsAndWagersState, seat: int, move: Move) -> None:
    if isinstance(move, LockBets):
        if state.secret_betting:
            raise IllegalMove(
                "WW 3.4 secret betting", "in secret betting, place your bets once; they lock"
            )
        return
    if not isinstance(move, PlaceBets):
        raise IllegalMove("WW 3 bet", "the guesses are on the mat: it is time to bet")
    if len(move.bets) > BETTING_CHIPS:
        raise IllegalMove(
            "WW 3.6 two bets at most",
            f"you have two betting chips, so at most two bets, not {len(move.bets)}",
        )
    for wager in move.bets:
        if not 0 <= wager.slot < SLOTS:
            raise IllegalMove(
                "WW 3.3 payout slots",
                f"there is no slot {wager.slot}; slots are 0 (All Guesses Too High) to 7",
            )
        if wager.slot != ALL_TOO_HIGH and wager.slot not in state.mat:
            raise IllegalMove(
                "WW 3.3 payout slots",
                f"slot {wager.slot} holds no guess; bet on a guess or on All Guesses Too High",
            )
        if wager.chips < 0:
            raise IllegalMove("WW 3.5 poker chips", "a bet cannot carry a negative amount")
    staked = sum(w.chips for w in move.bets)
    if staked > state.points[seat]:
        raise IllegalMove(
            "WW 3.5 poker chips",
            f"you put {staked} points of poker chips under your betting chips but own"
            f" {state.points[seat]}",
        )


def place_bets(state: WitsAndWagersState, seat: int, move: PlaceBets) -> None:
    """WW 3.4: in open betting, bets are visible and may be moved until locked."""
    state.bets[seat] = move.bets
    state.log.append(
        Event("bets", {"seat": seat, "bets": [views.wager_view(state, w) for w in move.bets]})
    )


def lock(state: WitsAndWagersState, seat: int) -> None:
    state.locked.add(seat)
    state.log.append(Event("bets_locked", {"seat": seat}))
    if len(state.locked) == state.num_players:
        paying_out.settle(state)
    else:
        set_phase(state, BET)


def reveal_secret_bets(state: WitsAndWagersState, moves: Mapping[int, Move]) -> None:
    """WW 3.4 secret betting: every seat's bets are revealed together."""
    for seat in state.seats:
        move = moves[seat]
        assert isinstance(move, PlaceBets)
        place_bets(state, seat, move)
    state.locked = set(state.seats)
    paying_out.settle(state)


def random_bets(state: WitsAndWagersState, seat: int, rng: random.Random) -> Move:
    """A random player's bets: random legal bets, placed once, then locked in open
    betting."""
    if not state.secret_betting and seat in state.bets:
        return LockBets()
    return PlaceBets(random_wagers(rng, (ALL_TOO_HIGH, *state.mat), state.points[seat]))


def random_wagers(rng: random.Random, slots: Sequence[int], budget: int) -> tuple[Wager, ...]:
    """The wagers of :func:`random_bets`: 0 to 2 betting chips, each on a random slot of
    ``slots`` with a random part of the ``budget`` left. The tote board's quick sample
    draws other seats' bets through it too (issue 24), so both draw alike. The part is
    drawn as ``rng.randint(0, budget)`` draws it, by :func:`draws.below` (the same draw,
    without ``randint``'s checks in Python)."""
    count = draws.below(rng, BETTING_CHIPS + 1)
    wagers = []
    for _ in range(count):
        chips = draws.below(rng, budget + 1)
        budget -= chips
        wagers.append(Wager(slots[draws.below(rng, len(slots))], chips))
    return tuple(wagers)
