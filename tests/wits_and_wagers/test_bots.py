"""The Wits & Wagers bots' knowledge model and belief (issue 25: a level's knowledge is
part of the level, stated where people choose it; ``hard`` knows the most and pays no
heed to wild guesses on the mat)."""

from __future__ import annotations

import math
import random
import statistics

import pytest

from tote.bots import make_bot
from tote.core.bot import Observation
from tote.core.moves import CHANCE
from tote.core.registry import get_game
from tote.games.wits_and_wagers.bots import EXPERT_SPREAD, BettingBot
from tote.games.wits_and_wagers.moves import Guess
from tote.games.wits_and_wagers.numbers import parse_number
from tote.games.wits_and_wagers.questions import Question

COUNT = Question(id="t1", text="How many?", answer="763")


def median_belief(bot: BettingBot, others: list[float]) -> float:
    return statistics.median(bot._belief(COUNT, others))


def expert(nonsense: float) -> BettingBot:
    bot = BettingBot(random.Random(5), spread=EXPERT_SPREAD, samples=4000, nonsense=nonsense)
    bot.estimate = 763.0
    return bot


def test_a_wild_guess_does_not_drag_a_belief_that_allows_nonsense() -> None:
    """A guess of 1 beside an estimate of 763 is nonsense to ``hard``'s belief: its
    belief is what it would be without that guess (within 1%), where the bots that take
    every guess at face value move theirs down by more than 10%."""
    sensible = [700.0, 800.0]
    alone = median_belief(expert(0.1), sensible)
    assert median_belief(expert(0.1), [1.0, *sensible]) == pytest.approx(alone, rel=0.01)
    assert median_belief(expert(0.0), [1.0, *sensible]) < 0.9 * median_belief(expert(0.0), sensible)


def test_a_sensible_guess_still_counts_and_a_guess_below_zero_drops_out() -> None:
    """Allowing for nonsense leaves a guess near the estimate almost its full weight (its
    pull on the belief is at least 90% of the face-value bot's), and a guess at or below
    0 of a positive quantity is nonsense outright."""
    pull_robust = median_belief(expert(0.1), [900.0]) - median_belief(expert(0.1), [])
    pull_plain = median_belief(expert(0.0), [900.0]) - median_belief(expert(0.0), [])
    assert pull_plain > 0 and pull_robust > 0.9 * pull_plain
    assert median_belief(expert(0.1), [-5.0, 0.0]) == pytest.approx(
        median_belief(expert(0.1), []), rel=0.01
    )


@pytest.mark.parametrize("nonsense", [-0.1, 1.0, 1.5])
def test_nonsense_is_a_chance_below_one(nonsense: float) -> None:
    with pytest.raises(ValueError, match="nonsense is a chance"):
        BettingBot(random.Random(0), nonsense=nonsense)


def guess_errors(name: str, games: int = 150) -> list[float]:
    """How far bot ``name``'s first guess lies from the answer, over ``games`` seeded
    games' first questions: on a log scale, years in units of 60 years."""
    game = get_game("wits-and-wagers")
    errors: list[float] = []
    for seed in range(games):
        state = game.new_state(game.options(None, ()), 4)
        rng = random.Random(seed)
        while state.turn().chance:
            state.apply(CHANCE, state.sample_chance(rng))
        assert state.question is not None
        move = make_bot(game, name, seed, 0).choose(Observation(state, 0))
        assert isinstance(move, Guess)
        guess, answer = float(parse_number(str(move.value))), float(state.answer)
        if state.question.unit == "year":
            errors.append(abs(guess - answer) / 60)
        elif guess > 0 and answer > 0:
            errors.append(abs(math.log(guess / answer)))
    return errors


def test_the_levels_know_the_answer_as_their_lines_say() -> None:
    """Issue 25 / docs/bots.md: ``hard`` remembers answers as the ``expert`` does
    (spread 0.1: mean error about 0.08 on a log scale, the guess shaded a little low),
    ``normal`` worse (0.35), ``easy`` worse still (0.8). Seeded, 150 questions each; the
    means' standard errors are about 0.005 for hard and expert."""
    levels = ("hard", "expert", "normal", "easy")
    mean = {name: statistics.fmean(guess_errors(name)) for name in levels}
    assert abs(mean["hard"] - mean["expert"]) < 0.03
    assert mean["hard"] < 0.5 * mean["normal"] < 0.5 * mean["easy"]
