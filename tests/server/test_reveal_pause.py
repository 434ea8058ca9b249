"""Issue 15: "A Wits & Wagers answer gets its own reveal moment before the next
question starts (a short pause that the server's clock allows for)". The clock of
the question after a revealed answer starts ``REVEAL_PAUSE_SECONDS`` later; other
turns, and the game's own time limit, are as before."""

from __future__ import annotations

import random
import time
from types import SimpleNamespace
from typing import Any

import pytest

from tote.core.moves import CHANCE
from tote.core.registry import get_game
from tote.core.state import State
from tote.server.clock import REVEAL_PAUSE_SECONDS, Clock, reveal_pause, time_limit

NOW = 1_000_000.0


def _table(game: str, state: State, settings: dict[str, Any] | None = None) -> Any:
    """The parts of a table runtime the clock reads (no owner: no task is started)."""
    return SimpleNamespace(
        match=SimpleNamespace(state=state),
        status="playing",
        row=SimpleNamespace(game=game, settings=settings or {}, seed=1),
        closed=False,
        ownership=SimpleNamespace(owner=False),
        game=get_game(game),
    )


def _step(state: State, rng: random.Random) -> int | None:
    """One move: chance's, or the timeout move of the first seat to act; the mover."""
    turn = state.turn()
    if turn.chance:
        state.apply(CHANCE, state.sample_chance(rng))
        return None
    seat = turn.seats[0]
    move = state.timeout_move(seat)
    assert move is not None
    state.apply(seat, move)
    return seat


def test_the_question_after_an_answer_starts_after_the_reveal_pause(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every Wits & Wagers question after the first gets the game's own time limit plus
    the reveal pause; the first question and the betting phase get the time limit only."""
    monkeypatch.setattr(time, "time", lambda: NOW)
    state = get_game("wits-and-wagers").new_state({"answer_seconds": 30}, 4)
    rng = random.Random(3)
    while state.turn().chance:
        _step(state, rng)
    clock = Clock(_table("wits-and-wagers", state))
    clock.reset()
    assert clock.deadline == NOW + 30  # the first question: no answer revealed yet
    seen: dict[str, list[float]] = {"answer": [], "bet": []}
    before = ("answer", 1)
    for _ in range(400):
        if state.is_over or len(seen["answer"]) >= 2:
            break
        clock.update(_step(state, rng))
        public = state.view(None, log=False)["state"]
        now = (public["phase"], public["number"])
        if now != before and clock.deadline is not None and public["phase"] in seen:
            limit = time_limit(state, {})
            assert limit is not None
            seen[public["phase"]].append(clock.deadline - NOW - limit)
        before = now
    assert seen["answer"] == [REVEAL_PAUSE_SECONDS, REVEAL_PAUSE_SECONDS]
    assert seen["bet"] and set(seen["bet"]) == {0.0}


def test_only_a_reveal_pauses_the_clock() -> None:
    """The pause is for the game's reveal only: other entries, and other games' entries
    of the same kind, start the clock at once."""
    from tote.core.events import Event

    answer = Event("answer", {"number": 1})
    assert reveal_pause("wits-and-wagers", [Event("bets_locked", {"seat": 0}), answer]) == (
        REVEAL_PAUSE_SECONDS
    )
    assert reveal_pause("wits-and-wagers", [Event("question", {"number": 2})]) == 0.0
    assert reveal_pause("winners-circle", [answer]) == 0.0
    assert 0 < REVEAL_PAUSE_SECONDS <= 10
