"""Issue 16, set-up: ``scripts/start`` installs only what playing needs (``pip install
-e .``: no test tools, no lab, Ray or research extras), so what it runs must never
import one. In a fresh interpreter, ``tote --help``, ``tote serve --help``, ``tote
play --help`` and the server's start (its app, with the browser UI mounted, on an
SQLite file) leave every test and lab tool unimported; and the two scripts install
what the README says."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

NOT_FOR_PLAYING = (
    "pytest",
    "playwright",
    "axe_playwright_python",
    "hypothesis",
    "httpx",
    "pyarrow",
    "polars",
    "matplotlib",
    "scipy",
    "ray",
    "numpy",
    "pettingzoo",
    "gymnasium",
    "pyspiel",
    "mypy",
)

STARTING = """
import json, sys
from tote.cli.main import main
for args in (["--help"], ["serve", "--help"], ["play", "--help"], ["games"]):
    sys.argv = ["tote", *args]
    try:
        main()
    except SystemExit:
        pass
from tote.server import create_app
from tote.store import Store
from tote.web import mount
mount(create_app(Store("sqlite://")))
wanted = json.loads(sys.stdin.read())
print(json.dumps(sorted(m for m in wanted if m in sys.modules)))
"""


def test_playing_imports_no_test_or_lab_tool() -> None:
    """Starting tote (the CLI, the server app with its UI) imports none of the test,
    lab, Ray or research packages, which the base install does not have."""
    done = subprocess.run(
        [sys.executable, "-c", STARTING],
        input=json.dumps(NOT_FOR_PLAYING),
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    imported = json.loads(done.stdout.strip().splitlines()[-1])
    assert imported == [], f"starting tote imported {imported}"


def test_start_installs_the_base_and_test_installs_the_dev_extra() -> None:
    """scripts/start sets up with 'play' (``pip install -e .``), scripts/test with
    'test' (``.[dev]``, which holds the test tools and axe-core for the browser
    tests); each kind has its own stamp."""
    setup = (ROOT / "scripts" / "setup.sh").read_text()
    assert 'play) target="$root"' in setup and 'test) target="$root[dev]"' in setup
    assert ".tote-installed-$kind" in setup
    assert '"$root/scripts/setup.sh" play' in (ROOT / "scripts" / "start").read_text()
    assert '"$root/scripts/setup.sh" test' in (ROOT / "scripts" / "test").read_text()
    pyproject = (ROOT / "pyproject.toml").read_text()
    base = pyproject.split("dependencies = [", 1)[1].split("]", 1)[0]
    for tool in ("pytest", "playwright", "axe-playwright-python", "pyarrow", "ray", "mypy"):
        assert f'"{tool}' not in base, tool
    dev = pyproject.split("dev = [", 1)[1].split("]", 1)[0]
    for tool in ("pytest", "playwright", "axe-playwright-python", "mypy", "ruff"):
        assert f'"{tool}' in dev, tool
