"""Issue 16, turn alerts: the tab's title and favicon say when it is your turn (in
every game), and go back once the move is made; the live region says it briefly;
an optional sound and a browser notification while the tab is hidden, both off
until the player switches them on, and remembered by the browser."""

from __future__ import annotations

from typing import Any

import pytest

from .tables import GAMES, Table, move_for, new_table, until_turn_of
from .web_helpers import DESKTOP, LiveServer, NewPage, wait_for_board

PREFIX = "● Your turn — "
TURN_ICON = "/static/favicon-turn.svg"
PLAIN_ICON = "/static/favicon.svg"

SPY = """
(() => {
  const Real = window.Notification;
  window.__notes = [];
  window.__hidden = false;
  class Spy {
    constructor(title, options) { window.__notes.push({ title, body: options && options.body }); }
    close() {}
    static get permission() { return Real ? Real.permission : "default"; }
    static requestPermission() { return Real.requestPermission(); }
  }
  window.Notification = Spy;
  Object.defineProperty(Document.prototype, "hidden", { get: () => window.__hidden === true });
})();
"""
"""Counts the notifications the page makes, and lets the test hide the tab."""


def _title(page: Any) -> str:
    title: str = page.title()
    return title


def _icon(page: Any) -> str:
    href: str = page.get_attribute("link[rel=icon]", "href")
    return href


def _bobs_move(server: LiveServer, table: Table) -> None:
    """Bob (seat 1, no page open) plays his first legal move over the REST API."""
    assert move_for(server, table, 1)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_title_says_when_it_is_your_turn_in_every_game(
    new_page: NewPage, live_server: LiveServer, game: str
) -> None:
    """Ann against bots: when the game waits for her, the tab title starts with the
    turn mark and the favicon carries its marker; a watcher's tab never does."""
    table = new_table(live_server, game)
    ann = new_page(**DESKTOP)
    ann.goto(table.seat_link(0))
    wait_for_board(ann)
    ann.wait_for_function("(prefix) => document.title.startsWith(prefix)", arg=PREFIX)
    assert _icon(ann) == TURN_ICON
    watcher = new_page(**DESKTOP)
    watcher.goto(table.watch_link)
    wait_for_board(watcher)
    assert not _title(watcher).startswith(PREFIX) and _icon(watcher) == PLAIN_ICON


def test_the_alert_goes_once_the_move_is_made_and_the_live_region_says_what_happened(
    new_page: NewPage, live_server: LiveServer
) -> None:
    """Winner's Circle, Ann and Bob: Ann's bet ends her turn (title and favicon back,
    the live region says her bet), Bob's bet gives it back ("Your turn.")."""
    table = new_table(live_server, "winners-circle", humans=("Ann", "Bob"), bots=0)
    until_turn_of(live_server, table, 0, others=[1])
    ann = new_page(**DESKTOP)
    ann.goto(table.seat_link(0))
    wait_for_board(ann)
    ann.wait_for_function("(prefix) => document.title.startsWith(prefix)", arg=PREFIX)
    assert _title(ann) == PREFIX + "Winner's Circle · tote"
    ann.click(".actions button[data-action=bet]:not([disabled])")
    ann.wait_for_function("(prefix) => !document.title.startsWith(prefix)", arg=PREFIX)
    assert _title(ann) == "Winner's Circle · tote" and _icon(ann) == PLAIN_ICON
    said = ann.locator("#announce")
    assert said.get_attribute("aria-live") == "polite"
    ann.wait_for_function("() => document.getElementById('announce').textContent.trim() !== ''")
    assert "Your turn" not in said.inner_text()
    assert ann.get_attribute("#game", "aria-live") is None  # not the whole board
    _bobs_move(live_server, table)
    ann.wait_for_function("(prefix) => document.title.startsWith(prefix)", arg=PREFIX)
    assert _icon(ann) == TURN_ICON
    ann.wait_for_function(
        "() => document.getElementById('announce').textContent.includes('Your turn.')"
    )


def test_sound_and_notifications_are_off_until_chosen_and_remembered(
    new_page: NewPage, live_server: LiveServer
) -> None:
    """Both choices start off; switching them on is remembered after a reload; with
    notifications allowed, the turn coming while the tab is hidden makes one
    notification, and none while the tab is shown."""
    table = new_table(live_server, "winners-circle", humans=("Ann", "Bob"), bots=0)
    until_turn_of(live_server, table, 0, others=[1])
    ann = new_page(**DESKTOP, permissions=["notifications"])
    ann.add_init_script(SPY)
    ann.goto(table.seat_link(0))
    wait_for_board(ann)
    sound, notify = ann.locator("#alert-sound"), ann.locator("#alert-notify")
    assert sound.get_attribute("aria-pressed") == "false"
    assert notify.get_attribute("aria-pressed") == "false"
    assert notify.inner_text() == "Notify me when it is my turn"
    sound.click()
    notify.click()
    ann.wait_for_selector("#alert-notify[aria-pressed=true]")
    assert sound.get_attribute("aria-pressed") == "true"
    ann.reload()
    wait_for_board(ann)
    ann.wait_for_selector("#alert-sound[aria-pressed=true]")
    assert notify.get_attribute("aria-pressed") == "true"
    ann.wait_for_function("(prefix) => document.title.startsWith(prefix)", arg=PREFIX)
    assert ann.evaluate("window.__notes.length") == 0  # her turn, but the tab is shown

    ann.click(".actions button[data-action=bet]:not([disabled])")
    ann.wait_for_function("(prefix) => !document.title.startsWith(prefix)", arg=PREFIX)
    ann.evaluate("window.__hidden = true")
    _bobs_move(live_server, table)
    ann.wait_for_function("() => window.__notes.length === 1")
    note = ann.evaluate("window.__notes[0]")
    assert note["title"] == "tote: your turn" and "Winner's Circle" in note["body"]


def test_a_watcher_has_no_alert_choices(new_page: NewPage, live_server: LiveServer) -> None:
    table = new_table(live_server, "winners-circle", humans=("Ann", "Bob"), bots=0)
    watcher = new_page(**DESKTOP)
    watcher.goto(table.watch_link)
    wait_for_board(watcher)
    assert watcher.locator("#alerts").is_hidden()
