"""Load on the multiplayer server: many tables played over the WebSocket API at once.

Run: .venv/bin/python benchmarks/load.py [--tables 200] [--seconds 30] [--json]
(``--instructions [N1,N2]``: the instructions of one move handled by the app in this
process instead, :mod:`in_process`, :mod:`counting`)

It starts ``tote serve`` on a free loopback port with a fresh SQLite file in a
temporary directory (``--db URL`` for another database, e.g. PostgreSQL;
``--url http://127.0.0.1:PORT`` to target a server already running), creates
``--tables`` tables, joins every seat, starts them and plays every seat from
this script as a WebSocket client: a random legal move whenever its seat is to
act, after thinking ``--think`` seconds (times a random factor from 0.5 to
1.5, so tables do not move in step). A table that finishes is replaced by a
new one, so ``--tables`` stay in play. Move-to-update latency is the time from
sending a move to receiving, on the same connection, the next ``view`` whose
version is higher.

Two questions, two runs:
- held tables (the target): ``--think 0.6``, the default, is the pace of the
  server's own bots (``tote serve --bot-delay``); a table of people is slower
  still. Latency is then what a player feels with that many tables in play.
- capacity: ``--think 0`` makes every seat move the moment it may. The server
  is then saturated, and latency is only the queue: with ``--tables`` moves
  always waiting, it is about tables / (moves per second) whatever the server
  does, so read moves per second from this run, not latency.

It prints concurrent tables, moves, moves per second, latency percentiles and
errors, and asserts nothing. Target: 200 concurrent tables with p99 under
100 ms on SQLite. The clients run in this one process on one asyncio event
loop, on the same machine as the server: they share its cores.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib.util
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import counting
import httpx
import in_process
import server_profile
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

STARTUP = 30.0
"""Seconds the server may take to answer after it is started."""
SETUP_TIMEOUT = 120.0
"""Seconds the initial tables may take to be created, joined, started and connected."""
IDLE_TIMEOUT = 30.0
"""Seconds a connection may wait for a message before the table is given up."""
HTTP_PARALLEL = 16
"""Table set-ups (HTTP requests and WebSocket handshakes) in flight at once."""
LOOPBACK = "127.0.0.1"


# ----------------------------------------------------------------- figures
@dataclass
class Stats:
    """Everything measured; shared by every client coroutine (one event loop)."""

    latencies: list[float] = field(default_factory=list)
    moves: int = 0
    errors: int = 0
    error_samples: list[str] = field(default_factory=list)
    tables_started: int = 0
    tables_finished: int = 0
    playing: int = 0
    """Tables whose seats are all connected and not yet finished."""
    samples: list[int] = field(default_factory=list)
    """``playing`` sampled every 100 ms during the measured window."""
    measuring: bool = False

    def error(self, what: str) -> None:
        self.errors += 1
        if len(self.error_samples) < 5:
            self.error_samples.append(what[:200])


def percentile(sorted_values: list[float], q: float) -> float:
    """The ``q``-th percentile (nearest rank) of ``sorted_values``; 0 if empty."""
    if not sorted_values:
        return 0.0
    rank = max(1, min(len(sorted_values), round(q / 100 * len(sorted_values) + 0.5)))
    return sorted_values[rank - 1]


# ------------------------------------------------------------------ server
def free_port() -> int:
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        port: int = s.getsockname()[1]
        return port


def start_server(
    db: str, workdir: Path, log: Path, profile: Path | None = None
) -> tuple[subprocess.Popen[bytes], str]:
    """``tote serve`` on a free loopback port, once it answers; returns it and its base URL.
    With ``profile``, started ready to be profiled into that file (:mod:`server_profile`)."""
    port = free_port()
    start = [sys.executable, "-c", "from tote.cli.main import main; main()"]
    command = [
        *(start if profile is None else server_profile.command(profile)),
        "serve",
        "--db",
        db,
        "--host",
        LOOPBACK,
        "--port",
        str(port),
        "--bot-delay",
        "0",
        "--tables-per-minute",
        "0",  # the benchmark opens hundreds of tables from one address
    ]
    with log.open("ab") as out:
        process = subprocess.Popen(command, cwd=workdir, stdout=out, stderr=subprocess.STDOUT)
    base = f"http://{LOOPBACK}:{port}"
    deadline = time.monotonic() + STARTUP
    while True:
        if process.poll() is not None:
            raise SystemExit(f"tote serve exited:\n{log.read_text()}")
        if time.monotonic() > deadline:
            stop_server(process)
            raise SystemExit(f"tote serve did not answer in {STARTUP:.0f} s:\n{log.read_text()}")
        try:
            if httpx.get(f"{base}/api/games", timeout=1).status_code == 200:
                return process, base
        except httpx.TransportError:
            time.sleep(0.05)


def stop_server(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of process ``pid`` so far (Linux ``/proc``), else None."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def all_cpu_seconds(pids: list[int]) -> float | None:
    """CPU seconds of every server process together, or None if one cannot be read."""
    seconds = [cpu_seconds(pid) for pid in pids]
    return None if not pids or None in seconds else sum(s for s in seconds if s is not None)


def memory_mib(pid: int, field: str = "VmRSS") -> float | None:
    """Resident memory (``VmRSS``) or its peak (``VmHWM``) of process ``pid`` in MiB."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(f"{field}:"):
                return int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def read_profile(path: Path) -> list[list[Any]]:
    """The profile the server writes on SIGUSR2 (waits up to a minute for it)."""
    deadline = time.monotonic() + 60
    while not path.exists():
        if time.monotonic() > deadline:
            raise SystemExit(f"the server wrote no profile to {path}")
        time.sleep(0.2)
    rows: list[list[Any]] = json.loads(path.read_text())
    return rows


# ------------------------------------------------------------------ tables
@dataclass
class Table:
    table_id: str
    sockets: list[ClientConnection]


class Load:
    """Creates tables and plays their seats until ``stop_at``."""

    def __init__(self, args: argparse.Namespace, bases: list[str], stats: Stats) -> None:
        self.args = args
        self.bases = bases
        """One server, or several on one database: table n is played on server n mod k."""
        self.made = 0
        self.stats = stats
        self.rng = random.Random(args.seed)
        self.gate = asyncio.Semaphore(HTTP_PARALLEL)
        self.go = asyncio.Event()
        """Set when the measured window opens: seats move only from then on."""
        self.stop_at = float("inf")
        self.budget = args.max_tables
        """Tables that may still be created (the run is bounded in count)."""
        self.clients = [
            httpx.AsyncClient(
                base_url=base,
                timeout=30,
                limits=httpx.Limits(max_connections=HTTP_PARALLEL),
                trust_env=False,
            )
            for base in bases
        ]

    async def new_table(self) -> Table | None:
        """Create, join, start and connect one table; None when the budget is spent."""
        if self.budget <= 0:
            return None
        self.budget -= 1
        server = self.made % len(self.bases)
        self.made += 1
        http = self.clients[server]
        ws_base = "ws://" + self.bases[server].removeprefix("http://")
        async with self.gate:
            body = {"game": self.args.game, "players": self.args.players}
            created = await self._post(http, "/api/tables", body)
            table_id, host = created["table_id"], created["host_token"]
            tokens = []
            for n in range(self.args.players):
                path = f"/api/tables/{table_id}/join"
                joined = await self._post(http, path, {"name": f"L{n}"})
                tokens.append(joined["token"])
            start = f"/api/tables/{table_id}/start"
            await self._post(http, start, None, {"X-Host-Token": host})
            sockets = []
            try:
                for token in tokens:
                    url = f"{ws_base}/ws/tables/{table_id}?token={token}"
                    sockets.append(
                        await connect(url, open_timeout=30, max_size=None, compression=None)
                    )
            except BaseException:
                for ws in sockets:
                    await ws.close()
                raise
        self.stats.tables_started += 1
        return Table(table_id, sockets)

    async def _post(
        self,
        http: httpx.AsyncClient,
        path: str,
        body: dict[str, Any] | None,
        headers: dict[str, str] | None = None,
    ) -> Any:
        response = await http.post(path, json=body, headers=headers)
        if not response.is_success:
            raise RuntimeError(f"POST {path}: {response.status_code} {response.text}")
        return response.json()

    async def slot(self, first: Table | None) -> None:
        """Keep one table in play: play ``first``, then new tables, until the end."""
        table = first
        while table is not None:
            await self.play(table)
            if time.monotonic() >= self.stop_at:
                return
            try:
                table = await self.new_table()
            except Exception as exc:
                self.stats.error(f"set-up: {exc!r}")
                return

    async def play(self, table: Table) -> None:
        """Play every seat of ``table`` until it finishes or the run ends."""
        self.stats.playing += 1
        try:
            seats = [asyncio.create_task(self.seat(ws)) for ws in table.sockets]
            await asyncio.gather(*seats, return_exceptions=True)
        finally:
            self.stats.playing -= 1
            for ws in table.sockets:
                with contextlib.suppress(Exception):
                    await ws.close()

    async def seat(self, ws: ClientConnection) -> None:
        """One seat's client: a random legal move whenever its seat is to act."""
        stats = self.stats
        sent_at: float | None = None
        sent_version = -1
        moved_version = -1  # the version this seat last moved at: one move per version
        latest: dict[str, Any] | None = None
        while True:
            timeout = max(0.0, min(IDLE_TIMEOUT, self.stop_at - time.monotonic()))
            try:
                async with asyncio.timeout(timeout):
                    raw = await ws.recv()
            except TimeoutError:
                if time.monotonic() < self.stop_at:
                    stats.error(f"no message for {IDLE_TIMEOUT:.0f} s")
                return
            except ConnectionClosed as exc:
                if time.monotonic() < self.stop_at:
                    stats.error(f"connection closed: {exc!r}")
                return
            now = time.perf_counter()
            message = json.loads(raw)
            kind = message.get("type")
            if kind == "error":
                stats.error(f"{message.get('rule')}: {message.get('message')}")
                sent_at, moved_version = None, -1
                await ws.send('{"type": "view"}')  # look again, then move again
                continue
            if kind != "view":
                continue
            version = message["version"]
            if sent_at is not None and version > sent_version:
                if stats.measuring:
                    stats.latencies.append(now - sent_at)
                sent_at = None
            if message["status"] in ("finished", "ended"):
                if stats.measuring and message["seat"] == 0:
                    stats.tables_finished += 1
                return
            latest = message
            if not self.go.is_set():
                await self.go.wait()
                if time.monotonic() >= self.stop_at:
                    return
            if sent_at is None and latest is not None and latest["version"] > moved_version:
                view = latest["view"]
                if view is None or latest["seat"] not in view["turn"]["seats"]:
                    continue
                legal = view.get("legal_moves") or []
                if not legal:
                    continue
                move = self.rng.choice(legal)
                if self.args.think > 0:
                    await asyncio.sleep(self.args.think * self.rng.uniform(0.5, 1.5))
                    if time.monotonic() >= self.stop_at:
                        return
                moved_version = sent_version = latest["version"]
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "move", "move": move}))
                if stats.measuring:
                    stats.moves += 1

    async def sample(self) -> None:
        while time.monotonic() < self.stop_at - 0.05:
            self.stats.samples.append(self.stats.playing)
            await asyncio.sleep(0.1)


async def run_load(
    args: argparse.Namespace, bases: list[str], stats: Stats, server_pids: list[int]
) -> dict[str, float]:
    """Set up ``args.tables`` tables, then play for ``args.seconds``; returns timings
    (``server_cpu`` is -1 when the server's CPU time cannot be read)."""
    load = Load(args, bases, stats)
    server_pid = server_pids[0] if server_pids else None
    idle_memory = memory_mib(server_pid) if server_pid else None
    try:
        setup_start = time.monotonic()
        async with asyncio.timeout(SETUP_TIMEOUT):
            made = await asyncio.gather(
                *(load.new_table() for _ in range(args.tables)), return_exceptions=True
            )
        setup = time.monotonic() - setup_start
        first: list[Table] = []
        for item in made:
            if isinstance(item, Table):
                first.append(item)
            elif isinstance(item, BaseException):
                stats.error(f"set-up: {item!r}")
        slots = [asyncio.create_task(load.slot(table)) for table in first]
        await asyncio.sleep(0.5)  # let every seat read its first view
        loaded_memory = memory_mib(server_pid) if server_pid else None
        sampler = asyncio.create_task(load.sample())
        started = time.monotonic()
        load.stop_at = started + args.seconds
        cpu0 = time.process_time()
        server0 = all_cpu_seconds(server_pids)
        if args.profile:
            os.kill(server_pids[0], signal.SIGUSR1)  # yappi starts
        stats.measuring = True
        load.go.set()
        # Every slot ends by stop_at (receive timeouts are capped by it) or on its own.
        if slots:
            await asyncio.wait(slots, timeout=args.seconds + IDLE_TIMEOUT)
        stats.measuring = False
        elapsed = time.monotonic() - started
        client_cpu = time.process_time() - cpu0
        server1 = all_cpu_seconds(server_pids)
        server_cpu = server1 - server0 if server0 is not None and server1 is not None else -1.0
        sampler.cancel()
        for task in slots:
            task.cancel()
        await asyncio.gather(*slots, return_exceptions=True)
        peak = memory_mib(server_pid, "VmHWM") if server_pid else None
        if args.profile:
            os.kill(server_pids[0], signal.SIGUSR2)  # yappi stops and writes its figures
        return {
            "setup": setup,
            "elapsed": min(elapsed, args.seconds),
            "client_cpu": client_cpu,
            "server_cpu": server_cpu,
            "memory_idle": -1.0 if idle_memory is None else idle_memory,
            "memory_loaded": -1.0 if loaded_memory is None else loaded_memory,
            "memory_peak": -1.0 if peak is None else peak,
        }
    finally:
        for http in load.clients:
            await http.aclose()


# -------------------------------------------------------------------- main
def loopback_only(url: str) -> str:
    parts = urlsplit(url)
    if parts.scheme != "http" or parts.hostname != LOOPBACK:
        raise SystemExit(f"--url must be http://{LOOPBACK}:PORT (this benchmark stays local)")
    return f"http://{LOOPBACK}:{parts.port or 80}"


def report(
    args: argparse.Namespace,
    db: str,
    stats: Stats,
    timings: dict[str, float],
    profile: dict[str, Any] | None = None,
) -> dict[str, Any]:
    server_cpu = timings["server_cpu"]
    per_move = server_cpu / stats.moves * 1000 if server_cpu >= 0 and stats.moves else None
    lat = sorted(stats.latencies)
    samples = stats.samples or [0]
    elapsed = timings["elapsed"] or 1.0
    ms = 1000.0
    return {
        "game": args.game,
        "players": args.players,
        "think_seconds": args.think,
        "tables_target": args.tables,
        "tables_concurrent_min": min(samples),
        "tables_concurrent_mean": round(sum(samples) / len(samples), 1),
        "tables_concurrent_max": max(samples),
        "tables_started": stats.tables_started,
        "tables_finished": stats.tables_finished,
        "seconds": round(elapsed, 2),
        "setup_seconds": round(timings["setup"], 2),
        "moves": stats.moves,
        "moves_per_second": round(stats.moves / elapsed, 1),
        "latency_ms": {
            "count": len(lat),
            "p50": round(percentile(lat, 50) * ms, 2),
            "p90": round(percentile(lat, 90) * ms, 2),
            "p99": round(percentile(lat, 99) * ms, 2),
            "max": round((lat[-1] if lat else 0.0) * ms, 2),
        },
        "errors": stats.errors,
        "error_samples": stats.error_samples,
        "database": db,
        "server_processes": args.processes,
        "cpu_cores": os.cpu_count(),
        "client_cpu_seconds": round(timings["client_cpu"], 1),
        "server_cpu_seconds": round(server_cpu, 1) if server_cpu >= 0 else None,
        "server_cpu_ms_per_move": None if per_move is None else round(per_move, 3),
        "machine_speed": None if timings["speed"] < 0 else round(timings["speed"], 3),
        "server_cpu_ms_per_move_calibrated": (
            None
            if per_move is None or timings["speed"] < 0
            else round(per_move * timings["speed"], 3)
        ),
        "profile": profile,
        "server_memory_mib": (
            None
            if timings["memory_idle"] < 0
            else {
                "idle": round(timings["memory_idle"], 1),
                "tables_loaded": round(timings["memory_loaded"], 1),
                "peak": round(timings["memory_peak"], 1),
                "per_table": round(
                    (timings["memory_loaded"] - timings["memory_idle"]) / max(1, args.tables), 3
                ),
            }
        ),
        "note": (
            "client and server share this machine's cores (one client event loop), and"
            " other work on the machine slows them: latency is wall time and feels it;"
            " CPU per move is the server process's own CPU time and does not"
        ),
    }


def print_text(r: dict[str, Any]) -> None:
    lat = r["latency_ms"]
    server_cpu = r["server_cpu_seconds"]
    print(
        f"load: {r['game']}, {r['players']} seats a table, all seats played over WebSocket,"
        f" thinking {r['think_seconds']} s a move"
    )
    print(f"database          {r['database']} ({r['server_processes']} server process(es))")
    print(
        f"tables            {r['tables_concurrent_min']} min / {r['tables_concurrent_mean']} mean"
        f" / {r['tables_concurrent_max']} max concurrent (target {r['tables_target']});"
        f" {r['tables_started']} started, {r['tables_finished']} finished in the window"
    )
    print(f"window            {r['seconds']} s (set-up before it: {r['setup_seconds']} s)")
    print(f"moves             {r['moves']}  ({r['moves_per_second']} per second)")
    print(
        f"latency ms        p50 {lat['p50']}  p90 {lat['p90']}  p99 {lat['p99']}"
        f"  max {lat['max']}  ({lat['count']} moves)"
    )
    print(f"errors            {r['errors']}")
    for sample in r["error_samples"]:
        print(f"  e.g. {sample}")
    cpu = f"client {r['client_cpu_seconds']} s"
    if server_cpu is not None:
        cpu += f", server {server_cpu} s"
    print(f"cpu               {cpu} over the window, of {r['cpu_cores']} cores")
    if r["server_cpu_ms_per_move"] is not None:
        calibrated = ""
        if r["machine_speed"] is not None:
            calibrated = (
                f" ({r['server_cpu_ms_per_move_calibrated']} ms calibrated: on the reference"
                f" machine; this one runs at {r['machine_speed']:.2f} of it now)"
            )
        print(f"server cpu/move   {r['server_cpu_ms_per_move']} ms{calibrated}")
    if r["profile"] is not None:
        server_profile.print_breakdown(r["profile"])
    memory = r["server_memory_mib"]
    if memory is not None:
        print(
            f"server memory     {memory['idle']} MiB idle, {memory['tables_loaded']} MiB with the"
            f" tables ({memory['per_table']} MiB a table), peak {memory['peak']} MiB"
        )
    print(f"note              {r['note']}; target: 200 tables, p99 < 100 ms on SQLite")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=200, help="concurrent tables (default 200)")
    parser.add_argument("--seconds", type=float, default=30.0, help="measured window (default 30)")
    parser.add_argument(
        "--think",
        type=float,
        default=0.6,
        help="seconds a seat thinks before moving (default 0.6, the bots' pace; 0: capacity)",
    )
    parser.add_argument("--game", default="winners-circle")
    parser.add_argument("--players", type=int, default=2, help="seats a table (default 2)")
    parser.add_argument("--db", metavar="URL", help="database URL (default: fresh SQLite file)")
    parser.add_argument("--url", help=f"use a running server, http://{LOOPBACK}:PORT")
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="tote serve processes on the one database (2 or more: PostgreSQL only)",
    )
    parser.add_argument(
        "--max-tables", type=int, default=None, help="tables created at most (default 50 x N)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--profile",
        metavar="FILE",
        type=Path,
        help="profile the server's CPU time over the window with yappi into FILE"
        " (server_profile.py; one process, not with --url)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    counting.add_options(parser, "20,60", "move handled in process (in_process.py)")
    args = parser.parse_args()
    if args.units_only is not None:
        in_process.play_moves(args.game, args.players, args.units_only, args.seed)
        return
    if args.instructions:
        speed = counting.machine_speed()
        counting.count_and_time(
            f"{args.game}, {args.players} players",
            "move",
            __file__,
            ["--game", args.game, "--players", str(args.players), "--seed", str(args.seed)],
            args.instructions,
            partial(in_process.play_moves, args.game, args.players, seed=args.seed),
            speed,
        )
        counting.footer(speed)
        return
    if not 1 <= args.tables <= 5000 or not 0 < args.seconds <= 3600 or not 0 <= args.think <= 60:
        parser.error("--tables must be 1..5000, --seconds 0..3600 and --think 0..60")
    if not 1 <= args.processes <= 8 or (
        args.processes > 1 and (args.url or not (args.db or "").startswith("postgresql"))
    ):
        parser.error("--processes is 1..8; more than one needs --db postgresql+psycopg://...")
    if args.profile and (args.url or args.processes > 1):
        parser.error("--profile profiles the one server process this benchmark starts")
    if args.profile and importlib.util.find_spec("yappi") is None:
        parser.error("--profile needs yappi: pip install yappi (or the dev extra)")
    if args.max_tables is None:
        args.max_tables = 50 * args.tables
    args.max_tables = max(args.max_tables, args.tables)

    stats = Stats()
    with tempfile.TemporaryDirectory(prefix="tote-load-") as tmp:
        processes: list[subprocess.Popen[bytes]] = []
        log = Path(tmp) / "serve.log"
        try:
            if args.url:
                bases = [loopback_only(args.url)]
                db = args.db or "(the running server's)"
            else:
                db = args.db or f"sqlite:///{Path(tmp) / 'load.db'}"
                bases = []
                for _ in range(args.processes):
                    process, base = start_server(db, Path(tmp), log, args.profile)
                    processes.append(process)
                    bases.append(base)
            pids = [process.pid for process in processes]
            speed = counting.machine_speed()  # ../shared/bench/calibrate.py, in this run
            timings = asyncio.run(run_load(args, bases, stats, pids))
            timings["speed"] = -1.0 if speed is None else speed
            profile = None
            if args.profile:
                profile = server_profile.breakdown(read_profile(args.profile), stats.moves)
        finally:
            for process in processes:
                stop_server(process)
    result = report(args, db, stats, timings, profile)
    if args.json:
        print(json.dumps(result))
    else:
        print_text(result)


if __name__ == "__main__":
    main()
