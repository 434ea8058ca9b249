"""A late Carcassonne board at Fit stays readable (issue 27 item 6).

"A late Carcassonne board shows meeples as specks at Fit" and "no text on a board
smaller than 11 px at its default zoom": a finished game (a seeded random match, many
tiles and meeples on the board) is opened at its last move in the replay, on a
1280x800 desktop and a 390x844 phone; at Fit every meeple token is at least 14 px
across on screen and every letter on the board at least 11 px.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from .test_e2e_phone_fit import SMALL_BOARD_TEXT
from .test_e2e_replays import finished_table
from .web_helpers import LiveServer, NewPage

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}

SMALL_MEEPLES = """() => {
  const out = [];
  for (const token of document.querySelectorAll('#game svg.cc-board .meeple')) {
    const box = token.getBoundingClientRect();
    const across = Math.min(box.width, box.height);
    const seat = token.dataset.seat;
    if (across < 14) out.push(`seat ${seat}: ${across.toFixed(1)} px`);
  }
  return out.slice(0, 8);
}"""


def _none(page: Any, script: str, what: str) -> None:
    """Wait (on the condition, generously) until ``script`` finds nothing; then say
    what it still finds."""
    with contextlib.suppress(Exception):  # the assertion below says what is wrong
        page.wait_for_function(f"() => ({script})().length === 0", timeout=30_000)
    found = page.evaluate(script)
    assert found == [], f"{what}: {found}"


@pytest.mark.parametrize("size", list(SIZES))
def test_a_late_board_at_fit_shows_meeples_and_letters_readably(
    new_page: NewPage, live_server: LiveServer, screenshots: Path, size: str
) -> None:
    """Issue 27 item 6: at the end of a whole game, at Fit, meeples are tokens of 14 px
    or more (not specks) and no letter on the board is under 11 px."""
    table_id, _ = finished_table(live_server, "carcassonne", seed=5)
    page = new_page(viewport=SIZES[size])
    page.goto(f"{live_server.url}/replay/{table_id}")
    expect(page.locator("#counter")).to_contain_text("The deal", timeout=60_000)
    page.keyboard.press("End")
    expect(page.locator("#forward")).to_be_disabled(timeout=60_000)
    page.click(".cc-tools [data-zoom=fit]")
    meeples = page.locator("#game svg.cc-board .meeple")
    expect(meeples.first).to_be_attached(timeout=60_000)
    assert meeples.count() >= 4, "a late board has meeples on it"
    assert page.locator("#game svg.cc-board g.tile").count() >= 40, "a late board"
    _none(page, SMALL_MEEPLES, f"{size}: meeples under 14 px across at Fit")
    _none(page, SMALL_BOARD_TEXT, f"{size}: board text under 11 px at Fit")
    page.locator("#game svg.cc-board").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshots / f"carcassonne-late-fit-{size}.png"))
