"""Issue 27, item 2, "Text that disagrees with what is playing": while a race or a round
plays out step by step (js/playback.js), everything on the page (the banner above the
board, the clock, Horse Fever's line under the track, the move forms) describes the
moment the board is showing, not the latest view behind it.

A script installed in the page before it loads records, at every step the stage shows,
what the page says around the board at that moment.
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from .web_helpers import (
    DESKTOP,
    PHONE,
    LiveServer,
    NewPage,
    act_once,
    create_table,
    start_as_host,
    wait_for_board,
)

RECORDER = """
window.__moments = [];
const watch = () => {
  new MutationObserver(() => {
    const card = document.querySelector('#stage:not([hidden]) .stage-card');
    const key = card ? card.dataset.logIndex : null;
    if (key !== null && key !== window.__lastMoment) {
      const timer = document.getElementById('timer');
      const banner = document.querySelector('#game > [data-part=banner]');
      const forms = [...document.querySelectorAll(
        '#game > [data-part=actions], #game > [data-part=guess-form], #game > [data-part=bet-form]'
      )].filter((part) => part.offsetParent !== null
        && part.querySelector('button, input, select'));
      const svg = document.querySelector('#game svg.hf-track');
      const horses = {};
      let start = null;
      let finish = null;
      if (svg) {
        const first = svg.querySelector('rect.square');
        // A horse at the start stands left of the first square's middle.
        const box = first ? first.getBoundingClientRect() : null;
        start = box ? box.left + box.width / 2 : null;
        finish = svg.querySelector('rect.finish').getBoundingClientRect().left;
        for (const g of svg.querySelectorAll('g.horse')) {
          // Where the token is going (its transform), in screen pixels.
          const m = /translate\\(([-\\d.]+)px/.exec(g.style.transform || '');
          const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
          const left = svg.getBoundingClientRect().left;
          horses[g.dataset.horse] = m ? left + Number(m[1]) * scale : null;
        }
      }
      const line = document.querySelector('#game .race-line');
      window.__moments.push({
        index: Number(key),
        kind: card.dataset.kind,
        banner: banner ? banner.textContent : null,
        watching: Boolean(banner && banner.querySelector('.turn-banner.watching')),
        timer: timer && !timer.hidden ? timer.textContent : null,
        forms: forms.map((part) => part.dataset.part),
        line: line ? line.textContent : null,
        horses, start, finish,
      });
    }
    window.__lastMoment = key;
  }).observe(document.body, {childList: true, subtree: true, attributes: true});
};
if (document.body) watch(); else document.addEventListener('DOMContentLoaded', watch);
"""


def _moments(page: Any) -> list[dict[str, Any]]:
    moments: list[dict[str, Any]] = page.evaluate("window.__moments")
    return moments


def _table(
    new_page: NewPage, server: LiveServer, game: str, seats: list[tuple[str, str]], **options: Any
) -> Any:
    """A table created and started from the lobby; the host's page records the steps."""
    playback = options.pop("playback_ms", 150)
    page = new_page(playback_ms=playback, **(options or DESKTOP))
    page.add_init_script(RECORDER)
    create_table(page, server.url, game, seats)
    start_as_host(page)
    return page


def _until(predicate: Any, limit: float, what: str, each: Any = None) -> None:
    started = time.monotonic()
    while not predicate():
        assert time.monotonic() - started < limit, f"{what} did not happen within {limit} s"
        if each is not None:
            each()
        time.sleep(0.1)


def test_horse_fever_tells_the_race_being_watched_and_starts_each_round_at_the_start(
    new_page: NewPage, live_server: LiveServer, screenshots: Path
) -> None:
    """Issue 27, 2 (Horse Fever's caption said "The horses wait at the start." while
    they ran, the banner told an earlier turn, and a next race started with the horses
    past the finish): watching bots, at every step the banner says what is watched;
    in the race the line under the track tells the race, never that the horses wait;
    and when a new round begins every horse stands at the start."""
    page = _table(
        new_page, live_server, "horse-fever", [("bot", "odds"), ("bot", "odds"), ("bot", "odds")]
    )

    def second_race_run() -> bool:
        kinds = [m["kind"] for m in _moments(page)]
        rounds = [i for i, kind in enumerate(kinds) if kind == "round"]
        return len(rounds) >= 2 and "ranked" in kinds[rounds[1] :]

    shot = {"taken": False}

    def photograph() -> None:
        kinds = [m["kind"] for m in _moments(page)]
        if (
            not shot["taken"]
            and kinds.count("movement") >= 2
            and page.locator("#stage:not([hidden])").count()
        ):
            page.screenshot(path=str(screenshots / "moment-horse-fever-race.png"))
            shot["taken"] = True

    _until(second_race_run, 240, "a second race", photograph)
    moments = _moments(page)
    assert all(m["watching"] for m in moments), [m["banner"] for m in moments if not m["watching"]]
    assert all(m["banner"].startswith("Watching what happened") for m in moments)
    racing = [m for m in moments if m["kind"] in ("movement", "sprint", "ranked")]
    assert racing
    for m in racing:
        assert m["line"] and "wait at the start" not in m["line"], m
        assert "race" in m["banner"]
    rounds = [m for m in moments if m["kind"] == "round"]
    assert len(rounds) >= 2
    for m in rounds:
        assert m["start"] is not None
        behind = {horse: x for horse, x in m["horses"].items() if x is None or x > m["start"]}
        assert not behind, f"round step {m['index']}: horses not at the start: {behind}"
        assert "wait at the start" in m["line"]


def test_the_clock_and_the_forms_wait_for_the_end_of_the_sequence(
    new_page: NewPage, live_server: LiveServer, screenshots: Path
) -> None:
    """Issue 27, 2 ("60 s left for you" beside a bot's move): Ann bets in Winner's
    Circle against bots; while the bots' steps are shown the clock never says the time
    is hers now (it says her move comes next), and no move form of the older board is
    shown; once the sequence ends, her form and her clock are back."""
    page = _table(
        new_page,
        live_server,
        "winners-circle",
        [("me", "Ann"), ("bot", "odds"), ("bot", "odds")],
        playback_ms=300,
    )
    wait_for_board(page)
    rng = random.Random(27)

    def enough() -> bool:
        return sum(1 for m in _moments(page) if m["timer"]) >= 3

    def act() -> None:
        if not page.locator("#stage:not([hidden])").count():
            act_once(page, rng)
        elif not page.locator("#moment-shot").count() and _moments(page):
            page.screenshot(path=str(screenshots / "moment-winners-circle.png"))
            page.evaluate(
                "document.body.append(Object.assign(document.createElement('i'),"
                " {id: 'moment-shot'}))"
            )

    _until(enough, 180, "three steps with Ann's clock running", act)
    moments = _moments(page)
    for m in moments:
        assert m["timer"] is None or "left for you" not in m["timer"], m
        assert not m["forms"], m
        assert m["watching"], m
        # The banner and the clock agree on whose move comes next.
        assert (m["timer"] is not None) == ("your move comes next" in m["banner"]), m
    assert any(m["timer"] and m["timer"].startswith("Your move next:") for m in moments)
    # After the sequence: her own turn, her form and "left for you" again.
    page.wait_for_selector("#stage", state="hidden", timeout=30_000)
    page.wait_for_selector(
        "#game > [data-part=actions] button[data-action]:not([disabled])", timeout=30_000
    )
    page.wait_for_selector("#timer:has-text('left for you')", timeout=30_000)


def test_the_wits_and_wagers_answer_shows_over_no_stale_form(
    new_page: NewPage, live_server: LiveServer, screenshots: Path
) -> None:
    """Issue 27, 2 (the answer revealed over a stale "Write your guess" form): Ann, on a
    phone, guesses and bets against bots; while the answer is revealed no guess or bet
    form is shown, and the banner says the answer is being watched; then the next
    question's form comes back."""
    page = _table(
        new_page,
        live_server,
        "wits-and-wagers",
        [("me", "Ann"), ("bot", "bettor"), ("bot", "expert"), ("bot", "bettor")],
        playback_ms=400,
        **PHONE,
    )
    wait_for_board(page)
    page.fill("#guess", "1000")
    page.click("[data-action=guess]")
    page.wait_for_selector("[data-action=place-bets]", timeout=60_000)
    page.click("[data-action=place-bets]")
    page.wait_for_selector("[data-action=lock]:not([disabled])", timeout=30_000)
    page.click("[data-action=lock]")
    page.wait_for_selector("#stage:not([hidden]) .stage-card[data-kind=answer]", timeout=60_000)
    page.screenshot(path=str(screenshots / "moment-wits-and-wagers-answer-phone.png"))
    answers = [m for m in _moments(page) if m["kind"] == "answer"]
    assert answers
    for m in answers:
        assert not m["forms"], m
        assert m["watching"] and "Write your guess" not in m["banner"], m
    page.wait_for_selector("#guess", state="visible", timeout=60_000)


SENT = """
window.__sent = [];
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) {
  try {
    const message = JSON.parse(data);
    const playing = Boolean(document.querySelector('#game.playing'));
    window.__sent.push({type: message.type, playing});
  } catch (err) {}
  return send.call(this, data);
};
"""


def test_the_tote_board_follows_the_board_shown(
    new_page: NewPage, live_server: LiveServer, screenshots: Path
) -> None:
    """Issue 27, 2 (everything on the page describes the moment the board shows): with
    the tote board open, Ann's page never asks for the odds of a later position while a
    sequence still shows how it came about; it asks once the sequence has ended."""
    page = new_page(playback_ms=300, **DESKTOP)
    page.add_init_script(RECORDER)
    page.add_init_script(SENT)
    page.goto(live_server.url + "/")
    page.click("button.choice[data-game='winners-circle']")
    page.select_option("#seat-count", "3")
    page.click("details.advanced summary")
    page.check("#tote-board")
    page.select_option(".seat-row[data-seat='0'] select.seat-kind", "me")
    page.fill(".seat-row[data-seat='0'] input.seat-name", "Ann")
    for seat in (1, 2):
        page.select_option(f".seat-row[data-seat='{seat}'] select.seat-kind", "bot:odds")
    page.click("#create-button")
    page.wait_for_selector("#created:not([hidden])")
    start_as_host(page)
    wait_for_board(page)
    page.click("#tote-board summary")
    rng = random.Random(3)

    def asked_after_a_sequence() -> bool:
        sent = page.evaluate("window.__sent")
        return len(_moments(page)) >= 4 and sum(1 for s in sent if s["type"] == "odds") >= 3

    def act() -> None:
        if not page.locator("#stage:not([hidden])").count():
            act_once(page, rng)

    _until(asked_after_a_sequence, 180, "three boards asked for, around sequences", act)
    sent = page.evaluate("window.__sent")
    odds = [s for s in sent if s["type"] == "odds"]
    assert odds and not any(s["playing"] for s in odds), odds
    page.wait_for_selector("#tote-board .tote-chances tbody tr", timeout=30_000)
