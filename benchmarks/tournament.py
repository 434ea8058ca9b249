"""The search bot against the game's best heuristic bot and against random (issue 12, 3).

Run: .venv/bin/python benchmarks/tournament.py [--games N] [--workers W] [GAME ...]

In each game, one seat plays ``ismcts`` (or the bot given by ``--bot``) and every other
seat the opponent (the game's default bot, its strongest heuristic, then ``random``);
the search bot's seat rotates over the games so that no seat order favours it. Game i
uses seed i. It prints the search bot's win share (a shared win counts 1/k) with a 95%
Wilson interval, and the share a seat would get by luck alone (1/players): where the
interval lies above it, search helps; where it holds it, the games cannot tell.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

from tote.core import all_games, get_game
from tote.core.tote_board import wilson
from tote.sim.runner import play_bots

PLAYERS = {
    "wetten": 3,
    "horse-fever": 3,
    "carcassonne": 2,
    "winners-circle": 3,
    "wits-and-wagers": 4,
}


def one_game(game_id: str, bot: str, opponent: str, players: int, seed: int) -> float:
    """The search bot's share of the win in game ``seed`` (its seat: seed mod players)."""
    game = get_game(game_id)
    seat = seed % players
    names = [bot if s == seat else opponent for s in range(players)]
    result = play_bots(game, game.options(None), names, seed)
    return 1 / len(result.winners) if seat in result.winners else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game_ids", nargs="*", metavar="GAME")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--bot", default="ismcts")
    args = parser.parse_args()
    ids = args.game_ids or [g.id for g in all_games() if g.markets is not None]
    print(
        f"{'game':<16}{'players':>8}  {'opponent':<9}{'games':>6}{'win share':>11}"
        f"{'95% interval':>16}{'by luck':>9}  {'s/game':>7}"
    )
    with ProcessPoolExecutor(args.workers) as pool:
        for game_id in ids:
            game = get_game(game_id)
            players = PLAYERS.get(game_id, 3)
            for opponent in dict.fromkeys([game.default_bot, "random"]):
                began = time.perf_counter()
                seeds = range(args.games)
                n = args.games
                shares = list(
                    pool.map(
                        one_game,
                        [game_id] * n,
                        [args.bot] * n,
                        [opponent] * n,
                        [players] * n,
                        seeds,
                    )
                )
                wins = sum(shares)
                ci = wilson(round(wins), args.games)
                per_game = (time.perf_counter() - began) * args.workers / args.games
                print(
                    f"{game_id:<16}{players:>8}  {opponent:<9}{args.games:>6}"
                    f"{wins / args.games:>10.0%} {ci.low:>7.0%} to {ci.high:<6.0%}"
                    f"{1 / players:>8.0%}  {per_game:>7.1f}",
                    flush=True,
                )


if __name__ == "__main__":
    main()
