"""Wits & Wagers' tote board (issue 12, 2): the winning slot's chances under the stated
belief (the spread of the guesses), blind to the answer, bets valued as WW 6 pays."""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction

from tote.core.tote_board import estimate
from tote.games.wits_and_wagers import GAME
from tote.games.wits_and_wagers.mat import SLOT_ODDS, winning_slot
from tote.games.wits_and_wagers.sampling import spread_of_the_guesses
from tote.games.wits_and_wagers.tote_board import MARKET, slot_label

from .ww_helpers import Script

MARKETS = GAME.markets
assert MARKETS is not None


def betting(pack: str, question: str = "a45") -> Script:
    """Question "a45" (answer 45) asked; guesses 10, 20, 30, 40: slots 2, 3, 5, 6."""
    game = Script(4, question_pack=pack)
    game.to_betting(question, {0: "10", 1: "20", 2: "30", 3: "40"})
    return game


def test_the_slot_chances_follow_the_belief_not_the_answer(pack: str) -> None:
    """WW 4.1 under the stated belief: the board's chance of every slot agrees with the
    frequency of that slot winning when 4,000 answers are drawn straight from the belief
    model and the mat's winning slot is read (no rollout, no sampler), within three
    standard errors of the difference."""
    state = betting(pack).state
    board = estimate(state, 0, MARKETS, rng=random.Random(2), samples=2000, precision=0.001)
    rng = random.Random(3)
    guesses = [value for value, _ in state.mat.values()]
    wins = Counter(
        winning_slot(state.mat, spread_of_the_guesses(guesses, rng)) for _ in range(4000)
    )
    for slot in [0, *state.mat]:
        p = board.markets[MARKET][slot_label(state, slot)].value
        f = wins[slot] / 4000
        pooled = max((p + f) / 2, 0.01)
        tolerance = 3 * math.sqrt(pooled * (1 - pooled) * (1 / board.samples + 1 / 4000))
        assert abs(p - f) <= tolerance, f"slot {slot}: board {p:.3f}, belief {f:.3f}"


def test_the_board_never_reads_the_answer(pack: str) -> None:
    """Issue 12: "never the answer itself": two questions with the same guesses on the
    mat but different answers (45 and 100) give seat 0 the same board."""
    boards = []
    for question in ("a45", "a100"):
        state = betting(pack, question).state
        board = estimate(state, 0, MARKETS, rng=random.Random(8), samples=300).to_json()
        board.pop("seconds")
        boards.append(board)
    assert boards[0] == boards[1]


def test_a_bet_gains_the_slots_odds_on_its_stake_or_loses_its_poker_chips(pack: str) -> None:
    """WW 6.1-6.2: on the winning slot a betting chip with c poker chips gains odds x
    (1 + c); elsewhere it loses the c poker chips (the betting chip comes back)."""
    game = betting(pack)
    state = game.state
    start = state.clone()
    game.bet({})  # nobody bets: the answer 45 makes 40 (slot 6, 4 to 1) win
    assert game.state.history[-1]["winning_slot"] == 6
    bets = {b.key: b for b in MARKETS.bets(start, 0)}
    assert set(bets) >= {"0+0", "6+0", "2+0"}
    values = MARKETS.payoffs(start, game.state, 0, [bets["6+0"], bets["2+0"]])
    assert values == [SLOT_ODDS[6] * 1, 0.0]


def test_the_belief_stays_near_the_guesses() -> None:
    """The default belief: with guesses 10 to 40, half of the answers fall between the
    smallest and the largest guess or near them, none are negative."""
    rng = random.Random(1)
    guesses = [Fraction(g) for g in (10, 20, 30, 40)]
    draws = [spread_of_the_guesses(guesses, rng) for _ in range(2000)]
    assert all(d >= 0 for d in draws)
    inside = sum(5 <= d <= 80 for d in draws) / len(draws)
    assert inside > 0.5
