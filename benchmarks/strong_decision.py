"""The cost of the ``strong`` bot's decisions (issue 25: about 1 s of one core on the
reference machine, 6.5e9 instructions, at its fixed default budget).

Run: .venv/bin/python benchmarks/strong_decision.py GAME N [--bot strong] [--unit iteration]
(``GAME --instructions [N1,N2] [--unit U]``: instructions a unit instead, N1 and N2
units counted by callgrind, default 0,1, :mod:`counting`; below)

It plays a seeded 4-seat game (the game's heuristic bot on every seat) to the first
decision of seat 0 with a real choice after move 20, then lets a fresh, identically
seeded bot make that decision N times: the unit is one decision (``--instructions``'
default 0,1 counts one, about 6.5e9 instructions, a few minutes of valgrind). With
``--unit iteration`` it makes one decision of N iterations instead (the search's cost
per iteration, from which the default budget is set: 6.5e9 instructions a decision;
``N = 0``: no decision made, so 0,1 counts a decision's fixed part and one iteration,
1,2 one iteration). With ``--unit game`` it plays the seeded game to its end (the
heuristic on every seat, seat 0 included, so the game is the same whatever N) and, at
every real decision of seat 0, lets a fresh bot decide with N iterations (``N = 0``: no
decision made). Counted at 0,1 and 1,2 (``--instructions 0,1`` and ``--instructions
1,2``), the two differences are, summed over the game's decisions of seat 0, a
decision's fixed part plus one iteration, and one iteration: the whole game's cost per
decision, however it varies from early to late (issue 25: the budgets set at one
position after move 20 were far too high late in Carcassonne and Horse Fever); the
report divides them by the decisions. Every count is the difference of the two runs,
so start-up and the way to the position cancel out. Without ``--instructions`` it
prints the number of decisions and each one's wall time; it asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import counting

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


def quiet(_line: str) -> None:
    """Prints nothing (the counted child's ``say``)."""


def whole_game(
    game_id: str, iterations: int, bot_name: str, seed: int = 7, say: Callable[[str], None] = print
) -> int:
    """``--unit game`` (module doc): every real decision of seat 0 in the seeded game,
    each made by a fresh bot with ``iterations`` iterations, the heuristic's move played.
    Returns the number of such decisions."""
    game = get_game(game_id)
    decisions = 0
    for _state, seat, obs, _moves in heuristic_game(game_id, seed):
        if real_choice(seat, obs):
            decisions += 1
            if iterations:
                searcher = make_bot(game, bot_name, 1, 0, budget=Budget(iterations=iterations))
                started = time.perf_counter()
                searcher.choose(obs)
                say(f"decision {decisions}: {time.perf_counter() - started:.2f} s")
    say(f"{game_id}: {decisions} decisions of seat 0 at {iterations} iterations each")
    return decisions


def decide(
    game_id: str,
    bot_name: str,
    unit: str,
    state: State,
    seat: int,
    n: int,
    say: Callable[[str], None] = print,
) -> None:
    """At ``seat``'s decision in ``state``: ``n`` decisions of a fresh bot at its default
    budget (``unit`` decision), or one of ``n`` iterations (``unit`` iteration; none
    when ``n`` is 0)."""
    game = get_game(game_id)
    per_iteration = unit == "iteration"
    budget = Budget(iterations=n) if per_iteration and n else None
    for _ in range((1 if n else 0) if per_iteration else n):
        bot = make_bot(game, bot_name, 1, seat, budget=budget)
        started = time.perf_counter()
        move = bot.choose(Observation(state, seat))
        say(f"{game_id}: {bot_name} chose {move!r} in {time.perf_counter() - started:.2f} s")


def run_units(game_id: str, bot_name: str, unit: str, n: int) -> None:
    """``n`` units of ``unit``, nothing printed: the counted child's work, the way to
    the position included (it cancels out of the difference)."""
    if unit == "game":
        whole_game(game_id, n, bot_name, say=quiet)
        return
    state, seat = position(game_id)
    decide(game_id, bot_name, unit, state, seat, n, say=quiet)


def count(game_id: str, bot_name: str, unit: str, units: tuple[int, int]) -> None:
    """The ``--instructions`` report: instructions a ``unit`` (for ``--unit game``, also
    per decision of seat 0), beside its calibrated time on this process, taken as the
    count is (:func:`counting.timed`: the same difference of two runs)."""
    speed = counting.machine_speed()
    if unit == "game":
        run: Callable[[int], object] = partial(whole_game, game_id, bot_name=bot_name, say=quiet)
    else:
        state, seat = position(game_id)  # the way there is not timed
        run = partial(decide, game_id, bot_name, unit, state, seat, say=quiet)
    instructions = counting.count_and_time(
        f"{game_id}, {bot_name}",
        {"decision": "decision", "iteration": "search iteration", "game": "game's iteration"}[unit],
        __file__,
        [game_id, "--bot", bot_name, "--unit", unit],
        units,
        run,
        speed,
    )
    low = units[0]
    if unit == "game":
        decisions = whole_game(game_id, 0, bot_name, say=quiet)
        part = "its fixed part and one iteration" if low == 0 else "one iteration"
        print(
            f"{'':<28}{instructions / max(decisions, 1):>16,.0f} instructions a decision"
            f" ({part}), over the {decisions} decisions of seat 0"
        )
    elif unit == "iteration" and low == 0:
        print(f"{'':<28}N1 = 0: a decision's fixed part and its first iteration")
    counting.footer(speed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game")
    parser.add_argument("n", type=int, nargs="?", help="the units (not with --instructions)")
    parser.add_argument("--bot", default="strong")
    parser.add_argument("--unit", choices=("decision", "iteration", "game"), default="decision")
    counting.add_options(
        parser,
        "0,1",
        "--unit (decision, about 6.5e9 instructions: 0,1 is a few minutes of valgrind; "
        "iteration; game: an iteration at every decision of seat 0, 0,1 with each "
        "decision's fixed part, 1,2 without)",
    )
    args = parser.parse_args()
    if args.units_only is not None:
        run_units(args.game, args.bot, args.unit, args.units_only)
        return
    if args.instructions:
        count(args.game, args.bot, args.unit, args.instructions)
        return
    if args.n is None:
        parser.error("give N, the units, or --instructions")
    if args.unit == "game":
        whole_game(args.game, args.n, args.bot)
        return
    state, seat = position(args.game)
    decide(args.game, args.bot, args.unit, state, seat, args.n)


if __name__ == "__main__":
    main()
