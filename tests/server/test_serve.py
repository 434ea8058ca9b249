"""``tote serve`` as a real process: play over HTTP, ``kill -9`` it, start it again,
and every accepted move is still there and play goes on."""

from __future__ import annotations

import json
import logging
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from tote.server.logs import HideTokens, hide_tokens, log_config
from tote.store import Store

STARTUP = 30.0
"""Seconds a server may take to answer after it is started."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def tote_serve(
    url: str, workdir: Path, log: Path, bot_delay: float = 0.0
) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """A ``tote serve`` process answering at the yielded base URL; killed on the way out."""
    port = free_port()
    command = [
        sys.executable,
        "-c",
        "from tote.cli.main import main; main()",
        "serve",
        "--db",
        url,
        "--port",
        str(port),
        "--bot-delay",
        str(bot_delay),
    ]
    with log.open("ab") as out:
        process = subprocess.Popen(command, cwd=workdir, stdout=out, stderr=subprocess.STDOUT)
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


def play(
    http: httpx.Client, table_id: str, tokens: list[str], moves: int, rng: random.Random
) -> list[Any]:
    """``moves`` random legal moves over HTTP; returns them as (seat, move), in order."""
    made = []
    for _ in range(moves):
        seat = http.get(f"/api/tables/{table_id}/view").json()["view"]["turn"]["seats"][0]
        headers = {"X-Seat-Token": tokens[seat]}
        legal = http.get(f"/api/tables/{table_id}/view", headers=headers).json()["view"]
        move = rng.choice(legal["legal_moves"])
        response = http.post(f"/api/tables/{table_id}/moves", json={"move": move}, headers=headers)
        assert response.status_code == 200, response.text
        made.append((seat, move))
    return made


def seat_moves(url: str, table_id: str) -> list[Any]:
    store = Store(url)
    try:
        return [(m.by, m.move) for m in store.record(table_id).moves if m.by != "chance"]
    finally:
        store.engine.dispose()


def test_serve_survives_kill_9(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'x.db'}"
    log = tmp_path / "serve.log"
    rng = random.Random(11)
    with tote_serve(url, tmp_path, log) as (process, base), httpx.Client(base_url=base) as http:
        created = http.post("/api/tables", json={"game": "winners-circle", "players": 2}).json()
        table_id, host = created["table_id"], created["host_token"]
        tokens = [
            http.post(f"/api/tables/{table_id}/join", json={"name": n}).json()["token"]
            for n in ("Ann", "Bob")
        ]
        started = http.post(f"/api/tables/{table_id}/start", headers={"X-Host-Token": host})
        assert started.status_code == 200
        accepted = play(http, table_id, tokens, 8, rng)
        ws_url = base.replace("http://", "ws://") + f"/ws/tables/{table_id}?token={tokens[0]}"
        with connect(ws_url) as ws:
            first = json.loads(ws.recv(timeout=10))
        assert first["type"] == "view" and first["seat"] == 0
        process.send_signal(signal.SIGKILL)
        process.wait(10)
    assert f"serving on {base}" in log.read_text()
    assert f"/ws/tables/{table_id}?token=[hidden]" in log.read_text()
    assert not any(token in log.read_text() for token in tokens)
    assert seat_moves(url, table_id) == accepted

    with tote_serve(url, tmp_path, log) as (process, base), httpx.Client(base_url=base) as http:
        view = http.get(f"/api/tables/{table_id}/view").json()
        assert view["status"] == "playing"
        assert view["version"] == len(Store(url).record(table_id).moves)
        accepted += play(http, table_id, tokens, 4, rng)
        process.send_signal(signal.SIGTERM)
        # uvicorn shuts down gracefully, then re-raises the signal it caught.
        assert process.wait(10) in (0, -signal.SIGTERM)
    assert log.read_text().rstrip().endswith(f"Finished server process [{process.pid}]")
    assert seat_moves(url, table_id) == accepted


def test_logs_hide_seat_tokens() -> None:
    record = logging.LogRecord(
        "uvicorn.error",
        logging.INFO,
        __file__,
        1,
        '%s - "WebSocket %s" [accepted]',
        ("127.0.0.1:5", "/ws/tables/T1?token=s3cr-et_&x=1"),
        None,
    )
    assert HideTokens().filter(record)
    assert (
        record.getMessage()
        == '127.0.0.1:5 - "WebSocket /ws/tables/T1?token=[hidden]&x=1" [accepted]'
    )
    config = log_config()
    assert all("hide_tokens" in h["filters"] for h in config["handlers"].values())


@pytest.mark.parametrize(
    "query",
    [
        "token={t}",
        "tok%65n={t}",
        "%74%6F%6B%65%6E={t}",
        "x=1&token={t}",
        "x=1&tok%65n={t}&y=2",
        "token=other&token={t}",
        "tok+en=1&token={t}",
    ],
)
def test_no_form_of_a_token_parameter_reaches_a_log_line(query: str) -> None:
    """Issue 18, defect 7: the server decodes a parameter's name before reading it as the
    seat token, so the log filter must too: ``?tok%65n=SECRET`` is a token like any other."""
    secret = "s3cr-et_Tok"
    path = f"/ws/tables/T1?{query.format(t=secret)}"
    record = logging.LogRecord(
        "uvicorn.error",
        logging.INFO,
        __file__,
        1,
        '%s - "WebSocket %s" [accepted]',
        ("127.0.0.1:5", path),
        None,
    )
    assert HideTokens().filter(record)
    assert secret not in record.getMessage()
    assert "[hidden]" in record.getMessage()
    plain = logging.LogRecord("tote", logging.INFO, __file__, 1, f"GET {path}", None, None)
    assert HideTokens().filter(plain) and secret not in plain.getMessage()


def test_the_server_reads_an_encoded_token_parameter_as_the_token() -> None:
    """Why the filter decodes names: Starlette reads ``tok%65n`` as ``token``."""
    from starlette.datastructures import QueryParams

    assert QueryParams("tok%65n=abc")["token"] == "abc"
    assert hide_tokens("/ws?x=tok%65n&y=token") == "/ws?x=tok%65n&y=token"


def test_a_websocket_frame_over_the_limit_closes_the_socket_unread(tmp_path: Path) -> None:
    """Issue 18, defect 2: ``tote serve`` refuses a WebSocket frame over MAX_FRAME bytes
    with close code 1009 ("message too big") instead of buffering it (the protocol's
    longest message is MAX_MESSAGE characters); the server goes on serving."""
    from websockets.exceptions import ConnectionClosed

    from tote.server.limits import MAX_FRAME

    url = f"sqlite:///{tmp_path / 'tote.db'}"
    log = tmp_path / "serve.log"
    with tote_serve(url, tmp_path, log) as (process, base), httpx.Client(base_url=base) as http:
        created = http.post("/api/tables", json={"game": "winners-circle", "players": 2}).json()
        ws_url = base.replace("http://", "ws://") + f"/ws/tables/{created['table_id']}"
        with connect(ws_url, max_size=None) as ws:
            assert json.loads(ws.recv(timeout=10))["type"] == "view"
            ws.send("x" * (MAX_FRAME + 1))
            with pytest.raises(ConnectionClosed) as closed:
                for _ in range(5):  # messages sent before the frame arrived, then the close
                    ws.recv(timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        with connect(ws_url) as ws:
            ws.send(json.dumps({"type": "ping", "pad": "y" * 1000}))
            kinds = [json.loads(ws.recv(timeout=10))["type"] for _ in range(3)]
            assert "pong" in kinds
        assert process.poll() is None
