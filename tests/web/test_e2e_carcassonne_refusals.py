"""A refused Carcassonne move in words (issue 27 item 3).

The engine's refusal "CC 2.2 matching edges: tile BK3 turned 90 does not match its
neighbours on 4 1" reached players as it is. A move the page would never send (a
tile turned so that it does not fit) is sent over the table's own socket; the toast
names the tile by what it shows and the place as "there", with no tile letter and no
coordinates, and keeps the rule's number as a small tag.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from .web_helpers import LiveServer, NewPage, create_table, start_as_host

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
SLOW = 60_000
"""Waits on the server's answer: generous, for a loaded machine (issue 27)."""

KEEP_SOCKET = """(() => {
  const Socket = window.WebSocket;
  window.WebSocket = class extends Socket {
    constructor(...args) {
      super(...args);
      window.__tableSocket = this;
    }
  };
})();"""
"""Keeps the table page's socket where the test can send a move over it."""

BAD_TURN = """async () => {
  const view = document.getElementById('game')._ccCur.view;
  const key = (m) => `${m.x},${m.y},${m.rotation}`;
  const legal = new Set(view.legal_moves.filter((m) => m.type === 'place_tile').map(key));
  const taken = new Set(view.state.tiles.map((t) => `${t.x},${t.y}`));
  const words = await import('/static/games/carcassonne-words.js');
  const face = view.state.drawn_tile;
  for (const t of view.state.tiles) for (const [dx, dy] of [[0, -1], [1, 0], [0, 1], [-1, 0]]) {
    const [x, y] = [t.x + dx, t.y + dy];
    if (taken.has(`${x},${y}`)) continue;
    for (const rotation of [0, 90, 180, 270]) {
      if (legal.has(key({ x, y, rotation }))) continue;
      const move = { type: 'place_tile', x, y, rotation };
      window.__tableSocket.send(JSON.stringify({ type: 'move', move }));
      return { x, y, rotation, code: face.tile, words: words.tileWords(face) };
    }
  }
  return null;
}"""
"""Sends a tile turned so that it fits nowhere it touches; returns what was sent."""


def _refused_in_words(page: Any, live_server: LiveServer) -> dict[str, object]:
    create_table(page, live_server.url, "carcassonne", [("me", "Ann"), ("bot", "greedy")])
    start_as_host(page)
    page.wait_for_selector("#game:not(.busy) .actions[data-phase='place']", timeout=SLOW)
    page.wait_for_function("() => Boolean(window.__tableSocket)", timeout=SLOW)
    sent = page.evaluate(BAD_TURN)
    assert sent, "some turn of the tile does not fit beside the start tile"
    return dict(sent)


def test_a_refused_tile_is_named_by_what_it_shows_not_by_its_code(
    new_page: NewPage, live_server: LiveServer, screenshots: Path
) -> None:
    """Issue 27 item 3: "tile BK3 ... on 4 1" becomes "<the tile in words> does not fit
    there turned 90°", with "rule CC 2.2" as a small tag and no code or coordinates."""
    for name, size in SIZES.items():
        page = new_page(viewport=size)
        page.add_init_script(KEEP_SOCKET)
        sent = _refused_in_words(page, live_server)
        toast = page.locator(".toast", has_text="does not fit there")
        expect(toast).to_be_visible(timeout=SLOW)
        text = toast.inner_text()
        words = str(sent["words"])
        assert words[0].upper() + words[1:] in text, text
        assert f"turned {sent['rotation']}°" in text, text
        assert f"tile {sent['code']} " not in text, text
        assert not re.search(r"on -?\d+ -?\d+", text), text
        expect(toast).to_contain_text("rule CC 2.2")
        page.screenshot(path=str(screenshots / f"carcassonne-refusal-{name}.png"))
