"""Wetten!'s fast race (issue 24): the tote board's shortcut through the rest of a race
draws what the rules loop draws and ends where the rules end, on every variant."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tote.core import CHANCE
from tote.core.tote_board import estimate, random_policy, rollout
from tote.games.wetten import GAME, fast_race
from tote.games.wetten.state import WettenState
from tote.games.wetten.tote_board import WettenMarkets

MARKETS = GAME.markets
assert isinstance(MARKETS, WettenMarkets)

VARIANTS: list[dict[str, Any]] = [
    {},
    {"pro_rules": "none"},
    {"pro_rules": "from_race_4"},
    {"unlimited_bank": True},
    {"track_by_players": True, "top_up": "gift_minimum"},
    {"track_length": 12, "pro_rules": "from_race_4"},
]
"""The rulebook's game (Pro-Rule "No chance..." in every race), beginners, "Make it
professional!", the unlimited bank, the track by player count with the other top-up
reading, and a short track (races end in few rounds, the game reaches its end)."""

UNREAD = frozenset({"log", "_waiting"})
"""What the fast race may leave differently: the log's ``committed`` entries, and the
core's record of the seats awaited in a simultaneous turn that has been resolved."""


class RulesLoopOnly(WettenMarkets):
    """The same markets without the shortcut: every rollout through the rules loop."""

    def play_out(self, world: Any, rng: random.Random) -> bool:
        return False

    def quick_sampler(self, state: Any, seat: int | None, bets: Any) -> None:
        return None


SLOW = RulesLoopOnly()


def positions(options: dict[str, Any], count: int, seed: int) -> list[WettenState]:
    """``count`` states of seeded random games of 3 to 5 players with ``options``,
    stopped at random moments (windows, tickets, rounds half committed, resolutions)."""
    found = []
    rng = random.Random(seed)
    while len(found) < count:
        state = GAME.new_state(options, 3 + len(found) % 3)
        assert isinstance(state, WettenState)
        for _ in range(rng.randrange(400)):
            if state.is_over:
                break
            step(state, rng)
        if not state.is_over:
            found.append(state)
    return found


def step(state: WettenState, rng: random.Random) -> None:
    """One random move (or chance event) through the checked rules."""
    turn = state.turn()
    actor = CHANCE if turn.chance else turn.seats[0]
    state.apply(actor, state.sample_chance(rng) if turn.chance else state.random_move(actor, rng))


def fields(state: WettenState) -> dict[str, Any]:
    return {k: v for k, v in state.__dict__.items() if k not in UNREAD}


@pytest.mark.parametrize("options", VARIANTS)
def test_the_fast_race_ends_where_the_rules_loop_ends(options: dict[str, Any]) -> None:
    """Issue 24, one source of truth: from the same world and the same random stream, a
    rollout through the fast race ends in the same state as one through the rules loop
    (tickets, cards, windows, action cards, places, payout, money, the next race's deal),
    to the race's end and to the game's, and leaves the stream at the same point."""
    for i, state in enumerate(positions(options, 10, seed=len(str(options)))):
        for to_game_end in (False, True):
            fast_rng, slow_rng = random.Random(i), random.Random(i)
            fast = rollout(
                state, state.clone(), MARKETS, random_policy, fast_rng, to_game_end=to_game_end
            )
            slow = rollout(
                state, state.clone(), SLOW, random_policy, slow_rng, to_game_end=to_game_end
            )
            assert isinstance(fast, WettenState) and isinstance(slow, WettenState)
            assert fields(fast) == fields(slow), (i, to_game_end)
            assert fast_rng.random() == slow_rng.random()


@pytest.mark.parametrize("options", VARIANTS[:3])
def test_sampled_worlds_end_where_the_rules_loop_ends(options: dict[str, Any]) -> None:
    """Issue 24: worlds drawn for a seat (hidden hands, piles, tickets redrawn, secret
    commitments redrawn) end the same both ways, for the seat, another and a spectator."""
    for i, state in enumerate(positions(options, 6, seed=50 + len(str(options)))):
        for seat in (0, 1, None):
            world = state.sample_world(seat, random.Random(i), log=False)
            fast_rng, slow_rng = random.Random(i), random.Random(i)
            fast = rollout(state, world.clone(), MARKETS, random_policy, fast_rng)
            slow = rollout(state, world.clone(), SLOW, random_policy, slow_rng)
            assert isinstance(fast, WettenState) and isinstance(slow, WettenState)
            assert fields(fast) == fields(slow), (i, seat)
            assert fast_rng.random() == slow_rng.random()


def test_the_board_is_the_same_with_or_without_the_shortcut() -> None:
    """Issue 24: seat 0's board at its first bet, with and without the fast race, for
    the same seed: the same samples, chances and bet values."""
    state = GAME.new_state({}, 4)
    rng = random.Random(0)
    while not MARKETS.bets(state, 0):
        step(state, rng)
    fast = estimate(state, 0, MARKETS, rng=random.Random(3), samples=200, precision=1e-9)
    slow = estimate(state, 0, SLOW, rng=random.Random(3), samples=200, precision=1e-9)
    assert fast.samples == slow.samples == 200
    assert fast.markets == slow.markets
    assert [b.ev for b in fast.bets] == [b.ev for b in slow.bets]


def test_no_shortcut_with_a_simultaneous_turn_half_committed() -> None:
    """Issue 24: with some seats' secret tickets committed, the fast race declines and
    draws nothing; the rules loop commits the rest."""
    state = GAME.new_state({}, 3)
    rng = random.Random(1)
    while not state._pending:
        step(state, rng)
    before = fields(state)
    stream = random.Random(2)
    assert not fast_race.play_race(state, stream)
    assert fields(state) == before
    assert stream.random() == random.Random(2).random()


def test_one_bet_is_race_winnings_of_tickets_holding_that_bet() -> None:
    """Issue 24: a board bet's winnings, worked out directly, are what the payout rules
    (WT 10.1-10.2) find on tickets holding that one bet, for either ticket, marked or
    not, on places with ties and unplaced horses."""
    from tote.games.wetten.payout import SECOND_BET, SET_THE_STAKES, race_winnings
    from tote.games.wetten.tote_board import RacePaid

    rng = random.Random(5)
    for _ in range(300):
        n = rng.randrange(3, 6)
        places: list[int | None] = [rng.choice((1, 2, 2, 3, 4, None)) for _ in range(4)]
        race = RacePaid(places, [{}] * n, [{}] * n, [None] * n, [None] * n, None)
        seat, cell = rng.randrange(n), (rng.randrange(4), rng.randrange(1, 5))
        stake, marked = 1000 * rng.randrange(1, 4), rng.random() < 0.5
        for kind in (SET_THE_STAKES, SECOND_BET):
            ticket: list[dict[tuple[int, int], int]] = [{} for _ in range(n)]
            ticket[seat] = {cell: stake}
            empty: list[dict[tuple[int, int], int]] = [{} for _ in range(n)]
            marks: list[tuple[int, int] | None] = [None] * n
            if kind == SET_THE_STAKES:
                expected = race_winnings(ticket, empty, places, marks, marks)
            else:
                raised = list(marks)
                raised[seat] = cell if marked else None
                expected = race_winnings(empty, ticket, places, marks, raised)
            assert race.one_bet(seat, kind, cell, stake, marked and kind == SECOND_BET) == (
                expected
            )


def test_a_bet_on_a_rich_bank_is_valued_as_the_payout_pays_it() -> None:
    """Issue 24, WT 10.1 and ruling 14: a bet's value worked out directly where the bank
    covers every win is what the payout's order (``pay_order``) gives, on random races
    with rich, tight and unlimited banks, both tickets, Long Odds marks, "No chance..."
    marks and total_won equal to the sum of the race's winnings."""
    from tote.core.tote_board import BetChoice
    from tote.games.wetten.moves import Bet, Cell, SecondBet, SetTheStakes
    from tote.games.wetten.tote_board import RacePaid, _bet_values_paid, bet_values

    names = ("A", "B", "C", "D")
    index = {name: h for h, name in enumerate(names)}
    rng = random.Random(7)
    for _ in range(400):
        n = rng.randrange(3, 6)
        places: list[int | None] = [rng.choice((1, 2, 2, 3, 4)) for _ in range(4)]

        def ticket() -> dict[tuple[int, int], int]:
            cells = rng.sample([(h, p) for h in range(4) for p in range(1, 5)], 3)
            return {c: 1000 * rng.randrange(1, 3) for c in cells[: rng.randrange(4)]}

        stakes = [ticket() for _ in range(n)]
        second = [ticket() for _ in range(n)]
        no_chance = [rng.choice([None, *s]) if s else None for s in stakes]
        long_odds = [rng.choice([None, *s]) if s else None for s in second]
        reserve = rng.choice((None, 0, 4000, 20000, 200000))
        race = RacePaid(places, stakes, second, no_chance, long_odds, reserve)
        assert race.total_won() == sum(w.amount for w in race.wins())
        bets = [
            BetChoice(f"{h}{p}", "", move)
            for h, name in enumerate(names)
            for p in range(1, 5)
            for move in (
                SetTheStakes((Bet(name, p, 1000),)),
                SecondBet((Bet(name, p, 2000),)),
                SecondBet((Bet(name, p, 1000),), Cell(name, p)),
            )
        ]
        seat = rng.randrange(n)
        assert bet_values(race, seat, bets, index) == _bet_values_paid(race, seat, bets, index)


@pytest.mark.parametrize("options", VARIANTS)
def test_the_quick_sampler_gives_the_general_paths_board(options: dict[str, Any]) -> None:
    """Issue 24: the board's quick sampler (the world's race stopped where the payout
    begins, read from the tickets) gives the board the general path gives (a world, the
    rules loop, the payout's record), sample for sample, for the seat to bet, another
    seat and a spectator, at positions in every stage of a race."""
    found = positions(options, 6, seed=90 + len(str(options)))
    for i, state in enumerate(list(found)):
        betting = state.clone()  # on to a moment with bets of seat 0's (a ticket, a window)
        rng = random.Random(i)
        while not betting.is_over and not MARKETS.bets(betting, 0):
            step(betting, rng)
        if not betting.is_over:
            found.append(betting)
    for i, state in enumerate(found):
        for seat in (0, 1, None):
            fast = estimate(state, seat, MARKETS, rng=random.Random(i), samples=24, precision=1e-9)
            slow = estimate(state, seat, SLOW, rng=random.Random(i), samples=24, precision=1e-9)
            assert fast.markets == slow.markets, (i, seat)
            assert [b.to_json() for b in fast.bets] == [b.to_json() for b in slow.bets]
            assert fast.samples == slow.samples
