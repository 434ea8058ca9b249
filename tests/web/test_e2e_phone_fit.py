"""Issue 27 item 6, the phone: nothing overflows a 390 px screen, on every game's table
page (a player with a 40-character name seated, at her turn, and the table at its
end), and no text drawn on a board is smaller than 11 px at its default zoom."""

from __future__ import annotations

import contextlib
import re
from pathlib import Path
from typing import Any

import pytest

from .tables import GAMES, new_table
from .web_helpers import LiveServer, NewPage, wait_for_board

PHONE_390: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
LONG_NAME = "Annabel Wilhelmina Fitzgerald-Montgomery"  # 40 characters
assert len(LONG_NAME) == 40

OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  const text = (el) => (el.textContent || '').trim().slice(0, 40);
  const name = (el) => {
    const cls = typeof el.className === 'string' ? el.className.trim() : '';
    return el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')
      + (cls ? '.' + cls.split(/\\s+/).join('.') : '');
  };
  const page = document.documentElement.scrollWidth;
  if (page > width + 1) {
    // Say which (also among what the checks below leave out) reaches past the screen.
    const past = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1).slice(-3).map(name);
    out.push(`the page is ${page} px wide (past the screen: ${past.join(', ') || 'none'})`);
  }
  const skip = '[hidden], dialog:not([open]), .visually-hidden, #term-notes, .toasts';
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest(skip)) continue;
    // A board one pans on purpose (Carcassonne's) may be larger than its window.
    if (el.closest('.cc-board-wrap')) continue;
    const box = el.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue; // not shown, or for screen readers
    const style = getComputedStyle(el);
    // A box that scrolls or cuts sideways hides what is wider than it (a players
    // table one must swipe): that is an overflow too, unless it ends in an ellipsis.
    const cuts = /(auto|scroll|hidden|clip)/.test(style.overflowX);
    const hidden = el.scrollWidth - el.clientWidth;
    if (cuts && hidden > 1 && style.textOverflow !== 'ellipsis'
        && !el.matches('.log, .stage-text')) {
      out.push(`${name(el)} hides ${hidden} px sideways: ${text(el)}`);
    }
    if (box.right > width + 1 || box.left < -1) {
      const span = `${Math.round(box.left)} to ${Math.round(box.right)} px`;
      out.push(`${name(el)} from ${span}: ${text(el)}`);
    }
  }
  return out.slice(0, 8);
}"""

SMALL_BOARD_TEXT = """() => {
  const out = [];
  for (const svg of document.querySelectorAll('#game svg')) {
    if (svg.closest('[hidden]')) continue;
    for (const text of svg.querySelectorAll('text')) {
      if (!text.textContent.trim()) continue;
      const box = text.getBoundingClientRect();
      if (!box.width || !box.height || getComputedStyle(text).display === 'none') continue;
      const ctm = text.getScreenCTM();
      const scale = ctm ? Math.hypot(ctm.a, ctm.b) : 1;
      const size = parseFloat(getComputedStyle(text).fontSize) * scale;
      if (size < 10.95) out.push(`${text.textContent.trim().slice(0, 20)}: ${size.toFixed(1)} px`);
    }
  }
  return out.slice(0, 8);
}"""


def _none(page: Any, script: str, what: str) -> None:
    """Wait until ``script`` finds nothing (the page lays out as views arrive), then
    say what it still finds."""
    with contextlib.suppress(Exception):  # the assertion below says what is wrong
        page.wait_for_function(f"() => ({script})().length === 0", timeout=30_000)
    found = page.evaluate(script)
    assert found == [], f"{what}: {found}"


@pytest.mark.parametrize("game", list(GAMES))
def test_every_games_table_fits_a_390_px_phone(
    new_page: NewPage, live_server: LiveServer, screenshots: Path, game: str
) -> None:
    """Issue 27 item 6: a seated player with a 40-character name, at her turn, sees
    nothing wider than the screen, and no board text under 11 px (Carcassonne's
    board is drawn by another part of the issue: its text is checked in its own tests)."""
    table = new_table(live_server, game, humans=(LONG_NAME,))
    ann = new_page(**PHONE_390)
    ann.goto(table.seat_link(0))
    wait_for_board(ann)
    ann.wait_for_selector("#game .actions, #game [data-action]", timeout=60_000)
    _none(ann, OVERFLOW, f"{game} at a seated player's turn overflows a 390 px screen")
    ann.screenshot(path=str(screenshots / f"phone-390-{game}.png"), full_page=True)
    if game != "carcassonne":
        _none(ann, SMALL_BOARD_TEXT, f"{game}: board text under 11 px")


@pytest.mark.parametrize("game", list(GAMES))
def test_every_games_ended_table_fits_a_390_px_phone(
    new_page: NewPage, live_server: LiveServer, screenshots: Path, game: str
) -> None:
    """Issue 27 item 6: a game among bots with long names, watched to its end."""
    table = new_table(live_server, game, humans=())
    watcher = new_page(**PHONE_390)
    watcher.goto(table.watch_link)
    watcher.wait_for_selector("#result:not([hidden])", timeout=180_000)
    _none(watcher, OVERFLOW, f"{game} at its end overflows a 390 px screen")
    if game == "wetten":
        # Item 7: money in one form, as on the board ("$12,000", never "12,000 $").
        for score in watcher.locator("#result .standings .score").all_inner_texts():
            assert re.fullmatch(r"\$[\d,]+", score), score
    watcher.screenshot(path=str(screenshots / f"phone-390-{game}-end.png"), full_page=True)


@pytest.mark.parametrize("game", [g for g in GAMES if g != "carcassonne"])
def test_board_text_is_readable_on_a_desktop(
    new_page: NewPage, live_server: LiveServer, game: str
) -> None:
    """Issue 27 item 6: on a 1280x800 desktop too, no text on a board under 11 px."""
    table = new_table(live_server, game, humans=("Ann",))
    ann = new_page(viewport={"width": 1280, "height": 800})
    ann.goto(table.seat_link(0))
    wait_for_board(ann)
    ann.wait_for_selector("#game .actions, #game [data-action]", timeout=60_000)
    _none(ann, SMALL_BOARD_TEXT, f"{game}: board text under 11 px on a desktop")
