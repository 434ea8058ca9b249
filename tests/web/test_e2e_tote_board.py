"""The tote board panel through the pages (issue 12, 2): Ann switches it on in the
lobby's form, starts a game against bots, opens the panel and reads her board: every
horse's chances and her bets by value (in Horse Fever, in Danari and in VP).

Issue 27, 5 ("The tote board speaks statistics"): the panel says it as a bettor would
("Red wins 21% of the time (19-23%)", "Your 2-chip on blue: +$164 on average"), money
rounded to the game's units, leaves out what cannot matter (outcomes no bet is placed
on, VP in the Party Game), fits the panel at 1280 px and on a 390 px phone, and shows
no chances once the game is over."""

from __future__ import annotations

import contextlib
import random
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from .axe import assert_accessible
from .web_helpers import (
    DESKTOP,
    LiveServer,
    NewPage,
    play_until_over,
    start_as_host,
    wait_for_board,
)

DESKTOP_800: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}
PHONE_390: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
SENTENCE = re.compile(
    r"^[A-Z][a-z]+ (wins|comes 2nd|comes 3rd|comes 4th|comes last) "
    r"(\d+%|under 1%|over 99%) of the time \(\d+-\d+%\)$"
)


def _table(
    page: Any,
    url: str,
    game: str,
    seats: list[str],
    *,
    tote_board: bool = True,
    variants: tuple[str, ...] = (),
    policy: str | None = None,
) -> None:
    """A table of ``game`` created in the lobby, the tote board box ticked or not (and
    how it imagines the others, ``policy``): ``seats`` are "me" (Ann) or a bot's name;
    then started by its host."""
    page.goto(url + "/")
    page.click(f"button.choice[data-game='{game}']")
    page.select_option("#seat-count", str(len(seats)))
    for variant in variants:
        page.check(f"input[data-variant='{variant}']")
    if tote_board:
        page.click("details.advanced summary")
        page.check("#tote-board")
        if policy is not None:
            page.select_option("#tote-board-policy", policy)
    for seat, who in enumerate(seats):
        row = f".seat-row[data-seat='{seat}']"
        if who == "me":
            page.select_option(f"{row} select.seat-kind", "me")
            page.fill(f"{row} input.seat-name", "Ann")
        else:
            page.select_option(f"{row} select.seat-kind", f"bot:{who}")
    page.click("#create-button")
    page.wait_for_selector("#created:not([hidden])")
    start_as_host(page)


def _ann_against_bots(
    ann: Any,
    url: str,
    bots: list[str],
    *,
    tote_board: bool,
    game: str = "winners-circle",
    variants: tuple[str, ...] = (),
) -> None:
    """Ann creates a table of ``game`` in the lobby against ``bots``, ticking the tote
    board box or not, and starts it."""
    _table(ann, url, game, ["me", *bots], tote_board=tote_board, variants=variants)
    wait_for_board(ann)


def _fits(page: Any) -> None:
    """Issue 27, 5 ("fit the panel at every width"): nothing in the panel reaches past
    its right edge or needs a scroll bar, and the page is no wider than the screen."""
    found = page.evaluate(
        """() => {
      const panel = document.querySelector('#tote-board');
      const edge = panel.getBoundingClientRect().right + 0.5;
      const past = [...panel.querySelectorAll('*')]
        .filter((el) => el.getClientRects().length && el.getBoundingClientRect().right > edge)
        .map((el) => el.tagName + '.' + el.className + ': ' + el.textContent.slice(0, 40));
      const scrolled = [...panel.querySelectorAll('*')]
        .filter((el) => el.scrollWidth > el.clientWidth + 1 && !el.closest('.visually-hidden')
          && getComputedStyle(el).overflowX !== 'visible')
        .map((el) => el.tagName + '.' + el.className);
      return {past, scrolled, page: document.documentElement.scrollWidth, screen: innerWidth};
    }"""
    )
    assert not found["past"], found["past"]
    assert not found["scrolled"], found["scrolled"]
    assert found["page"] <= found["screen"], found


def test_a_player_opens_the_tote_board_and_reads_her_odds(
    new_page: NewPage, live_server: LiveServer, screenshots: Path
) -> None:
    """Issue 12, 2 and issue 27, 5: at her first bet (Ann bets first in race 1, WC 3.1)
    on a 1280x800 screen, her panel tells every horse's chances in a bettor's words
    (how often it wins, comes 2nd, 3rd or last: the outcomes a chip pays or costs on,
    WC 5.1-5.4, not "unplaced"), and her chips by what they win on average in whole
    dollars, best first; no statistician's words; every column in view."""
    ann = new_page(**DESKTOP_800)
    _ann_against_bots(ann, live_server.url, ["odds", "random"], tote_board=True)
    ann.click("#tote-board summary")
    ann.wait_for_selector("#tote-board .tote-chances tbody tr")
    ann.wait_for_selector("#tote-board .tote-bets")
    _fits(ann)  # "it clips its sixth column at 1280 px"
    rows = ann.locator("#tote-board .tote-chances tbody tr").all()
    names = ["Red", "Blue", "Green", "Yellow", "Purple", "Orange", "White"]
    assert [r.locator("th").inner_text() for r in rows] == names
    heads = ann.locator("#tote-board .tote-chances thead th").all_inner_texts()
    assert heads[1:] == ["Wins", "2nd", "3rd", "Last"]
    said = [td.get_attribute("aria-label") for td in ann.locator(".tote-chances td").all()]
    assert len(said) == 7 * 4 and all(SENTENCE.match(s or "") for s in said), said
    favourite = ann.inner_text("#tote-board .tote-favourite")
    assert re.match(r"^[A-Z][a-z]+ wins \d+% of the time \(\d+-\d+%\): the favourite\.$", favourite)
    text = ann.locator("#tote-board").inner_text()
    assert "From what Ann can see, this race was played out" in text
    for jargon in ("sampled worlds", "95%", "±", "interval", "expected value"):
        assert jargon not in text
    ann.wait_for_selector("#tote-board .tote-bets li.best")
    bets = ann.locator("#tote-board .tote-bets li").all_text_contents()
    money = r"-?\$\d{1,3}(,\d{3})*"
    gain = r"[+-]?\$\d{1,3}(,\d{3})*"
    bet = re.compile(
        rf"^Your [12]-chip on [a-z]+: {gain} on average( best bet)?likely {money} to {money}$"
    )
    assert bets and all(bet.match(b) for b in bets), bets
    _fits(ann)
    ann.screenshot(path=str(screenshots / "tote-board.png"), full_page=True)
    ann.locator("#tote-board").screenshot(path=str(screenshots / "tote-board-panel-1280.png"))


def test_the_host_has_the_board_imagine_the_others_as_the_normal_bot(
    new_page: NewPage, live_server: LiveServer, screenshots: Path
) -> None:
    """Issue 25 ("the browser board's setting, if the host picks it"): in the lobby the
    board's model of the other players is a choice beside the board's switch, usable
    once the board is on; picked "as the normal bot does", Ann's board says so."""
    ann = new_page(**DESKTOP_800)
    ann.goto(live_server.url + "/")
    ann.click("button.choice[data-game='winners-circle']")
    ann.click("details.advanced summary")
    assert ann.is_disabled("#tote-board-policy")
    ann.check("#tote-board")
    assert ann.is_enabled("#tote-board-policy")
    assert_accessible(ann, "the lobby's tote board choices", include="details.advanced")
    ann.locator("details.advanced").screenshot(path=str(screenshots / "lobby-board-policy.png"))
    _table(ann, live_server.url, "winners-circle", ["me", "random"], policy="normal")
    wait_for_board(ann)
    ann.click("#tote-board summary")
    how = ann.locator("#tote-board .tote-how")
    expect(how).to_contain_text("everyone playing as the normal bot does", timeout=30_000)
    ann.wait_for_selector("#tote-board .tote-bets li")
    ann.locator("#tote-board").screenshot(path=str(screenshots / "tote-board-normal-policy.png"))


def test_the_tote_board_fits_a_phone(
    new_page: NewPage, live_server: LiveServer, screenshots: Path
) -> None:
    """Issue 27, 5: on a 390 px phone the open panel, with its chances and bets, fits
    the screen: nothing clipped, nothing overflowing."""
    ann = new_page(**PHONE_390)
    _ann_against_bots(ann, live_server.url, ["odds", "random"], tote_board=True)
    ann.click("#tote-board summary")
    ann.wait_for_selector("#tote-board .tote-bets")
    more = ann.locator("#tote-board details.tote-more summary")
    if more.count():
        more.click()
    _fits(ann)
    ann.locator("#tote-board").screenshot(path=str(screenshots / "tote-board-panel-390.png"))


def test_horse_fevers_panel_values_her_bets_in_danari_and_vp(
    new_page: NewPage, live_server: LiveServer, screenshots: Path
) -> None:
    """Issue 12, 2 (Horse Fever: "each bet's Danari and VP value"): Ann makes her other
    moves at random until she may bet (HF 2.1); then, while she thinks, her panel lists
    her bets with a value in Danari and one in VP (asking again after a refusal for
    asking too often, as nothing else changes meanwhile). Issue 27, 5: the chances are
    only 1st to 3rd (a bet is to Win or to Show, HF 2.0), and Danari are whole."""
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
    ann.wait_for_selector("#tote-board .tote-bets li.best", timeout=30_000)
    heads = ann.locator("#tote-board .tote-chances thead th").all_inner_texts()
    assert heads[1:] == ["Wins", "2nd", "3rd"]
    bets = ann.locator("#tote-board .tote-bets li .bet-ev").all_text_contents()
    value = re.compile(r"^[+-]?[\d,]+ D and [+-]?\d+\.\d VP on average$")
    assert bets and all(value.match(b) for b in bets), bets
    _fits(ann)
    ann.screenshot(path=str(screenshots / "tote-board-horse-fever.png"), full_page=True)


def test_the_party_games_panel_leaves_out_vp(
    new_page: NewPage, live_server: LiveServer, screenshots: Path
) -> None:
    """Issue 27, 5 (rows of 0.00 VP in the Party Game): the Party Game has no VP (PG
    0.3: the richest player wins), so Ann's secret bets are valued in Danari only."""
    ann = new_page(**PHONE_390)
    _ann_against_bots(
        ann,
        live_server.url,
        ["odds", "random"],
        tote_board=True,
        game="horse-fever",
        variants=("party",),
    )
    ann.click("#tote-board summary")
    ann.wait_for_selector("#tote-board .tote-bets li.best", timeout=30_000)
    bets = ann.locator("#tote-board .tote-bets li .bet-ev").all_text_contents()
    assert bets and all(re.match(r"^[+-]?[\d,]+ D on average$", b) for b in bets), bets
    assert "VP" not in ann.locator("#tote-board").inner_text()
    _fits(ann)
    ann.locator("#tote-board").screenshot(path=str(screenshots / "tote-board-party-390.png"))


def test_once_the_game_is_over_the_panel_shows_no_chances(
    new_page: NewPage, live_server: LiveServer, screenshots: Path
) -> None:
    """Issue 27, 5 ("after the game show nothing stale"): Ann plays Winner's Circle to
    its end with the panel open: her board's chances while the races run, and once the
    game is over no race chances, only that no bet is open."""
    ann = new_page(**DESKTOP_800)
    _ann_against_bots(ann, live_server.url, ["random"], tote_board=True)
    ann.click("#tote-board summary")
    ann.wait_for_selector("#tote-board .tote-chances tbody tr", timeout=30_000)
    play_until_over([ann], random.Random(5), limit=240)
    ann.wait_for_selector("#tote-board .tote-over", timeout=30_000)
    assert ann.locator("#tote-board .tote-chances, #tote-board .tote-bets").count() == 0
    assert "The game is over: no bet is open." in ann.inner_text("#tote-board")
    ann.locator("#tote-board").screenshot(path=str(screenshots / "tote-board-over.png"))


def test_a_table_without_the_tote_board_shows_no_panel(
    new_page: NewPage, live_server: LiveServer
) -> None:
    ann = new_page(**DESKTOP)
    _ann_against_bots(ann, live_server.url, ["odds"], tote_board=False)
    assert ann.locator("#tote-board").count() == 0
