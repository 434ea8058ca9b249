"""How fast ``tote.envs.vector_env`` steps N tables, per game (issue 30, vectorised play).

Run: .venv/bin/python benchmarks/vector_env.py [--seconds S] [--envs 1,16,256] [GAME ...]
(``--instructions [N1,N2]``: instructions a vector step of N tables instead, for each
game and N, at 2 and 6 vector steps by default, :mod:`counting`, and that over N, a
table-step; one unit is one vector step below, seeded: the vector reset with seed 0,
the actions drawn from ``numpy.random.default_rng(0)``)

For each game and each N it resets the vector with seed 0 and steps it with uniformly
random legal actions (drawn from the batched masks) for ``--seconds`` of CPU time, and
prints table-steps per second (one table-step is one decision at one table; a vector
step of N tables is N of them), raw and calibrated (``../shared/bench/calibrate.py``,
run in the same process). With ``--steps K`` it instead makes exactly K vector steps
of each game and N and prints nothing but a line (a quick check that it runs;
``--instructions`` counts the same steps, ``--units-only`` in its child).

It asserts nothing. Needs the research extra (numpy, gymnasium).
"""

from __future__ import annotations

import argparse
import sys
import time
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import counting

from tote.envs import vector_env
from tote.envs.vector import MAX_TABLES

PLAYERS = {
    "winners-circle": 2,
    "wits-and-wagers": 4,
    "wetten": 3,
    "horse-fever": 2,
    "carcassonne": 2,
}


Started = tuple[Any, dict[str, Any]]
"""A vector fresh from its reset with seed 0, and the reset's info (the masks)."""


def new_vector(game_id: str, envs: int) -> Started:
    """``envs`` tables of ``game_id`` reset with seed 0: the set-up of the steps (not
    timed, and cancelled out of an ``--instructions`` count)."""
    venv = vector_env(game_id, num_envs=envs, players=PLAYERS[game_id], seed=0)
    _, info = venv.reset()
    return venv, info


def vector_step(
    venv: Any, info: dict[str, Any], rng: np.random.Generator
) -> tuple[dict[str, Any], int]:
    """One vector step, a uniformly random legal action at each table drawn from the
    batched masks; the step's info and the games it finished."""
    masks = info["action_mask"]
    actions = (rng.random(masks.shape) * masks).argmax(axis=1)
    _, _, terminations, truncations, info = venv.step(actions)
    return info, int(terminations.sum() + truncations.sum())


def play_steps(started: Started, steps: int) -> None:
    """``steps`` vector steps (:func:`vector_step`, actions from
    ``numpy.random.default_rng(0)``) of a vector fresh from :func:`new_vector`: the unit
    counted by ``--instructions``, one vector step."""
    venv, info = started
    rng = np.random.default_rng(0)
    for _ in range(steps):
        info, _ = vector_step(venv, info, rng)


def run(game_id: str, envs: int, seconds: float | None, steps: int | None) -> tuple[float, int]:
    """Table-steps per CPU second, and the number of games finished."""
    venv, info = new_vector(game_id, envs)
    rng = np.random.default_rng(0)
    done = games = 0
    start = time.process_time()
    while True:
        if steps is not None and done >= steps:
            break
        if seconds is not None and time.process_time() - start >= seconds:
            break
        info, finished = vector_step(venv, info, rng)
        games += finished
        done += 1
    elapsed = max(time.process_time() - start, 1e-9)
    return done * envs / elapsed, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--steps", type=int, default=None)
    parser.add_argument("--envs", default="1,16,256")
    parser.add_argument("games", nargs="*", default=list(PLAYERS))
    counting.add_options(parser, "2,6", "vector step of N tables")
    args = parser.parse_args()
    try:
        sizes = [int(n) for n in args.envs.split(",")]
    except ValueError:
        parser.error(f"--envs is a comma-separated list of table counts, not {args.envs!r}")
    if not all(1 <= n <= MAX_TABLES for n in sizes):
        parser.error(f"--envs: each table count is from 1 to {MAX_TABLES}")
    if not 0 < args.seconds <= 3600 or (args.steps is not None and not 1 <= args.steps <= 10**6):
        parser.error("--seconds is from 0 to 3600 and --steps from 1 to 1000000")
    unknown = sorted(set(args.games) - set(PLAYERS))
    if unknown:
        parser.error(f"unknown games {unknown}; games: {', '.join(PLAYERS)}")
    if args.units_only is not None:
        play_steps(new_vector(args.games[0], sizes[0]), args.units_only)
        return
    if args.steps is not None:
        for game_id in args.games:
            for n in sizes:
                run(game_id, n, None, args.steps)
        print(f"{args.steps} vector steps done")
        return
    speed = counting.machine_speed()
    if args.instructions:
        for game_id in args.games:
            for n in sizes:
                instructions = counting.count_and_time(
                    f"{game_id}, {n} table{'s' if n > 1 else ''}",
                    "vector step",
                    __file__,
                    [game_id, "--envs", str(n)],
                    args.instructions,
                    partial(play_steps, new_vector(game_id, n)),
                    speed,
                )
                if n > 1:
                    print(
                        f"{'':<28}{instructions / n:>16,.0f} instructions a table-step", flush=True
                    )
        counting.footer(speed)
        return
    counting.print_calibration(speed, "table-steps/s / that")
    print(f"{'game':<17}{'players':>8}{'N':>5}{'steps/s':>10}{'calibrated':>12}{'games':>7}")
    for game_id in args.games:
        for n in sizes:
            rate, games = run(game_id, n, args.seconds, None)
            shown = "-" if speed is None else f"{rate / speed:.0f}"
            print(
                f"{game_id:<17}{PLAYERS[game_id]:>8}{n:>5}{rate:>10.0f}{shown:>12}{games:>7}",
                flush=True,
            )


if __name__ == "__main__":
    main()
