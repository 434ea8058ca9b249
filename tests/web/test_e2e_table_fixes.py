"""Issue 27 items 4 and 7 at the table: a refused Wetten! ticket on a phone is one
message beside the field at fault, the form keeping what was right; an ended table
shows no live move controls; a message leaves the horse cards clear; the host's
clock panel tells of Wits & Wagers' own 30 s timers."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from .tables import Table, new_table, view_of
from .web_helpers import DESKTOP, LiveServer, NewPage, wait_for_board

PHONE_390: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}


def _until_ticket(server: LiveServer, table: Table) -> None:
    """Play Ann's (seat 0) moves over the REST API, passing in action windows, until
    she is to write her Set the Stakes ticket; the bots play by themselves."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        view = view_of(server, table, 0)
        mine = 0 in view["turn"]["seats"]
        if mine and view["state"]["stage"] == "set_the_stakes":
            return
        moves = view["legal_moves"] or []
        if mine and moves:
            passes = [m for m in moves if m["type"] == "pass"]
            with server.api() as api:
                api.post(
                    f"/api/tables/{table.table_id}/moves",
                    json={"move": (passes or moves)[0]},
                    headers={"X-Seat-Token": table.seat_tokens[0]},
                )
        else:
            time.sleep(0.05)  # the bots are moving: ask again
    raise AssertionError("Ann never got to write a Set the Stakes ticket")


def test_a_refused_ticket_on_a_phone_is_one_message_beside_the_field(
    new_page: NewPage, live_server: LiveServer, screenshots: Path
) -> None:
    """Item 4: a stake under the minimum, sent three times, is one message next to the
    ticket's grid (the cell at fault marked), no red toast over the track; what was
    right stays typed; mending the cell takes the message away; a total over the cash
    is said beside the button."""
    table = new_table(live_server, "wetten", humans=("Ann",))
    _until_ticket(live_server, table)
    ann = new_page(**PHONE_390)
    ann.goto(table.seat_link(0))
    wait_for_board(ann)
    stakes = ann.locator("input.stake")
    expect(stakes.first).to_be_visible(timeout=30_000)
    bad, good = stakes.nth(0), stakes.nth(5)
    good.fill("2000")
    bad.fill("500")
    for _ in range(3):
        ann.click("[data-action=ticket]")
    error = ann.locator("#ticket-error")
    expect(error).to_be_visible()
    expect(error.locator(".rule-ref")).to_have_text("rule WT 2.3")
    assert "$500" in error.inner_text() and "$1,000" in error.inner_text()
    expect(ann.locator(".field-error:visible")).to_have_count(1)
    assert ann.locator(".toast.error").count() == 0, "a red toast over the track"
    expect(bad).to_have_attribute("aria-invalid", "true")
    expect(good).to_have_attribute("aria-invalid", "false")
    assert good.input_value() == "2000" and bad.input_value() == "500"
    grid = ann.locator(".actions[data-ticket-form] table.ticket").bounding_box()
    below = error.bounding_box()
    assert grid and below and 0 <= below["y"] - (grid["y"] + grid["height"]) < 80
    ann.screenshot(path=str(screenshots / "ticket-refused-phone.png"))

    bad.fill("1000")
    expect(error).to_be_hidden()
    expect(bad).to_have_attribute("aria-invalid", "false")
    bad.fill("999000")
    ann.click("[data-action=ticket]")
    expect(error).to_contain_text("you have")
    expect(ann.locator("[data-action=ticket].at-fault")).to_have_count(1)
    bad.fill("1000")
    ann.click("[data-action=ticket]")
    expect(ann.locator("[data-action=ticket]")).to_have_count(0, timeout=30_000)
    assert ann.locator(".toast.error").count() == 0


def test_an_ended_table_shows_no_move_controls(new_page: NewPage, live_server: LiveServer) -> None:
    """Item 7: once the host ends the table mid-game, its move buttons are gone."""
    table = new_table(live_server, "winners-circle", humans=("Ann",))
    ann = new_page(**DESKTOP)
    ann.goto(table.seat_link(0))
    wait_for_board(ann)
    controls = ann.locator("#game .actions button[data-action]:visible")
    expect(controls.first).to_be_visible(timeout=60_000)
    with live_server.api() as api:
        ended = api.post(
            f"/api/tables/{table.table_id}/end", headers={"X-Host-Token": table.host_token}
        )
        assert ended.status_code == 200, ended.text
    expect(ann.locator("#waiting")).to_contain_text("ended", timeout=30_000)
    expect(controls).to_have_count(0, timeout=30_000)


def test_a_message_leaves_the_horse_cards_clear(
    new_page: NewPage, live_server: LiveServer, screenshots: Path
) -> None:
    """Item 7: on a 1280x800 desktop a message (a toast) does not cover the horse cards,
    wherever the page is scrolled to."""
    table = new_table(live_server, "winners-circle", humans=("Ann",))
    ann = new_page(viewport={"width": 1280, "height": 800})
    ann.goto(table.seat_link(0))
    wait_for_board(ann)
    cards = ann.locator(".horse-card")
    expect(cards.first).to_be_visible(timeout=30_000)
    # The first row of cards at the foot of the window, where a message used to appear
    # (room below the page lets it scroll there whatever the page's length).
    ann.evaluate("document.body.style.paddingBottom = '900px'")
    ann.evaluate("card => card.scrollIntoView({block: 'end'})", cards.first.element_handle())
    ann.evaluate(
        "import('/static/js/ui.js')"
        ".then(m => m.toast('A message that lingers for a while.', 'error', 'Not allowed'))"
    )
    toast = ann.locator(".toast.error")
    expect(toast).to_be_visible()
    box = toast.bounding_box()
    assert box
    for i in range(cards.count()):
        card = cards.nth(i).bounding_box()
        if not card:
            continue
        apart = (
            box["x"] + box["width"] <= card["x"]
            or card["x"] + card["width"] <= box["x"]
            or box["y"] + box["height"] <= card["y"]
            or card["y"] + card["height"] <= box["y"]
        )
        assert apart, f"the message covers horse card {i + 1}"
    ann.screenshot(path=str(screenshots / "toast-desktop.png"))


def test_the_host_panel_tells_of_wits_and_wagers_own_timers(
    new_page: NewPage, live_server: LiveServer
) -> None:
    """Item 7: during Wits & Wagers' 30 s timers the host's clock panel says so, not
    "120 s a move"."""
    table = new_table(live_server, "wits-and-wagers", humans=("Ann",))
    ann = new_page(**DESKTOP)
    token = f"JSON.stringify({{token: '{table.host_token}'}})"
    ann.add_init_script(f"localStorage.setItem('tote.host.{table.table_id}', {token})")
    ann.goto(table.seat_link(0))
    wait_for_board(ann)
    clock = ann.locator("#clock-now")
    expect(clock).to_contain_text("30 s to write a guess", timeout=30_000)
    expect(clock).to_contain_text("30 s to bet")
    assert "120 s a move" not in clock.inner_text()
