"""Chaos on the multiplayer server: two processes on PostgreSQL, killed and cut off.

Run: .venv/bin/python benchmarks/chaos.py [--tables 16] [--seconds 60] [--json] [--keep-logs DIR]

It creates a database of its own on the local PostgreSQL (``--admin-url``, by default
``postgresql+psycopg://postgres@127.0.0.1/postgres``; loopback only), starts two
``tote serve`` processes on it, and opens ``--tables`` tables of two seats: a bot
(seat 1) and a player that this script plays over HTTP, sending each move to either
process at random; a table whose game is over is replaced by a new one during the
chaos, so ``--tables`` stay in play. For ``--seconds`` it then does one of these
every few seconds:

- ``kill``: kill -9 one process and start it again (a crash);
- ``restart``: SIGTERM one process, which drains and hands its tables to the other
  (issue 28, graceful restarts), and start it again once it has stopped;
- ``cut``: terminate every database connection of the servers from the outside
  (``pg_terminate_backend``: a database restart or a network blip);
- ``cut-locks``: terminate only the connections holding advisory locks (table owners).

Then it lets things settle and checks, printing figures and one line per check:

1. every move a server acknowledged (HTTP 200) is in the store, at its place: the
   last move before the version of its answer that is not a chance move;
2. every table moves on (or is finished): its version grows within a window;
3. every table in play is owned again: its advisory lock is held (``pg_locks``), and
   tables opened after the chaos get their bots moving;
4. at most one process drives each table: no bot move lost a race to another
   driver (``moved on meanwhile`` in a server's log), and no two processes hold
   one table's lock (sampled from ``pg_locks`` throughout). A bot move fenced off
   because its process had lost the lock (``no longer holds its lock``) is the fence
   working, counted apart.

It is bounded in time (``--seconds`` plus set-up and settling) and asserts nothing
(status 1 if a check fails). The database is dropped at the end.
"""

from __future__ import annotations

import argparse
import json
import random
import secrets
import shutil
import signal
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import psycopg
from load import LOOPBACK, start_server, stop_server

from tote.store import Store
from tote.store.locks import _lock_key

ACTIONS = ("kill", "restart", "cut", "cut-locks")
SETTLE = 15.0
"""Seconds after the chaos for every table to be driven again."""
WATCH = 15.0
"""Seconds in which every unfinished table must move."""
REPLACED = 40
"""Tables opened at most, in all, for each table asked for (``--tables``)."""
GRACEFUL = 30.0
"""Seconds a process may take to stop on SIGTERM (its drain is bounded by 10 s, and
uvicorn's wait for open requests by 10 s more)."""


@dataclass
class Server:
    db: str
    workdir: Path
    log: Path
    process: subprocess.Popen[bytes] | None = None
    base: str = ""

    def start(self) -> None:
        self.process, self.base = start_server(self.db, self.workdir, self.log)

    def kill(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait(10)

    def stop(self) -> None:
        """SIGTERM: a graceful stop (it drains first); kill -9 if it takes too long."""
        if self.process is not None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(GRACEFUL)
            except subprocess.TimeoutExpired:
                print(f"a process took over {GRACEFUL:.0f} s to stop gracefully; killed")
                self.kill()


@dataclass
class Seat:
    table_id: str
    token: str
    over: bool = False
    """The game is over (a new table takes its place during the chaos)."""
    acknowledged: list[tuple[int, int, dict[str, Any]]] = field(default_factory=list)
    """(version seen, version answered, move) of every move a server answered 200 to."""


@dataclass
class Figures:
    actions: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ACTIONS, 0))
    tables_opened: int = 0
    moves_sent: int = 0
    moves_acknowledged: int = 0
    acknowledged_behind: int = 0
    """Acknowledged moves stored after the version the player saw (its view was behind)."""
    refused: int = 0
    unreachable: int = 0
    lock_samples: int = 0
    doubly_locked: int = 0


def admin_connect(url: str) -> psycopg.Connection[Any]:
    libpq = url.replace("postgresql+psycopg://", "postgresql://", 1)
    host = httpx.URL(libpq.replace("postgresql://", "http://", 1)).host
    if host not in (LOOPBACK, "localhost"):
        raise SystemExit("--admin-url must point at PostgreSQL on loopback")
    return psycopg.connect(libpq, autocommit=True, connect_timeout=5)


def play_one(seat: Seat, servers: list[Server], rng: random.Random, figures: Figures) -> None:
    """If it is the player's turn, send a random legal move to a random server."""
    server = rng.choice(servers)
    headers = {"X-Seat-Token": seat.token}
    try:
        with httpx.Client(base_url=server.base, timeout=5) as http:
            answer = http.get(f"/api/tables/{seat.table_id}/view", headers=headers)
            if answer.status_code != 200:
                figures.refused += 1
                return
            data = answer.json()
            seat.over = data["status"] in ("finished", "ended")
            legal = data["view"]["legal_moves"]
            if data["status"] != "playing" or not legal:
                return
            move = rng.choice(legal)
            figures.moves_sent += 1
            sent = http.post(
                f"/api/tables/{seat.table_id}/moves", json={"move": move}, headers=headers
            )
            if sent.status_code == 200:
                figures.moves_acknowledged += 1
                seat.acknowledged.append((data["version"], sent.json()["version"], move))
            else:
                figures.refused += 1
    except httpx.HTTPError:
        figures.unreachable += 1


def sample_locks(admin: psycopg.Connection[Any], database: str, figures: Figures) -> None:
    """Count advisory locks held by more than one backend (never possible if each table
    has one driver; a sanity check of the lock itself)."""
    rows = admin.execute(
        "SELECT count(DISTINCT pid) FROM pg_locks JOIN pg_database d"
        " ON d.oid = pg_locks.database WHERE locktype = 'advisory' AND granted"
        " AND d.datname = %s GROUP BY classid, objid",
        (database,),
    ).fetchall()
    figures.lock_samples += 1
    figures.doubly_locked += sum(1 for (holders,) in rows if holders > 1)


def cut(admin: psycopg.Connection[Any], database: str, only_locks: bool) -> int:
    """Terminate the servers' database connections (or only the lock holders')."""
    query = (
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
        " WHERE datname = %s AND pid <> pg_backend_pid()"
    )
    if only_locks:
        query += " AND pid IN (SELECT pid FROM pg_locks WHERE locktype = 'advisory')"
    return len(admin.execute(query, (database,)).fetchall())


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--every", type=float, default=4.0, help="seconds between actions")
    parser.add_argument("--admin-url", default="postgresql+psycopg://postgres@127.0.0.1/postgres")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--keep-logs", type=Path, default=None, help="copy the servers' logs to this folder"
    )
    args = parser.parse_args()
    if not 1 <= args.tables <= 200 or not 0 < args.seconds <= 1800 or not 1 <= args.every <= 60:
        parser.error("--tables must be 1..200, --seconds 0..1800 and --every 1..60")
    rng = random.Random(args.seed)
    figures = Figures()
    database = f"tote_chaos_{secrets.token_hex(4)}"
    admin = admin_connect(args.admin_url)
    admin.execute(f'CREATE DATABASE "{database}"')
    db = args.admin_url.rsplit("/", 1)[0] + f"/{database}"
    Store(db).engine.dispose()  # creates the schema once, before two processes race to
    with tempfile.TemporaryDirectory(prefix="tote-chaos-") as tmp:
        servers = [Server(db, Path(tmp), Path(tmp) / f"serve-{n}.log") for n in range(2)]
        try:
            for server in servers:
                server.start()
            seats = open_tables(servers, args.tables)
            checks = run(args, rng, admin, database, servers, seats, figures)
            logs = [server.log.read_text(errors="replace") for server in servers]
            conflicts = sum(log.count("moved on meanwhile") for log in logs)
            fenced = sum(log.count("no longer holds its lock") for log in logs)
            checks["at most one process drives each table"] = (
                conflicts == 0 and figures.doubly_locked == 0
            )
        finally:
            for server in servers:
                if server.process is not None:
                    stop_server(server.process)
            if args.keep_logs is not None:
                args.keep_logs.mkdir(parents=True, exist_ok=True)
                for server in servers:
                    shutil.copy(server.log, args.keep_logs / server.log.name)
            admin.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
    result = {
        "tables": args.tables,
        "tables_opened": figures.tables_opened,
        "seconds": args.seconds,
        "actions": figures.actions,
        "moves_sent": figures.moves_sent,
        "moves_acknowledged": figures.moves_acknowledged,
        "acknowledged_after_a_view_behind": figures.acknowledged_behind,
        "moves_refused_or_retried": figures.refused,
        "requests_to_a_server_down": figures.unreachable,
        "bot_moves_lost_to_another_driver": conflicts,
        "bot_moves_fenced_off": fenced,
        "lock_samples": figures.lock_samples,
        "tables_locked_twice": figures.doubly_locked,
        "checks": checks,
    }
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            if key != "checks":
                print(f"{key:<34}{value}")
        for name, passed in checks.items():
            print(f"{'PASS' if passed else 'FAIL'}  {name}")
    raise SystemExit(0 if all(checks.values()) else 1)


def open_tables(servers: list[Server], count: int, first: int = 0) -> list[Seat]:
    """``count`` tables in play, opened on the servers in turn from ``servers[first]``."""
    seats = []
    for n in range(first, first + count):
        with httpx.Client(base_url=servers[n % 2].base, timeout=10) as http:
            body = {"game": "winners-circle", "players": 2, "bots": [{"seat": 1, "bot": "odds"}]}
            created = http.post("/api/tables", json=body).json()
            table_id, host = created["table_id"], created["host_token"]
            token = http.post(f"/api/tables/{table_id}/join", json={"seat": 0, "name": "P"})
            started = http.post(f"/api/tables/{table_id}/start", headers={"X-Host-Token": host})
            assert started.status_code == 200, started.text
            seats.append(Seat(table_id, token.json()["token"]))
    return seats


def run(
    args: argparse.Namespace,
    rng: random.Random,
    admin: psycopg.Connection[Any],
    database: str,
    servers: list[Server],
    seats: list[Seat],
    figures: Figures,
) -> dict[str, bool]:
    """The chaos, the settling and the checks; returns each check's outcome."""
    everyone = list(seats)
    """Every table's seat, those whose game ended during the chaos too."""
    end = time.monotonic() + args.seconds
    next_action = time.monotonic() + args.every
    while time.monotonic() < end:
        for seat in seats:
            play_one(seat, servers, rng, figures)
        sample_locks(admin, database, figures)
        replace_finished(servers, seats, everyone, limit=REPLACED * args.tables)
        if time.monotonic() >= next_action:
            action = rng.choice(ACTIONS)
            figures.actions[action] += 1
            if action in ("kill", "restart"):
                victim = rng.choice(servers)
                if action == "kill":
                    victim.kill()
                else:
                    victim.stop()
                victim.start()
            else:
                cut(admin, database, only_locks=action == "cut-locks")
            next_action = time.monotonic() + args.every
    figures.tables_opened = len(everyone)
    settle_end = time.monotonic() + SETTLE
    while time.monotonic() < settle_end:
        for seat in seats:
            play_one(seat, servers, rng, figures)
        sample_locks(admin, database, figures)
    store = Store(servers[0].db)
    try:
        before = {seat.table_id: store.table(seat.table_id).version for seat in seats}
        watch_end = time.monotonic() + WATCH
        while time.monotonic() < watch_end:
            for seat in seats:
                play_one(seat, servers, rng, figures)
            sample_locks(admin, database, figures)
        # Locks first: a table that finishes between the two looks gives its lock up,
        # and is then read as finished, not as a table in play without an owner.
        locked = held_locks(admin, database)
        rows = {seat.table_id: store.table(seat.table_id) for seat in seats}
        unowned = [
            t for t, row in rows.items() if row.status == "playing" and _key(t) not in locked
        ]
        fresh = open_tables(servers, 2)
        deadline = time.monotonic() + WATCH
        while time.monotonic() < deadline:
            for seat in fresh:
                play_one(seat, servers, rng, figures)
            if all(store.table(seat.table_id).version > 1 for seat in fresh):
                break
        fresh_moving = all(store.table(seat.table_id).version > 1 for seat in fresh)
        stuck = [
            t for t, row in rows.items() if row.status == "playing" and row.version <= before[t]
        ]
        lost = []
        for seat in everyone:
            missing, behind = unstored(seat, store.record(seat.table_id).moves)
            lost += missing
            figures.acknowledged_behind += behind
        for table_id, seen, answered, found in lost[:5]:
            print(f"lost: table {table_id}, seen at {seen}, answered at {answered}: {found}")
    finally:
        store.engine.dispose()
    return {
        f"every acknowledged move is stored ({figures.moves_acknowledged} moves)": not lost,
        f"every table moves on ({len(stuck)} stuck)": not stuck,
        f"every table in play is owned again ({len(unowned)} unowned)": not unowned,
        "tables opened after the chaos move": fresh_moving,
    }


def replace_finished(
    servers: list[Server], seats: list[Seat], everyone: list[Seat], limit: int
) -> None:
    """A new table in place of each one whose game is over, so ``--tables`` stay in play
    however long the chaos (at most ``limit`` tables opened in all)."""
    for n, seat in enumerate(seats):
        if not seat.over or len(everyone) >= limit:
            continue
        try:
            (seats[n],) = open_tables(servers, 1, first=len(everyone))
        except (httpx.HTTPError, AssertionError, KeyError):
            return  # a server is away (a database connection cut): next round
        everyone.append(seats[n])


def unstored(seat: Seat, moves: list[Any]) -> tuple[list[tuple[str, int, int, str]], int]:
    """The seat's acknowledged moves not in the record at their place (and what is
    there), and how many were stored past the version the player saw.

    A move's place is the last one before the version of its answer that is not a
    chance move: the server stores it (with the chance moves it leads to) and makes
    the answer under the table's lock, so nothing else comes between. It is often
    not the version the player saw: a process that hears of an earlier move between
    the view it showed and the move it was sent plays the move after it.
    """
    lost = []
    behind = 0
    previous = -1
    for seen, answered, move in seat.acknowledged:
        place = next(
            (i for i in range(min(answered, len(moves)) - 1, -1, -1) if moves[i].by != "chance"),
            None,
        )
        if answered > len(moves) or place is None or place <= previous:
            found = f"the record stops at {len(moves)}" if answered > len(moves) else "none"
            lost.append((seat.table_id, seen, answered, found))
            continue
        if (moves[place].by, moves[place].move) != (0, move):
            found = f"seat {moves[place].by}'s {moves[place].move} at {place}"
            lost.append((seat.table_id, seen, answered, found))
            continue
        behind += place != seen
        previous = place
    return lost, behind


def held_locks(admin: psycopg.Connection[Any], database: str) -> set[int]:
    """The advisory lock keys granted in ``database`` now, as unsigned 64-bit numbers.

    ``pg_locks`` splits a ``bigint`` key into ``classid`` (its high 32 bits) and
    ``objid`` (its low ones), both unsigned. ``classid::bigint << 32`` wraps to a
    negative number for every key whose high bit is set (half the tables), so the
    key is made unsigned here, as :func:`_key` makes the table's: before this, those
    tables were reported unowned while their driver held their lock (issue 28, defect 3).
    """
    rows = admin.execute(
        "SELECT (classid::bigint << 32) | objid::bigint FROM pg_locks JOIN pg_database d"
        " ON d.oid = pg_locks.database WHERE locktype = 'advisory' AND granted"
        " AND d.datname = %s",
        (database,),
    ).fetchall()
    return {row[0] & 0xFFFFFFFFFFFFFFFF for row in rows}


def _key(table_id: str) -> int:
    """The table's lock key as ``pg_locks`` shows it (an unsigned 64-bit number)."""
    return _lock_key(table_id) & 0xFFFFFFFFFFFFFFFF


if __name__ == "__main__":
    main()
