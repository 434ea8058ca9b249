"""Review speed (issue 26, Speed): whole reviews of random games, every seat.

    python benchmarks/review.py winners-circle --players 4 --games 3 [--worlds 400]
        [--search-worlds 8]

reviews the random games of seeds 0 to GAMES-1 (``random_match``, as the tests make
them) and prints the CPU seconds of each review. For instruction counts that do not
move with the machine's load (docs/review.md):

    python3 ../shared/bench/instructions.py --units 0,1 -- \\
        /work/main/.venv/bin/python benchmarks/review.py winners-circle --players 4 --games {n}
"""

from __future__ import annotations

import argparse
import time

from tote.review import WORLDS, review
from tote.sim.play import random_match


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
    args = parser.parse_args()
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
