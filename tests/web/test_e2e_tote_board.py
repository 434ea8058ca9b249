"""The tote board panel through the pages (issue 12, 2): Ann switches it on in the
lobby's form, starts a game against bots, opens the panel and reads her board: every
horse's chances and her bets by value (in Horse Fever, in Danari and in VP)."""

from __future__ import annotations

import contextlib
import random
from pathlib import Path
from typing import Any

from playwright.sync_api import Error as PlaywrightError

from .web_helpers import DESKTOP, LiveServer, NewPage, start_as_host, wait_for_board


def _ann_against_bots(
    ann: Any, url: str, bots: list[str], *, tote_board: bool, game: str = "winners-circle"
) -> None:
    """Ann creates a table of ``game`` in the lobby against ``bots``, ticking the tote
    board box or not, and starts it."""
    ann.goto(url + "/")
    ann.click(f"button.choice[data-game='{game}']")
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
    new_page: NewPage, live_server: LiveServer, screenshots: Path
) -> None:
    """Issue 12, 2: at her first bet (Ann bets first in race 1, WC 3.1), her panel shows
    every horse's chances and her chips by expected value, best first."""
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
    ann.wait_for_selector("#tote-board .tote-bets tbody tr.best")
    bets = ann.locator("#tote-board .tote-bets tbody th").all_inner_texts()
    assert bets and all(b.startswith("your ") and "-chip on " in b for b in bets)
    ann.screenshot(path=str(screenshots / "tote-board.png"), full_page=True)


def test_horse_fevers_panel_values_her_bets_in_danari_and_vp(
    new_page: NewPage, live_server: LiveServer, screenshots: Path
) -> None:
    """Issue 12, 2 (Horse Fever: "each bet's Danari and VP value"): Ann makes her other
    moves at random until she may bet (HF 2.1); then, while she thinks, her panel lists
    her bets with a value in Danari and one in VP (asking again after a refusal for
    asking too often, as nothing else changes meanwhile)."""
    ann = new_page(**DESKTOP)
    _ann_against_bots(ann, live_server.url, ["odds", "random"], tote_board=True, game="horse-fever")
    ann.click("#tote-board summary")
    rng = random.Random(4)
    betting = "button[data-action='place_bet']"
    other_moves = ".actions button[data-action]:not([disabled]):not([data-action='place_bet'])"
    for _ in range(300):
        if ann.locator(betting).count():
            break
        buttons = ann.locator(other_moves)
        if ann.locator("#game.busy").count() or not buttons.count():
            ann.wait_for_timeout(200)
            continue
        with contextlib.suppress(PlaywrightError):  # the view changed under the click
            buttons.nth(rng.randrange(buttons.count())).click(timeout=3000)
    ann.wait_for_selector(betting)
    ann.wait_for_selector("#tote-board .tote-bets thead th:text-is('VP')", timeout=30_000)
    heads = ann.locator("#tote-board .tote-bets thead th").all_inner_texts()
    assert heads == ["Bet", "Danari", "VP"]
    assert "95% interval" in ann.locator("#tote-board .tote-bets caption").inner_text()
    rows = ann.locator("#tote-board .tote-bets tbody tr").all()
    assert rows and all(len(r.locator("td").all()) == 2 for r in rows)
    ann.screenshot(path=str(screenshots / "tote-board-horse-fever.png"), full_page=True)


def test_a_table_without_the_tote_board_shows_no_panel(
    new_page: NewPage, live_server: LiveServer
) -> None:
    ann = new_page(**DESKTOP)
    _ann_against_bots(ann, live_server.url, ["odds"], tote_board=False)
    assert ann.locator("#tote-board").count() == 0
