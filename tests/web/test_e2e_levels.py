"""Issue 25: the browser's seat choices hold the three levels, each with a line on how it
plays (Wits & Wagers': how well it knows the answer), in the create form and in the
host's "add a bot" choice."""

from __future__ import annotations

from pathlib import Path

from .web_helpers import DESKTOP, PHONE, LiveServer, NewPage


def test_the_create_form_offers_easy_normal_and_hard_with_how_each_plays(
    new_page: NewPage, live_server: LiveServer, screenshots: Path
) -> None:
    for size, options in (("desktop", DESKTOP), ("phone", PHONE)):
        page = new_page(**options)
        page.goto(live_server.url + "/")
        page.wait_for_selector("button.choice[data-game]")
        page.click("button.choice[data-game='wits-and-wagers']")
        row = ".seat-row[data-seat='1']"
        page.wait_for_selector(f"{row} select.seat-kind")
        values = page.eval_on_selector_all(
            f"{row} select.seat-kind option", "options => options.map(o => o.value)"
        )
        assert {"bot:easy", "bot:normal", "bot:hard"} <= set(values)
        for level, words in (("easy", "factor of 2.2"), ("hard", "factor of 1.1")):
            page.select_option(f"{row} select.seat-kind", f"bot:{level}")
            page.wait_for_function(
                "([row, words]) => (document.querySelector(row + ' .seat-hint') || {})"
                ".textContent?.includes(words)",
                arg=[row, words],
                timeout=60_000,
            )
        page.screenshot(path=str(screenshots / f"levels-create-{size}.png"), full_page=True)
        page.click("button.choice[data-game='wetten']")
        page.wait_for_selector(f"{row} select.seat-kind")
        page.select_option(f"{row} select.seat-kind", "bot:normal")
        page.wait_for_function(
            "row => (document.querySelector(row + ' .seat-hint') || {})"
            ".textContent?.includes('tipster')",
            arg=row,
            timeout=60_000,
        )
