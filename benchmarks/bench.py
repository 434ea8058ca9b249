"""Full random games per second, per game, on one core.

Run: .venv/bin/python benchmarks/bench.py [--games N] [--players P] [--variant V,...] [GAME ...]
(``--instructions [N1,N2]``: instructions a game instead, :mod:`counting`)
Each game is played exactly as ``tote simulate`` plays it with random bots
(:func:`tote.sim.runner.play_bots`). Time is this process's CPU time, so other
work on a shared machine does not count against the game. It prints figures and
asserts nothing: speed targets are read, not tested. Beside each best figure it prints
the calibrated one (``../shared/bench/calibrate.py``, run in the same process): speed
targets in issues are calibrated figures.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import counting

from tote.core import OptionsError, all_games, get_game
from tote.sim.runner import play_bots


def bench(
    game_id: str, games: int, players: int, repeat: int, variants: Sequence[str] = ()
) -> tuple[float, float]:
    """Random games per second for ``game_id`` with ``players`` seats (and the named
    ``variants``): the best and the median of ``repeat`` runs (a shared machine only
    ever slows a run down)."""
    game = get_game(game_id)
    options = game.options(None, variants)
    bots = ["random"] * players
    rates = []
    for _ in range(repeat):
        start = time.process_time()
        for seed in range(games):
            play_bots(game, options, bots, seed)
        rates.append(games / (time.process_time() - start))
    return max(rates), statistics.median(rates)


def play_games(game_id: str, games: int, players: int, variants: Sequence[str] = ()) -> None:
    """``games`` seeded random games (seeds 0, 1, ...): the unit counted by
    ``--instructions``, one game."""
    game = get_game(game_id)
    options = game.options(None, variants)
    for seed in range(games):
        play_bots(game, options, ["random"] * players, seed)


def player_counts(game_id: str, players: int | None) -> list[int]:
    """The seat counts measured: ``players``, or the game's fewest, 4 and most, each
    only if the game takes it without further options."""
    game = get_game(game_id)
    counts = [players] if players else sorted({game.min_players, 4, game.max_players})
    found = []
    for n in counts:
        try:
            game.new_state(None, n)
        except OptionsError:
            continue  # a player count this game refuses without further options
        found.append(n)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game_ids", nargs="*", metavar="GAME")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--variant", default="", help="variants, comma separated")
    counting.add_options(parser, "2,6", "game")
    args = parser.parse_args()
    variants = [v for v in args.variant.split(",") if v]
    ids = args.game_ids or [game.id for game in all_games()]
    if args.units_only is not None:
        players = args.players or player_counts(ids[0], None)[0]
        play_games(ids[0], args.units_only, players, variants)
        return
    speed = counting.machine_speed()
    if args.instructions:
        for game_id in ids:
            for n in player_counts(game_id, args.players):
                counting.count_and_time(
                    f"{game_id}, {n} players",
                    "game",
                    __file__,
                    [game_id, "--players", str(n), "--variant", args.variant],
                    args.instructions,
                    partial(play_games, game_id, players=n, variants=variants),
                    speed,
                )
        counting.footer(speed)
        return
    print(f"{'game':<18}{'players':>8}{'best games/s':>14}{'median':>10}{'calibrated best':>17}")
    for game_id in ids:
        for n in player_counts(game_id, args.players):
            best, median = bench(game_id, args.games, n, args.repeat, variants)
            shown = "-" if speed is None else f"{best / speed:.0f}"
            print(f"{game_id:<18}{n:>8}{best:>14.0f}{median:>10.0f}{shown:>17}", flush=True)
    counting.print_calibration(speed, "best / that")


if __name__ == "__main__":
    main()
