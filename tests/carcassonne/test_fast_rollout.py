"""Issue 24 (one source of truth): the tote board's tight rollout loop of
:mod:`tote.games.carcassonne.fast_rollout` draws exactly what the rules loop draws, in the
same order, and ends in the same state with the same outcomes and payoffs, on every
variant (base, The River, The Abbot, The Bets' rulings options)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tote.core import CHANCE
from tote.core.tote_board import random_policy, rollout
from tote.games.carcassonne import GAME
from tote.games.carcassonne.fast_rollout import decided_nodes, play_to_horizon
from tote.games.carcassonne.state import CarcassonneState
from tote.games.carcassonne.tote_board import office_tiles

from ..properties import all_views

MARKETS = GAME.markets
assert MARKETS is not None

VARIANTS: list[dict[str, Any]] = [
    {},
    {"bets": False},
    {"river": True},
    {"abbot": True},
    {"river": True, "abbot": True},
    {"settle_unoccupied": False},
    {"finished_scope": "board"},
    {"final_chooser": "chip_owner"},
    {"pay_without_meeple": False},
]


def positions(options: dict[str, Any], seed: int, players: int) -> list[CarcassonneState]:
    """Every 15th position of a seeded random game, and every one with bets open."""
    state = GAME.new_state(options, players)
    assert isinstance(state, CarcassonneState)
    rng = random.Random(seed)
    found = []
    moves = 0
    while not state.is_over:
        if moves % 15 == 0 or state.phase == "bet":
            found.append(state.clone())
        turn = state.turn()
        if turn.chance:
            state.apply(CHANCE, state.sample_chance(rng))
        else:
            state.apply(turn.seats[0], state.random_move(turn.seats[0], rng))
        moves += 1
    return found


def positions_seen(state: CarcassonneState) -> list[dict[str, Any]]:
    """Every seat's and a spectator's view, without the log (a quiet world writes none)."""
    return [state.view(s, log=False) for s in (None, *range(state.num_players))]


def rules_to_end(world: CarcassonneState, rng: random.Random) -> None:
    while not world.is_over:
        turn = world.turn()
        if turn.chance:
            world.apply_unchecked(CHANCE, world.sample_chance(rng), turn)
        else:
            seat = turn.seats[0]
            world.apply_unchecked(seat, world.random_move(seat, rng), turn)


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: ",".join(map(str, o.items())) or "base")
def test_fast_rollout_matches_the_rules_loop(options: dict[str, Any]) -> None:
    """Issue 24, one source of truth: from positions all through seeded games, the
    board's rollout (to its horizon) and a rollout to the game's end end in the same
    views (logs included), with the random stream in the same place, and the quick
    sampler returns the general path's outcomes and payoffs; a quiet world (no log
    entries) ends in the same position."""
    for seed in range(1):
        for n, start in enumerate(positions(options, seed, 3 + seed)):
            seat = n % start.num_players
            general_rng, fast_rng = random.Random(n), random.Random(n)
            world = start.sample_world(seat, general_rng, log=False)
            end = rollout(start, world, MARKETS, random_policy, general_rng)
            fast = start.sample_world(seat, fast_rng, log=False)
            assert isinstance(fast, CarcassonneState)
            play_to_horizon(fast, fast_rng, decided_nodes(start, office_tiles(start)))
            assert all_views(fast) == all_views(end)
            assert fast_rng.getstate() == general_rng.getstate()

            bets = MARKETS.bets(start, seat)
            sampler = MARKETS.quick_sampler(start, seat, bets)
            assert sampler is not None
            again = random.Random(n)
            quick = sampler(again)
            assert quick == (MARKETS.outcomes(start, end), MARKETS.payoffs(start, end, seat, bets))
            assert again.getstate() == general_rng.getstate()

            if n % 4 == 0:
                general_rng, fast_rng = random.Random(n), random.Random(n)
                world, fast = start.clone(), start.clone()
                assert isinstance(world, CarcassonneState) and isinstance(fast, CarcassonneState)
                rules_to_end(world, general_rng)
                play_to_horizon(fast, fast_rng, [[]])
                assert all_views(fast) == all_views(world)
                assert fast_rng.getstate() == general_rng.getstate()

                quiet_rng, quiet = random.Random(n), start.clone()
                assert isinstance(quiet, CarcassonneState)
                quiet.quiet = True
                play_to_horizon(quiet, quiet_rng, [[]])
                assert positions_seen(quiet) == positions_seen(world)
                assert quiet_rng.getstate() == general_rng.getstate()
