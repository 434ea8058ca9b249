"""Issue 16, keyboard: a whole turn of Winner's Circle, Wetten!, Horse Fever and Wits
& Wagers played with the keyboard only (Tab to a control, then Enter, Space, arrow
keys or typing; no mouse); the focus stays on its control when the board is drawn
again; and keys pressed when it is not one's turn send nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .keyboard import Sent, focused_matches, tab_to
from .tables import move_for, new_table, until_turn_of, view_of
from .web_helpers import DESKTOP, LiveServer, NewPage, wait_for_board

PREFIX = "● Your turn — "
MOST_TURNS_PLAYED = 30
"""How many of Ann's turns ``_seated`` plays over the API looking for the one a test
needs, before it says none came."""


def _seated(
    new_page: NewPage,
    server: LiveServer,
    game: str,
    *,
    offers: str | None = None,
    **extra: Any,
) -> tuple[Any, Sent]:
    """Ann's page at her first turn (with ``offers``, her first turn whose moves offer
    that kind: the turns before it are played over the API, her first legal move each,
    so the page opens on the decision the test is about whatever the table's seed
    dealt first). Its watched sequences are off (issue 15's setting): a bot's move
    played as a sequence hides the move forms for a moment, and a key pressed then
    reaches no control (the focus coming back after a sequence has its own test
    below)."""
    table = new_table(server, game, **extra)
    others = list(table.seat_tokens)[1:]
    until_turn_of(server, table, 0, others=others)
    for _ in range(MOST_TURNS_PLAYED):
        if offers is None or offers in {
            move["type"] for move in view_of(server, table, 0)["legal_moves"] or []
        }:
            break
        assert move_for(server, table, 0)
        until_turn_of(server, table, 0, others=others)
    else:
        raise AssertionError(f"Ann's first {MOST_TURNS_PLAYED} turns offered no {offers}")
    page = new_page(playback_ms=0, **DESKTOP)
    sent = Sent().attach(page)
    page.goto(table.seat_link(0))
    wait_for_board(page)
    page.wait_for_function("(prefix) => document.title.startsWith(prefix)", arg=PREFIX)
    return page, sent


def _answered(page: Any, sent: Sent, moves: int) -> None:
    """Wait until the server has answered ``moves`` moves, and refused none."""
    page.wait_for_function("() => !document.querySelector('#game.busy')")
    assert len(sent.moves) == moves, sent.moves
    assert not sent.errors, sent.errors


def test_winners_circle_a_bet_by_keyboard(
    new_page: NewPage, live_server: LiveServer, screenshots: Path
) -> None:
    """WC 3.1: a bet is one chip on one horse: Space picks the 2-chip (the focus stays
    on it as the panel is drawn again), Tab and Enter bet it on a horse."""
    ann, sent = _seated(new_page, live_server, "winners-circle", humans=("Ann", "Bob"), bots=0)
    tab_to(ann, ".chip-choice[data-chip='2']")
    ann.keyboard.press("Space")
    ann.wait_for_selector(".chip-choice[data-chip='2'][aria-checked=true]")
    assert focused_matches(ann, ".chip-choice[data-chip='2']")
    tab_to(ann, ".horse-button[data-action=bet]:not([disabled])")
    ann.screenshot(path=str(screenshots / "keyboard-focus-winners-circle.png"), full_page=True)
    ann.keyboard.press("Enter")
    ann.wait_for_function("(prefix) => !document.title.startsWith(prefix)", arg=PREFIX)
    _answered(ann, sent, 1)
    assert sent.moves[0]["type"] == "place_bet" and sent.moves[0]["chip"] == 2

    # Bob's turn now: whatever Ann presses on the board sends no move. (Keys are pressed
    # only where the focus is on the board: the side panel's buttons ask things of the
    # browser, e.g. notification permission, that a headless page may never answer.)
    for _ in range(12):
        ann.keyboard.press("Tab")
        if ann.evaluate("() => Boolean(document.activeElement.closest('#game'))"):
            ann.keyboard.press("Enter")
            ann.keyboard.press("Space")
    assert len(sent.moves) == 1 and not ann.title().startswith(PREFIX)


def test_wetten_a_turn_by_keyboard(new_page: NewPage, live_server: LiveServer) -> None:
    """Wetten! (an action window): Ann buys a race card with Enter, then passes."""
    ann, sent = _seated(new_page, live_server, "wetten")
    tab_to(ann, "button[data-action=buy-race-card]")
    ann.keyboard.press("Enter")
    ann.wait_for_function("() => document.querySelectorAll('#log li').length > 0")
    _answered(ann, sent, 1)
    tab_to(ann, "button[data-action=pass]")
    ann.keyboard.press("Enter")
    _answered(ann, sent, 2)
    assert [m["type"] for m in sent.moves] == ["buy_race_card", "pass"]


def test_horse_fever_a_purchase_turn_by_keyboard(
    new_page: NewPage, live_server: LiveServer
) -> None:
    """Horse Fever's Purchase Phase (one purchase a turn): Ann buys a Stable with Enter,
    or, when the bots have bought them all, a Horse card and keeps one of the four."""
    ann, sent = _seated(new_page, live_server, "horse-fever", offers="pass")
    ann.wait_for_selector("button[data-action=pass]")
    if ann.locator("button[data-action=buy_stable]:not([disabled])").count():
        tab_to(ann, "button[data-action=buy_stable]:not([disabled])")
        ann.keyboard.press("Enter")
        _answered(ann, sent, 1)
        assert sent.moves[0]["type"] == "buy_stable"
        return
    tab_to(ann, "button[data-action=buy_card]")
    ann.keyboard.press("Enter")
    _answered(ann, sent, 1)
    ann.wait_for_selector("button.hf-card[data-action]")
    tab_to(ann, "button.hf-card[data-action]")
    ann.keyboard.press("Enter")
    _answered(ann, sent, 2)
    assert sent.moves[0]["type"] == "buy_card"


def test_wits_and_wagers_a_round_by_keyboard(new_page: NewPage, live_server: LiveServer) -> None:
    """Wits & Wagers: Enter on an empty guess says what is missing and sends nothing;
    Ann types her guess and Enter writes it (WW 2.2); when the mat
    is out she puts her first betting chip on a slot with the arrow keys, places her
    bets and locks them with Enter (WW 3)."""
    ann, sent = _seated(new_page, live_server, "wits-and-wagers", variants=["untimed"])
    tab_to(ann, "#guess")
    ann.keyboard.press("Enter")  # nothing written yet: a clear message, nothing sent
    assert "Write a number first" in ann.locator(".toast").first.inner_text()
    assert sent.moves == [] and focused_matches(ann, "#guess")
    ann.keyboard.type("42")
    ann.keyboard.press("Enter")
    ann.wait_for_selector("#guess", state="detached")
    _answered(ann, sent, 1)
    assert sent.moves[0] == {"type": "guess", "value": "42"}
    ann.wait_for_selector(".bet-slot[data-chip='0']")
    tab_to(ann, ".bet-slot[data-chip='0']")
    before = ann.input_value(".bet-slot[data-chip='0']")
    ann.keyboard.press("ArrowDown")
    slot = ann.input_value(".bet-slot[data-chip='0']")
    assert slot != before
    tab_to(ann, "button[data-action=place-bets]")
    ann.keyboard.press("Enter")
    _answered(ann, sent, 2)
    ann.wait_for_selector(".bet-form .help:has-text('Now: ')")
    tab_to(ann, "button[data-action=lock]")
    ann.keyboard.press("Enter")
    ann.wait_for_selector("button[data-action=lock]", state="detached")
    _answered(ann, sent, 3)
    assert [m["type"] for m in sent.moves] == ["guess", "place_bets", "lock_bets"]
    assert sent.moves[1]["bets"][0]["slot"] == int(slot)


def _move(server: LiveServer, table: Any, seat: int, move: dict[str, Any]) -> None:
    with server.api() as api:
        answer = api.post(
            f"/api/tables/{table.table_id}/moves",
            json={"move": move},
            headers={"X-Seat-Token": table.seat_tokens[seat]},
        )
        assert answer.status_code == 200, answer.text


def test_the_focus_comes_back_after_a_watched_sequence(
    new_page: NewPage, live_server: LiveServer
) -> None:
    """Issue 16 (a keyboard player keeps her place when a view arrives) with issue 15's
    sequences, which hide the move forms while they play: Ann has chosen a slot for her
    first betting chip with the arrow keys when Bob's bet comes in (WW 3, open betting);
    it is watched as a sequence, and when it ends the focus is back on her slot, her
    choice kept, so her next key still works there."""
    table = new_table(
        live_server,
        "wits-and-wagers",
        humans=("Ann", "Bob", "Cy", "Di"),
        bots=0,
        variants=["untimed"],
    )
    for seat, value in ((1, "10"), (2, "1000"), (3, "100000")):
        _move(live_server, table, seat, {"type": "guess", "value": value})
    ann = new_page(playback_ms=700, **DESKTOP)
    sent = Sent().attach(ann)
    ann.goto(table.seat_link(0))
    wait_for_board(ann)
    tab_to(ann, "#guess")
    ann.keyboard.type("42")
    ann.keyboard.press("Enter")
    ann.wait_for_selector("#game:not(.playing) .bet-slot[data-chip='0']")
    tab_to(ann, ".bet-slot[data-chip='0']")
    ann.keyboard.press("ArrowDown")
    chosen = ann.input_value(".bet-slot[data-chip='0']")
    assert chosen != ""

    slot = next(s["slot"] for s in view_of(live_server, table, 1)["state"]["mat"] if s["guess"])
    _move(live_server, table, 1, {"type": "place_bets", "bets": [{"slot": slot, "chips": 0}]})
    ann.wait_for_selector("#game.playing")
    ann.wait_for_selector("#game:not(.playing)")
    assert focused_matches(ann, ".bet-slot[data-chip='0']")
    assert ann.input_value(".bet-slot[data-chip='0']") == chosen
    ann.keyboard.press("ArrowDown")
    assert ann.input_value(".bet-slot[data-chip='0']") != chosen
    assert [m["type"] for m in sent.moves] == ["guess"] and not sent.errors


def test_the_lobby_and_the_tote_board_by_keyboard(
    new_page: NewPage, live_server: LiveServer
) -> None:
    """A table created in the lobby with the keyboard only (the game chosen with Enter,
    the name typed, "Create table" pressed), and the tote board panel opened and
    closed with Enter (a table with the board, issue 12)."""
    page = new_page(**DESKTOP)
    page.goto(live_server.url + "/")
    page.wait_for_selector("button.choice[data-game]")
    tab_to(page, "button.choice[data-game='winners-circle']")
    page.keyboard.press("Enter")
    page.wait_for_selector(".seat-row[data-seat='0']")
    assert page.input_value(".seat-row[data-seat='0'] select.seat-kind") == "me"
    tab_to(page, ".seat-row[data-seat='0'] input.seat-name")
    page.keyboard.type("Ann")
    # Seat 2 is a friend's until changed: creating is refused, naming the seat.
    tab_to(page, "#create-button")
    page.keyboard.press("Enter")
    assert "Seat 2: write a name" in page.locator(".toast.error").first.inner_text()
    assert page.locator("#created").is_hidden()
    for seat in range(1, page.locator(".seat-row").count()):
        kind = f".seat-row[data-seat='{seat}'] select.seat-kind"
        tab_to(page, kind)
        page.keyboard.press("ArrowDown")  # a friend -> anyone with the table link
        assert page.input_value(kind) == "open"
    tab_to(page, "#create-button")
    page.keyboard.press("Enter")
    page.wait_for_selector("#created:not([hidden])")

    table = new_table(live_server, "winners-circle", tote_board=True)
    ann = new_page(**DESKTOP)
    ann.goto(table.seat_link(0))
    wait_for_board(ann)
    tab_to(ann, "#tote-board summary")
    ann.keyboard.press("Enter")
    ann.wait_for_selector("#tote-board[open] .tote-chances tbody tr")
    ann.keyboard.press("Enter")
    ann.wait_for_selector("#tote-board:not([open])")
