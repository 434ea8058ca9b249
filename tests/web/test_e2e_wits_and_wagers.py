"""Wits & Wagers through the pages: typed guesses, a refused guess, bets and the payout.

Ann hosts on a desktop browser, Bob plays on a phone-sized one, two bots fill
the other seats (the game takes four people).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .web_helpers import (
    DESKTOP,
    PHONE,
    Frames,
    LiveServer,
    NewPage,
    create_table,
    start_as_host,
    token_of,
    wait_for_board,
)


def _setup(
    new_page: NewPage, server: LiveServer, variants: tuple[str, ...]
) -> tuple[Any, Any, str, dict[str, Frames]]:
    """Ann (seat 0, host) and Bob (seat 1) seated, bots in seats 2 and 3, the game
    started; with every WebSocket frame each of them receives."""
    ann = new_page(**DESKTOP)
    bob = new_page(**PHONE)
    frames = {"ann": Frames().attach(ann), "bob": Frames().attach(bob)}
    table = create_table(
        ann,
        server.url,
        "wits-and-wagers",
        [("me", "Ann"), ("friend", "Bob"), ("bot", "bettor"), ("bot", "expert")],
        variants,
    )
    bob.goto(table.seat_links[1])
    bob.wait_for_selector("#waiting:not([hidden])")
    start_as_host(ann)
    wait_for_board(ann)
    wait_for_board(bob)
    assert token_of(table.seat_links[1]) not in ann.content()
    return ann, bob, table.table_id, frames


def _points(page: Any) -> list[int]:
    return [int(cell.inner_text()) for cell in page.locator(".players td.points").all()]


def test_a_round_with_typed_guesses_and_a_bet(
    new_page: NewPage, live_server: LiveServer, screenshots: Path
) -> None:
    ann, bob, table_id, frames = _setup(new_page, live_server, ("untimed",))
    ann.wait_for_selector("#guess")
    bob.wait_for_selector("#guess")
    question = ann.inner_text(".question-card .q-text")
    assert question and question == bob.inner_text(".question-card .q-text")

    # Text is refused by the rules, and the page says why (the rule and its message).
    bob.fill("#guess", "a lot")
    bob.click("[data-action=guess]")
    toast = bob.locator(".toast.error").first
    toast.wait_for()
    assert "WW 2.2" in toast.inner_text() and "not a number" in toast.inner_text()
    assert bob.input_value("#guess") == "a lot"  # still there to correct

    # Ann writes "4,321": it stays secret: Bob sees only that she has written.
    ann.fill("#guess", "4,321")
    ann.click("[data-action=guess]")
    ann.wait_for_selector("#guess", state="detached")
    assert "Your guess: 4,321" in ann.inner_text(".turn-banner")
    bob.wait_for_selector(".players tr[data-seat='0'] .badge.done")
    assert "4,321" not in bob.content() and "4321" not in bob.content()

    # Bob's "3/4" reveals the guesses: the mat sorts them, smallest first.
    bob.fill("#guess", "3/4")
    bob.click("[data-action=guess]")
    for page in (ann, bob):
        page.wait_for_selector(".bet-form")
    slots = {
        int(s.get_attribute("data-slot")): s.inner_text() for s in ann.locator(".mat .slot").all()
    }
    assert len(slots) == 8 and "All guesses too high" in slots[0]
    mine = next(n for n, text in slots.items() if "Ann (you)" in text)
    assert "4321" in slots[mine]
    bobs = next(n for n, text in slots.items() if "Bob" in text and n != mine)
    assert "0.75" in slots[bobs]
    ann.screenshot(path=str(screenshots / "ww-desktop-bet.png"), full_page=True)
    bob.screenshot(path=str(screenshots / "ww-phone-bet.png"))

    # Ann bets both chips on her own guess (no points yet to add) and locks;
    # Bob bets one chip on All Guesses Too High and locks.
    ann.select_option(".bet-slot[data-chip='0']", str(mine))
    ann.select_option(".bet-slot[data-chip='1']", str(mine))
    ann.click("[data-action=place-bets]")
    bob.wait_for_selector(f".mat .slot[data-slot='{mine}'] .wager[data-seat='0'] >> nth=1")
    ann.click("[data-action=lock]")
    bob.select_option(".bet-slot[data-chip='0']", "0")
    bob.click("[data-action=place-bets]")
    ann.wait_for_selector(".mat .slot[data-slot='0'] .wager[data-seat='1']")
    bob.click("[data-action=lock]")

    # The answer: both pages show question 1 in the history, with the server's points.
    for page in (ann, bob):
        page.wait_for_selector("table.history tr[data-question='1']")
        page.wait_for_selector(".last-answer")
    with live_server.api() as api:
        view = api.get(f"/api/tables/{table_id}/view").json()["view"]
    summary = view["state"]["history"][0]
    assert summary["bets"] and {b["seat"] for b in summary["bets"]} >= {0, 1}
    assert _points(ann) == _points(bob) == view["state"]["points"]
    answer = ann.inner_text(".last-answer h3")
    assert "Question 1" in answer
    assert summary["answer"] in answer.replace(",", "")
    ann.screenshot(path=str(screenshots / "ww-desktop-answer.png"), full_page=True)
    # Until every guess was in, Bob's socket never carried Ann's.
    early = [
        v
        for v in frames["bob"].views()
        if v["state"]["number"] == 1 and v["state"]["phase"] == "answer"
    ]
    assert early
    for view in early:
        assert "4321" not in str(view) and "4,321" not in str(view)


def test_secret_betting_shows_only_that_a_seat_has_bet(
    new_page: NewPage, live_server: LiveServer
) -> None:
    ann, bob, _, frames = _setup(new_page, live_server, ("untimed", "secret-betting"))
    ann.fill("#guess", "10")
    ann.click("[data-action=guess]")
    bob.fill("#guess", "20")
    bob.click("[data-action=guess]")
    for page in (ann, bob):
        page.wait_for_selector(".bet-form")
    assert not ann.locator("[data-action=lock]").count()
    bob.select_option(".bet-slot[data-chip='0']", "0")
    bob.select_option(".bet-slot[data-chip='1']", "0")
    bob.click("[data-action=place-bets]")
    ann.wait_for_selector(".players tr[data-seat='1'] .badge.done")
    # Ann sees that Bob has bet, not where: no chip of his on her mat.
    assert "has bet" in ann.inner_text(".players tr[data-seat='1']")
    assert not ann.locator(".mat .wager[data-seat='1']").count()
    assert bob.locator(".mat .slot[data-slot='0'] .wager[data-seat='1']").count() == 2
    betting = [v for v in frames["ann"].views() if v["state"]["phase"] == "bet"]
    assert betting
    for view in betting:
        assert view["seat"] == 0 and view["state"]["bets"] == {}
        assert all(e.get("move") is None for e in view["log"] if e.get("seat") == 1)


def test_phone_screen_of_a_question(
    new_page: NewPage, live_server: LiveServer, screenshots: Path
) -> None:
    """The timed game: the clock from the server's deadline, the form on a phone."""
    _, bob, _, _ = _setup(new_page, live_server, ())
    bob.wait_for_selector("#guess")
    bob.wait_for_selector("#timer:not([hidden])")
    assert "s left for you" in bob.inner_text("#timer")
    width = bob.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the page is {width} px wide on a 360 px screen"
    bob.screenshot(path=str(screenshots / "ww-phone-answer.png"))
    bob.screenshot(path=str(screenshots / "ww-phone-answer-full.png"), full_page=True)
