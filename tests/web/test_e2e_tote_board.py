"""The tote board panel through the pages (issue 12, 2): Ann switches it on in the
lobby's form, starts a Winner's Circle game against two bots, opens the panel and reads
her board: every horse's chances and her chips by value."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .web_helpers import DESKTOP, LiveServer, NewPage, start_as_host, wait_for_board


def _ann_against_bots(ann: Any, url: str, bots: list[str], *, tote_board: bool) -> None:
    """Ann creates a Winner's Circle table in the lobby against ``bots``, ticking the
    tote board box or not, and starts it."""
    ann.goto(url + "/")
    ann.click("button.choice[data-game='winners-circle']")
    ann.select_option("#seat-count", str(1 + len(bots)))
    if tote_board:
        ann.click("details.advanced summary")
        ann.check("#tote-board")
    ann.select_option(".seat-row[data-seat='0'] select.seat-kind", "me")
    ann.fill(".seat-row[data-seat='0'] input.seat-name", "Ann")
    for seat, bot in enumerate(bots, start=1):
        ann.select_option(f".seat-row[data-seat='{seat}'] select.seat-kind", f"bot:{bot}")
    ann.click("#create-button")
    ann.wait_for_selector("#created:not([hidden])")
    start_as_host(ann)
    wait_for_board(ann)


def test_a_player_opens_the_tote_board_and_reads_her_odds(
    new_page: NewPage, live_server: LiveServer, tmp_path: Path
) -> None:
    ann = new_page(**DESKTOP)
    _ann_against_bots(ann, live_server.url, ["odds", "random"], tote_board=True)
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
    _ann_against_bots(ann, live_server.url, ["odds"], tote_board=False)
    assert ann.locator("#tote-board").count() == 0
