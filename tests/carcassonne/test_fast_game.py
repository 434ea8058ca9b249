"""Issue 24, 2: Carcassonne's whole-game loop for random players (``fast_game``), which
``tote simulate`` plays when every seat is a random bot, draws from every stream exactly
what the rules loop draws, in the same order, and ends the game in the same state, the
``committed`` log entries aside; on every variant and rulings option, 2 to 5 seats, from
the start and from positions under way (a tile drawn, a meeple step, a stack to settle,
chips half committed)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tote.games.carcassonne import GAME, fast_game
from tote.games.carcassonne.state import CarcassonneState
from tote.sim.games.carcassonne import CarcassonneStats

from ..quiet_games import any_seat_moves, play_both
from .test_fast_rollout import VARIANTS


def same_games(slow: CarcassonneState, fast: CarcassonneState, start: int = 0) -> None:
    """Every field the same (the board's too), the log the same but the ``committed``
    entries written after ``start``, and what is read from the end: the result, the
    standings, the simulator's columns."""
    assert {k: v for k, v in vars(fast).items() if k not in ("log", "board")} == {
        k: v for k, v in vars(slow).items() if k not in ("log", "board")
    }
    assert vars(fast.board) == vars(slow.board)
    kept = [e for e in slow.log[start:] if e.kind not in fast_game.QUIET_EVENTS]
    assert fast.log[:start] == slow.log[:start]
    assert [e for e in fast.log[start:] if e.kind not in fast_game.QUIET_EVENTS] == kept
    assert fast.result() == slow.result()
    assert GAME.standings(fast) == GAME.standings(slow)
    assert CarcassonneStats().columns(fast) == CarcassonneStats().columns(slow)


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: ",".join(map(str, o.items())) or "base")
def test_the_tight_game_ends_where_the_rules_loop_ends(options: dict[str, Any]) -> None:
    """Issue 24, one source of truth: the same moves and chance moves counted, every
    field, the log's events, the result, the standings and the statistics' columns, the
    streams left at the same point; 2 to 5 seats."""
    for seed in range(4):
        players = 2 + seed
        slow = GAME.new_state(options, players)
        fast = GAME.new_state(options, players)
        assert isinstance(slow, CarcassonneState) and isinstance(fast, CarcassonneState)
        play_both(slow, fast, seed)
        assert fast.is_over
        same_games(slow, fast)
        assert len(fast.log) < len(slow.log) or not options.get("bets", True)


def test_a_game_under_way_is_played_on_from_where_it_stands() -> None:
    """From any moment: a tile drawn and waiting to be placed, the meeple step, a stack
    waiting for its settlement's choice (CB 3.5), chips half committed (CB 2.1); seats
    committing out of seat order where the rules let them."""
    started: set[str] = set()
    for seed in range(40):
        players = 2 + seed % 4
        state = GAME.new_state(VARIANTS[seed % len(VARIANTS)], players)
        assert isinstance(state, CarcassonneState)
        rng = random.Random(seed)
        seat_rng = random.Random(seed + 1)
        for _ in range(rng.randrange(20, 200)):
            if state.is_over:
                break
            any_seat_moves(state, rng, seat_rng)
        started.add("committed" if state._pending else state.phase)
        slow, fast = state.clone(), state.clone()
        assert isinstance(slow, CarcassonneState) and isinstance(fast, CarcassonneState)
        play_both(slow, fast, seed + 7)
        same_games(slow, fast, start=len(state.log))
    assert started >= {"committed", "bet", "draw", "place", "meeple"}
