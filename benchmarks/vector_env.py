"""How fast ``tote.envs.vector_env`` steps N tables, per game (issue 30, vectorised play).

Run: .venv/bin/python benchmarks/vector_env.py [--seconds S] [--envs 1,16,256] [GAME ...]

For each game and each N it resets the vector with seed 0 and steps it with uniformly
random legal actions (drawn from the batched masks) for ``--seconds`` of CPU time, and
prints table-steps per second (one table-step is one decision at one table; a vector
step of N tables is N of them), raw and calibrated (``../shared/bench/calibrate.py``,
run in the same process). With ``--steps K`` it instead makes exactly K vector steps
and prints nothing but a line, for counting instructions per vector step:

    python3 ../shared/bench/instructions.py --units 20,60 -- \\
        .venv/bin/python benchmarks/vector_env.py --envs 16 --steps {n} winners-circle

It asserts nothing. Needs the research extra (numpy, gymnasium).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

from tote.envs import vector_env
from tote.envs.vector import MAX_TABLES

ROOT = Path(__file__).resolve().parent.parent
for shared in (ROOT.parent / "shared" / "bench", ROOT.parent.parent / "shared" / "bench"):
    if (shared / "calibrate.py").exists():
        sys.path.insert(0, str(shared))
        break

PLAYERS = {
    "winners-circle": 2,
    "wits-and-wagers": 4,
    "wetten": 3,
    "horse-fever": 2,
    "carcassonne": 2,
}


def run(game_id: str, envs: int, seconds: float | None, steps: int | None) -> tuple[float, int]:
    """Table-steps per CPU second, and the number of games finished."""
    venv = vector_env(game_id, num_envs=envs, players=PLAYERS[game_id], seed=0)
    _, info = venv.reset()
    rng = np.random.default_rng(0)
    done = games = 0
    start = time.process_time()
    while True:
        if steps is not None and done >= steps:
            break
        if seconds is not None and time.process_time() - start >= seconds:
            break
        masks = info["action_mask"]
        actions = (rng.random(masks.shape) * masks).argmax(axis=1)
        _, _, terminations, truncations, info = venv.step(actions)
        games += int(terminations.sum() + truncations.sum())
        done += 1
    elapsed = max(time.process_time() - start, 1e-9)
    return done * envs / elapsed, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--steps", type=int, default=None)
    parser.add_argument("--envs", default="1,16,256")
    parser.add_argument("games", nargs="*", default=list(PLAYERS))
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
    if args.steps is not None:
        for game_id in args.games:
            for n in sizes:
                run(game_id, n, None, args.steps)
        print(f"{args.steps} vector steps done")
        return
    from calibrate import REFERENCE_OPS, ops_per_second

    speed = ops_per_second() / REFERENCE_OPS
    print(f"calibration: this machine runs at {speed:.2f} of the reference now;")
    print("calibrated = table-steps/s / that, comparable across runs and days")
    print(f"{'game':<17}{'players':>8}{'N':>5}{'steps/s':>10}{'calibrated':>12}{'games':>7}")
    for game_id in args.games:
        for n in sizes:
            rate, games = run(game_id, n, args.seconds, None)
            print(
                f"{game_id:<17}{PLAYERS[game_id]:>8}{n:>5}{rate:>10.0f}"
                f"{rate / speed:>12.0f}{games:>7}",
                flush=True,
            )


if __name__ == "__main__":
    main()
