"""Full random games per second, per game, on one core.

Run: .venv/bin/python benchmarks/bench.py [--games N] [--players P] [--variant V,...] [GAME ...]
Each game is played exactly as ``tote simulate`` plays it with random bots
(:func:`tote.sim.runner.play_bots`). Time is this process's CPU time, so other
work on a shared machine does not count against the game. It prints figures and
asserts nothing: speed targets are read, not tested. Beside each best figure it prints
the calibrated one (``../shared/bench/calibrate.py``, run in the same process): speed
targets in issues are calibrated figures.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import time
from collections.abc import Sequence
from pathlib import Path

from tote.core import OptionsError, all_games, get_game
from tote.sim.runner import play_bots

CALIBRATE = next(
    (
        folder / "shared" / "bench" / "calibrate.py"
        for folder in Path(__file__).resolve().parents[1:]
        if (folder / "shared" / "bench" / "calibrate.py").exists()
    ),
    Path(__file__).resolve().parent.parent.parent / "shared" / "bench" / "calibrate.py",
)
"""The shared fixed workload (``../shared/bench/calibrate.py``, looked for beside the
repository and beside each folder above it, so a git worktree finds it too): speeds
measured with it in the same process read as on the reference machine, whatever this
machine's load."""


def machine_speed() -> float | None:
    """The calibration workload's operations per second now, or None without the file."""
    if not CALIBRATE.exists():
        return None
    spec = importlib.util.spec_from_file_location("calibrate", CALIBRATE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return float(module.ops_per_second()) / float(module.REFERENCE_OPS)


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game_ids", nargs="*", metavar="GAME")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--variant", default="", help="variants, comma separated")
    args = parser.parse_args()
    variants = [v for v in args.variant.split(",") if v]
    ids = args.game_ids or [game.id for game in all_games()]
    speed = machine_speed()
    print(f"{'game':<18}{'players':>8}{'best games/s':>14}{'median':>10}{'calibrated best':>17}")
    for game_id in ids:
        game = get_game(game_id)
        counts = [args.players] if args.players else sorted({game.min_players, 4, game.max_players})
        for n in counts:
            try:
                game.new_state(None, n)
            except OptionsError:
                continue  # a player count this game refuses without further options
            best, median = bench(game_id, args.games, n, args.repeat, variants)
            shown = "-" if speed is None else f"{best / speed:.0f}"
            print(f"{game_id:<18}{n:>8}{best:>14.0f}{median:>10.0f}{shown:>17}", flush=True)
    if speed is not None:
        print(f"calibration: this machine runs at {speed:.2f} of the reference now;")
        print("calibrated = best / that, comparable across runs and days")


if __name__ == "__main__":
    main()
