"""Issue 16, "Around the game", in the browser: a rematch keeping the seats (every
game), the default clock shown and changed by the host, a seat handed to a bot and
given back, and the host showing every seat link again."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from .axe import assert_accessible
from .web_helpers import (
    DESKTOP,
    PHONE,
    LiveServer,
    NewPage,
    Seat,
    create_table,
    token_of,
    wait_for_board,
)

FAST: dict[str, tuple[int, dict[str, bool | str | int]]] = {
    "winners-circle": (3, {}),
    "wetten": (3, {"track_length": 8}),
    "horse-fever": (3, {"rounds": 1, "any_rounds": True}),
    "carcassonne": (2, {}),
    "wits-and-wagers": (4, {}),
}
"""Every game: its seats here, and lobby options that make a game short."""
END = 240_000
"""Milliseconds a game played out by bots may take (Carcassonne's tiles are many)."""


def _host_token(page: Any, table_id: str) -> str:
    saved = page.evaluate(f"localStorage.getItem('tote.host.{table_id}')")
    token: str = json.loads(saved)["token"]
    return token


def _table_id(page: Any) -> str:
    return str(page.url.split("/t/", 1)[1].split("#", 1)[0])


def _shoot(page: Any, folder: Path, name: str) -> None:
    page.screenshot(path=str(folder / f"around-{name}.png"), full_page=True)


@pytest.mark.parametrize("game", sorted(FAST))
def test_a_rematch_keeps_the_seats(
    new_page: NewPage, live_server: LiveServer, screenshots: Path, game: str
) -> None:
    """Issue 16, Rematch: at the end, Bob (a player) clicks Rematch and is seated in
    the new table at his old seat; Ann (host and player) sees the rematch started,
    joins it with one click at her seat, and starts it as its host. Same game,
    options and bots. (Both players' seats are handed to bots so the game ends fast.)"""
    ann = new_page(**DESKTOP)
    bob = new_page(**PHONE)
    seats, options = FAST[game]
    people: list[Seat] = [("me", "Ann"), ("friend", "Bob")]
    table = create_table(
        ann, live_server.url, game, people + [("bot", "random")] * (seats - 2), options=options
    )
    ann.click("#go-to-table")
    bob.goto(table.seat_links[1])
    ann.click("#start-game")
    ann.wait_for_selector("#waiting", state="hidden")
    api = live_server.api()
    hosted = {"X-Host-Token": _host_token(ann, table.table_id)}
    for seat in (0, 1):
        handed = api.post(
            f"/api/tables/{table.table_id}/seats/{seat}/bot", json={"bot": "random"}, headers=hosted
        )
        assert handed.status_code == 200, handed.text
    for page in (ann, bob):
        page.wait_for_selector("#result:not([hidden]) #rematch", timeout=END)
    if game == "winners-circle":
        _shoot(ann, screenshots, "end-desktop")
        _shoot(bob, screenshots, "end-phone")

    bob.click("#rematch")
    bob.wait_for_url(lambda url: table.table_id not in url)
    new_id = _table_id(bob)
    bob.wait_for_selector("#waiting li[data-seat='1'] .pill.you")
    bob.wait_for_selector("#who:has-text('Bob · seat 2')")
    bob.wait_for_selector("#waiting li[data-seat='0'] .pill.kept")
    if game == "winners-circle":
        _shoot(bob, screenshots, "rematch-waiting-phone")

    ann.wait_for_selector("#rematch:has-text('Join the rematch')")
    assert "rematch has started" in ann.inner_text("#result")
    if game == "winners-circle":
        _shoot(ann, screenshots, "rematch-started-desktop")
    ann.click("#rematch")
    ann.wait_for_url(lambda url: new_id in url)
    ann.wait_for_selector("#who:has-text('Ann · seat 1')")
    ann.click("#start-game")
    for page in (ann, bob):
        page.wait_for_selector("#waiting", state="hidden")
        page.wait_for_selector("#game > *:not(p.muted)")
    old = api.get(f"/api/tables/{table.table_id}").json()
    new = api.get(f"/api/tables/{new_id}").json()
    assert new["options"] == old["options"] and new["status"] == "playing"
    assert [s["bot"] for s in new["seats"]] == [s["bot"] for s in old["seats"]]
    assert [s["name"] for s in new["seats"]][:2] == ["Ann", "Bob"]


def test_the_clock_a_seat_handed_to_a_bot_and_the_seat_links(
    new_page: NewPage, live_server: LiveServer, screenshots: Path
) -> None:
    """Issue 16: the lobby shows the default clock (120 s), every seat sees the timer,
    and the host changes it; when Bob leaves, the host lets a bot play his seat (all
    see "Bot for Bob"), and gives it back when he returns; the host shows every seat
    link again, and a new link for Bob's seat stops his old one."""
    ann = new_page(**DESKTOP)
    bob = new_page(**DESKTOP)
    ann.goto(live_server.url + "/")
    ann.click("button.choice[data-game='winners-circle']")
    assert ann.input_value("#move-seconds") == "120"
    table = create_table(
        ann,
        live_server.url,
        "winners-circle",
        [("me", "Ann"), ("friend", "Bob"), ("bot", "random")],
    )
    ann.click("#go-to-table")
    bob.goto(table.seat_links[1])
    ann.wait_for_selector("#host-links, details.host-links")
    ann.click("#start-game")
    wait_for_board(ann)
    wait_for_board(bob)
    for page in (ann, bob):
        page.wait_for_selector("#timer:not([hidden])")
    assert "120 s a move" in ann.inner_text("#clock-now")
    ann.fill("#clock-seconds", "900")
    ann.click("#clock-set")
    ann.wait_for_selector("#clock-now:has-text('900 s a move')")
    expect(bob.locator("#timer")).to_have_text(re.compile(r"^(8\d\d|900) s left"))

    # Bob leaves: the host sees it and lets a bot play his seat.
    bob_context = bob.context
    bob.close()
    ann.wait_for_selector("#host li[data-seat='1'] .pill.away")
    _shoot(ann, screenshots, "host-away-desktop")
    ann.click("#host [data-stand-in='1']")
    ann.wait_for_selector("#waiting .stand-in-note[data-seat='1']:has-text('Bot for Bob')")

    # Bob comes back (his browser kept his seat): the host gives his seat back.
    back = bob_context.new_page()
    back.goto(f"{live_server.url}/t/{table.table_id}#seat=1")
    back.wait_for_selector(".stand-in-note:has-text('plays your seat')")
    ann.wait_for_selector("#host li[data-seat='1'] .pill.back")
    ann.click("#host [data-give-back='1']")
    ann.wait_for_selector("#waiting", state="hidden")
    back.wait_for_selector(".stand-in-note", state="hidden")

    # The host shows the seat links again, and makes Bob a new one.
    ann.click("details.host-links summary")
    shown = ann.input_value(".host-links .link-row[data-seat='1'] input.link")
    assert token_of(shown) == token_of(table.seat_links[1])
    ann.on("dialog", lambda dialog: dialog.accept())
    ann.click(".host-links [data-new-link='1']")
    link = ann.locator(".host-links .link-row[data-seat='1'] input.link")
    expect(link).not_to_have_value(shown)
    fresh = ann.input_value(".host-links .link-row[data-seat='1'] input.link")
    api = live_server.api()
    view = f"/api/tables/{table.table_id}/view"
    assert api.get(view, headers={"X-Seat-Token": token_of(shown)}).status_code == 403
    assert api.get(view, headers={"X-Seat-Token": token_of(fresh)}).json()["seat"] == 1
    _shoot(ann, screenshots, "host-links-desktop")
    assert_accessible(ann, "the host panel with its seat links")


def test_the_host_panel_at_phone_size(
    new_page: NewPage, live_server: LiveServer, screenshots: Path
) -> None:
    """Issue 16: at phone size the host panel's clock, players and links are usable:
    the host lets a bot play an absent friend's seat from a phone."""
    ann = new_page(**PHONE)
    table = create_table(
        ann, live_server.url, "wetten", [("me", "Ann"), ("friend", "Bob"), ("bot", "random")]
    )
    ann.click("#go-to-table")
    ann.click("#start-game")
    ann.wait_for_selector("#host li[data-seat='1'] .pill.away")
    ann.click("details.host-links summary")
    assert token_of(ann.input_value(".host-links .link-row[data-seat='1'] input.link")) == (
        token_of(table.seat_links[1])
    )
    _shoot(ann, screenshots, "host-phone")
    ann.click("#host [data-stand-in='1']")
    ann.wait_for_selector("#host [data-give-back='1']")
    _shoot(ann, screenshots, "host-stand-in-phone")
