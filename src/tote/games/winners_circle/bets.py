"""WC 3 The Bets: the first bettor (WC 3.1: a chance move when several players
qualify), then one chip per turn clockwise (WC 3.2-3.5; WC 6.1 Hidden Bets: face down,
four rounds). Next in reading order: ``running.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tote.core.errors import IllegalMove
from tote.core.events import Event
from tote.core.moves import Move
from tote.games.winners_circle.moves import FirstBettor, PlaceBet
from tote.games.winners_circle.payout import Bet
from tote.games.winners_circle.phases import BETS, FIRST_BETTOR, HORSES_PER_RACE, ROLL

if TYPE_CHECKING:
    from tote.games.winners_circle.state import WinnersCircleState


def choose_first_bettor(state: WinnersCircleState) -> None:
    """WC 3.1: race 1 random; races 2 and 3 the richest, ties broken at random."""
    if state.race == 1:
        candidates = tuple(range(state.num_players))
    else:
        richest = max(state.money)
        candidates = tuple(s for s, m in enumerate(state.money) if m == richest)
    if len(candidates) == 1:
        set_first_bettor(state, candidates[0])
    else:
        state.first_bettor_candidates = candidates
        state.phase = FIRST_BETTOR


def first_bettor_outcomes(state: WinnersCircleState) -> Sequence[tuple[Move, float]]:
    """WC 3.1: each candidate is equally likely."""
    p = 1.0 / len(state.first_bettor_candidates)
    return [(FirstBettor(s), p) for s in state.first_bettor_candidates]


def sample_first_bettor(state: WinnersCircleState, x: float) -> Move:
    """The candidate at ``x`` (uniform in [0, 1)): :func:`first_bettor_outcomes` drawn."""
    candidates = state.first_bettor_candidates
    return FirstBettor(candidates[int(x * len(candidates))])


def why_not_first_bettor(state: WinnersCircleState, seat: int) -> str:
    """Why ``seat`` cannot be chosen first bettor (WC 3.1: only among the richest)."""
    if not 0 <= seat < state.num_players:
        return f"there is no seat {seat} in a {state.num_players}-seat game"
    richest = ", ".join(str(s) for s in state.first_bettor_candidates)
    return (
        f"seat {seat} is not among the richest players (seats {richest}, with"
        f" {state.money[state.first_bettor_candidates[0]]}), one of whom bets first (WC 3.1)"
    )


def set_first_bettor(state: WinnersCircleState, seat: int) -> None:
    state.first_bettor = seat
    state.first_bettor_candidates = ()
    state.phase = BETS
    state.log.append(Event("first_bettor", {"seat": seat, "race": state.race}))


def bettor(state: WinnersCircleState) -> int:
    """WC 3.2: clockwise from the first bettor, one chip per turn."""
    return (state.first_bettor + len(state.bets)) % state.num_players


def legal_bets(state: WinnersCircleState, seat: int) -> list[Move]:
    """WC 3.4-3.5: each chip still in hand on each horse the seat has no chip on."""
    taken = {b.horse for b in state.bets if b.seat == seat}
    chips = sorted(set(state.chips[seat]))
    return [
        state.bet_moves[(h, chip)]
        for h in range(HORSES_PER_RACE)
        if h not in taken
        for chip in chips
    ]


def check_bet(state: WinnersCircleState, seat: int, move: PlaceBet) -> None:
    if state.phase != BETS:
        raise IllegalMove("WC 3 the bets", "bets are placed only before the race starts")
    if move.horse not in state.horse_index:
        raise IllegalMove(
            "WC 3.2 betting areas",
            f"there is no horse {move.horse!r}; horses: {', '.join(state.horse_names)}",
        )
    if move.chip not in state.chips[seat]:
        have = ", ".join(str(c) for c in sorted(state.chips[seat])) or "none"
        raise IllegalMove(
            "WC 3.5 your own chips",
            f"you have no {move.chip}-chip left to place (you have: {have})",
        )
    horse = state.horse_index[move.horse]
    if any(b.seat == seat and b.horse == horse for b in state.bets):
        raise IllegalMove(
            "WC 3.4 one bet per horse",
            f"you already have a chip on {move.horse}; each of your chips goes on a"
            " different horse",
        )


def place_bet(state: WinnersCircleState, seat: int, move: PlaceBet) -> None:
    horse = state.horse_index[move.horse]
    state.chips[seat].remove(move.chip)
    state.bets.append(Bet(seat, horse, move.chip))
    if state.options.hidden_bets:
        # WC 6.1: chips go face down; only their owner knows their value.
        state.log.append(
            Event(
                "bet",
                {"seat": seat, "horse": move.horse, "chip": None, "face_down": True},
                {seat: {"chip": move.chip}},
            )
        )
    else:
        state.log.append(Event("bet", {"seat": seat, "horse": move.horse, "chip": move.chip}))
    if len(state.bets) == state.rounds * state.num_players:
        # WC 4.1: the player who placed the first chip rolls first.
        state.roller = state.first_bettor
        state.phase = ROLL
