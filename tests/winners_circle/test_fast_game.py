"""Issue 24, 2: Winner's Circle's quiet whole-game loop (``fast_game``), which ``tote
simulate`` plays when every seat is a random bot, draws from every stream exactly what
the rules loop draws, in the same order, and ends the game in the same state, log
events it does not write aside; on every variant and option the race reads."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tote.core import CHANCE
from tote.games.winners_circle import fast_game
from tote.games.winners_circle.state import WinnersCircleState

from ..quiet_games import rules_loop, streams
from .test_fast_race import FIELDS, VARIANTS
from .wc_helpers import new_state

ALL_FIELDS = (*FIELDS, "set_aside", "card_id_of", "chip_set", "first_bettor_candidates")


@pytest.mark.parametrize("options", VARIANTS)
def test_the_quiet_game_ends_where_the_rules_loop_ends(options: dict[str, Any]) -> None:
    for seed in range(12):
        players = 2 + seed % 5
        slow, fast = new_state(players, **options), new_state(players, **options)
        slow_rng, slow_streams = streams(players, seed)
        fast_rng, fast_streams = streams(players, seed)
        counted = rules_loop(slow, slow_rng, slow_streams)
        assert fast.play_random(fast_rng, fast_streams) == counted
        for name in ALL_FIELDS:
            assert getattr(fast, name) == getattr(slow, name), (seed, name)
        assert fast.result() == slow.result()
        assert slow_rng.getstate() == fast_rng.getstate()
        for a, b in zip(slow_streams, fast_streams, strict=True):
            assert a.getstate() == b.getstate()
        kept = [e for e in slow.log if e.kind not in fast_game.QUIET_EVENTS]
        assert [(e.kind, e.public, e.private) for e in fast.log] == [
            (e.kind, e.public, e.private) for e in kept
        ]
        assert len(kept) < len(slow.log)  # the quiet loop did leave events out


def test_a_game_under_way_is_played_on_from_where_it_stands() -> None:
    """From any phase of any race (mid-bets, a die rolled, between races)."""
    for seed in range(30):
        players = 2 + seed % 5
        options = VARIANTS[seed % len(VARIANTS)]
        state = new_state(players, **options)
        rng, seat_streams = streams(players, seed)
        for _ in range(random.Random(seed).randrange(400)):
            turn = state.turn()
            if turn.over:
                break
            if turn.chance:
                state.apply(CHANCE, state.sample_chance(rng))
            else:
                seat = turn.seats[0]
                state.apply(seat, state.random_move(seat, seat_streams[seat]))
        slow, fast = state.clone(), state.clone()
        assert isinstance(fast, WinnersCircleState)
        slow_rng, fast_rng = random.Random(seed + 1), random.Random(seed + 1)
        slow_streams = [random.Random(s) for s in range(players)]
        fast_streams = [random.Random(s) for s in range(players)]
        assert fast_game.play_game(fast, fast_rng, fast_streams) == rules_loop(
            slow, slow_rng, slow_streams
        )
        for name in ALL_FIELDS:
            assert getattr(fast, name) == getattr(slow, name), (seed, name)
        assert slow_rng.getstate() == fast_rng.getstate()
        assert [s.getstate() for s in slow_streams] == [s.getstate() for s in fast_streams]
