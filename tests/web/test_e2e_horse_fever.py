"""Horse Fever through the pages: Ann plays whole games against bots by clicking.

The Board Game on a desktop screen (purchases, bets typed as amounts, Action cards
played face down, auctions) and the proposed Party Game on a phone (secret
simultaneous bets, one face-down Action card each). No WebSocket frame Ann's browser
receives shows another seat's hand, drawn cards, face-down cards or secret bet.
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from .web_helpers import (
    DESKTOP,
    Frames,
    LiveServer,
    NewPage,
    create_table,
    over,
    panel_phase,
    start_as_host,
)

LIMIT = 480.0
PHONE_390: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
SECRET_PHASES = {
    "purchase",
    "draw",
    "keep",
    "offer",
    "lineup",
    "first_bet",
    "race_fixing",
    "second_bet",
    "secret_bet",
    "copy_assistant",
}
"""Phases before the race shows the Action cards (HF 3.1): face-down cards stay secret."""


def _click(page: Any, selector: str, rng: random.Random) -> None:
    buttons = page.locator(selector)
    buttons.nth(rng.randrange(buttons.count())).click(timeout=3000)


def _act(page: Any, rng: random.Random, before: Any = None) -> str | None:
    """One move through the page, if it is this seat's turn; returns the phase played.
    ``before(phase)`` looks at the page first."""
    if page.locator("#game.busy").count():
        return None
    phase = panel_phase(page)
    if phase is None:
        return None
    if before is not None:
        before(phase)
    try:
        if phase in ("first_bet", "second_bet", "secret_bet"):
            if phase == "second_bet" and rng.random() < 0.5:
                page.click(".actions button[data-action=skip_bet]", timeout=3000)
                return phase
            _click(page, ".actions .bet-horse:not([disabled])", rng)
            _click(page, ".actions .kind-choice:not([disabled])", rng)
            amount = page.locator(".actions .bet-amount")
            low = int(amount.get_attribute("min") or 100)
            high = int(amount.get_attribute("max") or low)
            amount.fill(str(min(high, low + 100 * rng.randrange(3))))
            page.click(".actions button[type=submit]", timeout=3000)
        elif phase == "race_fixing":
            _click(page, ".actions button.hf-card", rng)
            _click(page, ".actions button[data-action=play_action_card]", rng)
        elif phase == "purchase":
            # Action cards, to fix races, more often than not; no offers to the bots
            # (they always refuse): otherwise a Bank purchase or a pass.
            cards = ".actions button[data-action=buy_action_cards]"
            if page.locator(cards).count() and rng.random() < 0.6:
                page.click(cards, timeout=3000)
            else:
                _click(page, ".actions button[data-action]:not([data-action=buy_from_player])", rng)
        else:
            _click(page, ".actions button[data-action]:not([disabled])", rng)
    except Exception:  # the view changed under the click: try again next round
        return None
    return phase


def _play(page: Any, rng: random.Random, before: Any = None) -> list[str]:
    played: list[str] = []
    started = time.monotonic()
    while not over(page):
        assert time.monotonic() - started < LIMIT, f"stuck after {played[-20:]}"
        phase = _act(page, rng, before)
        if phase is None:
            time.sleep(0.05)
            continue
        played.append(phase)
        time.sleep(0.05)
    return played


def _leaks(view: dict[str, Any], me: int) -> list[str]:
    """Another seat's secrets in a view Ann received (there must be none)."""
    found = []
    state = view["state"]
    assert view["seat"] == me
    if view["turn"]["simultaneous"] and state["phase"] == "secret_bet":
        # PG 2.1: a committed bet is a commitment, not a bet, until all are in.
        found += [f"bet of seat {b['seat']} before the reveal" for b in state["bets"]]
    commitment = view.get("my_commitment")
    if commitment is not None and me not in view["committed"]:
        found.append(f"a commitment that is not Ann's: {commitment}")
    if state["phase"] in SECRET_PHASES:
        for card in state["action_cards"]:
            if card["seat"] != me and card["card"] is not None:
                found.append(f"face-down card of seat {card['seat']}: {card['card']}")
    for event in view["log"] or []:
        seat = event.get("seat")
        if event["kind"] in ("draw", "action_card") and seat != me and "card" in event:
            found.append(f"log: seat {seat}'s {event['kind']} {event['card']}")
        if event["kind"] == "committed" and seat != me and "move" in event:
            found.append(f"log: seat {seat}'s secret move {event['move']}")
        target = event["kind"] == "keep" and event.get("deck") == "target"
        if target and seat != me and "card" in event:
            found.append(f"log: seat {seat}'s Target {event['card']}")
    shown = set(state["cards"])
    mine = set(state["hand"]) | set(state["my_targets"]) | set(state["drawn"])
    public = {c["card"] for c in state["action_cards"] if c["card"] is not None}
    public |= {s["horse"] for s in state["stables"] if s["horse"]}
    for p in state["players"]:
        public |= set(p["assistants"]) | set(p["horses"]) | {p["copied"]} - {None}
    for cards in (state.get("fulfilled_targets") or {}).values():
        public |= set(cards)
    found += [f"card text of {c}" for c in shown - mine - public]
    return found


def test_ann_plays_a_board_game_against_two_odds_bots(
    new_page: NewPage, live_server: LiveServer, screenshots: Path
) -> None:
    """HF 1-5 through the page: purchases, typed bets, race-fixing and auctions, to the
    result; no frame shows a bot's cards."""
    ann = new_page(**DESKTOP)
    frames = Frames().attach(ann)
    table = create_table(
        ann,
        live_server.url,
        "horse-fever",
        [("me", "Ann"), ("bot", "odds"), ("bot", "odds")],
        options={"rounds": 2, "any_rounds": True},
    )
    start_as_host(ann)
    ann.wait_for_selector("svg.hf-track g.horse")
    watcher = new_page(**DESKTOP)
    watcher.goto(table.table_link)
    watcher.wait_for_selector("svg.hf-track g.horse")
    rng = random.Random(5)
    shots: set[str] = set()

    def shoot(phase: str) -> None:
        if phase not in shots and phase in ("purchase", "first_bet", "race_fixing"):
            shots.add(phase)
            ann.wait_for_timeout(700)  # the horses' moves end
            ann.screenshot(path=str(screenshots / f"hf-desktop-{phase}.png"), full_page=True)
            # The same screen on a phone: nothing wider than 390 px.
            ann.set_viewport_size(PHONE_390["viewport"])
            ann.wait_for_timeout(200)
            ann.screenshot(path=str(screenshots / f"hf-phone-board-{phase}.png"), full_page=True)
            width = ann.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, f"the page is {width} px wide on a 390 px screen"
            ann.set_viewport_size(DESKTOP["viewport"])

    played = _play(ann, rng, shoot)
    assert {"purchase", "first_bet", "race_fixing", "english_auction"} <= set(played)
    assert ann.locator("svg.hf-track g.horse").count() == 6
    assert ann.locator("svg.hf-blackboard g.odds-row").count() == 6
    ann.wait_for_timeout(1000)
    ann.screenshot(path=str(screenshots / "hf-desktop-over.png"), full_page=True)

    with live_server.api() as api:
        public = api.get(f"/api/tables/{table.table_id}/view").json()
    result = public["view"]["result"]
    rows = ann.locator("#result .ranking li").all()
    assert len(rows) == 3
    shown = {int(r.get_attribute("data-seat")): r.inner_text() for r in rows}
    for seat, score in enumerate(result["scores"]):
        assert f"{score} VP" in shown[seat]
    assert ann.locator("#game .race").count() == 2
    # A spectator's page follows the game to the same result, with no moves to make.
    watcher.wait_for_selector("#result:not([hidden])")
    assert watcher.locator("#result .ranking li").count() == 3
    assert not watcher.locator(".actions").count() and not watcher.locator(".hf-me").count()

    views = frames.views()
    assert len(views) > 20
    for view in views:
        assert _leaks(view, 0) == []


def test_ann_plays_the_party_game_on_a_phone(
    new_page: NewPage, live_server: LiveServer, screenshots: Path
) -> None:
    """PG 0.3 / 2.1 on a 390 px screen: Ann's secret bets and face-down cards against five
    bots; the page fits the screen; her browser never gets a bot's secret bet or card."""
    ann = new_page(**PHONE_390)
    frames = Frames().attach(ann)
    bots = [("bot", "odds"), ("bot", "random")] * 2 + [("bot", "odds")]
    table = create_table(
        ann,
        live_server.url,
        "horse-fever",
        [("me", "Ann"), *bots],
        ["party"],
        options={"rounds": 3, "party_actions": True},
    )
    start_as_host(ann)
    ann.wait_for_selector("svg.hf-track g.horse")
    rng = random.Random(8)
    shots: set[str] = set()

    def shoot(phase: str) -> None:
        if phase not in shots:
            shots.add(phase)
            ann.wait_for_timeout(700)
            ann.screenshot(path=str(screenshots / f"hf-phone-{phase}.png"), full_page=True)
            board = ann.locator("[data-part=board]")
            board.screenshot(path=str(screenshots / f"hf-phone-{phase}-board.png"))
            width = ann.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, f"the page is {width} px wide on a 390 px screen"

    ann.screenshot(path=str(screenshots / "hf-phone-start.png"), full_page=True)
    played = _play(ann, rng, shoot)
    assert "secret_bet" in played and "race_fixing" in played
    ann.wait_for_timeout(1000)
    ann.screenshot(path=str(screenshots / "hf-phone-over.png"), full_page=True)
    with live_server.api() as api:
        public = api.get(f"/api/tables/{table.table_id}/view").json()
    result = public["view"]["result"]
    assert ann.locator("#result .ranking li").count() == 6
    assert f"{result['scores'][0]:,} D" in ann.inner_text("#result .ranking li[data-seat='0']")

    views = frames.views()
    assert any(v["turn"]["simultaneous"] and v["committed"] for v in views)
    for view in views:
        assert _leaks(view, 0) == []
