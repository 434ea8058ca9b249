"""Review speed (issue 26, Speed): whole reviews of random games, every seat.

    python benchmarks/review.py winners-circle --players 4 --games 3 [--worlds 400]
        [--search-worlds 8]

reviews the random games of seeds 0 to GAMES-1 (``random_match``, as the tests make
them) and prints the CPU seconds of each review. For instruction counts that do not
move with the machine's load (docs/review.md), ``--instructions [N1,N2]``
(:mod:`counting`) counts one unit, the random game of one seed played and reviewed
whole on this process (the game is under a hundredth of it), by callgrind at N1 and N2
units (default 0,1: the review of seed ``--first``; the same ``--players``, ``--worlds``
and ``--search-worlds``), beside its calibrated CPU time:

    python benchmarks/review.py winners-circle --players 4 --instructions 0,1

A review is 8e9 (Wits & Wagers: 0,1 counts in about three minutes) to 3e11 instructions
(Carcassonne: over an hour of valgrind) at the default budgets (docs/review.md): count
small budgets there (``--worlds 1 --search-worlds 2``).
"""

from __future__ import annotations

import argparse
import sys
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import counting

from tote.review import WORLDS, review
from tote.sim.play import random_match


def review_games(
    game: str, players: int, first: int, worlds: int | None, search_worlds: int | None, games: int
) -> None:
    """The random games of seeds ``first`` to ``first + games - 1`` played and reviewed,
    nothing printed: the unit counted by ``--instructions``, one reviewed game."""
    for seed in range(first, first + games):
        record = random_match(game, players, seed=seed).record()
        review(record, worlds=worlds, search_worlds=search_worlds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--worlds", type=int, default=None, help=f"default: the game's ({WORLDS})")
    parser.add_argument(
        "--search-worlds", type=int, default=None, help="the search's worlds (default: the game's)"
    )
    parser.add_argument("--first", type=int, default=0, help="the first game's seed")
    counting.add_options(
        parser,
        "0,1",
        "reviewed random game (seed --first on; 0,1 takes about three minutes of valgrind "
        "in Wits & Wagers, over an hour in Carcassonne at the default budgets)",
    )
    args = parser.parse_args()
    reviews = partial(
        review_games, args.game, args.players, args.first, args.worlds, args.search_worlds
    )
    if args.units_only is not None:
        reviews(args.units_only)
        return
    if args.instructions:
        speed = counting.machine_speed()
        random_match(args.game, args.players, seed=args.first)  # the game loaded, untimed
        child = [args.game, "--players", str(args.players), "--first", str(args.first)]
        if args.worlds is not None:
            child += ["--worlds", str(args.worlds)]
        if args.search_worlds is not None:
            child += ["--search-worlds", str(args.search_worlds)]
        counting.count_and_time(
            f"{args.game}, {args.players} players",
            "review",
            __file__,
            child,
            args.instructions,
            reviews,
            speed,
        )
        counting.footer(speed)
        return
    for seed in range(args.first, args.first + args.games):
        record = random_match(args.game, args.players, seed=seed).record()
        began = time.process_time()
        found = review(record, worlds=args.worlds, search_worlds=args.search_worlds)
        seconds = time.process_time() - began
        judged = sum(1 for d in found.decisions if d.mark is not None)
        searched = sum(1 for d in found.decisions if d.judge == "search")
        print(
            f"{args.game} {args.players} players seed {seed}: {judged} decisions judged"
            f" ({searched} by the search), {len(found.decisions) - judged} not,"
            f" {seconds:.2f} s CPU"
        )


if __name__ == "__main__":
    main()
