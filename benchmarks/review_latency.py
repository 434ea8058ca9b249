"""How a review on the server slows play (issue 26, "computed ... in the background").

    python benchmarks/review_latency.py [--game carcassonne] [--players 2] [--asks 40]

stores a finished random game (seed 0) in a fresh SQLite store, serves it with the
real app (``create_app``, the review in a child process as ``tote serve`` runs it),
and prints the median and 90th percentile of ``GET /api/tables/{id}`` (what every
table's page and bot loop leans on) first with no review running, then while the
game's review computes, and the review's wall time. The requests come from a thread
of this process, so both figures include the client's own share of the machine.
``--thread`` computes the review in a thread of the server's process instead (as it
was before the child process), for comparison. ``--instructions [N1,N2]`` counts the
instructions of one such read instead (a Winner's Circle table of three in play, served
in this process: :mod:`in_process`, :mod:`counting`).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import counting
import in_process
from fastapi.testclient import TestClient

from tote.server import create_app
from tote.server.reviews import compute_review
from tote.sim.play import random_match
from tote.store import Store


def _stored(store: Store, game: str, players: int) -> str:
    match = random_match(game, players, seed=0)
    row, _ = store.create_table(
        match.game.id,
        match.options.model_dump(mode="json"),
        match.seed or 0,
        [(p.name, p.bot) for p in match.players],
    )
    store.append_moves(row.id, 0, [(actor, move.to_json()) for actor, move in match.moves])
    store.set_status(row.id, "finished")
    return row.id


def _ask(client: TestClient, path: str) -> float:
    began = time.perf_counter()
    assert client.get(path).status_code == 200
    return (time.perf_counter() - began) * 1000


def _line(label: str, times: list[float]) -> str:
    ninetieth = statistics.quantiles(times, n=10)[-1]
    median = statistics.median(times)
    return f"{label}: median {median:.1f} ms, 90th percentile {ninetieth:.1f} ms ({len(times)})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="carcassonne")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--asks", type=int, default=40)
    parser.add_argument(
        "--thread", action="store_true", help="compute in a thread of the server (as before)"
    )
    counting.add_options(parser, "20,60", "GET /api/tables/{id} of a table in play")
    args = parser.parse_args()
    if args.units_only is not None:
        in_process.read_views("winners-circle", 3, args.units_only)
        return
    if args.instructions:
        speed = counting.machine_speed()
        run = partial(in_process.read_views, "winners-circle", 3)
        counting.count_and_time(
            "GET /api/tables/{id}", "read", __file__, [], args.instructions, run, speed
        )
        counting.footer(speed)
        return
    with tempfile.TemporaryDirectory() as folder:
        store = Store(f"sqlite:///{Path(folder) / 'bench.db'}")
        table_id = _stored(store, args.game, args.players)
        other = _stored(store, "winners-circle", 3)
        app = create_app(store, bot_delay=0)
        if args.thread:
            app.state.reviews.compute = lambda record, progress: compute_review(record, progress)
        with TestClient(app) as client:
            path = f"/api/tables/{other}"
            idle = [_ask(client, path) for _ in range(args.asks)]
            print(_line("no review running", idle))
            began = time.perf_counter()
            assert client.post(f"/api/tables/{table_id}/review").status_code in (200, 202)
            busy: list[float] = []
            while True:
                status = client.get(f"/api/tables/{table_id}/review").json()["status"]
                if status in ("done", "failed"):
                    break
                busy.append(_ask(client, path))
                time.sleep(0.05)
            wall = time.perf_counter() - began
            print(_line(f"while the {args.game} review computes", busy or [0.0, 0.0]))
            print(f"the review: {status}, {wall:.1f} s wall")


if __name__ == "__main__":
    main()
