"""``tote serve`` for the people who run it (issue 28): forwarded headers believed only
from the proxies named (defect 4), one server per SQLite file (defect 5), and
configuration by environment variables as well as flags."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
import typer

from tote.cli.main import app

from .server_helpers import TestClient
from .test_serve import STARTUP, free_port


def serve_command(*args: str) -> list[str]:
    return [sys.executable, "-c", "from tote.cli.main import main; main()", "serve", *args]


@contextmanager
def tote_serve(
    workdir: Path, *args: str, env: dict[str, str] | None = None
) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """A ``tote serve`` process on a free port (``--port``), answering at the yielded URL."""
    port = free_port()
    log = workdir / "serve.log"
    with log.open("ab") as out:
        process = subprocess.Popen(
            serve_command("--port", str(port), "--bot-delay", "0", *args),
            cwd=workdir,
            stdout=out,
            stderr=subprocess.STDOUT,
            env={**os.environ, **(env or {})},
        )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + STARTUP
        while True:
            assert process.poll() is None, f"tote serve exited: {log.read_text()}"
            assert time.monotonic() < deadline, f"tote serve did not answer: {log.read_text()}"
            try:
                if httpx.get(f"{base}/api/games", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.05)
        yield process, base
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(10)


def creations(base: str, forwarded_for: list[str]) -> list[int]:
    """The status of one table creation per ``X-Forwarded-For`` value, in order."""
    body = {"game": "winners-circle", "players": 2}
    with httpx.Client(base_url=base, timeout=10) as http:
        return [
            http.post("/api/tables", json=body, headers={"X-Forwarded-For": address}).status_code
            for address in forwarded_for
        ]


# ------------------------------------------------------ defect 4: X-Forwarded-For
def test_forwarded_for_from_loopback_does_not_bypass_the_creation_limit(tmp_path: Path) -> None:
    """Issue 28, defect 4: by default no proxy is believed, not even one on loopback:
    creations past the limit from one address, each with another ``X-Forwarded-For``,
    are refused with 429 (uvicorn's own default believes loopback)."""
    with tote_serve(tmp_path, "--tables-per-minute", "30") as (_, base):
        statuses = creations(base, [f"203.0.113.{n}" for n in range(33)])
    assert statuses[:30] == [201] * 30
    assert statuses[30:] == [429] * 3


def test_forwarded_for_from_a_named_proxy_is_the_clients_address(tmp_path: Path) -> None:
    """Issue 28, defect 4: with ``--forwarded-allow-ips`` naming the proxy, each
    ``X-Forwarded-For`` address is a client of its own, and one of them alone is limited."""
    args = ("--tables-per-minute", "3", "--forwarded-allow-ips", "127.0.0.1")
    with tote_serve(tmp_path, *args) as (_, base):
        assert creations(base, [f"203.0.113.{n}" for n in range(6)]) == [201] * 6
        assert creations(base, ["198.51.100.7"] * 4) == [201, 201, 201, 429]


# ------------------------------------------------- defect 5: one SQLite file, one server
def test_a_second_server_on_one_sqlite_file_refuses_to_start(tmp_path: Path) -> None:
    """Issue 28, defect 5: with a server on ``x.db``, a second one on the same file exits
    at once with status 2 and one line saying why and pointing at PostgreSQL; the first
    keeps serving. After the first is killed with ``kill -9`` a new one starts at once
    (the lock goes with the process, no stale file to clean)."""
    url = f"sqlite:///{tmp_path / 'x.db'}"
    with tote_serve(tmp_path, "--db", url) as (first, base):
        second = subprocess.run(
            serve_command("--db", url, "--port", str(free_port())),
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=STARTUP,
        )
        assert second.returncode == 2, second
        lines = second.stderr.strip().splitlines()
        assert len(lines) == 1, second.stderr
        assert "x.db" in lines[0] and "PostgreSQL" in lines[0], lines[0]
        assert second.stdout == ""
        assert httpx.get(f"{base}/api/games").status_code == 200
        first.send_signal(signal.SIGKILL)
        first.wait(10)
    with tote_serve(tmp_path, "--db", url) as (_, base):
        assert httpx.get(f"{base}/api/tables").status_code == 200


# ------------------------------------------------------- environment variables
@pytest.fixture
def uvicorn_run(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """The server's start (:func:`tote.server.graceful.serve`, uvicorn's run with the
    graceful drain: ``tote serve`` calls nothing else to serve) replaced by a note of
    what it was given, so no server starts."""
    import tote.server.graceful

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(
        tote.server.graceful,
        "serve",
        lambda app, **options: calls.append({"app": app, **options}),
    )
    return calls


def run_serve(*args: str) -> None:
    typer.main.get_command(app).main(args=["serve", *args], standalone_mode=False)


def metrics_status(app: Any) -> int:
    with TestClient(app) as client:
        status: int = client.get("/metrics").status_code
        return status


def test_environment_variables_set_the_options_and_flags_win(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, uvicorn_run: list[dict[str, Any]]
) -> None:
    """Issue 28: every ``tote serve`` option may come from a ``TOTE_*`` variable; a flag
    on the command line wins over its variable."""
    monkeypatch.setenv("TOTE_DB", f"sqlite:///{tmp_path / 'env.db'}")
    monkeypatch.setenv("TOTE_HOST", "127.0.0.2")
    monkeypatch.setenv("TOTE_PORT", "8123")
    monkeypatch.setenv("TOTE_FORWARDED_ALLOW_IPS", "10.0.0.1,10.0.0.2")
    monkeypatch.setenv("TOTE_TABLES_PER_MINUTE", "7")
    monkeypatch.setenv("TOTE_BOT_DELAY", "0")
    monkeypatch.setenv("TOTE_OPEN_TABLE_HOURS", "1")
    monkeypatch.setenv("TOTE_METRICS", "false")
    monkeypatch.setenv("TOTE_LOG_FORMAT", "json")
    run_serve()
    (options,) = uvicorn_run
    assert (options["host"], options["port"]) == ("127.0.0.2", 8123)
    assert "json" in options["log_config"]["formatters"]
    assert metrics_status(options["app"]) == 404
    assert options["proxy_headers"] is True
    assert options["forwarded_allow_ips"] == "10.0.0.1,10.0.0.2"
    assert (tmp_path / "env.db").exists()
    run_serve("--port", "8124", "--db", f"sqlite:///{tmp_path / 'flag.db'}")
    assert uvicorn_run[1]["port"] == 8124
    assert uvicorn_run[1]["host"] == "127.0.0.2"
    run_serve("--metrics", "--log-format", "text", "--db", f"sqlite:///{tmp_path / 'm.db'}")
    assert metrics_status(uvicorn_run[2]["app"]) == 200
    assert "json" not in uvicorn_run[2]["log_config"]["formatters"]
    assert (tmp_path / "flag.db").exists()


def test_no_proxy_is_believed_by_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, uvicorn_run: list[dict[str, Any]]
) -> None:
    """Issue 28, defect 4: without ``--forwarded-allow-ips`` uvicorn reads no forwarded
    header (not even uvicorn's own ``FORWARDED_ALLOW_IPS`` variable's loopback)."""
    monkeypatch.delenv("TOTE_FORWARDED_ALLOW_IPS", raising=False)
    run_serve("--db", f"sqlite:///{tmp_path / 'x.db'}")
    assert uvicorn_run[0]["proxy_headers"] is False


def test_serve_help_lists_the_environment_variables() -> None:
    """Issue 28: ``tote serve --help`` names each option's variable."""
    result = subprocess.run(
        [*serve_command("--help")],
        capture_output=True,
        text=True,
        timeout=STARTUP,
        env={**os.environ, "COLUMNS": "200"},
    )
    names = ("DB", "HOST", "PORT", "BOT_DELAY", "TABLES_PER_MINUTE", "OPEN_TABLE_HOURS")
    for name in (*names, "METRICS", "LOG_FORMAT"):
        assert f"TOTE_{name}" in result.stdout, result.stdout
    assert "TOTE_FORWARDED_ALLOW_IPS" in result.stdout


def test_an_endless_bot_delay_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, uvicorn_run: list[dict[str, Any]]
) -> None:
    """Issue 28 (configuration by environment variables): ``TOTE_BOT_DELAY=inf`` would
    let no bot ever move; the delay is bounded (60 s) and past it refused, nothing served."""
    monkeypatch.setenv("TOTE_BOT_DELAY", "inf")
    with pytest.raises(typer.BadParameter, match="less than or equal to 60"):
        run_serve("--db", f"sqlite:///{tmp_path / 'x.db'}")
    assert uvicorn_run == []


def test_the_review_limits_are_set_by_flags_and_variables_and_bounded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, uvicorn_run: list[dict[str, Any]]
) -> None:
    """Issue 26 ("at most one review runs per table and a bounded number per server"):
    the operator sets how many reviews compute at once, how many wait, and how long one
    may take, by flag or ``TOTE_*`` variable; left out, the server's own bounds hold (the
    help's stated defaults are those); out of bounds, refused and nothing served."""
    from tote.server.reviews import MOST_AT_ONCE, MOST_SECONDS, MOST_WAITING

    run_serve("--db", f"sqlite:///{tmp_path / 'a.db'}")
    reviews = uvicorn_run[0]["app"].state.reviews
    assert (reviews.at_once, reviews.waiting, reviews.seconds) == (
        MOST_AT_ONCE,
        MOST_WAITING,
        MOST_SECONDS,
    )
    monkeypatch.setenv("TOTE_REVIEWS_WAITING", "9")
    run_serve(
        "--db", f"sqlite:///{tmp_path / 'b.db'}", "--reviews-at-once", "2", "--review-seconds", "30"
    )
    reviews = uvicorn_run[1]["app"].state.reviews
    assert (reviews.at_once, reviews.waiting, reviews.seconds) == (2, 9, 30.0)
    for flag, value in (
        ("--reviews-at-once", "0"),
        ("--review-seconds", "0"),
        ("--reviews-waiting", "-1"),
    ):
        with pytest.raises(typer.BadParameter):
            run_serve("--db", f"sqlite:///{tmp_path / 'c.db'}", flag, value)
    assert len(uvicorn_run) == 2
    result = subprocess.run(
        [*serve_command("--help")],
        capture_output=True,
        text=True,
        timeout=STARTUP,
        env={**os.environ, "COLUMNS": "200"},
    )
    help_text = " ".join(result.stdout.split())
    for flag, default in (
        ("--reviews-at-once", MOST_AT_ONCE),
        ("--reviews-waiting", MOST_WAITING),
        ("--review-seconds", int(MOST_SECONDS)),
    ):
        assert flag in help_text
        assert f"Default: {default}." in help_text, (flag, default)
