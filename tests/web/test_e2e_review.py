"""A finished game's review in the browser (issue 26, "Where people see it"), on
Debian's Chromium: the end screen offers "Review the game"; while the server computes
it the page says how far it got; then each seat's summary (accuracy, expected against
actual, luck, value left on the table, the three worst decisions) and a chart; the
replay shows each decision's mark beside its move, and a worst decision is one click
away. Screenshots at desktop and phone sizes go to ``TOTE_SCREENSHOTS``.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from tote.core.record import Record
from tote.server.reviews import compute_review

from .axe import assert_accessible
from .test_e2e_replays import finished_table
from .web_helpers import DESKTOP, PHONE, LiveServer, NewPage

MARK = re.compile(r"^(Best|Good|Inaccuracy|Mistake|Blunder)$")


def test_review_the_game_from_the_end_screen_and_see_the_marks_in_the_replay(
    new_page: NewPage, live_server: LiveServer, screenshots: Path
) -> None:
    """Issue 26: "Review the game" on the end screen computes the review on the server
    (progress shown), shows every seat's summary and the chart, and the replay shows each
    judged decision's mark beside its move, the worst decisions one click away."""
    table_id, match = finished_table(live_server, "wits-and-wagers", seed=8)
    page = new_page(**DESKTOP)
    page.goto(f"{live_server.url}/t/{table_id}")
    page.click("#result button.review-button")
    expect(page.locator("#review .review-seat")).to_have_count(len(match.players))
    expect(page.locator("#review .review-accuracy").first).to_have_text(re.compile(r"^\d+%$"))
    expect(page.locator("#review svg.review-chart path.review-actual").first).to_be_attached()
    expect(page.locator("#review .review-seat").first).to_contain_text("Left on the table")
    expect(page.locator("#review .review-worst li").first).to_be_visible()
    page.screenshot(path=str(screenshots / "review-end-screen-desktop.png"), full_page=True)
    assert_accessible(page, "the review on the end screen", include="#review")

    page.click("#review a.review-replay")
    page.wait_for_selector("#game[data-step='0']")
    expect(page.locator("#review .review-seat")).to_have_count(len(match.players))
    jump = page.locator("#review button.review-jump").first
    step = jump.get_attribute("data-step")
    jump.click()
    page.wait_for_selector(f"#game[data-step='{step}']")
    expect(page.locator("#review-mark")).to_be_visible()
    expect(page.locator("#review-mark .review-mark")).to_have_text(MARK)
    expect(page.locator("#review-mark")).to_contain_text("left on the table")
    page.screenshot(path=str(screenshots / "review-replay-desktop.png"))
    page.locator("#review").screenshot(path=str(screenshots / "review-panel-desktop.png"))
    assert_accessible(page, "the review in the replay", include="#review, #review-mark")

    phone = new_page(**PHONE)
    phone.goto(f"{live_server.url}/replay/{table_id}#step={step}")
    phone.wait_for_selector(f"#game[data-step='{step}']")
    expect(phone.locator("#review-mark .review-mark")).to_have_text(MARK)
    expect(phone.locator("#review .review-seat")).to_have_count(len(match.players))
    fits = phone.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    assert fits, "the review makes the phone's page wider than its screen"
    for where in ("#review-mark", "#played"):  # wrapped in full, not clipped with "…"
        whole = f"() => {{ const e = document.querySelector('{where}');"
        whole += " return e.scrollHeight <= e.clientHeight + 1; }"
        assert phone.evaluate(whole), f"{where} is cut short on a phone"
    phone.screenshot(path=str(screenshots / "review-replay-phone.png"))
    phone.locator("#review").screenshot(path=str(screenshots / "review-panel-phone.png"))
    phone.goto(f"{live_server.url}/t/{table_id}")
    phone.click("#result button.review-button")  # done already: shown at once
    expect(phone.locator("#review .review-seat")).to_have_count(len(match.players))
    phone.screenshot(path=str(screenshots / "review-end-screen-phone.png"), full_page=True)


def test_the_end_screen_shows_the_review_at_work_until_it_is_done(
    new_page: NewPage, live_server: LiveServer, screenshots: Path
) -> None:
    """Issue 26: while the server computes the review, the end screen says it is at work
    and how far it got (the server's review is held until the page has shown that)."""
    reviews = live_server.server.config.app.state.reviews
    release = threading.Event()

    def held(record: Record, progress: Callable[[int, int], None]) -> dict[str, Any]:
        progress(0, len(record.moves))
        assert release.wait(60)
        return compute_review(record, progress)

    table_id, match = finished_table(live_server, "wits-and-wagers", seed=9)
    reviews.compute = held
    try:
        page = new_page(**PHONE)
        page.goto(f"{live_server.url}/t/{table_id}")
        page.click("#result button.review-button")
        working = page.locator("#review .review-working")
        expect(working).to_contain_text(f"Reviewing the game: move 0 of {len(match.moves)}")
        expect(page.locator("#result button.review-button")).to_be_disabled()
        working.scroll_into_view_if_needed()
        page.screenshot(path=str(screenshots / "review-working-phone.png"))
    finally:
        release.set()
        reviews.compute = compute_review
    expect(page.locator("#review .review-seat")).to_have_count(len(match.players))
    expect(page.locator("#review .review-working")).to_have_count(0)


def test_a_move_the_search_judged_says_so_in_the_replay(
    new_page: NewPage, live_server: LiveServer, screenshots: Path
) -> None:
    """Issue 26: a move that is not a bet (a Winner's Circle horse's move, WC 4.3) is
    judged by the strong bot's search: the replay shows its mark, its value as a
    standing in % (never dollars) and "judged by search"."""
    table_id, _match = finished_table(live_server, "winners-circle", seed=3)
    page = new_page(**DESKTOP)
    page.goto(f"{live_server.url}/replay/{table_id}")
    page.click("#review button.review-button")
    expect(page.locator("#review .review-seat").first).to_be_visible(timeout=240_000)
    step = page.evaluate(
        """async (id) => {
          const answer = await (await fetch(`/api/tables/${id}/review`)).json();
          const d = answer.review.decisions.find((d) => d.judge === "search" && d.mark !== "best");
          return d.step;
        }""",
        table_id,
    )
    page = new_page(**DESKTOP)
    page.goto(f"{live_server.url}/replay/{table_id}#step={step}")
    page.wait_for_selector(f"#game[data-step='{step}']")
    line = page.locator("#review-mark")
    expect(line.locator(".review-mark")).to_have_text(MARK)
    expect(line).to_contain_text("judged by search")
    expect(line).to_contain_text(re.compile(r"Expected standing \d+%"))
    expect(line).not_to_contain_text("$")
    page.screenshot(path=str(screenshots / "review-search-replay-desktop.png"))
    assert_accessible(page, "a searched move in the replay", include="#review-mark")
