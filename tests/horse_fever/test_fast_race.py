"""Horse Fever's fast race (issue 24, the tote board's sampled world): the Race Units
played in one loop draw what the rules loop draws and end where the rules end."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tote.core import CHANCE
from tote.core.registry import get_game
from tote.core.tote_board import estimate, random_policy, rollout
from tote.games.horse_fever.decks import Deck
from tote.games.horse_fever.phases import MOVEMENT, SPRINT
from tote.games.horse_fever.state import HorseFeverState
from tote.games.horse_fever.tote_board import HorseFeverMarkets

GAME = get_game("horse-fever")
MARKETS = HorseFeverMarkets()

VARIANTS: tuple[tuple[int, dict[str, Any]], ...] = (
    (4, {}),
    (3, {"advanced": True}),
    (4, {"mode": "family"}),
    (2, {"length": "short"}),
    (4, {"mode": "party"}),
)
"""The board game, the advanced game (Characters, starred cards), the family game, the
short game and the Party Game."""


class RulesLoopOnly(HorseFeverMarkets):
    """The same markets without the shortcut: every rollout through the rules loop."""

    def play_out(self, world: Any, rng: random.Random) -> bool:
        return False


SLOW = RulesLoopOnly()


def snapshot(state: HorseFeverState) -> dict[str, Any]:
    """Everything the state holds but its event log (which the loop leaves short)."""
    found: dict[str, Any] = {}
    for name, value in vars(state).items():
        if name == "log":
            continue
        if isinstance(value, Deck):
            value = (value.top, value.bottom)
        elif isinstance(value, dict) and any(isinstance(v, Deck) for v in value.values()):
            value = {k: (v.top, v.bottom) for k, v in value.items()}
        found[name] = value
    return found


def positions(players: int, options: dict[str, Any], count: int) -> list[HorseFeverState]:
    """``count`` states of seeded random games, stopped at random moments, most of them
    in a race's betting or running (where the board is asked)."""
    found: list[HorseFeverState] = []
    rng = random.Random(players)
    chosen = GAME.options(options)
    while len(found) < count:
        state = GAME.new_state(chosen, players)
        assert isinstance(state, HorseFeverState)
        stop = rng.randrange(400)
        for step in range(3000):
            turn = state.turn()
            if turn.over:
                break
            racing = state.phase in (MOVEMENT, SPRINT)
            if step >= stop and (racing or rng.random() < 0.3):
                found.append(state.clone())
                break
            if turn.chance:
                state.apply(CHANCE, state.sample_chance(rng))
            else:
                for seat in turn.seats:
                    state.apply(seat, state.random_move(seat, rng))
    return found


def first_bet(players: int, options: dict[str, Any]) -> HorseFeverState:
    """A seeded random game stopped when seat 0 first has a bet to place (the first
    seed whose game gets there)."""
    for seed in range(20):
        state = GAME.new_state(GAME.options(options), players)
        assert isinstance(state, HorseFeverState)
        rng = random.Random(seed)
        while not state.is_over:
            if MARKETS.bets(state, 0):
                return state
            turn = state.turn()
            if turn.chance:
                state.apply(CHANCE, state.sample_chance(rng))
            else:
                for seat in turn.seats:
                    state.apply(seat, state.random_move(seat, rng))
    raise AssertionError(f"seat 0 never bet in 20 games with {options}")


@pytest.mark.parametrize(("players", "options"), VARIANTS)
def test_the_fast_race_ends_where_the_rules_loop_ends(
    players: int, options: dict[str, Any]
) -> None:
    """Issue 24, HF board: from the same world and the same random stream, a rollout
    through the fast race ends in the same state as one through the rules loop (the
    positions, ranking, photo finishes, payoffs, money, VP, odds, history, decks, the
    next round's start), to the race's end and to the game's, and leaves the stream at
    the same point; on every variant. The loop did run (its log is short) in most."""
    raced = 0
    for i, state in enumerate(positions(players, options, 14)):
        for to_game_end in (False, True):
            fast_rng, slow_rng = random.Random(i), random.Random(i)
            fast = rollout(
                state, state.clone(), MARKETS, random_policy, fast_rng, to_game_end=to_game_end
            )
            slow = rollout(
                state, state.clone(), SLOW, random_policy, slow_rng, to_game_end=to_game_end
            )
            assert isinstance(fast, HorseFeverState) and isinstance(slow, HorseFeverState)
            assert snapshot(fast) == snapshot(slow), (i, to_game_end)
            assert fast_rng.random() == slow_rng.random()
            raced += len(fast.log) < len(slow.log)  # the loop ran: no Race Unit events
    assert raced >= 10


def test_the_board_is_the_same_with_or_without_the_shortcut() -> None:
    """Issue 24, HF board: seat 0's board at its first bet, seeded, is the same through
    the fast race as through the rules loop: every chance and every bet's value."""
    for players, options in VARIANTS[:3]:
        state = first_bet(players, options)
        boards = [
            estimate(state, 0, markets, rng=random.Random(5), samples=60, precision=1e-3)
            for markets in (MARKETS, SLOW)
        ]
        fast, slow = (b.to_json() for b in boards)
        for board in (fast, slow):
            board.pop("seconds")
        assert fast == slow
