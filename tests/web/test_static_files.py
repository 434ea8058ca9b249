"""The browser's files are well formed: a merge or an edit that leaves a stylesheet's
braces unbalanced silently drops every rule after it (the table's hidden live region
showed on the page once), and a script that does not parse breaks the whole page."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "src" / "tote" / "web" / "static"


def _without_comments_and_strings(css: str) -> str:
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    return re.sub(r"\"(?:[^\"\\]|\\.)*\"|'(?:[^'\\]|\\.)*'", "''", css)


@pytest.mark.parametrize("path", sorted(STATIC.rglob("*.css")), ids=lambda p: p.name)
def test_every_stylesheet_closes_every_block_it_opens(path: Path) -> None:
    depth = 0
    for number, line in enumerate(_without_comments_and_strings(path.read_text()).split("\n"), 1):
        depth += line.count("{") - line.count("}")
        assert depth >= 0, f"{path.name}:{number}: a '}}' closes no block"
    assert depth == 0, f"{path.name}: {depth} block(s) left open at the end of the file"


@pytest.mark.parametrize("path", sorted(STATIC.rglob("*.js")), ids=lambda p: p.name)
def test_every_script_parses(path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed: the scripts' syntax is checked by the browser tests")
    done = subprocess.run([node, "--check", str(path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
