"""Issue 30, Done means: every code block in docs/environments.md runs as written.

The ```python blocks are run in order in one namespace, as a reader pasting them into
one session would (a block may continue the one before it). The shell blocks (```` ``` ````
or ```` ```bash ````: ``tote ...``, ``python examples/...``, the benchmarks) are split
into commands as a POSIX shell splits them and run in order from a scratch directory
laid out like the repository's root (``src``, ``examples``, ``benchmarks``), in this
process, so tote is imported once rather than once a command: ``tote ARGS`` through the
command line's app, ``python SCRIPT ARGS`` (``python3``, ``.venv/bin/python``) as
``__main__`` with those arguments; each command must end with status 0.

Two markers, an HTML comment just before a block, change that, and the test checks
them:

- ``<!-- not run: REASON -->``: the block is skipped, for what a test cannot do
  (install packages). Used sparingly: the test names the blocks allowed to carry it.
- ``<!-- run in CI with less: REASON`` then lines ``OLD => NEW`` then ``-->``: the block
  is too long for CI as written (minutes of training or benchmarking, a human seat,
  callgrind); it is run with each ``OLD`` replaced by ``NEW`` (every ``OLD`` must occur
  in the block, so a marker cannot drift from its block unnoticed).
"""

from __future__ import annotations

import re
import runpy
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tote.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "environments.md"
BLOCK = re.compile(r"(<!--((?:(?!-->).)*)-->\s*)?```([\w-]*)\n(.*?)```", re.S)
NOT_RUN_SHELL = ("pip install",)
"""The first words of the only shell blocks that may be skipped (they install)."""


@dataclass
class Block:
    line: int
    language: str
    code: str
    marker: str

    @property
    def skipped(self) -> bool:
        return self.marker.startswith("not run:")

    def reduced(self) -> str:
        """The code to run: as written, or with the marker's ``OLD => NEW`` swaps."""
        if not self.marker.startswith("run in CI with less:"):
            assert not self.marker, f"line {self.line}: unknown marker {self.marker!r}"
            return self.code
        reason, *swaps = self.marker.splitlines()
        assert reason.partition(":")[2].strip(), f"line {self.line}: the marker gives no reason"
        assert swaps, f"line {self.line}: 'run in CI with less' names no OLD => NEW"
        code = self.code
        for swap in swaps:
            old, arrow, new = swap.partition(" =>")
            assert arrow and old.strip(), f"line {self.line}: {swap!r} is not OLD => NEW"
            assert old.strip() in code, f"line {self.line}: {old.strip()!r} is not in its block"
            code = code.replace(old.strip(), new.strip())
        return code


def _blocks() -> list[Block]:
    text = DOC.read_text(encoding="utf-8")
    return [
        Block(
            line=text[: m.start(3)].count("\n") + 1,
            language=m.group(3),
            code=m.group(4),
            marker=(m.group(2) or "").strip(),
        )
        for m in BLOCK.finditer(text)
    ]


def test_every_python_block_of_the_environments_doc_runs(capsys: Any) -> None:
    """Issue 30, Done means: the doc's code blocks run, in order, without an error."""
    namespace: dict[str, Any] = {"__name__": "docs_environments"}
    ran = 0
    for block in _blocks():
        if block.language != "python" or block.skipped:
            continue
        code = compile(block.reduced(), f"docs/environments.md:{block.line}", "exec")
        exec(code, namespace)
        ran += 1
    assert ran >= 5


ENV_PREFIX = re.compile(r"PYTHONPATH=\$PWD/src")
"""The one environment assignment the blocks use: this process already imports this
checkout's ``src``."""


def _commands(code: str) -> list[list[str]]:
    """The block's commands, one a line once backslash-newlines are joined, split into
    words as a POSIX shell splits them (``#`` starts a comment)."""
    joined = code.replace("\\\n", " ")
    return [words for line in joined.splitlines() if (words := shlex.split(line, comments=True))]


def _run(words: list[str], where: str) -> None:
    """One command, in this process: ``tote ...`` through the command line's app,
    ``python SCRIPT ...`` (or ``python3``, ``.venv/bin/python``) as ``__main__``."""
    while words and "=" in words[0]:
        assert ENV_PREFIX.fullmatch(words[0]), f"{where}: unknown assignment {words[0]!r}"
        words = words[1:]
    program, *args = words
    if program == "tote":
        done = CliRunner().invoke(app, args)
        assert done.exit_code == 0, f"{where}: {shlex.join(words)}\n{done.output[-3000:]}"
        return
    assert Path(program).name in ("python", "python3"), f"{where}: unknown command {program!r}"
    script, *_ = args
    saved = sys.argv
    sys.argv = list(args)
    try:
        runpy.run_path(script, run_name="__main__")
    except SystemExit as stop:
        assert stop.code in (0, None), f"{where}: {shlex.join(words)} exited {stop.code}"
    finally:
        sys.argv = saved


SHELL = [b for b in _blocks() if b.language in ("bash", "")]
RUN = [b for b in SHELL if not b.skipped]


def test_the_doc_marks_only_install_blocks_as_not_run() -> None:
    """Issue 30, Done means: a shell block is skipped only if it installs packages;
    every other one runs, as written or reduced by its marker."""
    skipped = [b for b in SHELL if b.skipped]
    for block in skipped:
        assert block.code.startswith(NOT_RUN_SHELL), f"line {block.line} is skipped"
        assert block.marker.partition(":")[2].strip(), f"line {block.line}: no reason"
    assert len(RUN) >= 7
    languages = {b.language for b in _blocks()}
    assert languages <= {"python", "bash", ""}, f"blocks this test does not run: {languages}"


@pytest.mark.parametrize("block", RUN, ids=[f"line{b.line}" for b in RUN])
def test_every_shell_block_of_the_environments_doc_runs(
    block: Block, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    """Issue 30, Done means: each shell block runs (reduced where its marker says so)
    from the repository's root, every command ending with status 0, in order (a
    command may read what the one before it wrote: a trained policy)."""
    code = block.reduced()
    assert "{n}" not in code and "../shared" not in code, f"line {block.line}: {code}"
    for name in ("src", "examples", "benchmarks"):
        (tmp_path / name).symlink_to(ROOT / name)
    monkeypatch.chdir(tmp_path)
    commands = _commands(code)
    assert commands, f"line {block.line}: no command"
    for words in commands:
        _run(words, f"docs/environments.md:{block.line}")


def test_a_marker_that_no_longer_fits_its_block_fails() -> None:
    """Issue 30, Done means: a reduced run cannot drift from its block unnoticed; a
    swap whose OLD the block lacks, a marker with no reason or no swap, and an unknown
    marker are each an error, not a block run as written."""
    bad = [
        "run in CI with less: long\n--seconds 9 => --episodes 1",
        "run in CI with less:\n--seconds 150 => --episodes 1",
        "run in CI with less: long",
        "run later: long",
    ]
    for marker in bad:
        block = Block(line=1, language="", code="tote x --seconds 150\n", marker=marker)
        with pytest.raises(AssertionError):
            block.reduced()
    good = Block(1, "", "tote x --seconds 150\n", "run in CI with less: long\n--seconds 150 =>")
    assert good.reduced() == "tote x \n"
