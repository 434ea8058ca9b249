"""``tote simulate`` at scale: the worker speed-up, each game's games/s, flat memory.

Run: .venv/bin/python benchmarks/simulate.py [--games N] [--per-game N] [--memory N]
     [--workers W] [--skip speedup,games,memory,save]
(``--instructions [N1,N2] [--game GAME,...|all] [--players P]``: instructions a
simulated game instead, :mod:`counting`: one game of ``tote simulate`` (random bots,
its row tallied) on one process; by default part 1's Winner's Circle with 3
seats, about 4 minutes of valgrind; ``--game all`` adds part 2's games, as long each)

It prints figures and asserts nothing (issue 14, Done means):

1. **speed-up**: the same long run (Winner's Circle, 3 random bots) on 1 process and on
   ``--workers`` processes, wall-clock, and their ratio;
2. **games/s of each game** with ``--workers`` processes (the default player count of
   ``tote simulate``'s examples: 4 seats where the game allows it);
3. **memory of a long run**: the fastest game, random bots, ``--memory`` games on
   ``--workers`` processes; the parent's resident memory after 1%, 10% and 100% of the
   games (flat: rows are not kept) and the largest worker's peak;
4. **--save size**: 1,000 saved Winner's Circle games, the run file against the old
   indented JSON records.

Wall-clock figures depend on what else the shared machine runs: beside each rate the
calibrated one (``../shared/bench/calibrate.py``, measured in the same process) reads as
on the reference machine; the load average is printed too.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import counting

from tote.core import get_game
from tote.sim import plan_games, run_plan
from tote.sim.record_files import read_run

ROOT = Path(__file__).resolve().parent.parent
CALIBRATION_DIRS = [ROOT.parent / "shared" / "bench", ROOT.parent.parent / "shared" / "bench"]
PLAYERS = {"carcassonne": 4, "horse-fever": 4, "wetten": 4, "winners-circle": 4,
           "wits-and-wagers": 4}  # fmt: skip


def calibration() -> Callable[[float], float] | None:
    """``calibrated(rate)`` from the shared calibration workload, or None without it."""
    for folder in CALIBRATION_DIRS:
        if (folder / "calibrate.py").exists():
            sys.path.insert(0, str(folder))
            from calibrate import REFERENCE_OPS, ops_per_second  # type: ignore[import-not-found]

            ops = float(ops_per_second())
            print(f"calibration: this machine runs at {ops / REFERENCE_OPS:.2f} of the reference")
            return lambda rate: rate * REFERENCE_OPS / ops
    print("calibration: ../shared/bench/calibrate.py not found; raw figures only")
    return None


def resident_mb() -> float:
    """This process's resident memory now, in MB (Linux /proc; else its peak)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 1e6
    except (OSError, ValueError, IndexError):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e3


def descendants() -> dict[int, tuple[float, float]]:
    """CPU seconds and peak resident MB of every process below this one (the workers,
    started by the forkserver, are not our children: /proc is read). Linux only."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                parents[int(entry.name)] = int(fields[1])
            except (OSError, IndexError, ValueError):
                continue
    found: dict[int, tuple[float, float]] = {}
    tick = os.sysconf("SC_CLK_TCK")
    for pid in parents:
        up = parents.get(pid)
        while up is not None and up != os.getpid() and up > 1:
            up = parents.get(up)
        if up != os.getpid():
            continue
        try:
            fields = (Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1]).split()
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        peak = next((line.split()[1] for line in status.splitlines()
                     if line.startswith("VmHWM")), "0")  # fmt: skip
        found[pid] = ((int(fields[11]) + int(fields[12])) / tick, int(peak) / 1e3)
    return found


def timed(
    game_id: str, players: int, games: int, workers: int
) -> tuple[float, float, dict[int, tuple[float, float]]]:
    """Wall-clock games per second of one run (worker start-up included), the parent's
    CPU seconds, and the workers' CPU seconds and peak MB, read as the last game lands."""
    plan = plan_games(game_id, players, games)
    seen: dict[int, tuple[float, float]] = {}

    def progress(done: int, total: int) -> None:
        if done == total and workers > 1:
            seen.update(descendants())

    cpu = time.process_time()
    start = time.perf_counter()
    run_plan(plan, progress, workers=workers)
    return games / (time.perf_counter() - start), time.process_time() - cpu, seen


def show(label: str, rate: float, calibrated: Callable[[float], float] | None) -> str:
    shown = "" if calibrated is None else f"  (calibrated {calibrated(rate):,.0f})"
    return f"{label}: {rate:,.0f} games/s{shown}"


def speedup(games: int, workers: int, calibrated: Callable[[float], float] | None) -> None:
    print(f"\n1. speed-up: winners-circle, 3 random bots, {games:,} games")
    one, one_cpu, _ = timed("winners-circle", 3, games, 1)
    print("   " + show("1 process", one, calibrated) + f", {one_cpu:.1f} CPU s")
    many, parent_cpu, seen = timed("winners-circle", 3, games, workers)
    print("   " + show(f"{workers} processes", many, calibrated))
    print(f"   wall-clock speed-up: {many / one:.2f}x   (load average {os.getloadavg()[0]:.1f})")
    busiest = max((cpu for cpu, _ in seen.values()), default=0.0)
    if busiest:
        spent = sum(cpu for cpu, _ in seen.values())
        each = ", ".join(f"{cpu:.1f}" for cpu, _ in sorted(seen.values()))
        print(f"   CPU s: {spent:.1f} below the parent ({each}: the forkserver and the workers), "
              f"{parent_cpu:.1f} in the parent, against {one_cpu:.1f} alone")  # fmt: skip
        print(f"   speed-up on an idle machine (each worker on its own core): "
              f"{one_cpu / max(busiest, parent_cpu):.2f}x, start-up aside")  # fmt: skip


def per_game(games: int, workers: int, calibrated: Callable[[float], float] | None) -> None:
    print(f"\n2. games/s of each game, random bots, {games:,} games on {workers} processes")
    for game_id, players in PLAYERS.items():
        get_game(game_id)
        rate, _, _ = timed(game_id, players, games, workers)
        print("   " + show(f"{game_id:<16} {players} players", rate, calibrated))


def memory(games: int, workers: int) -> None:
    game_id = "wits-and-wagers"
    print(f"\n3. memory: {game_id}, 4 random bots, {games:,} games on {workers} processes")
    marks = {max(1, games // 100): 0.0, max(1, games // 10): 0.0, games: 0.0}
    workers_at: dict[int, float] = {}

    def progress(done: int, total: int) -> None:
        if done in marks:
            marks[done] = resident_mb()
            workers_at[done] = max((mb for _, mb in descendants().values()), default=0.0)

    before = resident_mb()
    start = time.perf_counter()
    summary = run_plan(plan_games(game_id, 4, games), progress, workers=workers)
    seconds = time.perf_counter() - start
    print(f"   parent before the run: {before:.0f} MB resident")
    for done, mb in marks.items():
        print(f"   after {done:>9,} games: parent {mb:.0f} MB resident, "
              f"largest worker's peak so far {workers_at.get(done, 0):.0f} MB")  # fmt: skip
    print(
        f"   the run took {seconds:.0f} s ({summary.games_per_second:,.0f} games/s); "
        f"parent's peak {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e3:.0f} MB"
    )


def save_size(workers: int) -> None:
    print("\n4. --save: 1,000 winners-circle games, 3 random bots")
    with tempfile.TemporaryDirectory() as folder:
        run_file = Path(folder) / "run.jsonl.gz"
        run_plan(plan_games("winners-circle", 3, 1000, save=run_file), workers=workers)
        packed = run_file.stat().st_size
        indented = sum(len(r.to_json_text()) + 1 for r in read_run(run_file))
    print(f"   one run file: {packed / 1e6:.1f} MB; as 1,000 indented .json records: "
          f"{indented / 1e6:.1f} MB ({indented / packed:.0f}x)")  # fmt: skip


def play_games(game_id: str, players: int, games: int) -> None:
    """``games`` seeded games of ``tote simulate`` (random bots, seeds 0, 1, ..., the
    rows tallied into the summary) on this one process: the unit counted by
    ``--instructions``, one simulated game."""
    run_plan(plan_games(game_id, players, games), workers=1)


def counted(game: str | None, players: int | None) -> list[tuple[str, int]]:
    """The games and seat counts ``--instructions`` counts: ``game`` (comma separated,
    at ``players`` or part 2's seat count), or part 1's Winner's Circle with 3 seats,
    and with ``game == "all"`` part 2's games after it."""
    if game is None or game == "all":
        found = [("winners-circle", players or 3)]
        if game == "all":
            found += [(game_id, players or n) for game_id, n in PLAYERS.items()]
        return found
    return [(game_id, players or PLAYERS.get(game_id, 4)) for game_id in game.split(",")]


def count(game: str | None, players: int | None, units: tuple[int, int]) -> None:
    """The ``--instructions`` report: instructions a simulated game of each counted game,
    beside its calibrated time on this process."""
    speed = counting.machine_speed()
    for game_id, n in counted(game, players):
        play_games(game_id, n, 1)  # the summary's first imports (scipy) are not timed
        counting.count_and_time(
            f"{game_id}, {n} players",
            "game",
            __file__,
            ["--game", game_id, "--players", str(n)],
            units,
            partial(play_games, game_id, n),
            speed,
        )
    counting.footer(speed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10_000, help="games of the speed-up run")
    parser.add_argument("--per-game", type=int, default=2_000, help="games per game in part 2")
    parser.add_argument("--memory", type=int, default=100_000, help="games of the memory run")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--skip", default="", help="parts to skip: speedup,games,memory,save")
    parser.add_argument(
        "--game",
        default=None,
        help=(
            "with --instructions: the games counted, comma separated (default: part 1's "
            "winners-circle at 3 players, about 4 minutes of valgrind; 'all': that and "
            "part 2's games, as long each)"
        ),
    )
    parser.add_argument(
        "--players",
        type=int,
        default=None,
        help="with --instructions: the seats (default: part 1's 3, part 2's 4)",
    )
    counting.add_options(parser, "10,50", "simulated game (one process)")
    args = parser.parse_args()
    if args.units_only is not None:
        game_id, players = counted(args.game, args.players)[0]
        play_games(game_id, players, args.units_only)
        return
    if args.instructions:
        count(args.game, args.players, args.instructions)
        return
    skip = set(args.skip.split(","))
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
    calibrated = calibration()
    if "speedup" not in skip:
        speedup(args.games, args.workers, calibrated)
    if "games" not in skip:
        per_game(args.per_game, args.workers, calibrated)
    if "memory" not in skip:
        memory(args.memory, args.workers)
    if "save" not in skip:
        save_size(args.workers)


if __name__ == "__main__":
    main()
