"""The search bots of issue 12, part 3, on the core's toy game: they play legal moves,
replay from their seed, and decide from their seat's knowledge only."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import pytest

from tote.bots import BEST_EV, ISMCTS, bots_for
from tote.bots.search import IsmctsBot, rank_reward
from tote.core.bot import Bot, Observation
from tote.core.moves import CHANCE, Move
from tote.core.state import State

from .core.toy import TOY, Pick


def test_every_game_with_a_tote_board_offers_both_search_bots() -> None:
    """Issue 12, 3: ``ismcts`` and ``best-ev`` are in the bot list of such a game."""
    assert {ISMCTS, BEST_EV} <= set(bots_for(TOY))


def played(state: State, bots: Sequence[Bot], rng: random.Random) -> Iterator[tuple[int, Move]]:
    """The game played on by ``bots`` (chance from ``rng``): each seat's move as made."""
    while not state.is_over:
        turn = state.turn()
        if turn.chance:
            state.apply(CHANCE, state.sample_chance(rng))
            continue
        seat = turn.seats[0]
        move = bots[seat].choose(Observation(state, seat))
        state.apply(seat, move)
        yield seat, move


@pytest.mark.parametrize("name", [ISMCTS, BEST_EV, "strong"])
def test_a_search_bot_plays_legal_moves_to_the_end_and_replays(name: str) -> None:
    def play(seed: int) -> list[object]:
        state = TOY.new_state(None, 2)
        bots = [bots_for(TOY)[name](random.Random(seed + s)) for s in range(2)]
        return [move for _, move in played(state, bots, random.Random(seed))]

    assert play(4) == play(4)


def test_ismcts_decides_the_same_whatever_the_others_committed_in_secret() -> None:
    """Issue 12, 3: the bot sees only its seat's information; seat 0's secret pick
    cannot change seat 1's search."""
    choices = set()
    for pick in (1, 2):
        state = TOY.new_state(None, 2)
        state.apply(0, Pick(pick))
        bot = IsmctsBot(random.Random(11), TOY.markets, iterations=60)
        choices.add(bot.choose(Observation(state, 1)))
    assert len(choices) == 1


def test_ismcts_refuses_no_iterations() -> None:
    with pytest.raises(ValueError, match="at least one iteration"):
        IsmctsBot(random.Random(0), TOY.markets, iterations=0)


def test_the_reward_is_the_share_of_rivals_beaten() -> None:
    assert rank_reward([5, 3, 1], 0) == 1.0
    assert rank_reward([5, 3, 1], 2) == 0.0
    assert rank_reward([5, 3, 1], 1) == 0.5
    assert rank_reward([2, 2], 0) == 0.5


def test_strong_decides_the_same_whatever_the_others_committed_in_secret() -> None:
    """Issue 25: the ``strong`` bot too sees only its seat's information; seat 0's secret
    pick cannot change seat 1's search."""
    choices = set()
    for pick in (1, 2):
        state = TOY.new_state(None, 2)
        state.apply(0, Pick(pick))
        bot = bots_for(TOY)["strong"](random.Random(11))
        choices.add(bot.choose(Observation(state, 1)))
    assert len(choices) == 1


def test_best_ev_locks_its_bets_in_open_betting() -> None:
    """WW 3.4: in open betting a seat's bets replace its bets so far until it locks. The
    bet the board values most stays the best once placed, so ``best-ev`` used to place
    it again at every turn and never lock: a game did not end. Now a bet placed again as
    it stands is not played (``changes_nothing``): the seeded game ends, ``best-ev``
    placing its bets at most twice a question and locking every one."""
    from tote.core.registry import get_game
    from tote.games.wits_and_wagers.moves import LockBets, PlaceBets

    game = get_game("wits-and-wagers")
    state = game.new_state(game.options(None, ()), 4)
    bots = [
        bots_for(game)[name](random.Random(seat))
        for seat, name in enumerate((BEST_EV, "normal", "easy", "random"))
    ]
    placed = locked = 0
    for moves, (seat, move) in enumerate(played(state, bots, random.Random(2)), start=1):
        assert moves < 2_000, "the game does not end"
        if seat == 0:
            placed += isinstance(move, PlaceBets)
            locked += isinstance(move, LockBets)
    questions = len(state.history)
    assert questions == locked == 7
    assert placed <= 2 * questions
