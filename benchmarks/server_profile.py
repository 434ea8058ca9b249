"""Where a server process's CPU time goes (issue 28, Load): ``load.py --profile FILE``.

The benchmark then starts ``tote serve`` through this file (``python server_profile.py
FILE serve ...``), never the product's own path: here the server runs as ``tote serve``
does, with yappi (``pip install yappi``) ready in the process. SIGUSR1 starts
profiling every thread (the event loop and the store's worker threads) on the CPU
clock; SIGUSR2 stops it and writes each function's calls and CPU seconds to FILE as
JSON. ``load.py`` sends them at the start and the end of its measured window and prints
the CPU time by part of the server, per move. Profiling slows the server (every call
is counted): read the shares from a ``--profile`` run, CPU per move from a run
without it.
"""

from __future__ import annotations

import json
import signal
import sys
from collections import Counter
from pathlib import Path
from types import FrameType
from typing import Any

PARTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("bots choosing their moves", ("tote/bots/",)),
    ("rules: moves checked and played (core, games)", ("tote/core/", "tote/games/")),
    ("views: each seat's view and log sentences made", ("tote/server/views.py",)),
    ("JSON written and read (orjson, json)", ("orjson", "json/", "_json.")),
    (
        "store: SQL built and run (SQLAlchemy, sqlite3/psycopg)",
        ("tote/store/", "sqlalchemy/", "sqlite3", "psycopg"),
    ),
    (
        "WebSocket and HTTP (uvicorn, websockets, starlette, fastapi, pydantic)",
        ("uvicorn/", "websockets/", "starlette/", "fastapi/", "pydantic"),
    ),
    ("the server's own code (tables, runtime, writer)", ("tote/server/",)),
    (
        "event loop, tasks and worker threads",
        ("asyncio/", "uvloop", "concurrent/", "threading", "queue.py", "_thread"),
    ),
)
"""Each function's own CPU time (not what it calls) counts for the first part whose mark
its file or name holds; the rest is "other"."""

KEY_FUNCTIONS = (
    "TableRuntime.play_locked",
    "Match.play",
    "Audience.broadcast_views",
    "view_message",
    "to_json",
    "Store.append_batch",
    "handle_message",
    "_send_loop",
)
"""Functions whose whole CPU time (what they call included) is printed too."""


# ------------------------------------------------------- in the server process
def _serve(out: Path, argv: list[str]) -> None:
    import yappi

    def begin(_sig: int, _frame: FrameType | None) -> None:
        yappi.set_clock_type("cpu")
        yappi.clear_stats()
        yappi.start(builtins=True, profile_threads=True)

    def end(_sig: int, _frame: FrameType | None) -> None:
        yappi.stop()
        rows = [[s.module, s.name, s.ncall, s.tsub, s.ttot] for s in yappi.get_func_stats()]
        partial = out.with_suffix(".partial")
        partial.write_text(json.dumps(rows))
        partial.replace(out)

    signal.signal(signal.SIGUSR1, begin)
    signal.signal(signal.SIGUSR2, end)
    if sys.path and Path(sys.path[0]).resolve() == Path(__file__).resolve().parent:
        del sys.path[0]  # the benchmarks' modules are no server's
    from tote.cli.main import main

    sys.argv = ["tote", *argv]
    main()


# ---------------------------------------------------------- in the benchmark
def command(out: Path) -> list[str]:
    """What starts ``tote serve`` profiled (followed by ``serve`` and its options)."""
    return [sys.executable, str(Path(__file__).resolve()), str(out)]


def breakdown(rows: list[list[Any]], moves: int) -> dict[str, Any]:
    """CPU milliseconds a move by part (own time) and of the key functions (inclusive)."""
    parts: Counter[str] = Counter()
    key: Counter[str] = Counter()
    for module, name, _calls, own, whole in rows:
        where = f"{module} {name}".replace("\\", "/")
        part = next((p for p, marks in PARTS if any(m in where for m in marks)), "other")
        parts[part] += own
        if name in KEY_FUNCTIONS:
            key[name] = max(key[name], whole)
    per_move = 1000 / max(1, moves)
    total = sum(parts.values())
    return {
        "profiled_cpu_ms_per_move": round(total * per_move, 3),
        "parts_ms_per_move": {p: round(parts[p] * per_move, 3) for p, _ in [*PARTS, ("other", ())]},
        "key_functions_ms_per_move": {f: round(key[f] * per_move, 3) for f in KEY_FUNCTIONS},
    }


def print_breakdown(profile: dict[str, Any]) -> None:
    total = profile["profiled_cpu_ms_per_move"]
    print(f"profile           {total} ms of CPU a move under yappi (slower than unprofiled):")
    for part, ms in sorted(profile["parts_ms_per_move"].items(), key=lambda kv: -kv[1]):
        print(f"  {ms:8.3f} ms  {100 * ms / (total or 1):5.1f} %  {part}")
    print("  whole functions (what they call included), ms a move:")
    for name, ms in profile["key_functions_ms_per_move"].items():
        print(f"  {ms:8.3f} ms  {name}")


if __name__ == "__main__":
    _serve(Path(sys.argv[1]), sys.argv[2:])
