"""How long a replay step takes at the end of a long game, per game (issue 16).

Run: .venv/bin/python benchmarks/replay_steps.py [--players N] [--seed S] [GAME ...]

For each game it plays a seeded random game with the most seats the game takes (or
``--players``), lays its record out as the server does (:class:`ReplayBook`: one
replay, a state kept every few moves), then times, at the end of the game, a step back
(the worst case: a copy of the last kept state and the moves after it) and a step
forward (the moves in between), each from seat 0's side with the log, as the replay
page asks them, beside replaying the whole record instead ("scratch"). It prints
milliseconds (steps: the best of 20 tries, a shared machine only ever slows a run
down), then the steps calibrated with the shared workload run in the same process
(``../shared/bench/calibrate.py``: what they would take on the reference machine), and
asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from counting import machine_speed

from tote.core import all_games, get_game
from tote.core.match import Match
from tote.server.replay_book import ReplayBook
from tote.sim.play import random_match

PLAYERS = {"wits-and-wagers": 7, "horse-fever": 5}


def step_ms(book: ReplayBook, before: int, step: int, tries: int = 20) -> float:
    """The best time of asking ``step`` right after ``before`` (seat 0's view), in ms."""
    best = float("inf")
    for _ in range(tries):
        book.view(before, 0)
        start = time.perf_counter()
        book.view(step, 0)
        best = min(best, time.perf_counter() - start)
    return best * 1000


def scratch_ms(book: ReplayBook) -> float:
    """Replaying the whole record to its end instead (no book), in ms."""
    start = time.perf_counter()
    Match.replay(book.record).state.view(0)
    return (time.perf_counter() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    games = [get_game(g) for g in args.games] or all_games()
    speed = machine_speed()
    columns = ("moves", "steps", "lay out", "back", "forward", "scratch", "back*", "fwd*")
    print(f"{'game':16}", *(f"{c:>8}" for c in columns), " (ms; * calibrated)")
    for game in games:
        players = args.players or PLAYERS.get(game.id, min(game.max_players, 6))
        record = random_match(game, players, seed=args.seed).record()
        start = time.perf_counter()
        book = ReplayBook(record)
        layout = (time.perf_counter() - start) * 1000
        last = book.steps
        back = step_ms(book, last, last - 1)
        forward = step_ms(book, last - 1, last)
        calibrated = (
            f" {back * speed:8.2f} {forward * speed:8.2f}"
            if speed is not None
            else "       -        -"
        )
        print(
            f"{game.id:16} {len(book.moves):8} {last:8} {layout:8.1f} {back:8.2f}"
            f" {forward:8.2f} {scratch_ms(book):8.1f}{calibrated}"
        )
    if speed is not None:
        print(f"calibration: this machine runs at {speed:.2f} of the reference now")


if __name__ == "__main__":
    main()
