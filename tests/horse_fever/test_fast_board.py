"""Horse Fever's quick board sample (issue 24, the tote board's sampled world): drawn,
played out and valued in one loop, it is world by world the general path's sample."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tote.core import CHANCE
from tote.core.registry import get_game
from tote.core.tote_board import estimate, random_policy, rollout
from tote.games.horse_fever.phases import FIRST_BET, RACE_FIXING, SECOND_BET
from tote.games.horse_fever.state import HorseFeverState
from tote.games.horse_fever.tote_board import HorseFeverMarkets

from .test_fast_race import VARIANTS, first_bet, positions

MARKETS = HorseFeverMarkets()
GAME = get_game("horse-fever")
BETTING = (FIRST_BET, RACE_FIXING, SECOND_BET)


def betting_positions(players: int, options: dict[str, Any], count: int) -> list[HorseFeverState]:
    """``count`` states of seeded random games in the betting (HF 2.1-2.3), a third
    each in the first bet, the race-fixing and the second bet as far as games give them."""
    found: list[HorseFeverState] = []
    rng = random.Random(10 + players)
    for _ in range(200):
        if len(found) >= count:
            break
        state = GAME.new_state(GAME.options(options), players)
        assert isinstance(state, HorseFeverState)
        wanted = BETTING[len(found) % 3]
        for _ in range(3000):
            turn = state.turn()
            if turn.over:
                break
            if state.phase == wanted and rng.random() < 0.5:
                found.append(state.clone())
                break
            if turn.chance:
                state.apply(CHANCE, state.sample_chance(rng))
            else:
                for seat in turn.seats:
                    state.apply(seat, state.random_move(seat, rng))
    return found


class GeneralPathOnly(HorseFeverMarkets):
    """The same markets without the shortcuts: every world sampled and rolled out
    through the rules loop."""

    def play_out(self, world: Any, rng: random.Random) -> bool:
        return False

    def quick_sampler_with_others(self, *args: Any) -> None:
        return None


SLOW = GeneralPathOnly()


def general_sample(
    state: HorseFeverState, seat: int | None, bets: Any, rng: random.Random
) -> tuple[dict[str, str], list[float], list[list[float]]]:
    world = state.sample_world(seat, rng, log=False)
    end = rollout(state, world, SLOW, random_policy, rng)
    danari, others = SLOW.payoffs_with_others(state, end, seat, bets)
    return SLOW.outcomes(state, end), danari, others


@pytest.mark.parametrize(("players", "options"), VARIANTS)
def test_a_quick_sample_is_the_general_paths_sample(players: int, options: dict[str, Any]) -> None:
    """Issue 24, HF board: for the same random stream the quick sample (hidden cards
    redealt, bets, race-fixing and race played on plain lists, bets valued) equals a
    world drawn by ``sample_world``, rolled out by the rules loop and read by
    ``outcomes`` and ``payoffs_with_others``, and leaves the stream at the same point;
    for the bettor, another seat and a spectator, in the betting and in the race."""
    states = [first_bet(players, options), *positions(players, options, 30)]
    compared = betting = 0
    for i, state in enumerate(states):
        for seat in (0, 1, None):
            bets = MARKETS.bets(state, seat)
            sampler = MARKETS.quick_sampler_with_others(state, seat, bets)
            if sampler is None:
                continue
            for k in range(6):
                quick_rng, slow_rng = random.Random(100 * i + k), random.Random(100 * i + k)
                assert sampler(quick_rng) == general_sample(state, seat, bets, slow_rng), (i, k)
                assert quick_rng.random() == slow_rng.random()
                compared += 1
                betting += state.phase in (FIRST_BET, RACE_FIXING, SECOND_BET)
    if options.get("mode") == "party":
        assert compared >= 60 and betting == 0  # PG 2: the secret bet keeps the general path
    else:
        assert compared >= 60 and betting >= 18, (compared, betting)


@pytest.mark.parametrize(("players", "options"), VARIANTS[:4])
def test_a_quick_sample_in_each_betting_phase_is_the_general_paths(
    players: int, options: dict[str, Any]
) -> None:
    """Issue 24, HF board: the same, from the first bet, the race-fixing (the other
    players' face-down cards redealt) and the second bet (Antonio Vesuvio's third bet in
    the advanced game), each phase several times."""
    seen: dict[str, int] = dict.fromkeys(BETTING, 0)
    for i, state in enumerate(betting_positions(players, options, 12)):
        for seat in (0, 1, None):
            bets = MARKETS.bets(state, seat)
            sampler = MARKETS.quick_sampler_with_others(state, seat, bets)
            if sampler is None:
                continue
            seen[state.phase] += 1
            for k in range(4):
                quick_rng, slow_rng = random.Random(50 * i + k), random.Random(50 * i + k)
                assert sampler(quick_rng) == general_sample(state, seat, bets, slow_rng), (i, k)
                assert quick_rng.random() == slow_rng.random()
    assert all(n >= 6 for n in seen.values()), seen


def test_the_board_is_the_same_with_or_without_the_quick_sample() -> None:
    """Issue 24, HF board: seat 0's board at its first bet, seeded, is the same through
    the quick sample as through the general path: every chance and every bet's Danari
    and VP value."""
    for players, options in VARIANTS[:4]:
        state = first_bet(players, options)
        boards = [
            estimate(state, 0, markets, rng=random.Random(5), samples=60, precision=1e-3)
            for markets in (MARKETS, SLOW)
        ]
        fast, slow = (b.to_json() for b in boards)
        for board in (fast, slow):
            board.pop("seconds")
        assert fast == slow
