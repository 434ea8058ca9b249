"""Mean review accuracy per bot (issue 26: "mean accuracy per bot is a fine measure of
a bot's strength"; docs/bots.md, "Review accuracy").

Run: .venv/bin/python benchmarks/bot_accuracy.py GAME GAMES BOT,BOT,BOT,BOT

plays GAMES 4-seat games (seeds 0 to GAMES-1), the bots turned one seat each game (game
``g`` seats ``bots[(seat + g) % len(bots)]``), reviews each whole (:func:`tote.review`,
its default budgets, the search included) and prints each bot's mean accuracy over its
seat-games with a 95% percentile bootstrap interval over those seat-games (2,000
resamples, seeded), and the wall time. It asserts nothing.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

import tote
from tote.core import get_game
from tote.sim.play import play_match

SEATS = 4


def main() -> None:
    game_id, games, bots = sys.argv[1], int(sys.argv[2]), sys.argv[3].split(",")
    game = get_game(game_id)
    options = game.options(None, ())
    accuracy: dict[str, list[float]] = {bot: [] for bot in bots}
    began = time.time()
    for seed in range(games):
        names = [bots[(seat + seed) % len(bots)] for seat in range(SEATS)]
        found = tote.review(play_match(game, options, names, seed).record())
        for seat in found.seats:
            if seat.accuracy is not None:
                accuracy[names[seat.seat]].append(seat.accuracy)
        print(f"game {seed} reviewed, {time.time() - began:.0f} s", file=sys.stderr, flush=True)
    rng = random.Random(0)
    for bot, values in accuracy.items():
        if not values:
            print(f"{bot}: no judged decision")
            continue
        means = sorted(statistics.fmean(rng.choices(values, k=len(values))) for _ in range(2000))
        print(
            f"{bot}: {statistics.fmean(values):.1f} ({means[50]:.1f}-{means[1949]:.1f})"
            f" over {len(values)} seat-games"
        )
    print(f"{time.time() - began:.0f} s")


if __name__ == "__main__":
    main()
