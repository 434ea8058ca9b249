"""Every benchmark counts instructions per unit (issue 24: "every benchmark in
``benchmarks/`` gains a mode that prints instructions per unit through it (keep the
calibrated timings beside them)"), through one module, ``benchmarks/counting.py``."""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import textwrap
from pathlib import Path
from types import SimpleNamespace

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = ROOT / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import counting  # noqa: E402

SCRIPTS = sorted(p.name for p in BENCHMARKS.glob("*.py") if p.name not in counting.HELPERS)

LINE = re.compile(
    r"^(?P<label>.+?)\s+(?P<count>[\d,]+) instructions a (?P<unit>\w+)\s+(?P<ref>[\d,.]+) ms ref"
    r"\s+(?P<here>[\d,.]+) ms here\s+(?P<calibrated>[\d,.]+|-) ms calibrated$",
    re.M,
)
"""One line of an ``--instructions`` report (:func:`counting.count_and_time`)."""


def run(*arguments: str | Path, timeout: float = 600) -> str:
    done = subprocess.run(
        [sys.executable, *map(str, arguments)],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


@pytest.mark.parametrize("script", SCRIPTS)
def test_issue_24_every_benchmark_offers_an_instructions_mode(script: str) -> None:
    """Each benchmark's ``--help`` offers ``--instructions``, unless it is one of the few
    that say why not (:data:`counting.NOT_COUNTED`)."""
    shown = run(BENCHMARKS / script, "--help")
    if script in counting.NOT_COUNTED:
        assert "--instructions" not in shown
        assert len(counting.NOT_COUNTED[script]) > 40
    else:
        assert "--instructions" in shown, f"{script} has no --instructions mode"


CHEAP_UNIT = {
    "bench.py": ["wits-and-wagers", "--players", "4"],
    "bot_accuracy.py": ["wits-and-wagers", "random,random,random,random"],
    "envs.py": ["wits-and-wagers"],
    "envs_states.py": ["wits-and-wagers"],
    "odds_policy.py": ["wits-and-wagers"],
    "replay_steps.py": ["winners-circle", "--players", "2"],
    "vector_env.py": ["--envs", "2", "winners-circle"],
    "hot_paths.py": ["wits-and-wagers", "board-world"],
    "load.py": ["--game", "winners-circle", "--players", "2"],
    "review.py": ["wits-and-wagers", "--players", "4", "--worlds", "1", "--search-worlds", "2"],
    "review_latency.py": [],
    "simulate.py": [],
    "strong_decision.py": ["winners-circle", "--unit", "iteration"],
    "tote_board.py": ["wits-and-wagers"],
    "tournament.py": ["wits-and-wagers", "--opponent", "random"],
}
"""Each benchmark's cheapest configuration: its ``--units-only`` child is run on it."""


@pytest.mark.parametrize("script", sorted(CHEAP_UNIT))
def test_issue_24_a_benchmarks_counted_child_does_its_units_and_prints_nothing(
    script: str,
) -> None:
    """The child a count runs (``--units-only N``) does the seeded units and prints
    nothing, so the count is of the work alone; every benchmark with the mode has one."""
    assert run(BENCHMARKS / script, *CHEAP_UNIT[script], counting.UNITS_ONLY, "1") == ""


def test_issue_24_every_counted_benchmark_has_a_cheap_unit_checked() -> None:
    counted = {s for s in SCRIPTS if s not in counting.NOT_COUNTED}
    assert counted == set(CHEAP_UNIT)


def test_issue_24_the_count_is_the_difference_of_two_counts_per_unit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A unit's count is the command counted at N2 units less at N1, over N2 - N1, with
    the benchmark's own arguments and the hidden ``--units-only {n}`` (start-up and
    set-up cancelled out), after the child has run once natively (so that neither count
    compiles the modules and writes their bytecode cache): checked on a stand-in for
    callgrind."""
    counted: list[list[str]] = []

    def per_unit(template: list[str], low: int, high: int) -> float:
        counted.append(template)
        costs = {low: 1_000_000 + 250 * low, high: 1_000_000 + 250 * high}
        return (costs[high] - costs[low]) / (high - low)

    tool = SimpleNamespace(per_unit=per_unit, REFERENCE_IPS=6.5e9)
    monkeypatch.setattr(counting, "shared_tool", lambda name: tool)
    ran: list[list[str]] = []
    monkeypatch.setattr(counting.subprocess, "run", lambda command, **_: ran.append(command))
    found = counting.per_unit("bench.py", ["wetten", "--players", "3"], (2, 6))
    assert found == 250
    child = [sys.executable, "bench.py", "wetten", "--players", "3", "--units-only", "{n}"]
    assert counted == [child]
    assert ran == [[*child[:-1], "2"]]


@pytest.mark.parametrize("text", ["3", "3,1", "2,2", "-1,4", "a,b", "1,2,3", "0,1000001"])
def test_issue_24_unit_counts_must_be_two_growing_whole_numbers(text: str) -> None:
    """``--instructions N1,N2`` refuses what it cannot count at (0 <= N1 < N2, and N2 at
    most a million: every input has a bound)."""
    with pytest.raises(argparse.ArgumentTypeError, match="N1"):
        counting.parse_units(text)


@pytest.mark.parametrize("text", ["-1", "1000001", "two", "1.5"])
def test_issue_24_a_childs_units_are_bounded(text: str) -> None:
    """The hidden ``--units-only N`` takes 0 to a million units and refuses the rest,
    naming the bound or what it wanted (every input has a bound)."""
    with pytest.raises(argparse.ArgumentTypeError, match="units"):
        counting.unit_count(text)
    assert counting.unit_count("0") == 0
    assert counting.unit_count("1000000") == counting.MOST_UNITS


def test_issue_24_a_count_under_callgrind_cancels_start_up_and_reads_per_unit(
    tmp_path: Path,
) -> None:
    """End to end under valgrind (``../shared/bench/instructions.py``): a stand-in
    benchmark whose unit is a fixed loop, with a costly set-up, counted at two pairs of
    unit counts. The set-up cancels out, so both pairs read the same instructions a unit
    (to 1%), and a unit of twice the loop reads about twice as many. In a checkout with
    no ``../shared`` beside it, the mode refuses and names the file it needs."""
    script = tmp_path / "loop_benchmark.py"
    script.write_text(
        textwrap.dedent(
            f"""
            import argparse, sys
            sys.path.insert(0, {str(BENCHMARKS)!r})
            import counting

            def units(n, size):
                sum(range(20_000))  # the set-up, the same at any n
                for _ in range(n):
                    total = 0
                    for i in range(size):
                        total += i * i

            parser = argparse.ArgumentParser()
            parser.add_argument("--size", type=int, default=3000)
            counting.add_options(parser, "1,3", "loop")
            args = parser.parse_args()
            if args.units_only is not None:
                units(args.units_only, args.size)
            else:
                run = lambda n: units(n, args.size)
                counting.count_and_time(
                    "loop", "loop", __file__, ["--size", str(args.size)],
                    args.instructions, run, None,
                )
            """
        )
    )
    if counting.shared_tool("instructions") is None:  # a checkout without ../shared
        done = subprocess.run(
            [sys.executable, str(script), "--instructions"], capture_output=True, text=True
        )
        assert done.returncode != 0
        assert "instructions.py, which is not there" in done.stderr
        return
    reads = {}
    for size, units in ((3000, "1,3"), (3000, "2,6"), (6000, "1,3")):
        shown = run(script, "--size", size, "--instructions", units, timeout=300)
        line = LINE.search(shown)
        assert line is not None, shown
        assert line["unit"] == "loop" and line["calibrated"] == "-"
        count = float(line["count"].replace(",", ""))
        assert float(line["ref"].replace(",", "")) == pytest.approx(1000 * count / 6.5e9, abs=0.001)
        reads[size, units] = count
    assert reads[3000, "2,6"] == pytest.approx(reads[3000, "1,3"], rel=0.01)
    assert reads[6000, "1,3"] == pytest.approx(2 * reads[3000, "1,3"], rel=0.05)
