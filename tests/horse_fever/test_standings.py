"""Issue 15: the end of a Horse Fever game shows each player's VP by source, and the
Danari that break a tie in VP (ruling R19)."""

from __future__ import annotations

import random

from tote.games.horse_fever import GAME
from tote.games.horse_fever.state import HorseFeverState

from ..properties import step_random


def finished(seed: int) -> HorseFeverState:
    state = GAME.new_state({}, 4)
    assert isinstance(state, HorseFeverState)
    rng = random.Random(seed)
    while not state.is_over:
        step_random(state, rng)
    return state


def test_ruling_r19_a_tie_in_vp_goes_to_the_most_danari() -> None:
    """HF 5.2 / ruling R19: the first seeded game where two players still in the game
    tie on VP with different Danari: the richer ranks higher, and the standings say
    the tie-break and each player's Danari."""
    for seed in range(200):
        state = finished(seed)
        standings = GAME.standings(state)
        assert standings is not None
        alive = [s for s in standings.seats if not state.eliminated[s.seat]]
        tied = [
            (a, b)
            for a in alive
            for b in alive
            if a.seat < b.seat and a.score == b.score and state.money[a.seat] != state.money[b.seat]
        ]
        if tied:
            break
    else:
        raise AssertionError("no tie in VP in 200 seeded games")
    a, b = tied[0]
    richer, poorer = (a, b) if state.money[a.seat] > state.money[b.seat] else (b, a)
    assert richer.rank < poorer.rank
    assert richer.note == f"{state.money[richer.seat]:,} Danari"
    assert "most Danari" in (standings.tie_break or "")


def test_hf_0_3_and_1_1_starting_vp_and_stable_owner_cards() -> None:
    """HF 0.3: every player starts with one VP; HF 1.1: each Stable Owner card held at the
    end counts one VP; a player who lost the game ends with 0 (ruling R18)."""
    for seed in range(10):
        state = finished(seed)
        standings = GAME.standings(state)
        assert standings is not None
        for seat in standings.seats:
            lines = {line.label: line.points for line in seat.lines}
            assert lines["Starting VP"] == 1
            owned = sum(1 for o in state.owner if o == seat.seat)
            if state.eliminated[seat.seat]:
                assert seat.score == 0
                assert lines.get("Lost the game: all of it back to the Bank", 0) <= 0
            elif owned:
                assert lines[f"Stable Owner cards ({owned})"] == owned
