"""PG, the Party Game (proposed): one secret bet a race (PG 2.1), made together with
the other players as the core's simultaneous turn, like the face-down Action cards of
PG 0.3; the richest player wins (PG 4.2). ``PartyState`` (in ``state.py``) is the
state with simultaneous turns; its end is ``state.broke`` (PG 4.1). Read after
``final_stage.py``; the views are in ``views.py``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from tote.core.moves import Move
from tote.core.result import Result
from tote.games.horse_fever import betting, race_phase
from tote.games.horse_fever.moves import PlaceBet, PlayActionCard
from tote.games.horse_fever.phases import RACE_FIXING, SECRET_BET

if TYPE_CHECKING:
    from tote.games.horse_fever.state import HorseFeverState


def start_secret_bet(state: HorseFeverState) -> None:
    """PG 2.1: every player chooses one horse, Win or Show and a stake in secret
    (a simultaneous turn); the bets are revealed together."""
    state.phase = SECRET_BET
    state.queue = state.clockwise(state.first_player)


def do_simultaneous(state: HorseFeverState, moves: Mapping[int, Move]) -> None:
    """PG 0.3 / PG 2.1: the secret moves of a Party Game turn, resolved together in
    turn order from the First Player."""
    seats = list(state.queue)
    if state.phase == RACE_FIXING:
        for seat in seats:
            move = moves[seat]
            assert isinstance(move, PlayActionCard)
            betting.lay_card(state, seat, move)
        start_secret_bet(state)
        return
    for seat in seats:
        move = moves[seat]
        assert isinstance(move, PlaceBet)
        betting.stake(state, seat, move, 1)
    state.queue = []
    race_phase.reveal_action_cards(state)


def party_result(state: HorseFeverState) -> Result:
    """PG 4.2: the richest player wins; equal Danari share the place."""
    scores = tuple(state.money)
    ranking = tuple(1 + sum(1 for m in scores if m > mine) for mine in scores)
    winners = tuple(s for s, r in enumerate(ranking) if r == 1)
    return Result(scores, ranking, winners)
