"""Instructions per unit of work, the same way in every benchmark (issue 24).

Timings on these shared machines swing by a third and more; the instructions a
deterministic piece of work executes do not (``../shared/bench/instructions.py`` counts
them with valgrind's callgrind, exact to about 0.01% whatever the machine is doing). So
every benchmark here has an ``--instructions`` mode beside its timings:

- the benchmark runs its own unit of work (a game, a board, a step...) in a child
  process under callgrind, twice, with N1 and N2 units (the hidden ``--units-only N``
  mode: the seeded work alone, nothing printed), and divides the difference by N2 - N1,
  so start-up and imports cancel out;
- it prints the instructions one unit costs and what they make on the reference machine
  (``REFERENCE_IPS`` instructions a second of pure-Python work), and beside them the
  same units timed in this process (N2 less N1, as counted), raw and calibrated
  (``../shared/bench/calibrate.py``, run in the same process): a person still wants
  milliseconds.

The shared tools are looked for in ``shared/bench`` beside the repository and beside
each folder above it, so a git worktree finds them too. Without them (or without
valgrind) the mode refuses with what is missing; the timings still run.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent

SHARED = next(
    (
        folder / "shared" / "bench"
        for folder in ROOT.parents
        if (folder / "shared" / "bench" / "calibrate.py").exists()
    ),
    ROOT.parent / "shared" / "bench",
)
"""The shared measuring tools (``calibrate.py``, ``instructions.py``)."""

UNITS_ONLY = "--units-only"
"""The hidden option a benchmark's child runs its seeded units under."""

HELPERS = frozenset({"counting.py", "in_process.py", "server_profile.py"})
"""Files here that are not benchmarks: this module, the in-process server units
(:mod:`in_process`), and the wrapper ``load.py --profile`` starts ``tote serve``
through."""

NOT_COUNTED = {
    "chaos.py": (
        "a check, not a speed: it kills, restarts and cuts off server processes on a "
        "clock and checks that no acknowledged move is lost and every table moves on; "
        "no unit of its work repeats, and what it could count (a move handled) is "
        "load.py's unit"
    ),
}
"""Benchmarks without an ``--instructions`` mode, and why."""


def shared_tool(name: str) -> ModuleType | None:
    """``SHARED/name.py`` imported, or ``None`` when it is not there."""
    path = SHARED / f"{name}.py"
    if not path.exists():
        return None
    spec = importlib.util.spec_from_file_location(f"shared_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def machine_speed() -> float | None:
    """This machine's speed now against the reference machine (the calibration
    workload's operations a second over ``REFERENCE_OPS``), or ``None`` without it."""
    calibrate = shared_tool("calibrate")
    if calibrate is None:
        return None
    return float(calibrate.ops_per_second()) / float(calibrate.REFERENCE_OPS)


def print_calibration(speed: float | None, calibrated: str) -> None:
    """The lines under a timing table that say how its calibrated column is read
    (``calibrated``, e.g. ``"turns/s / that"``), or that there is none."""
    if speed is None:
        print("calibration: no calibration workload found; calibrated figures are -")
        return
    print(f"calibration: this machine runs at {speed:.2f} of the reference now;")
    print(f"calibrated = {calibrated}, comparable across runs and days")


MOST_UNITS = 1_000_000
"""The most units a count or its child runs (valgrind runs some 50 times slower)."""


def parse_units(text: str) -> tuple[int, int]:
    """``"N1,N2"`` as two unit counts, 0 <= N1 < N2 (argparse's type)."""
    try:
        low, high = (int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"give two unit counts N1,N2, not {text!r}") from None
    if not 0 <= low < high <= MOST_UNITS:
        raise argparse.ArgumentTypeError(
            f"the unit counts need 0 <= N1 < N2 <= {MOST_UNITS:,}, not {text!r}"
        )
    return low, high


def unit_count(text: str) -> int:
    """``--units-only N``: 0 to :data:`MOST_UNITS` (argparse's type)."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"give a number of units, not {text!r}") from None
    if not 0 <= n <= MOST_UNITS:
        raise argparse.ArgumentTypeError(f"the units are 0 to {MOST_UNITS:,}, not {n}")
    return n


def add_options(parser: argparse.ArgumentParser, units: str | None, unit: str) -> None:
    """The ``--instructions [N1,N2]`` mode (``units`` by default; ``None``: the
    benchmark picks them, and a bare ``--instructions`` gives ``()``) and the hidden
    ``--units-only N`` its child runs; ``unit`` names one unit of work in the help."""
    parser.add_argument(
        "--instructions",
        nargs="?",
        const=() if units is None else parse_units(units),
        type=parse_units,
        metavar="N1,N2",
        help=(
            f"count the instructions one {unit} costs with callgrind "
            "(../shared/bench/instructions.py) at N1 and N2 units"
            + ("" if units is None else f" (default {units})")
            + ", instead of timing; valgrind runs about 50 times slower than normal"
        ),
    )
    parser.add_argument(UNITS_ONLY, type=unit_count, default=None, help=argparse.SUPPRESS)


def per_unit(script: str, arguments: Sequence[str], units: tuple[int, int]) -> float:
    """The instructions one unit of ``script`` costs: ``script arguments --units-only N``
    counted at both unit counts (seeded work: the same count on every run)."""
    tool = shared_tool("instructions")
    if tool is None:
        raise SystemExit(f"--instructions needs {SHARED / 'instructions.py'}, which is not there")
    # numpy's OpenBLAS threads spin at import by a varying amount a run (issue 24).
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    template = [sys.executable, script, *arguments, UNITS_ONLY, "{n}"]
    # Once natively first: were the modules' bytecode cache not written yet, the first
    # count would also compile and write it and the second only read it, and their
    # difference would be off by all that.
    subprocess.run(
        [part.replace("{n}", str(units[0])) for part in template],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return float(tool.per_unit(template, *units))


def reference_ms(instructions: float) -> float:
    """The milliseconds ``instructions`` take on the reference machine."""
    tool = shared_tool("instructions")
    ips = 6.5e9 if tool is None else float(tool.REFERENCE_IPS)
    return 1000 * instructions / ips


TIMED_SPAN = 0.5
"""CPU seconds the timed difference should span at least, so that a cheap unit is not
lost in the noise of the set-up both runs share."""


def timed(run: Callable[[int], object], units: tuple[int, int]) -> float:
    """CPU milliseconds one unit of ``run`` takes here, read as the count is: ``run``
    at more units less ``run(N1)``, over the difference, after ``run(N1)`` once untimed
    so that first-time costs (imports, caches filled) fall on neither. The span starts
    at N2 - N1 units and grows (up to 1000 times) until it takes :data:`TIMED_SPAN`."""
    low, high = units
    run(low)
    span = high - low
    while True:
        spent = []
        for n in (low, low + span):
            began = time.process_time()
            run(n)
            spent.append(time.process_time() - began)
        took = spent[1] - spent[0]
        if took >= TIMED_SPAN or span >= 1000 * (high - low):
            return 1000 * took / span
        grow = TIMED_SPAN / took if took > 0 else 10.0
        span = min(1000 * (high - low), max(2 * span, round(span * grow * 1.2)))


def count_and_time(
    label: str,
    unit: str,
    script: str,
    arguments: Sequence[str],
    units: tuple[int, int],
    run: Callable[[int], object],
    speed: float | None,
) -> float:
    """One line of an ``--instructions`` report: the instructions a ``unit`` of
    ``script arguments`` costs (:func:`per_unit`), the reference milliseconds they make,
    and ``run`` timed here (:func:`timed`) in CPU milliseconds, raw and calibrated by
    ``speed``. Returns the instructions."""
    instructions = per_unit(script, arguments, units)
    spent = timed(run, units)
    calibrated = "-" if speed is None else f"{spent * speed:,.2f}"
    print(
        f"{label:<28}{instructions:>16,.0f} instructions a {unit}"
        f"{reference_ms(instructions):>12,.3f} ms ref"
        f"{spent:>12,.3f} ms here{calibrated:>12} ms calibrated",
        flush=True,
    )
    return instructions


def footer(speed: float | None) -> None:
    """What the columns of an ``--instructions`` report mean."""
    print(
        "ms ref: the instructions on the reference machine "
        "(REFERENCE_IPS, ../shared/bench/instructions.py);"
    )
    if speed is None:
        print("ms here: this process's CPU time (no calibration workload found)")
    else:
        print(
            f"ms here: this process's CPU time; calibrated: times {speed:.2f}, "
            "this machine's speed against the reference now"
        )
