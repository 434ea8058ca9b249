"""Issue 27 item 3, codes reach players: refusals read as sentences in words with the
rule's number as a small "rule" link (never the headline); the create form's options
with labels and one-line explanations, variants that exclude each other as one
choice; bots named in the lobby; question categories in words; upload errors in a
player's words."""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import expect

from .tables import new_table
from .web_helpers import DESKTOP, LiveServer, NewPage, wait_for_board

CODE = re.compile(r"^\s*(?:[A-Z]{2,3} \d|ruling)")


def test_a_refused_guess_is_a_sentence_with_a_small_rule_link(
    new_page: NewPage, live_server: LiveServer, screenshots: Path
) -> None:
    """Item 3: "WW 2.2" is no headline: the toast says "Not allowed", then the sentence
    in words, then "rule WW 2.2" small, a link to the rules text (the Help panel).
    Item 4: refusing again shows one message, not a stack of toasts."""
    table = new_table(live_server, "wits-and-wagers", variants=["untimed"])
    ann = new_page(**DESKTOP)
    ann.goto(table.seat_link(0))
    wait_for_board(ann)
    ann.wait_for_selector("#guess", timeout=60_000)
    expect(ann.locator("#help-button")).to_be_visible(timeout=30_000)
    # The question's category in words ("Numbers and records", not "numbers-and-records").
    about = ann.locator(".question-card .q-about")
    if about.count():
        assert not re.search(r"[a-z]-[a-z]", about.inner_text()), about.inner_text()

    for _ in range(3):
        ann.fill("#guess", "a lot")
        ann.click("[data-action=guess]")
        expect(ann.locator(".toast.error .rule-ref")).to_have_count(1, timeout=30_000)
    toast = ann.locator(".toast.error")
    expect(toast).to_have_count(1)
    headline = toast.locator("strong").inner_text()
    assert headline == "Not allowed", headline
    sentence = toast.locator(".refusal-text").inner_text()
    # A sentence: first letter up, unless it opens by quoting what was typed.
    assert not CODE.match(sentence) and (sentence[0].isupper() or sentence[0] in "'“"), sentence
    assert "not a number" in sentence and sentence.endswith(".")
    expect(toast.locator(".rule-ref")).to_have_text("rule WW 2.2")
    ann.screenshot(path=str(screenshots / "words-refusal-desktop.png"))
    toast.locator("a.rule-ref").click()
    expect(ann.locator("#help")).to_have_attribute("open", "")
    expect(ann.locator("#help-search")).to_have_value("WW 2.2")
    assert ann.input_value("#guess") == "a lot"


HOLDER = "ancestor::*[contains(@class,'option-field') or contains(@class,'check')][1]"


def test_the_create_form_speaks_in_words(
    new_page: NewPage, live_server: LiveServer, screenshots: Path
) -> None:
    """Item 3: every option the form shows has a label in words (not "Finished Scope",
    "Settle Unoccupied", "Any Rounds") and a one-line explanation; its choices are
    words (no "last_player"); Horse Fever's Family and Party Games are one choice."""
    page = new_page(**DESKTOP)
    page.goto(live_server.url + "/")
    for game, names in {
        "carcassonne": [
            "Finished Scope",
            "Settle Unoccupied",
            "Final Chooser",
            "Pay Without Meeple",
        ],
        "horse-fever": ["Any Rounds", "Party Actions"],
        "wetten": ["Top Up", "Track Length"],
        "winners-circle": ["Starting Money", "Last Place Tie"],
        "wits-and-wagers": ["Answer Seconds", "Bet Seconds", "Team Extra Seconds"],
    }.items():
        page.click(f"button.choice[data-game='{game}']")
        page.wait_for_selector(".seat-row[data-seat='0']")
        page.click("details.advanced summary")
        text = page.inner_text("#game-setup")
        for name in names:
            assert name not in text, f"{game}: the option's name {name!r} is shown"
        assert "_" not in text, f"{game}: a code with an underscore is shown"
        fields = page.locator("#game-setup [data-option]")
        assert fields.count(), game
        for i in range(fields.count()):
            field = fields.nth(i)
            holder = field.locator(f"xpath={HOLDER}")
            help_text = holder.locator("small").first.inner_text()
            option = field.get_attribute("data-option")
            assert len(help_text) > 20, f"{game}: option {option} has no explanation"
        page.screenshot(path=str(screenshots / f"words-form-{game}.png"), full_page=True)

    page.click("button.choice[data-game='horse-fever']")
    choice = page.locator(".variant-choice[data-choice='mode']")
    expect(choice.locator("input[type=radio]")).to_have_count(3)
    checkboxes = "input[type=checkbox][value='party'], input[type=checkbox][value='family']"
    assert not page.locator(checkboxes).count()
    page.check("input[data-variant='party']")
    page.check("input[data-variant='family']")
    assert not page.is_checked("input[data-variant='party']")
    expect(choice.locator("input:checked")).to_have_count(1)


def test_bots_are_named_in_the_lobby(new_page: NewPage, live_server: LiveServer) -> None:
    """Item 3: an open table's bot seats are listed by their bot ("Random bot 1"), not
    by the server's placeholder ("Player 2")."""
    table = new_table(live_server, "winners-circle", start=False)
    page = new_page(**DESKTOP)
    page.goto(live_server.url + "/")
    item = page.locator(f"[data-table='{table.table_id}']")
    expect(item).to_contain_text("Random bot 1", timeout=30_000)
    assert "Player 2" not in item.inner_text() and "Player 3" not in item.inner_text()


def test_open_tables_name_their_variants_in_words(
    new_page: NewPage, live_server: LiveServer
) -> None:
    """Item 3: an open table's variants read "Royal turf", not the id "royal-turf"."""
    table = new_table(live_server, "winners-circle", start=False, variants=["royal-turf"])
    page = new_page(**DESKTOP)
    page.goto(live_server.url + "/")
    item = page.locator(f"#table-list [data-table='{table.table_id}']")
    expect(item).to_contain_text("Royal turf", timeout=30_000)
    assert "royal-turf" not in item.inner_text()


def test_upload_errors_are_in_a_players_words(
    new_page: NewPage, live_server: LiveServer, tmp_path: Path
) -> None:
    """Item 3: "not a valid tote record: players: Field required" reaches the player as
    "This file is not a tote record: it names no players."."""
    page = new_page(**DESKTOP)
    page.goto(f"{live_server.url}/replay")
    page.wait_for_selector("#record-file")
    file = tmp_path / "no-players.json"
    file.write_text(json.dumps({"game": "wetten"}))
    page.set_input_files("#record-file", str(file))
    page.click("#upload-button")
    expect(page.locator("#upload-error")).to_have_text(
        "This file is not a tote record: it names no players."
    )


def test_horse_fever_shows_cards_and_bet_markers_in_words(
    new_page: NewPage, live_server: LiveServer
) -> None:
    """Item 3: no card code ("M03", "A08") on the page, and a bet marker on the track
    is its bettor's letter (a filled disc to win, a ring to show), not "AW" or "BS"."""
    table = new_table(live_server, "horse-fever", humans=())
    page = new_page(**DESKTOP)
    page.goto(table.watch_link)
    wait_for_board(page)
    markers = page.locator("svg.hf-track g.lane-bet")
    expect(markers.first).to_be_attached(timeout=120_000)
    for i in range(markers.count()):
        marker = markers.nth(i)
        assert re.fullmatch(r"[A-Z]", marker.locator("text").text_content() or ""), i
        assert marker.get_attribute("data-bet") in ("win", "show")
    codes = re.findall(r"\b[ACHMST]\d{2}\b", page.inner_text("#game"))
    assert not codes, f"card codes on the page: {codes}"
