"""Wits & Wagers' faster paths (issue 24) draw what the rules draw and end where they end:
the clone that shares the question pack, and the tote board's quick sample."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from tote.core import CHANCE
from tote.core.tote_board import estimate, random_policy, rollout
from tote.games.wits_and_wagers import GAME
from tote.games.wits_and_wagers.state import WitsAndWagersState
from tote.games.wits_and_wagers.tote_board import WitsAndWagersMarkets

MARKETS = GAME.markets
assert isinstance(MARKETS, WitsAndWagersMarkets)

VARIANTS: list[dict[str, Any]] = [
    {},
    {"betting": "secret"},
    {"chip_back_in_points": True},
    {"betting": "secret", "chip_back_in_points": True},
]
"""Every option the betting, its draws or its payout reads."""

FIELDS = (
    *("unasked", "points", "bank_paid", "bank_collected", "number", "question", "phase"),
    *("guesses", "mat", "bets", "locked", "history", "answer", "current", "_pending"),
)


class RulesLoopOnly(WitsAndWagersMarkets):
    """The same markets without the shortcut: every sample through the rules loop."""

    def quick_sampler(self, *args: Any) -> None:
        return None


SLOW = RulesLoopOnly()


def play(state: WitsAndWagersState, rng: random.Random, moves: int) -> None:
    """Up to ``moves`` random moves (chance from ``rng``), stopping at the game's end."""
    for _ in range(moves):
        turn = state.turn()
        if turn.over:
            return
        if turn.chance:
            state.apply(CHANCE, state.sample_chance(rng))
        else:
            state.apply(turn.seats[0], state.random_move(turn.seats[0], rng))


def positions(options: dict[str, Any], count: int, seed: int) -> list[WitsAndWagersState]:
    """``count`` states of seeded random games, 2 to 7 seats, at random moments."""
    found = []
    rng = random.Random(seed)
    while len(found) < count:
        players = 4 + len(found) % 4
        state = GAME.new_state(options, players)
        assert isinstance(state, WitsAndWagersState)
        play(state, rng, rng.randrange(120))
        if not state.is_over:
            found.append(state)
    return found


@pytest.mark.parametrize("options", VARIANTS)
def test_a_clone_plays_on_as_a_deep_copy_and_shares_the_pack(options: dict[str, Any]) -> None:
    """Issue 24, clones: from positions of seeded games, a clone and a deep copy played
    on with the same stream to the game's end reach the same state (every field, every
    seat's view, the log); the original is unchanged; the clone shares the question
    pack instead of copying it."""
    for i, state in enumerate(positions(options, 10, seed=len(str(options)))):
        before = [state.view(s) for s in (None, *range(state.num_players))]
        cloned, copied = state.clone(), copy.deepcopy(state)
        assert cloned.bank is state.bank
        play(cloned, random.Random(i), 10_000)
        play(copied, random.Random(i), 10_000)
        for name in FIELDS:
            assert getattr(cloned, name) == getattr(copied, name), (i, name)
        assert cloned.log == copied.log
        for seat in (None, *range(state.num_players)):
            assert cloned.view(seat) == copied.view(seat)
        assert [state.view(s) for s in (None, *range(state.num_players))] == before


@pytest.mark.parametrize("options", VARIANTS)
def test_a_quick_sample_is_the_general_paths_sample(options: dict[str, Any]) -> None:
    """Issue 24 (one source of truth): the board's quick sample (an answer drawn from
    the belief, other seats' bets drawn, the winning slot read) equals, for the same
    random stream, a world drawn by ``sample_world``, rolled out by the rules loop and
    read by ``outcomes`` and ``payoffs``, and leaves the stream at the same point; for
    the seat to bet, another seat and a spectator, at every moment of the betting."""
    compared = 0
    for i, state in enumerate(positions(options, 40, seed=11 + len(str(options)))):
        for seat in (*state.turn().seats[:1], (i + 1) % state.num_players, None):
            bets = MARKETS.bets(state, seat)
            sampler = MARKETS.quick_sampler(state, seat, bets)
            if sampler is None:
                assert state.phase != "bet"
                continue
            for k in range(3):
                quick_rng, slow_rng = random.Random(100 * i + k), random.Random(100 * i + k)
                quick = sampler(quick_rng)
                world = state.sample_world(seat, slow_rng, log=False)
                end = rollout(state, world, SLOW, random_policy, slow_rng)
                assert quick == (
                    MARKETS.outcomes(state, end),
                    MARKETS.payoffs(state, end, seat, bets),
                )
                assert quick_rng.random() == slow_rng.random()
                compared += 1
    assert compared >= 60


def test_the_board_is_the_same_with_or_without_the_shortcut() -> None:
    """Issue 24: a secret-betting board with a commitment made, with and without the
    quick sample, for the same seed: the same samples, chances and bet values."""
    for options in VARIANTS:
        state = GAME.new_state(options, 4)
        rng = random.Random(5)
        while state.phase != "bet":
            play(state, rng, 1)
        play(state, rng, 1)
        seat = state.turn().seats[0]
        fast = estimate(state, seat, MARKETS, rng=random.Random(3), samples=300)
        slow = estimate(state, seat, SLOW, rng=random.Random(3), samples=300)
        assert fast.samples == slow.samples
        assert fast.markets == slow.markets
        assert [b.ev for b in fast.bets] == [b.ev for b in slow.bets]


def test_the_views_teams_are_the_teams_dump() -> None:
    """Issue 24: the view's teams, built without pydantic, are ``Team.model_dump()``
    (values, key order and types), with and without ages."""
    teams = [
        {"name": "Reds", "members": [{"name": "Ann", "age": 9}, {"name": "Bo"}]},
        {"name": "Blues", "members": [{"name": "Cy"}, {"name": "Di", "age": 40}]},
    ]
    for options in ({}, {"teams": teams}):
        state = GAME.new_state(options, 2 if options else 4)
        assert isinstance(state, WitsAndWagersState)
        expected = [team.model_dump() for team in state.teams]
        found = state.view(0)["state"]["teams"]
        assert found == expected
        assert [list(t) for t in found] == [list(t) for t in expected]
        assert [type(t["members"]) for t in found] == [type(t["members"]) for t in expected]
