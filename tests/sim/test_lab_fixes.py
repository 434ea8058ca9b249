"""Issue 29, Fix: what a designer tripped on in the laboratory (signals, --save names,
progress without a terminal, Ray's causes, wording)."""

from __future__ import annotations

import gzip
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tote.cli.main import app
from tote.core.errors import RecordError, ToteError
from tote.sim import run_games
from tote.sim.record_files import load_record, read_run
from tote.sim.workers import connect

WC = "winners-circle"
SRC = str(Path(__file__).resolve().parents[2] / "src")
runner = CliRunner()


CHILD = (
    "import signal\n"
    "for signum in (signal.SIGTERM, signal.SIGHUP):\n"
    "    signal.signal(signum, signal.SIG_DFL)\n"
    "from tote.cli.main import main\n"
    "main()\n"
)
"""``tote`` as started from a terminal. A child inherits ignored signals: under
``nohup`` (a CI job, a detached run) it would ignore SIGHUP, as tote rightly leaves a
hang-up ignored then, so the child sets both back to their default first."""


def tote_process(tmp_path: Path, *args: str, **env: str) -> subprocess.Popen[str]:
    """``tote ARGS`` in a child process whose stderr is a pipe (not a terminal)."""
    environment = {**os.environ, "PYTHONPATH": SRC, **env}
    return subprocess.Popen(
        [sys.executable, "-c", CHILD, *args],
        cwd=tmp_path,
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.parametrize(
    ("signum", "workers"), [(signal.SIGTERM, "1"), (signal.SIGHUP, "1"), (signal.SIGTERM, "2")]
)
def test_a_signal_mid_run_leaves_no_part_file(tmp_path: Path, signum: int, workers: str) -> None:
    """Issue 29, Fix: "the 'whole or absent' promise must hold for SIGTERM and SIGHUP as
    for Ctrl+C": no hidden .part file, no partial output, status 128 + the signal; with
    worker processes too."""
    child = tote_process(
        tmp_path, "simulate", WC, "-p", "3", "-n", "100000", "--workers", workers,
        "--save", "runs.jsonl.gz", "--out", "rows.csv", "--json",
        TOTE_PROGRESS_SECONDS="0.05",
    )  # fmt: skip
    for _ in range(1200):  # games are being played once the records' .part file grows
        parts = [p for p in tmp_path.iterdir() if p.name.startswith(".runs.jsonl.gz.")]
        if parts and parts[0].stat().st_size > 0:
            break
        time.sleep(0.05)
    else:
        child.kill()
        pytest.fail("the run never started writing")
    child.send_signal(signum)
    out, err = child.communicate(timeout=60)
    assert child.returncode == 128 + signum, err
    assert out == ""
    assert f"stopped by {signal.Signals(signum).name}" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_progress_lines_without_a_terminal(tmp_path: Path) -> None:
    """Issue 29, Fix: "print a plain progress line every few seconds to stderr" when
    the output is not a terminal."""
    child = tote_process(
        tmp_path, "simulate", WC, "-p", "3", "-n", "150", "--workers", "1", "--json",
        TOTE_PROGRESS_SECONDS="0",
    )  # fmt: skip
    _, err = child.communicate(timeout=120)
    assert child.returncode == 0, err
    lines = err.strip().splitlines()
    assert len(lines) >= 2
    assert lines[-1].startswith(f"{WC} (1 worker): 150/150 games (100.0%)")
    assert all("/150 games" in line for line in lines)


@pytest.mark.parametrize("name", ["x.zip", "x.json", "records.tar"])
def test_save_refuses_a_name_that_is_not_a_directory_or_a_run_file(
    tmp_path: Path, name: str
) -> None:
    """Issue 29, Fix: "--save x.zip makes a directory x.zip/; refuse what is not a
    directory or a .jsonl.gz name"."""
    with pytest.raises(ToteError, match=r"give a directory or a FILE\.jsonl\.gz"):
        run_games(WC, 2, 2, save=tmp_path / name)
    assert list(tmp_path.iterdir()) == []


def test_save_into_an_existing_directory_with_a_dot(tmp_path: Path) -> None:
    """An existing directory is a directory, whatever its name."""
    folder = tmp_path / "runs.v2"
    folder.mkdir()
    run_games(WC, 2, 2, save=folder)
    assert [p.name for p in folder.iterdir()] == [f"{WC}-0-1.jsonl.gz"]


def test_a_run_file_that_is_not_gzip_says_so(tmp_path: Path) -> None:
    """Issue 29, Fix: a run file that is not gzip reads "line 1 is not JSON"; it must
    say it is not a gzip run file."""
    path = tmp_path / "run.jsonl.gz"
    path.write_bytes(b"PK\x03\x04 a zip, not gzip\n")
    with pytest.raises(RecordError, match="is not a gzip run file"):
        list(read_run(path))
    with pytest.raises(RecordError, match="is not a gzip run file"):
        load_record(path, 3)
    path.write_bytes(gzip.compress(b"{}\n"))
    with pytest.raises(RecordError):  # a real gzip file still reads as one
        load_record(path)


def test_an_unknown_option_lists_the_valid_ones() -> None:
    """Issue 29, Fix: "an unknown option says 'Extra inputs are not permitted' without
    listing the valid ones"."""
    result = runner.invoke(app, ["simulate", WC, "-p", "2", "-n", "1", "--option", "foo=1"])
    assert result.exit_code == 2
    assert "Extra inputs" not in result.stderr
    assert "no such option" in result.stderr and "starting_money" in result.stderr


def test_plot_help_names_the_lab_extra() -> None:
    """Issue 29, Fix: "--plot help says '(needs tote)'"; it names tote[lab], and so
    does 'tote plot --help'."""
    result = runner.invoke(app, ["simulate", "--help"], env={"COLUMNS": "200"})
    plot_help = " ".join(result.stdout.split()).split("--plot", 1)[1]
    assert "tote[lab]" in plot_help.split("--", 1)[0]
    plot_command = runner.invoke(app, ["plot", "--help"], env={"COLUMNS": "200"})
    assert "tote[lab]" in plot_command.stdout


class AuthenticationError(Exception):
    """Ray's ``ray.exceptions.AuthenticationError``, as Ray raises it."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class FakeRay:
    """A Ray whose ``init`` fails the way a cluster with token authentication does."""

    class exceptions:
        AuthenticationError = AuthenticationError

    def is_initialized(self) -> bool:
        return False

    def init(self, **options: Any) -> None:
        try:
            raise AuthenticationError("Invalid or missing authentication token")
        except AuthenticationError as cause:
            raise ConnectionError("Failed to connect to GCS at 10.0.0.1:6379") from cause


def test_ray_names_an_authentication_failure() -> None:
    """Issue 29, Fix: "--ray on a cluster that needs authentication says only 'failed
    to connect': name the cause when Ray gives one"."""
    with pytest.raises(ToteError) as caught:
        connect(FakeRay(), "local")
    message = str(caught.value)
    assert "needs authentication" in message and "RAY_AUTH_TOKEN" in message
    assert "Invalid or missing authentication token" in message


def test_no_help_text_loses_a_bracketed_word_to_rich_markup() -> None:
    """Issue 29, Fix (wording): rich reads "[positions]" or "[lab]" in a help text as a
    markup tag and drops it ("the file's name, then keys and ."). Every option's and
    command's help of every command renders every bracketed word it was written with."""
    import typer.main
    from rich.text import Text

    from tote.cli.main import app

    root = typer.main.get_command(app)
    commands = getattr(root, "commands", {})
    assert "simulate" in commands and "report" in commands
    lost = []
    for name, command in commands.items():
        texts = [command.help or ""] + [getattr(p, "help", None) or "" for p in command.params]
        for text in texts:
            rendered = Text.from_markup(text).plain
            wanted = text.replace("\\[", "[")
            if rendered != wanted:
                lost.append(f"tote {name}: {text[:80]!r}")
    assert not lost, "help text eaten by rich markup: " + "; ".join(lost)
