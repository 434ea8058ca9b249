"""WC 4 Running the Race: the roller rolls the die (a chance move, WC 4.2) and moves a
face-up horse by its card's value for the symbol (WC 4.3-4.7, the track's geometry in
``track.py``); the pace horse (WC 4.8); finishers and last place (WC 4.9-4.10). Next
in reading order: ``paying_out.py`` (its arithmetic in ``payout.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tote.core.errors import IllegalMove
from tote.core.events import Event
from tote.core.moves import Move
from tote.games.winners_circle import paying_out
from tote.games.winners_circle.data import SYMBOLS
from tote.games.winners_circle.moves import MoveHorse
from tote.games.winners_circle.payout import PLACE_NAMES
from tote.games.winners_circle.phases import HORSES_PER_RACE, MOVE, PLACED, ROLL
from tote.games.winners_circle.track import blocked_landing, space_of

if TYPE_CHECKING:
    from tote.games.winners_circle.state import WinnersCircleState

SYMBOL_INDEX = {symbol: i for i, symbol in enumerate(SYMBOLS)}


def sample_die(state: WinnersCircleState, x: float) -> Move:
    """The face at ``x`` (uniform in [0, 1)) of the die's cumulative distribution."""
    for threshold, outcome in state.die_cdf:
        if x < threshold:
            return outcome
    return state.die_cdf[-1][1]


def why_not_rolled(symbol: str) -> str:
    """Why ``symbol`` cannot be rolled: the die has no such face (WC 4.2)."""
    return f"the die has no face {symbol!r}; its faces show {', '.join(SYMBOLS)} (WC 4.2)"


def roll_die(state: WinnersCircleState, symbol: str) -> None:
    """WC 4.2: the roller's roll; the roller then moves a horse (WC 4.3)."""
    state.rolled = symbol
    state.phase = MOVE
    state.log.append(Event("die", {"seat": state.roller, "symbol": symbol}))


def legal_horses(state: WinnersCircleState) -> list[Move]:
    """WC 4.3-4.4, 4.9: every horse on the track whose card is face up."""
    face_up = state.face_up
    on_track = state.space_at
    return [state.horse_moves[h] for h in range(HORSES_PER_RACE) if face_up[h] and on_track[h]]


def check_move(state: WinnersCircleState, move: MoveHorse) -> None:
    if state.phase != MOVE:
        raise IllegalMove("WC 4.3 running the race", "horses move only after the die roll")
    if move.horse not in state.horse_index:
        raise IllegalMove(
            "WC 4.3 running the race",
            f"there is no horse {move.horse!r}; horses: {', '.join(state.horse_names)}",
        )
    horse = state.horse_index[move.horse]
    if horse in state.finished:
        raise IllegalMove(
            "WC 4.9 finished horses", f"{move.horse} has already crossed the finish line"
        )
    if not state.face_up[horse]:
        raise IllegalMove(
            "WC 4.4 card cycle",
            f"{move.horse}'s card is face down: it may not move again until all other"
            " horses have moved",
        )


def move_horse(state: WinnersCircleState, seat: int, horse: int) -> None:
    """WC 4.3-4.10: move the chosen horse by its card's value for the rolled symbol."""
    card = state.card_of[horse]
    assert state.rolled is not None and card is not None
    steps = card[SYMBOL_INDEX[state.rolled]]
    start = state.progress[horse]
    target = start + steps
    spaces = state.spaces
    if target >= state.finish:
        landing, landing_space = target, 0  # WC 4.9: across the line, off the track
    elif state.crowded_field:
        landing, landing_space = target, space_of(target, spaces)  # WC 6.2: no blocking
    else:
        landing_space = space_of(target, spaces)
        landing = target
        if landing_space in state.space_at:
            landing = blocked_landing(start, target, set(state.space_at), spaces)
            landing_space = space_of(landing, spaces)
    state.progress[horse] = landing
    state.space_at[horse] = landing_space
    state.face_up[horse] = False
    state.face_up_count -= 1
    state.last_moved[horse] = state.moves_made
    state.moves_made += 1
    event: dict[str, Any] = {
        "seat": seat,
        "horse": state.horse_names[horse],
        "symbol": state.rolled,
        "value": steps,
        "moved": landing - start,
        "space": landing_space or None,
    }
    # WC 4.8: the first horse to reach or pass space 18 becomes the pace horse.
    if state.pace_horse is None and landing >= state.table.pace_space:
        state.pace_horse = horse
        event["pace_horse"] = True
    if landing >= state.finish:
        state.finished.append(horse)
        event["finished"] = PLACE_NAMES[len(state.finished) - 1]
    state.log.append(Event("horse_moved", event))
    state.rolled = None
    if len(state.finished) == PLACED:
        paying_out.pay_out(state)  # WC 4.10: the race ends when the third horse crosses.
        return
    # WC 4.4: when every remaining card is face down, all are turned face up.
    if state.face_up_count == 0:
        state.face_up = [True] * HORSES_PER_RACE
        state.face_up_count = HORSES_PER_RACE - len(state.finished)
    state.roller = (state.roller + 1) % state.num_players
    state.phase = ROLL


def last_place(state: WinnersCircleState) -> list[int]:
    """WC 4.10: the horse furthest back is last (see :func:`rearmost`)."""
    return rearmost(state.progress, state.finished, state.last_moved, state.options.last_place_tie)


def rearmost(
    progress: Sequence[int], finished: Sequence[int], last_moved: Sequence[int], tie: str
) -> list[int]:
    """WC 4.10: the horse furthest back is last.

    Ties happen only in Crowded Field (ruling A9-6): by default (``tie="all"``) every
    rearmost horse is last; with ``tie="least_recent"`` the one that moved least
    recently (never moved counts as least recent) is.
    """
    running = [h for h in range(HORSES_PER_RACE) if h not in finished]
    back = min(progress[h] for h in running)
    tied = [h for h in running if progress[h] == back]
    if len(tied) > 1 and tie == "least_recent":
        earliest = min(last_moved[h] for h in tied)
        tied = [h for h in tied if last_moved[h] == earliest]
    return tied
