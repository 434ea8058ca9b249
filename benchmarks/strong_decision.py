"""The cost of the ``strong`` bot's decisions (issue 25: about 1 s of one core on the
reference machine, 6.5e9 instructions, at its fixed default budget).

Run: .venv/bin/python benchmarks/strong_decision.py GAME N [--bot strong] [--unit iteration]

It plays a seeded 4-seat game (the game's heuristic bot on every seat) to the first
decision of seat 0 with a real choice after move 20, then lets a fresh, identically
seeded bot make that decision N times. Counted in instructions with
``../shared/bench/instructions.py --units 1,2 -- python benchmarks/strong_decision.py
GAME {n}``, the difference is one decision, start-up and the way there cancelled out.
With ``--unit iteration`` it makes one decision of N iterations instead (the search's
cost per iteration, from which the default budget is set: 6.5e9 instructions a
decision). With ``--unit game`` it plays the seeded game to its end (the heuristic on
every seat, seat 0 included, so the game is the same whatever N) and, at every real
decision of seat 0, lets a fresh bot decide with N iterations (``N = 0``: no decision
made). Counted at ``--units 0,1`` and ``--units 1,2``, the two differences are, summed
over the game's decisions of seat 0, a decision's fixed part plus one iteration, and
one iteration: the whole game's cost per decision, however it varies from early to
late (issue 25: the budgets set at one position after move 20 were far too high late in
Carcassonne and Horse Fever). It prints the number of decisions and each one's wall
time; it asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Iterator

from tote.bots import Budget, make_bot
from tote.core.bot import Observation
from tote.core.moves import CHANCE
from tote.core.registry import get_game
from tote.core.state import State


def heuristic_game(game_id: str, seed: int = 7) -> Iterator[tuple[State, int, Observation, int]]:
    """The seeded 4-seat game played by the heuristic on every seat: at each seat's
    move, ``(state, seat, observation, moves so far)``, then the heuristic's move is
    played (chance drawn from ``seed``)."""
    game = get_game(game_id)
    state = game.new_state(game.options(None, ()), 4)
    bots = [make_bot(game, "normal", seed, seat) for seat in range(4)]
    rng = random.Random(seed)
    moves = 0
    while not state.is_over:
        turn = state.turn()
        if turn.chance:
            state.apply(CHANCE, state.sample_chance(rng))
            continue
        seat = 0 if 0 in turn.seats else turn.seats[0]
        obs = Observation(state, seat)
        yield state, seat, obs, moves
        state.apply(seat, bots[seat].choose(obs))
        moves += 1


def real_choice(seat: int, obs: Observation) -> bool:
    """Seat 0 to move with more than one legal move (or an open set of them)."""
    legal = obs.legal_moves
    return seat == 0 and (legal is None or len(legal) > 1)


def position(game_id: str, seed: int = 7, after: int = 20) -> tuple[State, int]:
    """A seeded game played by the heuristic to seat 0's first real choice after
    ``after`` moves."""
    for state, seat, obs, moves in heuristic_game(game_id, seed):
        if (
            real_choice(seat, obs)
            and moves >= after
            and (game_id != "wits-and-wagers" or state.view(0)["state"]["phase"] != "answer")
        ):
            return state, seat
    raise SystemExit("the game ended before such a decision")


def whole_game(game_id: str, iterations: int, bot_name: str, seed: int = 7) -> None:
    """``--unit game`` (module doc): every real decision of seat 0 in the seeded game,
    each made by a fresh bot with ``iterations`` iterations, the heuristic's move played."""
    game = get_game(game_id)
    decisions = 0
    for _state, seat, obs, _moves in heuristic_game(game_id, seed):
        if real_choice(seat, obs):
            decisions += 1
            if iterations:
                searcher = make_bot(game, bot_name, 1, 0, budget=Budget(iterations=iterations))
                started = time.perf_counter()
                searcher.choose(obs)
                print(f"decision {decisions}: {time.perf_counter() - started:.2f} s")
    print(f"{game_id}: {decisions} decisions of seat 0 at {iterations} iterations each")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game")
    parser.add_argument("n", type=int)
    parser.add_argument("--bot", default="strong")
    parser.add_argument("--unit", choices=("decision", "iteration", "game"), default="decision")
    args = parser.parse_args()
    if args.unit == "game":
        whole_game(args.game, args.n, args.bot)
        return
    state, seat = position(args.game)
    game = get_game(args.game)
    per_iteration = args.unit == "iteration"
    budget = Budget(iterations=args.n) if per_iteration else None
    for _ in range(1 if per_iteration else args.n):
        bot = make_bot(game, args.bot, 1, seat, budget=budget)
        started = time.perf_counter()
        move = bot.choose(Observation(state, seat))
        print(f"{args.game}: {args.bot} chose {move!r} in {time.perf_counter() - started:.2f} s")


if __name__ == "__main__":
    main()
