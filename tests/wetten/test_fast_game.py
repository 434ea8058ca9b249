"""Issue 24, 2: Wetten!'s quiet whole-game loop (``fast_race.play_game``), which ``tote
simulate`` plays when every seat is a random bot, draws from every stream exactly what
the rules loop draws, in the same order, and ends the game in the same state, the log
aside (it keeps the events the simulator's statistics read); on every variant, and with
a tight deck and bank (reshuffled discards, a bank that runs out, WT 3.7, 10.3)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from tote.games.wetten import GAME, fast_race
from tote.games.wetten.state import WettenState
from tote.sim.games.wetten import WettenStats

from ..quiet_games import play_both, rules_loop, streams
from .test_fast_race import VARIANTS, fields, step
from .test_regression_digests import tight_options

READ = frozenset({"race", "horses_moved", "payout", "game_over"})
"""The log events the simulator's statistics read (``tote.sim.games.wetten``), and the
payout's and the game's end."""


def same_games(slow: WettenState, fast: WettenState) -> None:
    assert fields(fast) == fields(slow)
    assert fast.result() == slow.result()
    read = [(e.kind, e.public, e.private) for e in slow.log if e.kind in READ]
    assert [(e.kind, e.public, e.private) for e in fast.log if e.kind in READ] == read
    assert WettenStats().columns(fast) == WettenStats().columns(slow)


def check(options: dict[str, Any], seeds: range) -> None:
    for seed in seeds:
        players = 3 + seed % 3
        slow = GAME.new_state(options, players)
        fast = GAME.new_state(options, players)
        assert isinstance(slow, WettenState) and isinstance(fast, WettenState)
        play_both(slow, fast, seed)
        same_games(slow, fast)


@pytest.mark.parametrize("options", VARIANTS)
def test_the_quiet_game_ends_where_the_rules_loop_ends(options: dict[str, Any]) -> None:
    """Issue 24, one source of truth: the same moves and chance moves counted, every
    field, the result, the streams left at the same point, the statistics' columns."""
    check(options, range(8))


def test_the_quiet_game_with_a_tight_deck_and_bank(tmp_path: Path) -> None:
    """Issue 24: the smallest race deck (discards reshuffled, WT 3.7) and a bank that
    runs out (WT 10.3, the game ends early), as the regression digests' tight games."""
    check(tight_options(tmp_path), range(6))


def test_a_game_under_way_is_played_on_from_where_it_stands() -> None:
    """From any moment of any race (windows, tickets, rounds, a Paddock Tip's choice);
    with a simultaneous turn half committed the loop declines and draws nothing."""
    for seed in range(24):
        players = 3 + seed % 3
        state = GAME.new_state(VARIANTS[seed % len(VARIANTS)], players)
        assert isinstance(state, WettenState)
        rng = random.Random(seed)
        for _ in range(rng.randrange(600)):
            if state.is_over:
                break
            step(state, rng)
        slow, fast = state.clone(), state.clone()
        slow_rng, slow_streams = streams(players, seed + 1)
        fast_rng, fast_streams = streams(players, seed + 1)
        if state._pending:
            assert fast_race.play_game(fast, fast_rng, fast_streams) is None
            assert fields(fast) == fields(slow)
            assert fast_rng.getstate() == slow_rng.getstate()
            continue
        assert fast_race.play_game(fast, fast_rng, fast_streams) == rules_loop(
            slow, slow_rng, slow_streams
        )
        assert fields(fast) == fields(slow), seed
        assert slow_rng.getstate() == fast_rng.getstate()
        assert [s.getstate() for s in slow_streams] == [s.getstate() for s in fast_streams]
