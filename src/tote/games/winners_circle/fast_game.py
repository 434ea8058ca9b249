"""A whole game of random players in a quiet loop, for ``tote simulate`` (issue 24, 2).

``tote simulate`` with random bots plays each seat from its own stream (the bot's) and
every chance event from the game's stream. Through the rules loop each of a game's
three hundred-odd moves costs a turn, a list of legal moves and a log event nobody
reads. Here the bets (WC 3.2-3.5) and the running of each race (WC 4.2-4.10) are played
on plain lists, as :mod:`~tote.games.winners_circle.fast_race` plays them for the tote
board, but with the streams the simulator gives: a bet draws
``int(random() * n)`` from the bettor's stream among the ``n`` legal bets in
:func:`bets.legal_bets`'s order, a roll one ``random()`` from the game's stream read
against the die's cumulative distribution, a move ``int(random() * n)`` from the
roller's stream among the face-up horses on the track in gate order, exactly as
:meth:`State.random_move` and :meth:`State.sample_chance` draw them. The preparation of
each race (the horse cards drawn to the gates, WC 2; the first bettor, WC 3.1) and its
payout (WC 5, :func:`paying_out.pay_out`) are the rules' own, called straight (a card
``deck[int(random() * len(deck))]``, a first bettor likewise among the candidates, as
:meth:`State.sample_chance` draws them) without a move object or the core's dispatch.

So from the same seeds it ends in the state the rules loop ends in, to the last field,
with one difference: the log holds no ``bet``, ``die`` or ``horse_moved`` events (the
quiet mode; the race's bets and finish are in its payout summary, and the simulator's
statistics read only the ``horse_card`` and ``payout`` events). The tests check it on
every variant, stream by stream.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tote.games.winners_circle import bets, fast_race, race_preparation
from tote.games.winners_circle.fast_race import Draw
from tote.games.winners_circle.phases import BETS, FIRST_BETTOR, MOVE, PREPARATION, ROLL

if TYPE_CHECKING:
    from tote.games.winners_circle.state import WinnersCircleState

QUIET_EVENTS = frozenset({"bet", "die", "horse_moved"})
"""The log events the quiet loop does not write."""


def play_game(
    state: WinnersCircleState, rng: random.Random, streams: Sequence[random.Random]
) -> tuple[int, int]:
    """Play ``state`` to the end of the game: chance from ``rng``, seat ``s``'s choices
    from ``streams[s]``; the seats' moves and the chance moves made, counted as the
    rules loop counts them."""
    draws = [stream.random for stream in streams]
    moves = chance = 0
    while True:
        phase = state.phase
        if phase == BETS:
            moves += fast_race.lay_bets(state, draws)  # WC 3.2-3.5, each seat's stream
        elif phase in (ROLL, MOVE):
            made, rolls = _run(state, rng.random, draws)
            moves += made
            chance += rolls
        elif phase == PREPARATION:  # WC 2.2: the next card from the stack
            deck = state.deck
            race_preparation.draw_card(state, deck[int(rng.random() * len(deck))])
            chance += 1
        elif phase == FIRST_BETTOR:  # WC 3.1: one of the richest
            candidates = state.first_bettor_candidates
            bets.set_first_bettor(state, candidates[int(rng.random() * len(candidates))])
            chance += 1
        else:  # OVER: the third race is paid (WC 1.3)
            return moves, chance


def _run(state: WinnersCircleState, roll: Draw, draws: list[Draw]) -> tuple[int, int]:
    """WC 4.2-4.10: the roller rolls (the game's stream) and moves a face-up horse (its
    own stream), clockwise, until the third horse finishes; then the payout (WC 5)
    (:func:`fast_race.run_to_payout`). The moves made and the dice rolled."""
    rolled_already = state.rolled is not None
    moves = fast_race.run_to_payout(state, roll, draws)
    return moves, moves - rolled_already
