"""A batch's games on several local processes, or on a Ray cluster; rows in game order.

The games are cut into chunks of consecutive games (:func:`chunks`); each chunk is
played by :func:`tote.sim.runner.play_range` wherever it runs, and the chunks'
rows come back in game order. At most a few chunks per worker are under way at
once, so rows never pile up: memory stays flat for any number of games. Game ``i``
is played with seed ``S + i`` whichever process plays it, so the rows, and the
summary the parent process sums from them in order, are the same for any number of
workers.

Local workers are started with ``forkserver`` (``spawn`` where there is none):
nothing is inherited from the parent but the modules the server loaded, so the
progress bar's thread and open files stay in the parent. Ray (``tote[ray]``) is
imported only when asked for.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import socket
import tempfile
from collections import deque
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from tote.core.errors import ToteError
from tote.sim.runner import GameRow, GameSpec, play_range

CHUNKS_PER_WORKER = 8
"""A run is cut into about this many chunks per worker (so the last ones even out)."""
MAX_CHUNK = 64
"""At most this many games in one chunk (rows travel back a chunk at a time)."""
IN_FLIGHT_PER_WORKER = 3
"""Chunks under way or done but not yet read, per worker: bounds the rows in memory."""
CONNECT_TIMEOUT = 5.0
"""Seconds to wait for a Ray cluster's address to answer before giving up."""
GCS_WAIT = "RAY_gcs_server_port_wait_time_s"
"""Ray's setting for how many seconds a new driver tries to reach the cluster."""
RAY_PORT = 6379
"""A Ray cluster's head port when the address does not name one."""


def chunks(games: int, workers: int) -> Iterator[tuple[int, int]]:
    """``(start, stop)`` of consecutive games, in order, covering ``range(games)``."""
    size = max(1, min(MAX_CHUNK, games // (workers * CHUNKS_PER_WORKER)))
    for start in range(0, games, size):
        yield start, min(games, start + size)


def _context() -> Any:
    methods = multiprocessing.get_all_start_methods()
    if "forkserver" in methods:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["tote.sim.runner"])
        return context
    return multiprocessing.get_context("spawn")


def _ignore_interrupts() -> None:
    """Workers leave Ctrl+C to the parent, which stops them all (no tracebacks)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def pool_rows(spec: GameSpec, games: int, workers: int) -> Iterator[GameRow]:
    """Play ``games`` games of ``spec`` on ``workers`` local processes; rows in game order.

    If the run stops early (a refusal in a game, Ctrl+C, the caller giving up), the
    workers are stopped at once rather than left to finish their chunks.
    """
    processes = min(workers, games)
    parts = chunks(games, processes)
    pool = ProcessPoolExecutor(processes, _context(), initializer=_ignore_interrupts)
    pending: deque[Future[list[GameRow]]] = deque()

    def submit() -> None:
        part = next(parts, None)
        if part is not None:
            pending.append(pool.submit(play_range, spec, *part))

    finished = False
    try:
        for _ in range(processes * IN_FLIGHT_PER_WORKER):
            submit()
        while pending:
            rows = pending.popleft().result()
            submit()
            yield from rows
        finished = True
    finally:
        if not finished:
            for future in pending:
                future.cancel()
            for process in list(getattr(pool, "_processes", {}).values()):
                process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)


# ------------------------------------------------------------------- Ray
def import_ray() -> Any:
    """Ray, or a clear refusal naming the extra to install."""
    try:
        import ray
    except ImportError:
        raise ToteError("--ray needs Ray: pip install 'tote[ray]'") from None
    return ray


def check_reachable(address: str) -> None:
    """Refuse at once an address nothing answers at (Ray itself would wait a long time)."""
    if address in ("", "auto", "local"):
        return
    where = address.removeprefix("ray://")
    host, _, port_text = where.rpartition(":")
    if not host:
        host, port_text = where, str(RAY_PORT)
    try:
        port = int(port_text)
    except ValueError:
        raise ToteError(f"--ray {address}: not an address (e.g. head-node:6379)") from None
    try:
        socket.create_connection((host.strip("[]"), port), timeout=CONNECT_TIMEOUT).close()
    except OSError as exc:
        reason = exc.strerror or str(exc) or type(exc).__name__
        raise ToteError(f"--ray {address}: cannot reach a Ray cluster there ({reason})") from None


def connect(ray: Any, address: str) -> bool:
    """Join the cluster at ``address`` ("" or "local": start a local instance); returns
    whether this call started the connection (and should end it). A session the caller
    opened already (``ray.init`` in a notebook) is used as it is."""
    if ray.is_initialized():
        return False
    check_reachable(address)
    options: dict[str, Any] = {"log_to_driver": False, "logging_level": "ERROR"}
    if address in ("", "local"):
        options["include_dashboard"] = False
    else:
        options["address"] = address
    try:
        with _joining_quietly(remote="address" in options):
            ray.init(**options)
    except Exception as exc:
        reason = ray_failure_reason(ray, exc)
        raise ToteError(f"--ray {address or 'local'}: cannot start or join Ray: {reason}") from None
    return True


CAUSE_WORDS = ("auth", "token", "permission", "denied", "version mismatch", "incompatible")
"""Words of a Ray failure's text that name its cause rather than its outcome."""


def ray_failure_reason(ray: Any, exc: BaseException) -> str:
    """Why Ray could not start or join, in one line: the cause Ray gives (an
    authentication error anywhere in the exception's chain, or a line naming a token,
    a permission or a version mismatch) rather than only "failed to connect"
    (issue 29, Fix)."""
    chain: list[BaseException] = []
    current: BaseException | None = exc
    while current is not None and current not in chain and len(chain) < 10:
        chain.append(current)
        current = current.__cause__ or current.__context__
    auth_error = getattr(getattr(ray, "exceptions", None), "AuthenticationError", None)
    for error in chain:
        if isinstance(auth_error, type) and isinstance(error, auth_error):
            message = str(getattr(error, "message", "") or "").strip() or "token refused"
            return (
                f"the cluster needs authentication ({message}); set RAY_AUTH_TOKEN or "
                "RAY_AUTH_TOKEN_PATH to the cluster's token"
            )
    lines = [line.strip() for error in chain for line in str(error).splitlines() if line.strip()]
    for line in lines:
        if any(word in line.lower() for word in CAUSE_WORDS):
            return line
    return lines[0] if lines else type(exc).__name__


@contextlib.contextmanager
def ray_session(address: str) -> Iterator[None]:
    """Ray joined (or started) for the time of a run, then left again; a session
    already open (``ray.init`` in a notebook) is used and left open."""
    ray = import_ray()
    started = connect(ray, address)
    try:
        yield
    finally:
        if started:
            with contextlib.suppress(Exception):
                ray.shutdown()


@contextlib.contextmanager
def _joining_quietly(*, remote: bool) -> Iterator[None]:
    """While joining a cluster: give up after :data:`CONNECT_TIMEOUT` seconds (Ray's own
    wait is 20), and keep Ray's C++ retry warnings off the terminal (a failure is
    reported in one line by the caller)."""
    if not remote:
        yield
        return
    saved_env = os.environ.get(GCS_WAIT)
    os.environ[GCS_WAIT] = str(int(CONNECT_TIMEOUT))
    saved_fd = os.dup(2)
    try:
        with tempfile.TemporaryFile() as sink:
            os.dup2(sink.fileno(), 2)
            try:
                yield
            finally:
                os.dup2(saved_fd, 2)
    finally:
        os.close(saved_fd)
        if saved_env is None:
            os.environ.pop(GCS_WAIT, None)
        else:
            os.environ[GCS_WAIT] = saved_env


def ray_rows(spec: GameSpec, games: int, address: str) -> Iterator[GameRow]:
    """Play ``games`` games of ``spec`` on the Ray cluster at ``address``; rows in order.

    Every node needs the same tote (and Python) as this one; docs/simulation.md says
    how to point a run at a real cluster.
    """
    ray = import_ray()
    with ray_session(address):
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        play = ray.remote(play_range)
        parts = chunks(games, cpus)
        pending: deque[Any] = deque()

        def submit() -> None:
            part = next(parts, None)
            if part is not None:
                pending.append(play.remote(spec, *part))

        for _ in range(cpus * IN_FLIGHT_PER_WORKER):
            submit()
        while pending:
            try:
                rows: list[GameRow] = ray.get(pending.popleft())
            except ray.exceptions.RayTaskError as exc:
                cause = exc.as_instanceof_cause()
                if isinstance(cause, ToteError):
                    raise ToteError(str(cause).splitlines()[-1]) from None
                raise
            submit()
            yield from rows
