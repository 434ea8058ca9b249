"""What rolling the tote board out with a real bot costs, and how much it moves the
chances (issue 25: ``tote odds --policy normal`` against the random policy).

Run: .venv/bin/python benchmarks/odds_policy.py [--samples N] [--policy NAME] [GAME ...]
(``--instructions [N1,N2]``: instructions a sampled world of that board instead, with
each of the two policies, at 2 and 6 worlds by default, :mod:`counting`; one unit is
one world of the board below, the same seed, ``--samples`` ignored: a board of N worlds
is its first N worlds, so the difference of two is the worlds between; N1 >= 1, since
a board samples at least one)

For each game it takes the position of ``benchmarks/strong_decision.py`` (a seeded
4-seat game played by the heuristic to seat 0's first real choice after move 20) and
computes seat 0's board twice with the same seed and the same number of sampled
worlds: with the random policy and with ``--policy`` (default ``normal``, the game's
heuristic). It prints the time of each (this machine, wall clock) and the largest
change of any outcome's chance, with the 95% half-widths of the two estimates. It
asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
import time
from functools import partial
from pathlib import Path

from tote.cli.odds import board_for
from tote.core import State
from tote.core.game import Game
from tote.core.registry import all_games, get_game
from tote.core.tote_board import Board

sys.path.insert(0, str(Path(__file__).resolve().parent))
import counting
from strong_decision import position


def board(game: Game, state: State, seat: int, policy: str, samples: int) -> Board:
    """Seat ``seat``'s board at ``state`` rolled out with ``policy``, exactly ``samples``
    worlds (seed 3; no precision stops it first): with ``samples`` the unit counted by
    ``--instructions``, one world."""
    return board_for(game, state, seat, seed=3, precision=1e-9, samples=samples, policy=policy)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", nargs="*")
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--policy", default="normal")
    counting.add_options(parser, "2,6", "world of the board")
    args = parser.parse_args()
    ids = args.games or [g.id for g in all_games()]
    if args.units_only is not None:
        state, seat = position(ids[0])
        board(get_game(ids[0]), state, seat, args.policy, args.units_only)
        return
    if args.instructions:
        if args.instructions[0] < 1:
            parser.error("--instructions: a board samples at least one world, so N1 >= 1")
        speed = counting.machine_speed()
        for game_id in ids:
            game = get_game(game_id)
            state, seat = position(game_id)
            for policy in ("random", args.policy):
                counting.count_and_time(
                    f"{game_id}, {policy}",
                    "world",
                    __file__,
                    [game_id, "--policy", policy],
                    args.instructions,
                    partial(board, game, state, seat, policy),
                    speed,
                )
        counting.footer(speed)
        return
    for game_id in ids:
        game = get_game(game_id)
        state, seat = position(game_id)
        boards = {}
        for policy in ("random", args.policy):
            started = time.perf_counter()
            boards[policy] = board(game, state, seat, policy, args.samples)
            took = time.perf_counter() - started
            print(f"{game_id}: {policy}: {args.samples} worlds in {took:.2f} s")
        base, other = boards["random"], boards[args.policy]
        moves = []
        for market, outcomes in base.markets.items():
            for label, e in outcomes.items():
                o = other.markets.get(market, {}).get(label)
                if o is not None:
                    half = max(e.high - e.low, o.high - o.low) / 2
                    moves.append((abs(o.value - e.value), market, label, e.value, o.value, half))
        moves.sort(reverse=True)
        for change, market, label, was, now, half in moves[:3]:
            print(
                f"  {market} {label}: {was:.1%} -> {now:.1%} (change {change:.1%},"
                f" 95% half-width up to {half:.1%})"
            )


if __name__ == "__main__":
    main()
