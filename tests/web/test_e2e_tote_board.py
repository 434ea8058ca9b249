"""The tote board panel through the pages (issue 12, 2): Ann switches it on in the
lobby's form, starts a Winner's Circle game against two bots, opens the panel and reads
her board: every horse's chances and her chips by value."""

from __future__ import annotations

from pathlib import Path

from .web_helpers import DESKTOP, LiveServer, NewPage, start_as_host, wait_for_board


def test_a_player_opens_the_tote_board_and_reads_her_odds(
    new_page: NewPage, live_server: LiveServer, tmp_path: Path
) -> None:
    ann = new_page(**DESKTOP)
    ann.goto(live_server.url + "/")
    ann.click("button.choice[data-game='winners-circle']")
    ann.select_option("#seat-count", "3")
    ann.click("details.advanced summary")
    ann.check("#tote-board")
    for seat, (kind, name) in enumerate([("me", "Ann"), ("bot", "odds"), ("bot", "random")]):
        row = f".seat-row[data-seat='{seat}']"
        ann.select_option(f"{row} select.seat-kind", f"bot:{name}" if kind == "bot" else kind)
        if kind == "me":
            ann.fill(f"{row} input.seat-name", name)
    ann.click("#create-button")
    ann.wait_for_selector("#created:not([hidden])")
    start_as_host(ann)
    wait_for_board(ann)
    ann.click("#tote-board summary")
    ann.wait_for_selector("#tote-board .tote-chances tbody tr")
    rows = ann.locator("#tote-board .tote-chances tbody tr").all()
    assert [r.locator("th").inner_text() for r in rows] == [
        "red",
        "blue",
        "green",
        "yellow",
        "purple",
        "orange",
        "white",
    ]
    heads = ann.locator("#tote-board .tote-chances thead th").all_inner_texts()
    assert heads[1:] == ["win", "place", "show", "last", "unplaced"]
    text = ann.locator("#tote-board").inner_text()
    assert "Ann's board" in text and "sampled worlds" in text
    ann.screenshot(path=str(tmp_path / "tote-board.png"), full_page=True)
    ann.screenshot(path="/tmp/tote-board-panel.png", full_page=True)


def test_a_table_without_the_tote_board_shows_no_panel(
    new_page: NewPage, live_server: LiveServer
) -> None:
    ann = new_page(**DESKTOP)
    ann.goto(live_server.url + "/")
    ann.click("button.choice[data-game='winners-circle']")
    ann.select_option("#seat-count", "2")
    for seat, (kind, name) in enumerate([("me", "Ann"), ("bot", "odds")]):
        row = f".seat-row[data-seat='{seat}']"
        ann.select_option(f"{row} select.seat-kind", f"bot:{name}" if kind == "bot" else kind)
        if kind == "me":
            ann.fill(f"{row} input.seat-name", name)
    ann.click("#create-button")
    ann.wait_for_selector("#created:not([hidden])")
    start_as_host(ann)
    wait_for_board(ann)
    assert ann.locator("#tote-board").count() == 0
