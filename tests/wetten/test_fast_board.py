"""Wetten!'s quick board world (issue 24, the tote board's sampled world): drawn and raced
on plain lists, it is world by world the general path's sample."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tote.core.tote_board import BetChoice, Sample, estimate, random_policy, rollout
from tote.games.wetten import GAME, fast_board, fast_race
from tote.games.wetten.state import WettenState

from .test_fast_race import MARKETS, SLOW, VARIANTS, positions, step


def general_sample(
    state: WettenState, seat: int | None, bets: list[BetChoice], rng: random.Random
) -> Sample:
    """A world drawn by ``sample_world``, rolled out by the rules loop, read by
    ``outcomes`` and ``payoffs`` from the payout's record."""
    world = state.sample_world(seat, rng, log=False)
    end = rollout(state, world, SLOW, random_policy, rng)
    return SLOW.outcomes(state, end), SLOW.payoffs(state, end, seat, bets)


def betting_positions(options: dict[str, Any], seed: int) -> list[WettenState]:
    """Seeded positions, and from each the next moment seat 0 has a bet to place (a
    ticket to write, "No chance..." to show)."""
    found = positions(options, 8, seed=seed)
    for i, state in enumerate(list(found)):
        betting = state.clone()
        rng = random.Random(i)
        while not betting.is_over and not MARKETS.bets(betting, 0):
            step(betting, rng)
        if not betting.is_over:
            found.append(betting)
    return found


def compare(states: list[WettenState]) -> tuple[int, int]:
    """Each state's quick samples against the general path's, for the same streams:
    the samples compared and the worlds handed to the rules midway."""
    compared = handed = 0
    resume = fast_race.resume

    def counted(state: WettenState, rng: random.Random, then: Any) -> int:
        nonlocal handed
        handed += 1
        return resume(state, rng, then)

    fast_race.resume = counted  # type: ignore[assignment]
    try:
        for i, state in enumerate(states):
            for seat in (0, 1, None):
                if fast_board.quick_world(state, seat) is None:
                    continue
                bets = MARKETS.bets(state, seat)
                sampler = MARKETS.quick_sampler(state, seat, bets)
                assert sampler is not None
                for k in range(8):
                    quick_rng, slow_rng = random.Random(100 * i + k), random.Random(100 * i + k)
                    quick = sampler(quick_rng)
                    assert quick == general_sample(state, seat, bets, slow_rng), (i, seat, k)
                    assert quick_rng.random() == slow_rng.random()
                    compared += 1
    finally:
        fast_race.resume = resume
    return compared, handed


@pytest.mark.parametrize("options", VARIANTS)
def test_a_quick_world_is_the_general_paths_world(options: dict[str, Any]) -> None:
    """Issue 24, Wetten! board: for the same random stream the quick sample (the hidden
    cards and tickets redrawn, the race played on plain lists to the payout, WT 2-10)
    equals ``sample_world`` + the rules loop + ``outcomes`` + ``payoffs``, and leaves
    the stream at the same point; for the bettor, another seat and a spectator, at
    positions in every stage of a race."""
    compared, _ = compare(betting_positions(options, 200 + len(str(options))))
    assert compared >= 200, compared


@pytest.mark.parametrize("options", VARIANTS[:4])
def test_a_world_handed_to_the_rules_midway_is_the_general_paths(
    options: dict[str, Any],
) -> None:
    """Issue 24: where a quick world leaves the common path (WT 3.7: a race card bought,
    a refill or a Paddock Tip the pile cannot cover, so the discards are shuffled), the
    rules take over from that step and the sample is still the general path's."""
    states = betting_positions(options, 300 + len(str(options)))
    for state in states:  # the pile cut short, its cards discarded
        state.discard.extend(state.pile[1:])
        del state.pile[1:]
    compared, handed = compare(states)
    assert compared >= 200 and handed >= 20, (compared, handed)


def test_the_board_is_the_same_with_or_without_the_quick_world() -> None:
    """Issue 24: seat 0's board at its first bet of a 4-player game (the default ±2
    points asked, 600 worlds at most), with the quick world and through the general path
    for the same seed: the same chances, bet values, intervals and worlds used."""
    state = GAME.new_state({}, 4)
    assert isinstance(state, WettenState)
    rng = random.Random(0)
    while not MARKETS.bets(state, 0):
        step(state, rng)
    assert fast_board.quick_world(state, 0) is not None
    fast = estimate(state, 0, MARKETS, rng=random.Random(5), samples=600)
    slow = estimate(state, 0, SLOW, rng=random.Random(5), samples=600)
    assert fast.samples == slow.samples == 600
    assert fast.markets == slow.markets
    assert [b.to_json() for b in fast.bets] == [b.to_json() for b in slow.bets]
