"""How fast the PettingZoo environments step, per game (issue 13).

Run: .venv/bin/python benchmarks/envs.py [--seconds S] [GAME ...]

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
from pathlib import Path

import numpy as np

from tote.envs import aec_env

ROOT = Path(__file__).resolve().parent.parent
for shared in (ROOT.parent / "shared" / "bench", ROOT.parent.parent / "shared" / "bench"):
    if (shared / "calibrate.py").exists():
        sys.path.insert(0, str(shared))
        break


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
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                action = None
            else:
                action = rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
            env.step(action)
            turns += 1
            if not env.agents:
                games += 1
                env.reset(seed=games)
                break
    return turns / (time.process_time() - start), games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("games", nargs="*", default=list(PLAYERS))
    args = parser.parse_args()
    from calibrate import REFERENCE_OPS, ops_per_second

    speed = ops_per_second() / REFERENCE_OPS
    print(f"calibration: this machine runs at {speed:.2f} of the reference now;")
    print("calibrated = turns/s / that, comparable across runs and days")
    print(f"{'game':<17}{'players':>8}{'turns/s':>10}{'calibrated':>12}{'games':>7}")
    for game_id in args.games:
        rate, games = turns_per_second(game_id, args.seconds)
        print(f"{game_id:<17}{PLAYERS[game_id]:>8}{rate:>10.0f}{rate / speed:>12.0f}{games:>7}")


if __name__ == "__main__":
    main()
