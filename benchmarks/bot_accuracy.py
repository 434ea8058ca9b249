"""Mean review accuracy per bot (issue 26: "mean accuracy per bot is a fine measure of
a bot's strength"; docs/bots.md, "Review accuracy").

Run: .venv/bin/python benchmarks/bot_accuracy.py GAME GAMES BOT,BOT,BOT,BOT
(``GAME BOT,... --instructions [N1,N2]``: instructions a reviewed game instead, games
N1 to N2-1 played and reviewed on this process, default 0,1, :mod:`counting`; a
reviewed game of Wits & Wagers is about 7e9 instructions, three minutes of valgrind at
0,1, Winner's Circle's about twice that, the other games' far more: most of an hour)

plays GAMES 4-seat games (seeds 0 to GAMES-1), the bots turned one seat each game (game
``g`` seats ``bots[(seat + g) % len(bots)]``), reviews each whole (:func:`tote.review`,
its default budgets, the search included) and prints each bot's mean accuracy over its
seat-games with a 95% percentile bootstrap interval over those seat-games (2,000
resamples, seeded), and the wall time. It asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import counting

import tote
from tote.core import get_game
from tote.sim.play import play_match
from tote.sim.runner import play_bots

SEATS = 4


def seated(bots: Sequence[str], seed: int) -> list[str]:
    """The bots of game ``seed``, turned one seat a game."""
    return [bots[(seat + seed) % len(bots)] for seat in range(SEATS)]


def review_games(game_id: str, bots: Sequence[str], games: int) -> None:
    """Games 0 to ``games`` - 1 played and reviewed whole, nothing printed: the unit
    counted by ``--instructions``, one reviewed game."""
    game = get_game(game_id)
    options = game.options(None, ())
    for seed in range(games):
        tote.review(play_match(game, options, seated(bots, seed), seed).record())


def count(game_id: str, bots: list[str], units: tuple[int, int]) -> None:
    """The ``--instructions`` report: instructions a reviewed game, beside its calibrated
    time on this process."""
    speed = counting.machine_speed()
    game = get_game(game_id)
    # a random game first: the games' modules and data are loaded outside the timing
    play_bots(game, game.options(None), ["random"] * SEATS, 0)
    counting.count_and_time(
        f"{game_id}, {','.join(bots)}",
        "reviewed game",
        __file__,
        [game_id, ",".join(bots)],
        units,
        partial(review_games, game_id, bots),
        speed,
    )
    counting.footer(speed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game", metavar="GAME")
    parser.add_argument(
        "games", metavar="GAMES", type=int, nargs="?", help="not with --instructions"
    )
    parser.add_argument("bots", metavar="BOT,BOT,BOT,BOT")
    counting.add_options(
        parser,
        "0,1",
        "reviewed game (game 0 at 0,1: three minutes of valgrind in Wits & Wagers, about "
        "twice that in Winner's Circle, most of an hour in the others)",
    )
    args = parser.parse_args()
    game_id, bots = args.game, args.bots.split(",")
    if args.units_only is not None:
        review_games(game_id, bots, args.units_only)
        return
    if args.instructions:
        count(game_id, bots, args.instructions)
        return
    if args.games is None:
        parser.error("give GAMES, or --instructions")
    games = args.games
    game = get_game(game_id)
    options = game.options(None, ())
    accuracy: dict[str, list[float]] = {bot: [] for bot in bots}
    began = time.time()
    for seed in range(games):
        names = seated(bots, seed)
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
