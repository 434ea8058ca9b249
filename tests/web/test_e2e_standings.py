"""Issue 15 in the browser: the end of a game shows every seat's final standing with
how its score came, on a desktop and a phone; each game's terms are explained in a
Help panel (opened and closed by keyboard, searchable) and as tooltips on the terms
where the board shows them. Tables of bots only finish on their own, fast."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .axe import assert_accessible
from .web_helpers import DESKTOP, PHONE, LiveServer, NewPage

FINISHED = 90_000
"""How long a table of bots may take to finish (ms), on a loaded machine."""


def bots_table(server: LiveServer, game: str, bots: list[str], **body: Any) -> str:
    """A started table of bots only, created through the API; returns its id."""
    with server.api() as api:
        made = api.post(
            "/api/tables",
            json={
                "game": game,
                "players": len(bots),
                "bots": [{"seat": s, "bot": b} for s, b in enumerate(bots)],
                **body,
            },
        )
        assert made.status_code == 201, made.text
        table_id: str = made.json()["table_id"]
        host = made.json()["host_token"]
        started = api.post(f"/api/tables/{table_id}/start", headers={"X-Host-Token": host})
        assert started.status_code == 200, started.text
    return table_id


def final_standings(server: LiveServer, table_id: str) -> dict[str, Any]:
    with server.api() as api:
        message = api.get(f"/api/tables/{table_id}/view").json()
    assert message["view"]["over"]
    standings: dict[str, Any] = message["standings"]
    return standings


def check_standings_shown(page: Any, standings: dict[str, Any]) -> None:
    """Every seat's rank, score and breakdown lines, as the server states them."""
    page.wait_for_selector("#result .breakdown", timeout=FINISHED)
    rows = page.locator("#result .ranking li")
    assert rows.count() == len(standings["seats"])
    for seat in standings["seats"]:
        row = page.locator(f"#result .ranking li[data-seat='{seat['seat']}']")
        text = row.inner_text()
        assert f"{seat['score']:,}" in text
        lines = row.locator(".breakdown tbody tr")
        assert lines.count() == max(1, len(seat["lines"]))
        for i, line in enumerate(seat["lines"]):
            assert lines.nth(i).locator(".what").inner_text() == line["label"]
            shown = lines.nth(i).locator(".points").inner_text()
            assert shown.lstrip("+\u2212").replace(",", "") == str(abs(line["points"]))
    if standings["tie_break"]:
        assert standings["tie_break"] in page.inner_text("#result .tie-break")
    actions = page.locator("#result p.result-actions")
    assert actions.get_by_role("link", name="Back to the lobby").count() == 1


def test_the_end_shows_each_seats_standing_on_desktop_and_phone(
    live_server: LiveServer, new_page: NewPage, screenshots: Path
) -> None:
    """Issue 15: the final standing, not only the last race's podium: each seat's rank,
    score and the money it won or lost race by race (Winner's Circle, WC 1.3, 5)."""
    table_id = bots_table(live_server, "winners-circle", ["odds", "random", "odds", "random"])
    desktop = new_page(**DESKTOP)
    phone = new_page(**PHONE)
    for page in (desktop, phone):
        page.goto(f"{live_server.url}/t/{table_id}#watch")
    desktop.wait_for_selector("#result .breakdown", timeout=FINISHED)
    standings = final_standings(live_server, table_id)
    assert any(
        line["label"].startswith("Race 3") for s in standings["seats"] for line in s["lines"]
    )
    for page in (desktop, phone):
        check_standings_shown(page, standings)
    desktop.screenshot(path=str(screenshots / "standings-wc-desktop.png"), full_page=True)
    assert_accessible(desktop, "the end of a game: standings, rematch and replay")
    phone.locator("#result").screenshot(path=str(screenshots / "standings-wc-phone.png"))


@pytest.mark.parametrize(
    ("game", "bots", "body", "size"),
    [
        ("horse-fever", ["odds", "random", "odds"], {"variants": ["short"]}, "phone"),
        ("carcassonne", ["greedy", "random"], {}, "desktop"),
        ("wits-and-wagers", ["random"] * 4, {}, "phone"),
    ],
)
def test_every_game_ends_with_its_own_breakdown(
    live_server: LiveServer,
    new_page: NewPage,
    screenshots: Path,
    game: str,
    bots: list[str],
    body: dict[str, Any],
    size: str,
) -> None:
    """Issue 15: each game's end in its own terms: Horse Fever VP by source with the
    Danari that decide a tie in VP (HF 5.2, ruling R19), Carcassonne points by roads,
    cities, monasteries, fields and betting chips (CC 5, CB 3), Wits & Wagers points
    question by question (WW 5-6)."""
    table_id = bots_table(live_server, game, bots, **body)
    page = new_page(**(PHONE if size == "phone" else DESKTOP))
    page.goto(f"{live_server.url}/t/{table_id}#watch")
    page.wait_for_selector("#result .breakdown", timeout=FINISHED)
    standings = final_standings(live_server, table_id)
    check_standings_shown(page, standings)
    if game == "horse-fever":
        for seat in standings["seats"]:
            note = page.inner_text(f"#result li[data-seat='{seat['seat']}'] .note")
            assert note == seat["note"] and note.endswith("Danari")
    page.locator("#result").screenshot(path=str(screenshots / f"standings-{game}-{size}.png"))


def test_help_panel_opens_and_closes_by_keyboard(
    live_server: LiveServer, new_page: NewPage, screenshots: Path
) -> None:
    """Issue 15: the terms of the game explained in a Help panel: reached with the
    keyboard, searchable, closed with Escape (focus back on its button)."""
    table_id = bots_table(live_server, "wits-and-wagers", ["random"] * 4)
    page = new_page(**PHONE)
    page.goto(f"{live_server.url}/t/{table_id}#watch")
    button = page.locator("#help-button")
    button.wait_for(state="visible")
    button.focus()
    page.keyboard.press("Enter")
    dialog = page.locator("#help")
    dialog.wait_for(state="visible")
    assert page.evaluate("document.activeElement.id") == "help-search"
    assert dialog.locator("dt").count() >= 8
    page.keyboard.type("too high")
    dialog.locator("dt", has_text="All Guesses Too High").wait_for()
    assert dialog.locator("dt").first.inner_text().startswith("All Guesses Too High")
    assert "6 to 1" in dialog.locator("dd").first.inner_text()
    assert dialog.locator("dt").count() < 8
    page.screenshot(path=str(screenshots / "help-ww-phone.png"))
    assert_accessible(page, "the Help panel, open")
    page.keyboard.press("Escape")
    dialog.wait_for(state="hidden")
    assert page.evaluate("document.activeElement.id") == "help-button"


def tooltip(page: Any, term: str) -> Any:
    """The first marked term on the board reading ``term``, once it is marked."""
    marked = page.locator("#game abbr.term", has_text=term).first
    marked.wait_for()
    return marked


def test_terms_on_the_board_carry_their_explanation(
    live_server: LiveServer, new_page: NewPage
) -> None:
    """Issue 15: where a term appears on the board (a heading, a table header), it
    explains itself: a title and an accessible description from the game's glossary,
    in two games; buttons keep their own text."""
    with live_server.api() as api:
        glossaries = {
            game: {t["term"]: t for t in api.get(f"/api/games/{game}/glossary").json()["terms"]}
            for game in ("winners-circle", "wits-and-wagers")
        }
    page = new_page(**DESKTOP)
    wc = bots_table(live_server, "winners-circle", ["odds", "odds", "odds"])
    page.goto(f"{live_server.url}/t/{wc}#watch")
    money = tooltip(page, "Money")
    assert money.get_attribute("title") == glossaries["winners-circle"]["Money"]["explanation"]
    described = money.get_attribute("aria-describedby")
    assert "Money" in page.locator(f"#{described}").inner_text()
    assert not page.locator("#game button abbr.term").count()

    ww = bots_table(live_server, "wits-and-wagers", ["random"] * 4)
    page.goto(f"{live_server.url}/t/{ww}#watch")
    mat = tooltip(page, "betting mat")
    explanation = glossaries["wits-and-wagers"]["Betting mat"]["explanation"]
    assert mat.get_attribute("title") == explanation
