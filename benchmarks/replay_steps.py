"""How long a replay step takes at the end of a long game, per game (issue 16).

Run: .venv/bin/python benchmarks/replay_steps.py [--players N] [--seed S] [GAME ...]
(``--instructions [N1,N2]``: instructions a step back and forward at the end of the game
instead, at 5 and 15 of them by default, :mod:`counting`; one unit is the book asked the
step before the last, then the last, seat 0's view: the "back" and "forward" below
together, since a step back can only be asked again once the book has stepped forward)

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
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import counting

from tote.core import all_games, get_game
from tote.core.game import Game
from tote.core.match import Match
from tote.server.replay_book import ReplayBook
from tote.sim.play import random_match

PLAYERS = {"wits-and-wagers": 7, "horse-fever": 5}


def seats(game: Game, players: int | None) -> int:
    """``players``, or ``game``'s seats in :data:`PLAYERS`, or the most it takes up to 6."""
    return players or PLAYERS.get(game.id, min(game.max_players, 6))


def lay_out(game: Game, players: int, seed: int) -> ReplayBook:
    """The book of a seeded random game of ``game`` (the set-up of the steps)."""
    return ReplayBook(random_match(game, players, seed=seed).record())


def back_and_forward(book: ReplayBook, units: int) -> None:
    """``units`` times a step back from the last step and forward to it again, seat 0's
    view (the cursor at the last step before and after each): the unit counted by
    ``--instructions``."""
    last = book.steps
    for _ in range(units):
        book.view(last - 1, 0)
        book.view(last, 0)


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
    counting.add_options(parser, "5,15", "step back and forward at the game's end")
    args = parser.parse_args()
    games = [get_game(g) for g in args.games] or all_games()
    if args.units_only is not None:
        game = games[0]
        players = seats(game, args.players)
        back_and_forward(lay_out(game, players, args.seed), args.units_only)
        return
    speed = counting.machine_speed()
    if args.instructions:
        for game in games:
            players = seats(game, args.players)
            counting.count_and_time(
                f"{game.id}, {players} players",
                "step back and forward",
                __file__,
                [game.id, "--players", str(players), "--seed", str(args.seed)],
                args.instructions,
                partial(back_and_forward, lay_out(game, players, args.seed)),
                speed,
            )
        counting.footer(speed)
        return
    columns = ("moves", "steps", "lay out", "back", "forward", "scratch", "back*", "fwd*")
    print(f"{'game':16}", *(f"{c:>8}" for c in columns), " (ms; * calibrated)")
    for game in games:
        players = seats(game, args.players)
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
