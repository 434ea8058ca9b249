"""How fast the PettingZoo environments step, per game (issue 13).

Run: .venv/bin/python benchmarks/envs.py [--seconds S] [GAME ...]
(``--instructions [N1,N2]``: instructions an AEC step instead, at 50 and 250 steps by
default, :mod:`counting`; one unit is one turn of the loop below, seeded: the
environment reset with seed 0, the actions drawn from ``random.Random(0)``, each next
game reset with the next seed)

For each game it does what ``pettingzoo.test.performance_benchmark`` does (random
legal actions from the action mask through the AEC API, ``last()`` with the observation
every turn, a reset whenever the game ends) for ``--seconds`` of CPU time, and prints
turns per second, raw and calibrated (``../shared/bench/calibrate.py``, run in the same
process, so figures compare across runs and days). It asserts nothing. Needs the
``pettingzoo`` extra.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import counting

from tote.envs import aec_env

PLAYERS = {
    "winners-circle": 4,
    "wits-and-wagers": 4,
    "wetten": 4,
    "horse-fever": 4,
    "carcassonne": 4,
}


def turns_per_second(game_id: str, seconds: float) -> tuple[float, int]:
    """Turns per CPU second over ``seconds``, and the number of games finished."""
    env = aec_env(game_id, players=PLAYERS[game_id])
    env.reset(seed=0)
    rng = random.Random(0)
    turns = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _agent in env.agent_iter(env.num_agents):
            finished = games
            games = turn(env, rng, games)
            turns += 1
            if games > finished:
                break  # a new game: agent_iter again, as before
    return turns / (time.process_time() - start), games


def turn(env: Any, rng: random.Random, games: int) -> int:
    """One AEC step: ``last()`` with the observation, a random legal action from its
    mask (``None`` for a seat that has ended), ``step``; when the game ends, a reset with
    the next seed. Returns the games finished so far."""
    obs, _, terminated, truncated, _ = env.last()
    if terminated or truncated:
        action = None
    else:
        action = rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
    env.step(action)
    if not env.agents:
        games += 1
        env.reset(seed=games)
    return games


def new_env(game_id: str) -> Any:
    """The AEC environment of ``game_id`` reset with seed 0: the set-up of the steps
    ``--instructions`` counts (not timed: the first one in a process imports and builds
    what the environments share, most of a second)."""
    env = aec_env(game_id, players=PLAYERS[game_id])
    env.reset(seed=0)
    return env


def play_steps(env: Any, steps: int) -> None:
    """``steps`` AEC steps (:func:`turn`, actions from ``random.Random(0)``) of ``env``
    fresh from :func:`new_env`: the unit counted by ``--instructions``, one step."""
    rng = random.Random(0)
    games = 0
    for _ in range(steps):
        games = turn(env, rng, games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("games", nargs="*", default=list(PLAYERS))
    counting.add_options(parser, "50,250", "AEC step")
    args = parser.parse_args()
    unknown = sorted(set(args.games) - set(PLAYERS))
    if unknown:
        parser.error(f"unknown games {unknown}; games: {', '.join(PLAYERS)}")
    if args.units_only is not None:
        play_steps(new_env(args.games[0]), args.units_only)
        return
    speed = counting.machine_speed()
    if args.instructions:
        for game_id in args.games:
            counting.count_and_time(
                f"{game_id}, {PLAYERS[game_id]} players",
                "step",
                __file__,
                [game_id],
                args.instructions,
                partial(play_steps, new_env(game_id)),
                speed,
            )
        counting.footer(speed)
        return
    counting.print_calibration(speed, "turns/s / that")
    print(f"{'game':<17}{'players':>8}{'turns/s':>10}{'calibrated':>12}{'games':>7}")
    for game_id in args.games:
        rate, games = turns_per_second(game_id, args.seconds)
        shown = "-" if speed is None else f"{rate / speed:.0f}"
        print(f"{game_id:<17}{PLAYERS[game_id]:>8}{rate:>10.0f}{shown:>12}{games:>7}")


if __name__ == "__main__":
    main()
