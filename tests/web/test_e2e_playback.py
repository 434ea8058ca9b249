"""Issue 15, "Watch what happens", through the pages: every game shows what just
happened as a sequence, each step in turn, the log entry being shown highlighted;
Skip (or Escape) draws the latest board at once; a player asking for reduced motion
gets the final board at once; a Wits & Wagers answer is revealed on its own before
the next question is drawn.

The games are played by bots in every seat, fast; the host's page watches (it holds
no seat), as a spectator watches a race. A script installed in the page before it
loads records every step the stage shows and the board at that moment.
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest

from .web_helpers import (
    ACTION,
    DESKTOP,
    PHONE,
    Frames,
    LiveServer,
    NewPage,
    act_once,
    create_table,
    start_as_host,
)

STEPS = {
    # The list: horse card, die roll, movement card, sprint die, race round,
    # action card; Carcassonne's round: tile drawn and placed, meeple, scoring.
    "winners-circle": {"horse_card", "bet", "die", "horse_moved", "payout"},
    "wetten": {
        "race",
        "race_cards_revealed",
        "action_announced",
        "action_resolved",
        "action_cancelled",
        "no_chance",
        "horses_moved",
        "payout",
        "game_over",
    },
    "horse-fever": {
        "round",
        "reveal",
        "action_card",
        "movement",
        "sprint",
        "ranked",
        "payoffs",
        "new_odds",
    },
    "wits-and-wagers": {"guesses", "bets", "answer", "question"},
    "carcassonne": {
        "tile_drawn",
        "tile_discarded",
        "tile_placed",
        "meeple_placed",
        "abbot_placed",
        "abbot_returned",
        "feature_scored",
        "chip_placed",
        "bets_settled",
        "final_scoring",
        "game_over",
    },
}
BOTS = {
    "winners-circle": ["odds", "odds", "odds"],
    "wetten": ["tipster", "tipster", "tipster"],
    "horse-fever": ["odds", "odds", "odds"],
    "wits-and-wagers": ["bettor", "expert", "bettor", "expert"],
    "carcassonne": ["greedy", "greedy"],
}

RECORDER = """
window.__steps = [];
const watch = () => {
  new MutationObserver(() => {
    const card = document.querySelector('#stage:not([hidden]) .stage-card');
    const key = card ? card.dataset.logIndex : null;
    if (key !== null && key !== window.__lastKey) {
      const current = document.querySelector('#log li.current');
      const question = document.querySelector('#game .question-card .q-text');
      window.__steps.push({
        index: Number(key),
        kind: card.dataset.kind,
        text: card.querySelector('.stage-text').textContent,
        highlighted: current ? Number(current.dataset.logIndex) : null,
        question: question ? question.textContent : null,
        horses: Object.fromEntries([...document.querySelectorAll('#game svg g.horse')]
          .map((g) => [g.dataset.horse, g.style.transform])),
      });
    }
    window.__lastKey = key;
  }).observe(document.body, {childList: true, subtree: true, attributes: true});
};
if (document.body) watch(); else document.addEventListener('DOMContentLoaded', watch);
"""
FINISH_LINE = {
    "wetten": "svg.wt-track rect.line",
    "horse-fever": "svg.hf-track rect.finish",
}
ORDINALS = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 5: "5th", 6: "6th"}
HELD_BUTTONS = (
    "document.querySelector('#game.playing') ? document.querySelectorAll(\"%s\").length : 0"
)


def _watch_bots(
    new_page: NewPage, server: LiveServer, game: str, **options: Any
) -> tuple[Any, str]:
    """A table of bots only, created and started from the lobby; the host's page
    (no seat: a spectator) watches it from before the first move."""
    page = new_page(**(options or DESKTOP))
    page.add_init_script(RECORDER)
    table = create_table(page, server.url, game, [("bot", name) for name in BOTS[game]])
    page.click("#go-to-table")
    page.click("#start-game")
    page.wait_for_selector("#waiting", state="hidden")
    return page, table.table_id


def _places(game: str, state: dict[str, Any]) -> dict[str, int]:
    """Each finished horse's place (1 = first) as the view tells it, by the token's
    ``data-horse``."""
    if game == "wetten":
        return {str(h["number"]): h["place"] for h in state["horses"] if h["place"]}
    return {s["stable"]: s["place"] for s in state["stables"] if s["place"]}


def _stand_past_the_line(page: Any, game: str, places: dict[str, int]) -> None:
    """Issue 15: every finished horse's token stands past the finish line (to its
    right on screen, the way the horses run there), in finishing order: the better
    the place, the further ahead (a shared place: lower number ahead), each labelled
    with its place."""
    # The tokens' moves end first (the page's script policy allows no polled predicate).
    page.evaluate(
        "() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)))"
    )
    line = page.locator(FINISH_LINE[game]).bounding_box()
    assert line
    ahead = []
    for horse, place in sorted(places.items(), key=lambda hp: (hp[1], len(hp[0]), hp[0])):
        token = page.locator(f"#game svg g.horse[data-horse='{horse}']")
        box = token.bounding_box()
        assert box and box["x"] > line["x"] + line["width"], (
            f"{horse} ({place}) is not past the line"
        )
        label = token.locator("text.place-label, text.place").text_content()
        assert label == ORDINALS[place], f"{horse} is labelled {label!r}, not {ORDINALS[place]}"
        ahead.append(box["x"] + box["width"] / 2)
    assert ahead == sorted(ahead, reverse=True) and len(set(ahead)) == len(ahead), places


def _public_log(server: LiveServer, table_id: str) -> tuple[str, list[dict[str, Any]]]:
    with server.api() as api:
        shown = api.get(f"/api/tables/{table_id}/view").json()
    return shown["status"], shown["view"]["log"]


def _wait_over(server: LiveServer, table_id: str, limit: float = 240) -> list[dict[str, Any]]:
    """The whole public log once the bots have finished the game."""
    started = time.monotonic()
    while True:
        status, log = _public_log(server, table_id)
        if status == "finished":
            return log
        assert time.monotonic() - started < limit, f"the bots did not finish within {limit} s"
        time.sleep(0.2)


@pytest.mark.parametrize("game", sorted(STEPS))
def test_a_race_is_watched_as_a_sequence_of_steps_in_order(
    game: str, new_page: NewPage, live_server: LiveServer, screenshots: Path
) -> None:
    """Issue 15: each step (horse card, die roll, movement card, sprint die, race round,
    action card; tile, meeple, scoring; answer) is shown in turn, in the log's order,
    none left out, its log entry highlighted while shown; then the final board. In
    Wetten! and Horse Fever ("Horses that have finished stand past the line in
    finishing order") the finished horses stand past the line, 1st furthest ahead, on
    a desktop and a phone, where the last step shown left them."""
    page, table_id = _watch_bots(new_page, live_server, game, playback_ms=40, **DESKTOP)
    shots = [3, 60]
    log = None
    while log is None:
        status, _ = _public_log(live_server, table_id)
        steps = page.evaluate("window.__steps.length")
        if shots and steps >= shots[0] and page.locator("#stage:not([hidden])").count():
            page.screenshot(path=str(screenshots / f"playback-{game}-desktop-{shots.pop(0)}.png"))
        if status == "finished":
            log = _wait_over(live_server, table_id)
        else:
            time.sleep(0.1)
    page.wait_for_selector("#result:not([hidden])", timeout=120_000)
    shown = page.evaluate("window.__steps")
    assert shown, "no step was shown"
    indices = [step["index"] for step in shown]
    expected = [i for i, event in enumerate(log) if event["kind"] in STEPS[game]]
    assert indices == [i for i in expected if i >= indices[0]]
    assert len(indices) >= 5
    for step in shown:
        assert step["kind"] == log[step["index"]]["kind"]
        assert step["text"].strip()
        # The log entry on the stage is the one highlighted.
        assert step["highlighted"] == step["index"]
    assert not page.locator("#log li.current").count()
    assert not page.locator("#game.playing").count()
    if game in FINISH_LINE:
        with live_server.api() as api:
            state = api.get(f"/api/tables/{table_id}/view").json()["view"]["state"]
        places = _places(game, state)
        assert places, "no horse finished"
        _stand_past_the_line(page, game, places)
        page.screenshot(path=str(screenshots / f"finish-{game}-desktop.png"))
        # The sequence ends where the final board draws the horses: the last step
        # shown had each finished horse where it stands now.
        now = page.evaluate(
            "Object.fromEntries([...document.querySelectorAll('#game svg g.horse')]"
            ".map((g) => [g.dataset.horse, g.style.transform]))"
        )
        assert {h: shown[-1]["horses"][h] for h in places} == {h: now[h] for h in places}
        page.set_viewport_size(PHONE["viewport"])
        _stand_past_the_line(page, game, places)
        page.locator("#game svg").first.screenshot(
            path=str(screenshots / f"finish-{game}-phone.png")
        )


def test_skip_draws_the_final_board_at_once(
    new_page: NewPage, live_server: LiveServer, screenshots: Path
) -> None:
    """Issue 15: the sequence can be skipped: Skip ends it and draws the latest view
    (here the finished race: the result) at once, long before the steps would end."""
    page, table_id = _watch_bots(new_page, live_server, "winners-circle", playback_ms=2500, **PHONE)
    page.wait_for_selector("#stage:not([hidden]) .stage-card")
    page.wait_for_selector("#game.playing")
    page.screenshot(path=str(screenshots / "playback-winners-circle-phone.png"))
    log = _wait_over(live_server, table_id)
    assert not page.locator("#result:not([hidden])").count()  # still playing
    page.click("#skip", timeout=3000)
    page.wait_for_selector("#result:not([hidden])", timeout=2000)
    assert page.locator("#stage").is_hidden()
    assert not page.locator("#game.playing, #log li.current").count()
    newest = page.locator("#log li[data-log-index]").first
    assert newest.get_attribute("data-log-index") == str(len(log) - 1)
    assert page.locator(".track g.horse").count()


def test_escape_skips_too(new_page: NewPage, live_server: LiveServer) -> None:
    """Issue 15: Escape skips as the button does; Escape while nothing plays changes
    nothing ("keyboard input in the wrong state: nothing at all")."""
    page, table_id = _watch_bots(new_page, live_server, "wetten", playback_ms=2500, **DESKTOP)
    page.wait_for_selector("#stage:not([hidden]) .stage-card")
    _wait_over(live_server, table_id)
    page.keyboard.press("Escape")
    page.wait_for_selector("#result:not([hidden])", timeout=2000)
    assert page.locator("#stage").is_hidden()
    before = page.inner_html("#game")
    page.keyboard.press("Escape")
    assert page.inner_html("#game") == before
    assert page.locator("#result:not([hidden])").count()


def test_reduced_motion_draws_the_final_board_at_once(
    new_page: NewPage, live_server: LiveServer
) -> None:
    """Issue 15: instant for a player who has asked for reduced motion: no stage, no
    held board, even with a long step set."""
    page, table_id = _watch_bots(
        new_page, live_server, "horse-fever", playback_ms=2500, reduced_motion="reduce", **DESKTOP
    )
    log = _wait_over(live_server, table_id)
    page.wait_for_selector("#result:not([hidden])", timeout=5000)
    page.wait_for_selector(f"#log li[data-log-index='{len(log) - 1}']", timeout=5000)
    assert page.evaluate("window.__steps.length") == 0
    assert not page.locator("#stage:not([hidden]), #game.playing").count()


def test_the_animations_toggle_turns_the_sequence_off(
    new_page: NewPage, live_server: LiveServer
) -> None:
    """Issue 15: a visible toggle lets a player choose; off, the board is drawn at once
    (and the choice is kept in the browser)."""
    page, table_id = _watch_bots(new_page, live_server, "carcassonne", playback_ms=2500, **DESKTOP)
    toggle = page.locator("#animations")
    assert toggle.inner_text() == "Animations on"
    page.wait_for_selector("#stage:not([hidden]) .stage-card")
    toggle.click()
    assert toggle.inner_text() == "Animations off"
    assert toggle.get_attribute("aria-pressed") == "false"
    page.wait_for_selector("#stage", state="hidden", timeout=2000)
    count = page.evaluate("window.__steps.length")
    log = _wait_over(live_server, table_id)
    page.wait_for_selector("#result:not([hidden])", timeout=5000)
    page.wait_for_selector(f"#log li[data-log-index='{len(log) - 1}']", timeout=5000)
    assert page.evaluate("window.__steps.length") == count
    assert page.evaluate("localStorage.getItem('tote.animations')") == "off"


def test_an_answer_is_revealed_before_the_next_question(
    new_page: NewPage, live_server: LiveServer, screenshots: Path
) -> None:
    """Issue 15: a Wits & Wagers answer gets its own reveal moment: the answer, the
    winning guess and who is paid are shown while the board still shows its question;
    the next question is drawn after it."""
    page, table_id = _watch_bots(new_page, live_server, "wits-and-wagers", playback_ms=60, **PHONE)
    page.wait_for_selector("#stage:not([hidden]) .stage-card[data-kind=answer]", timeout=60_000)
    page.screenshot(path=str(screenshots / "playback-wits-and-wagers-phone.png"))
    log = _wait_over(live_server, table_id)
    page.wait_for_selector("#result:not([hidden])", timeout=60_000)
    shown = page.evaluate("window.__steps")
    answers = [step for step in shown if step["kind"] == "answer"]
    assert answers
    for step in answers:
        event = log[step["index"]]
        assert step["question"] == event["text"]  # the board still shows its question
        assert "Winning guess" in step["text"] and "pays" in step["text"]
        later = [s for s in shown if s["index"] > step["index"]]
        if event["number"] < 7 and later:
            assert later[0]["kind"] == "question"  # then the next question is drawn


def test_a_player_moves_right_after_each_sequence(
    new_page: NewPage, live_server: LiveServer
) -> None:
    """Issue 15: "a player whose turn it is must never wait long": her move buttons are
    held while a sequence plays and come back with the final board, and every move she
    clicks then is taken (no refusal, nothing lost), through a whole race."""
    ann = new_page(playback_ms=150, **DESKTOP)
    frames = Frames().attach(ann)
    create_table(
        ann, live_server.url, "winners-circle", [("me", "Ann"), ("bot", "odds"), ("bot", "odds")]
    )
    start_as_host(ann)
    ann.wait_for_selector("#game [data-part=banner]")
    rng = random.Random(15)
    clicks = held = 0
    started = time.monotonic()
    while not ann.locator("#log li.ev-payout").count():
        assert time.monotonic() - started < 180, "race 1 did not end"
        # Never a move button to click while a sequence plays.
        assert ann.evaluate(HELD_BUTTONS % ACTION) == 0
        if ann.locator("#game.playing").count():
            held += 1
        if act_once(ann, rng):
            clicks += 1
        else:
            time.sleep(0.05)
    assert clicks >= 3 and held
    assert not [m for m in frames.messages() if m.get("type") == "error"]
    assert not ann.locator(".toast.error").count()
