"""Winner's Circle's fast race (issue 12, 2): the tote board's shortcut through the bets
and the race draws what the rules loop draws and ends where the rules end."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from tote.core import CHANCE
from tote.core.tote_board import estimate, random_policy, rollout
from tote.games.winners_circle import GAME, fast_race
from tote.games.winners_circle import bets as betting
from tote.games.winners_circle.payout import Bet, settle
from tote.games.winners_circle.state import WinnersCircleState
from tote.games.winners_circle.tote_board import WinnersCircleMarkets, chip_values

from .wc_helpers import HORSES, TABLE, new_state, prepare

MARKETS = GAME.markets
assert isinstance(MARKETS, WinnersCircleMarkets)

VARIANTS: list[dict[str, Any]] = [
    {},
    {"hidden_bets": True},
    {"crowded_field": True},
    {"crowded_field": True, "last_place_tie": "least_recent"},
    {"alternative_payouts": True, "starting_money": 300},
    {"royal_turf": True, "hidden_bets": True},
    # A die without heads or saddles: two faces with no share, which the race loop's
    # comparisons must skip as running.sample_die does (issue 24).
    {
        "data_changes": {
            "horse_cards.die.faces.head": 0,
            "horse_cards.die.faces.saddle": 0,
            "horse_cards.die.faces.shoe": 2,
        }
    },
]
"""Every variant (WC 6.1-6.4) and option the race or its payout reads, and a die with
faces that never show."""

FIELDS = (
    *("race", "phase", "money", "history", "deck", "bets", "chips", "progress", "space_at"),
    *("face_up", "face_up_count", "finished", "pace_horse", "last_moved", "moves_made"),
    *("roller", "rolled", "first_bettor", "gates", "card_of"),
)


class RulesLoopOnly(WinnersCircleMarkets):
    """The same markets without the shortcuts: every rollout through the rules loop."""

    def play_out(self, world: Any, rng: random.Random) -> bool:
        return False

    def quick_sampler(self, *args: Any) -> None:
        return None


SLOW = RulesLoopOnly()


def positions(options: dict[str, Any], count: int, seed: int) -> list[WinnersCircleState]:
    """``count`` states of seeded random games with ``options``, stopped at random moments
    of any race and phase (the betting, the running, between races)."""
    found = []
    rng = random.Random(seed)
    while len(found) < count:
        state = new_state(3 + len(found) % 3, **options)
        for _ in range(rng.randrange(250)):
            turn = state.turn()
            if turn.over:
                break
            actor = CHANCE if turn.chance else turn.seats[0]
            move = state.sample_chance(rng) if turn.chance else state.random_move(actor, rng)
            state.apply(actor, move)
        if not state.is_over:
            found.append(state)
    return found


@pytest.mark.parametrize("options", VARIANTS)
def test_the_fast_race_ends_where_the_rules_loop_ends(options: dict[str, Any]) -> None:
    """Issue 12, 2: from the same world and the same random stream, a rollout through
    the fast race ends in the same state as one through the rules loop (bets laid,
    finish, pace horse, payout, money, the next race's start), to the race's end and to
    the game's, and leaves the stream at the same point."""
    for i, state in enumerate(positions(options, 12, seed=len(str(options)))):
        for to_game_end in (False, True):
            fast_rng, slow_rng = random.Random(i), random.Random(i)
            fast = rollout(
                state, state.clone(), MARKETS, random_policy, fast_rng, to_game_end=to_game_end
            )
            slow = rollout(
                state, state.clone(), SLOW, random_policy, slow_rng, to_game_end=to_game_end
            )
            for name in FIELDS:
                assert getattr(fast, name) == getattr(slow, name), (i, to_game_end, name)
            assert fast_rng.random() == slow_rng.random()


@pytest.mark.parametrize("options", VARIANTS)
def test_a_quick_sample_is_the_general_paths_sample(options: dict[str, Any]) -> None:
    """Issue 12, 2: the board's quick sample (hidden chips redrawn, race run, outcomes
    and chip values read) equals, for the same random stream, a world drawn by
    ``sample_world``, rolled out by the rules loop and read by ``outcomes`` and
    ``payoffs``; for the bettor, another seat and a spectator."""
    compared = 0
    for i, state in enumerate(positions(options, 12, seed=7 + len(str(options)))):
        for seat in (0, 1, None):
            bets = MARKETS.bets(state, seat)
            sampler = MARKETS.quick_sampler(state, seat, bets)
            if sampler is None:
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
    assert compared >= 30


def test_the_board_is_the_same_with_or_without_the_shortcuts() -> None:
    """Issue 12, 2: a Hidden Bets board mid-betting, with and without the shortcuts, for
    the same seed: the same samples, chances and chip values."""
    state = new_state(3, hidden_bets=True)
    prepare(state)
    state.apply(0, MARKETS.bets(state, 0)[3].move)  # type: ignore[arg-type]
    state.apply(1, MARKETS.bets(state, 1)[5].move)  # type: ignore[arg-type]
    fast = estimate(state, 2, MARKETS, rng=random.Random(3), samples=400)
    slow = estimate(state, 2, SLOW, rng=random.Random(3), samples=400)
    assert fast.samples == slow.samples == 400
    assert fast.markets == slow.markets
    assert [b.ev for b in fast.bets] == [b.ev for b in slow.bets]


@pytest.mark.parametrize("options", VARIANTS[:4])
def test_the_fast_races_win_chances_agree_with_the_rules_loops(options: dict[str, Any]) -> None:
    """Issue 12, 2: over independent seeds, each horse's share of wins from 600 fast
    races agrees with its share from 600 races through the rules loop, within three
    standard errors of the difference, at the start of the running and mid-race."""
    for i, state in enumerate(positions(options, 2, seed=11)):
        while state.phase not in fast_race.FAST_PHASES:  # up to the bets or the running
            turn = state.turn()
            actor = CHANCE if turn.chance else turn.seats[0]
            rng = random.Random(i)
            move = state.sample_chance(rng) if turn.chance else state.random_move(actor, rng)
            state.apply(actor, move)
        runs = 600
        shares = []
        for markets, seed in ((MARKETS, 1), (SLOW, 2)):
            rng = random.Random(seed)
            wins = dict.fromkeys(HORSES, 0)
            for _ in range(runs):
                end = rollout(state, state.clone(), markets, random_policy, rng)
                assert isinstance(end, WinnersCircleState)
                wins[str(end.history[state.race - 1]["win"])] += 1
            shares.append({h: n / runs for h, n in wins.items()})
        fast, slow = shares
        for horse in HORSES:
            pooled = max((fast[horse] + slow[horse]) / 2, 0.01)
            tolerance = 3 * math.sqrt(pooled * (1 - pooled) * 2 / runs)
            assert abs(fast[horse] - slow[horse]) <= tolerance, (i, horse, fast, slow)


def test_chip_values_are_settles_difference() -> None:
    """WC 5.1-5.5: on random race ends (bets, finish, last horses, pace horse, money,
    multiplier, Alternative Payouts), each chip's value is the seat's money settled with
    the chip minus its money settled without it."""
    rng = random.Random(4)
    for _ in range(400):
        players = rng.randrange(3, 7)
        final = [
            Bet(seat, horse, rng.choice((0, 1, 1, 2)))
            for seat in range(players)
            for horse in rng.sample(range(7), rng.randrange(5))
        ]
        order = rng.sample(range(7), 7)
        placed, last = order[:3], order[3 : 3 + rng.randrange(1, 3)]
        pace = rng.choice([None, *order[:5]])
        money = [rng.choice((0, 0, 100, 250, 1000)) for _ in range(players)]
        multiplier, alternative = rng.choice((1, 2)), rng.random() < 0.5
        seat = rng.randrange(players)
        chips = [(horse, chip) for horse in range(7) for chip in (0, 1, 2)]

        settled = [
            settle(final + extra, placed, last, pace, money, TABLE, multiplier, alternative)[0]
            for extra in ([], *([Bet(seat, h, c)] for h, c in chips))
        ]
        expected = [float(paid[seat] - settled[0][seat]) for paid in settled[1:]]
        laid = [(b.seat, b.horse, b.chip) for b in final]
        values = chip_values(
            laid, placed, last, pace, money[seat], TABLE, multiplier, alternative, seat, chips
        )
        assert values == expected


def test_no_shortcut_before_the_gates_are_drawn() -> None:
    """Issue 12, 2: before the seven horses are on their gates (WC 2) the shortcuts
    decline and draw nothing; the rules loop plays on."""
    state = new_state(3)
    rng = random.Random(0)
    assert MARKETS.quick_sampler(state, 0, []) is None
    assert not fast_race.play_race(state.clone(), rng)
    assert rng.random() == random.Random(0).random()


def test_a_hands_legal_chips_are_its_distinct_chips_in_order() -> None:
    """WC 3.2-3.3 (issue 24): the table the fast loop reads a hand's legal chips from
    holds, for every hand a player can hold, its distinct chips in order (the order of
    ``bets.legal_bets`` within a horse), each with the hand left once it is laid."""
    for chip_set in ((1, 1, 2), (0, 1, 1, 2)):
        choices = fast_race.chip_choices(chip_set)
        hands = {
            tuple(sorted(chip_set[i] for i in range(len(chip_set)) if mask >> i & 1))
            for mask in range(1 << len(chip_set))
        }
        assert set(choices) == hands
        for hand, kinds in choices.items():
            assert [chip for chip, _ in kinds] == sorted(set(hand))
            for chip, rest in kinds:
                left = list(hand)
                left.remove(chip)
                assert rest == tuple(left)


def test_the_betting_plan_is_the_rules_order_of_bettors_and_open_horses() -> None:
    """WC 3.2-3.4 (issue 24): the plan a board builds once holds the bettor of every chip
    still to be laid, clockwise from the next bettor, and each seat's horses without its
    chip; mid-betting, with chips of several seats laid."""
    checked = 0
    for state in positions({}, 60, seed=5):
        if state.phase != "bets":
            continue
        checked += 1
        plan = fast_race.betting(state)
        assert len(plan.seats) == state.rounds * state.num_players - len(state.bets)
        if plan.seats:
            assert plan.seats[0] == betting.bettor(state)
        for seat in range(state.num_players):
            taken = {b.horse for b in state.bets if b.seat == seat}
            assert plan.open_horses[seat] == tuple(h for h in range(7) if h not in taken)
    assert checked >= 4
