"""Wetten!'s clone (issue 12: the tote board's samples and searches clone the state for
every world): it shares only what never changes after set-up, so a clone plays on
exactly as a deep copy would and leaves the original as it was."""

from __future__ import annotations

import copy
import random

from tote.core import CHANCE
from tote.games.wetten import GAME
from tote.games.wetten.state import WettenState


def play(state: WettenState, rng: random.Random, moves: int) -> None:
    """Up to ``moves`` random moves (chance from ``rng``), stopping at the game's end."""
    for _ in range(moves):
        turn = state.turn()
        if turn.over:
            return
        if turn.chance:
            state.apply(CHANCE, state.sample_chance(rng))
        else:
            state.apply(turn.seats[0], state.random_move(turn.seats[0], rng))


def test_a_clone_plays_on_as_a_deep_copy_and_leaves_the_original_alone() -> None:
    """Issue 12: from positions of seeded games, a clone and a deep copy played on with
    the same random stream to the game's end reach the same state (every seat's view,
    the history, the money), and the original's views and log are unchanged."""
    for seed in range(8):
        state = GAME.new_state(None, 3 + seed % 3)
        assert isinstance(state, WettenState)
        rng = random.Random(seed)
        play(state, rng, rng.randrange(400))
        before = [state.view(s) for s in (None, *range(state.num_players))]
        log = list(state.log)
        cloned, copied = state.clone(), copy.deepcopy(state)
        play(cloned, random.Random(seed), 100_000)
        play(copied, random.Random(seed), 100_000)
        assert cloned.history == copied.history and cloned.cash == copied.cash
        for seat in (None, *range(state.num_players)):
            assert cloned.view(seat) == copied.view(seat)
        assert [state.view(s) for s in (None, *range(state.num_players))] == before
        assert state.log == log


def test_every_field_is_shared_or_copied_on_purpose() -> None:
    """Issue 24: the clone names every field of the state (shared, copied one or two
    levels deep, or copied by hand), so a field added later is not shared by mistake."""
    from tote.games.wetten import state as module

    state = GAME.new_state(None, 4)
    by_hand = {"peeks", "announced", "to_resolve", "looking"}
    named = {*module._SHARED, *module._COPIED, *module._NESTED, *module._IMMUTABLE, *by_hand}
    assert set(state.__dict__) == named


def test_a_clone_equals_a_deep_copy_and_keeps_the_announcements_shared() -> None:
    """Issue 24: at positions of seeded games (announced action cards, Paddock Tips,
    half-committed tickets among them), a clone holds what a deep copy holds, and an
    announced card waiting to resolve is one object in ``announced`` and ``to_resolve``
    as in the original (a sample redraws a Hedge once, not twice)."""
    seen_shared = 0
    for seed in range(40):
        state = GAME.new_state(None, 3 + seed % 3)
        assert isinstance(state, WettenState)
        rng = random.Random(100 + seed)
        stop = rng.randrange(600)
        for _ in range(stop):
            play(state, rng, 1)
            if state.to_resolve and seed % 2:
                break
        cloned, copied = state.clone(), copy.deepcopy(state)
        assert cloned.__dict__ == copied.__dict__
        ids = {id(e) for e in cloned.announced}
        assert [id(e) in ids for e in cloned.to_resolve] == [
            any(e is a for a in state.announced) for e in state.to_resolve
        ]
        seen_shared += sum(id(e) in ids for e in cloned.to_resolve)
        for name in ("cash", "hands", "stakes", "announced", "peeks", "history"):
            assert getattr(cloned, name) is not getattr(state, name)
    assert seen_shared >= 2
