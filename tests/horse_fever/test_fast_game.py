"""Issue 24, 2: Horse Fever's quiet whole-game loop (``fast_game.play_game``), which ``tote
simulate`` plays when every seat is a random bot, draws from every stream exactly what
the rules loop draws, in the same order, and ends the game in the same state, the log
aside (it keeps the events the simulator's statistics read); on every variant, long
games whose decks run down to the cards put under them, and games under way."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tote.core import CHANCE
from tote.core.registry import get_game
from tote.core.state import Turn
from tote.games.horse_fever import fast_game
from tote.games.horse_fever.race import NO_LANE_EFFECTS, LaneEffects
from tote.games.horse_fever.shared import clockwise_orders, seat_turns
from tote.games.horse_fever.state import HorseFeverState
from tote.sim.games.horse_fever import HorseFeverStats

from ..quiet_games import play_both, rules_loop, streams
from .test_fast_race import snapshot

GAME = get_game("horse-fever")

VARIANTS: tuple[tuple[tuple[int, ...], dict[str, Any]], ...] = (
    ((2, 3, 4, 5), {}),
    ((3, 5), {"advanced": True}),
    ((2, 4, 5), {"mode": "family"}),
    ((2, 4), {"length": "short"}),
    ((3, 4), {"length": "long"}),
    ((4, 5), {"rounds": 20, "any_rounds": True, "advanced": True}),
    ((3, 6, 9), {"mode": "party"}),
    ((2, 5, 12), {"mode": "party", "party_actions": True}),
)
"""The board game at every table size, the advanced game (Characters' skills, starred
cards), the family game, the short and long games, twenty rounds (decks drawn down to
the cards put under them, every Loan taken, players out), the Party Game with and
without its Action cards (simultaneous turns)."""

READ = frozenset(
    {"bet", "payoffs", "dutch_auction", "english_auction", "cannot_cover", "final", "eliminated"}
)
"""The log events the simulator's statistics read (``tote.sim.games.horse_fever``)."""


def fields(state: HorseFeverState) -> dict[str, Any]:
    """Every field but the log (the core's record of a simultaneous turn's seats too:
    the loop plays those turns through the rules)."""
    return snapshot(state)


def same_games(slow: HorseFeverState, fast: HorseFeverState) -> None:
    assert fields(fast) == fields(slow)
    assert fast.result() == slow.result()
    read = [(e.kind, e.public, e.private) for e in slow.log if e.kind in READ]
    assert [(e.kind, e.public, e.private) for e in fast.log if e.kind in READ] == read
    assert HorseFeverStats().columns(fast) == HorseFeverStats().columns(slow)


def new_state(options: dict[str, Any], players: int) -> HorseFeverState:
    state = GAME.new_state(options, players)
    assert isinstance(state, HorseFeverState)
    return state


@pytest.mark.parametrize(("tables", "options"), VARIANTS)
def test_the_quiet_game_ends_where_the_rules_loop_ends(
    tables: tuple[int, ...], options: dict[str, Any]
) -> None:
    """Issue 24, one source of truth: the same moves and chance moves counted, every
    field, the result, the events read, the statistics' columns, the streams left at
    the same point; over many seeds of every table size given."""
    for seed in range(24):
        players = tables[seed % len(tables)]
        slow, fast = new_state(options, players), new_state(options, players)
        play_both(slow, fast, seed)
        same_games(slow, fast)
        assert len(fast.log) < len(slow.log)  # the quiet loop ran


def test_a_game_under_way_is_played_on_from_where_it_stands() -> None:
    """From any moment of any phase (purchases, draws, offers, the lineup, bets,
    race-fixing, the race, auctions, the Party Game's secret turns)."""
    for seed in range(60):
        tables, options = VARIANTS[seed % len(VARIANTS)]
        players = tables[seed % len(tables)]
        state = new_state(options, players)
        rng = random.Random(seed)
        for _ in range(rng.randrange(300)):
            turn = state.turn()
            if turn.over:
                break
            if turn.chance:
                state.apply(CHANCE, state.sample_chance(rng))
            else:
                seat = turn.seats[0]
                state.apply(seat, state.random_move(seat, rng))
        slow, fast = state.clone(), state.clone()
        slow_rng, slow_streams = streams(players, seed + 1)
        fast_rng, fast_streams = streams(players, seed + 1)
        if state._pending:
            continue
        counted = rules_loop(slow, slow_rng, slow_streams)
        assert fast_game.play_game(fast, fast_rng, fast_streams) == counted, seed
        same_games(slow, fast)
        assert slow_rng.getstate() == fast_rng.getstate()
        assert [s.getstate() for s in slow_streams] == [s.getstate() for s in fast_streams]


@pytest.mark.parametrize("party_actions", [False, True])
def test_a_simultaneous_turn_half_committed_is_left_to_the_rules_loop(
    party_actions: bool,
) -> None:
    """PG 0.3, PG 2.1: once one seat has committed its secret move, the loop declines
    (``None``), changes nothing and draws nothing; the simulator never asks it there."""
    state = new_state({"mode": "party", "party_actions": party_actions}, 4)
    rng = random.Random(3)
    while not (state.turn().simultaneous and len(state.turn().seats) > 1):
        turn = state.turn()
        if turn.chance:
            state.apply(CHANCE, state.sample_chance(rng))
        else:
            state.apply(turn.seats[0], state.random_move(turn.seats[0], rng))
    seat = state.turn().seats[0]
    state.apply(seat, state.random_move(seat, rng))
    before = fields(state)
    fast_rng, fast_streams = streams(4, 9)
    assert fast_game.play_game(state, fast_rng, fast_streams) is None
    assert fields(state) == before
    assert fast_rng.getstate() == random.Random(9).getstate()


def test_what_every_state_shares_is_never_changed() -> None:
    """Issue 24: a lane without cards shares ``race.NO_LANE_EFFECTS`` and every state of
    a player count shares its seats' turns and clockwise orders (``shared.py``); games of
    every variant through both loops leave them as they were made."""
    for tables, options in VARIANTS:
        for seed in range(3):
            players = tables[seed % len(tables)]
            play_both(new_state(options, players), new_state(options, players), seed)
    assert LaneEffects() == NO_LANE_EFFECTS
    for players in range(2, 13):
        assert seat_turns(players) == tuple(Turn(seats=(s,)) for s in range(players))
        assert clockwise_orders(players) == tuple(
            tuple((start + k) % players for k in range(players)) for start in range(players)
        )
