"""End-to-end fixtures: the real server (with the UI mounted) on a loopback port, and
Debian's Chromium driven by Playwright.

The browser tests are skipped, with the reason, where Chromium or Playwright is
missing. Screenshots go to ``TOTE_SCREENSHOTS`` (default: a ``screenshots`` folder
under pytest's temporary directory) so a person can look at them.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .web_helpers import CHROMIUM, CHROMIUM_ARGS, DESKTOP, LiveServer, NewPage

PATIENCE_MS = 60_000
"""How long any wait on the page (a locator, ``expect``, a navigation) may take before it
fails: a condition, never a fixed time, with room for a machine running at a third of its
speed or less (issue 27: a 15 s wait failed on a loaded machine and passed alone)."""


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(tmp_path_factory.mktemp("e2e") / "tote.db") as server:
        yield server


@pytest.fixture(scope="session")
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    wanted = os.environ.get("TOTE_SCREENSHOTS")
    folder = Path(wanted) if wanted else tmp_path_factory.mktemp("screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _browser_missing() -> str | None:
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        return (
            f"no Chromium at {CHROMIUM}: install Debian's with"
            " 'apt-get install -y chromium' (or set TOTE_CHROMIUM)"
        )
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed: pip install -e '.[dev]'"
    return None


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    reason = _browser_missing()
    if reason is not None:
        pytest.skip(reason)
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=PATIENCE_MS)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def new_page(browser: Any) -> Iterator[NewPage]:
    """``new_page(playback_ms=30, **context_options)``: a page in a fresh browser context
    (its own localStorage: one person), failing the test on any uncaught script error;
    ``playback_ms`` is the length of a step when the page plays what happened."""
    contexts: list[Any] = []
    errors: list[str] = []

    def make(playback_ms: int = 30, **options: Any) -> Any:
        context = browser.new_context(**(options or DESKTOP))
        context.set_default_timeout(PATIENCE_MS)
        # Steps of the watched sequence (issue 15) last this long: short, so the tests
        # still play every sequence without waiting on it (js/playback.js).
        context.add_init_script(f"localStorage.setItem('tote.playbackMs', '{int(playback_ms)}')")
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        return page

    yield make
    for context in contexts:
        context.close()
    assert not errors, f"script errors on the page: {errors}"
