"""The search bot against the game's best heuristic bot and against random (issue 12, 3).

Run: .venv/bin/python benchmarks/tournament.py [--games N] [--workers W] [GAME ...]
(``--instructions [N1,N2] [--opponent BOT]``: instructions a tournament game instead,
:mod:`counting`: one game of the search bot against one opponent, on one process, games
N1 to N2-1, default 0,1; each GAME named, Winner's Circle by default, against the
game's default bot only unless ``--opponent`` names others: a game is about 1e10
instructions, some three minutes of valgrind for 0,1)

In each game, one seat plays ``ismcts`` (or the bot given by ``--bot``) and every other
seat the opponent (the game's default bot, its strongest heuristic, then ``random``);
the search bot's seat rotates over the games so that no seat order favours it. Game i
uses seed i. It prints the search bot's win share (a shared win counts 1/k) with a 95%
Wilson interval, and the share a seat would get by luck alone (1/players): where the
interval lies above it, search helps; where it holds it, the games cannot tell.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import counting

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


def play_games(game_id: str, bot: str, opponent: str, players: int, games: int) -> None:
    """Games 0 to ``games`` - 1 of a row of the table, on this process: the unit counted
    by ``--instructions``, one tournament game."""
    for seed in range(games):
        one_game(game_id, bot, opponent, players, seed)


def opponents(game_id: str, named: str | None, both: bool = True) -> list[str]:
    """The opponents of ``game_id``'s rows: ``named`` (comma separated), or the game's
    default bot, then (with ``both``) ``random``."""
    if named:
        return named.split(",")
    default = get_game(game_id).default_bot
    return list(dict.fromkeys([default, "random"])) if both else [default]


def count(ids: list[str], bot: str, named: str | None, units: tuple[int, int]) -> None:
    """The ``--instructions`` report: instructions a game of each row, beside its
    calibrated time on this process."""
    speed = counting.machine_speed()
    for game_id in ids:
        players = PLAYERS.get(game_id, 3)
        game = get_game(game_id)
        # a random game first: the games' modules and data are loaded outside the timing
        play_bots(game, game.options(None), ["random"] * players, 0)
        for opponent in opponents(game_id, named, both=False):
            counting.count_and_time(
                f"{game_id}, {bot} v {opponent}",
                "game",
                __file__,
                [game_id, "--bot", bot, "--opponent", opponent],
                units,
                partial(play_games, game_id, bot, opponent, players),
                speed,
            )
    counting.footer(speed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game_ids", nargs="*", metavar="GAME")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--bot", default="ismcts")
    parser.add_argument(
        "--opponent",
        default=None,
        help=(
            "the opponents, comma separated (default: the game's default bot, then random; "
            "with --instructions the default bot only)"
        ),
    )
    counting.add_options(
        parser,
        "0,1",
        "tournament game (on one process; each GAME named, winners-circle by default, "
        "against each --opponent, the game's default bot by default; about three minutes "
        "of valgrind a game)",
    )
    args = parser.parse_args()
    if args.units_only is not None:
        game_id = args.game_ids[0]
        opponent = opponents(game_id, args.opponent)[0]
        play_games(game_id, args.bot, opponent, PLAYERS.get(game_id, 3), args.units_only)
        return
    if args.instructions:
        count(args.game_ids or ["winners-circle"], args.bot, args.opponent, args.instructions)
        return
    ids = args.game_ids or [g.id for g in all_games() if g.markets is not None]
    print(
        f"{'game':<16}{'players':>8}  {'opponent':<9}{'games':>6}{'win share':>11}"
        f"{'95% interval':>16}{'by luck':>9}  {'s/game':>7}"
    )
    with ProcessPoolExecutor(args.workers) as pool:
        for game_id in ids:
            players = PLAYERS.get(game_id, 3)
            for opponent in opponents(game_id, args.opponent):
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
