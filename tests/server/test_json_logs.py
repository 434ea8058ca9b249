"""``tote serve --log-format json`` (issue 28, logs): one JSON object a line, with the
time, level, logger, message and, where known, the table, seat and event; no token
in any line, whether it came in a path, a query string or a header."""

from __future__ import annotations

import json
import logging
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import connect

from tote.server.logs import JsonLines, log_config

from .test_serve import STARTUP, free_port

KEYS = {"time", "level", "logger", "message"}


def serve_json(workdir: Path, out: Path) -> tuple[subprocess.Popen[bytes], str]:
    """A ``tote serve --log-format json`` process (stdout and stderr to ``out``)."""
    port = free_port()
    command = [sys.executable, "-c", "from tote.cli.main import main; main()", "serve"]
    command += ["--db", f"sqlite:///{workdir / 'tote.db'}", "--port", str(port)]
    command += ["--bot-delay", "0", "--log-format", "json"]
    with out.open("ab") as sink:
        process = subprocess.Popen(command, cwd=workdir, stdout=sink, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + STARTUP
    while True:
        assert process.poll() is None, f"tote serve exited: {out.read_text()}"
        assert time.monotonic() < deadline, f"tote serve did not answer: {out.read_text()}"
        try:
            if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                return process, base
        except httpx.TransportError:
            time.sleep(0.05)


def drive(http: httpx.Client, base: str) -> tuple[str, list[str]]:
    """Requests carrying tokens every way a client may send one; returns the table id and
    every token sent (host, seats, a wrong one)."""
    created = http.post("/api/tables", json={"game": "winners-circle", "players": 2}).json()
    table_id, host = created["table_id"], created["host_token"]
    seats = [
        http.post(f"/api/tables/{table_id}/join", json={"name": name}).json()["token"]
        for name in ("Ann", "Bob")
    ]
    assert http.post(f"/api/tables/{table_id}/start", headers={"X-Host-Token": host}).is_success
    wrong = "WrongSecretToken-not-a-seat-0123"
    view = http.get(f"/api/tables/{table_id}/view", headers={"X-Seat-Token": seats[0]}).json()
    http.get(f"/api/tables/{table_id}/view?token={seats[0]}")
    http.get(f"/api/tables/{table_id}/view?tok%65n={seats[1]}&x=1")
    http.get(f"/t/{table_id}?seat=1&token={seats[1]}")
    http.get(f"/api/tables/{table_id}/record", headers={"X-Host-Token": wrong})
    turn = view["view"]["turn"]["seats"][0]
    legal = http.get(f"/api/tables/{table_id}/view", headers={"X-Seat-Token": seats[turn]})
    move = legal.json()["view"]["legal_moves"][0]
    headers = {"X-Seat-Token": seats[turn]}
    assert http.post(f"/api/tables/{table_id}/moves", json={"move": move}, headers=headers)
    ws = base.replace("http://", "ws://") + f"/ws/tables/{table_id}"
    with connect(f"{ws}?token={seats[0]}") as socket:
        assert json.loads(socket.recv(timeout=10))["type"] == "view"
    with connect(f"{ws}?token={wrong}") as socket:
        assert json.loads(socket.recv(timeout=10))["rule"] == "token"
    return table_id, [host, *seats, wrong]


def test_json_logs_are_one_object_a_line_with_context_and_no_token(tmp_path: Path) -> None:
    """Issue 28, logs: every line of a ``--log-format json`` server parses as a JSON
    object with time, level, logger and message; requests name their table (and seat,
    where the path does) and event; no token appears in any form."""
    out = tmp_path / "serve.log"
    process, base = serve_json(tmp_path, out)
    try:
        with httpx.Client(base_url=base, timeout=10) as http:
            table_id, tokens = drive(http, base)
        process.send_signal(signal.SIGTERM)
        process.wait(10)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(10)
    text = out.read_text()
    lines = [json.loads(line) for line in text.splitlines() if line.strip()]
    assert lines and all(isinstance(line, dict) and set(line) >= KEYS for line in lines), text
    assert "serving on" in lines[0]["message"]
    requests = [line for line in lines if line.get("event") == "request"]
    assert any(line.get("table") == table_id and line["status"] == 200 for line in requests)
    assert any(line.get("seat") == 1 and line["path"].startswith("/t/") for line in requests)
    sockets = [line for line in lines if line.get("event") == "websocket"]
    assert any(line.get("table") == table_id and "[hidden]" in line["message"] for line in sockets)
    for token in tokens:
        assert token not in text


OTHER_LIBRARY = """
import logging.config
from tote.server.logs import log_config
logging.config.dictConfig(log_config("json"))
logging.getLogger("asyncio").error("Task failed for /ws/tables/x?token=SECRET-three")
"""


def test_other_libraries_log_json_lines_without_tokens_too() -> None:
    """Issue 28, logs: a warning of a library tote does not configure (``asyncio``) goes
    through tote's handler: a JSON line, its token hidden (not Python's last resort)."""
    done = subprocess.run(
        [sys.executable, "-c", OTHER_LIBRARY], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    (line,) = done.stderr.splitlines()
    entry = json.loads(line)
    assert entry["logger"] == "asyncio" and entry["level"] == "ERROR"
    assert "token=[hidden]" in entry["message"] and "SECRET" not in line


def test_json_lines_give_what_a_log_call_knows_and_hide_tokens() -> None:
    """Issue 28, logs: a tote message naming a table and a seat gives both fields, a
    traceback is one escaped field, and a token in any argument is hidden."""
    table_id = "AbCdEfGh_-12"
    try:
        raise ValueError("the client sent /ws/tables/x?token=SECRET-one")
    except ValueError:
        record = logging.LogRecord(
            "tote.server",
            logging.ERROR,
            __file__,
            1,
            "table %s: bot at seat %d failed on %s",
            (table_id, 2, "/t/x?tok%65n=SECRET-two"),
            sys.exc_info(),
        )
    config: dict[str, Any] = log_config("json")
    assert all(h["formatter"] == "json" for h in config["handlers"].values())
    line = JsonLines().format(record)
    entry = json.loads(line)
    assert entry["table"] == table_id and entry["seat"] == 2
    assert entry["level"] == "ERROR" and entry["logger"] == "tote.server"
    assert "ValueError" in entry["exception"] and "\n" not in line
    assert "SECRET" not in line
    record = logging.LogRecord("tote.server", logging.INFO, __file__, 1, "took over", (), None)
    record.event = "takeover"  # as extra={"event": ...} sets it
    assert json.loads(JsonLines().format(record))["event"] == "takeover"


def test_a_path_with_a_seat_of_endless_digits_is_logged() -> None:
    """Issue 28, logs: a request for ``/seats/<5,000 digits>`` is one JSON line like any
    other, with no seat (reading the digits as a seat raised, and the line was lost)."""
    digits = "9" * 5000
    for path in (f"/api/tables/AbCdEfGh_-12/seats/{digits}/link", f"/t/x?seat={digits}"):
        record = logging.LogRecord(
            "uvicorn.access",
            logging.INFO,
            __file__,
            1,
            '%s - "%s %s HTTP/%s" %d',
            ("127.0.0.1:5000", "POST", path, "1.1", 404),
            None,
        )
        entry = json.loads(JsonLines().format(record))
        assert entry["status"] == 404 and "seat" not in entry
    message = f"table AbCdEfGh_-12: seat {digits} refused"
    record = logging.LogRecord("tote.server", logging.INFO, __file__, 1, message, (), None)
    assert "seat" not in json.loads(JsonLines().format(record))
