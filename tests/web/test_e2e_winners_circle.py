"""Winner's Circle through the pages: two people and a bot play whole games by clicking.

Ann creates the table in the lobby on a desktop browser, Bob opens the seat link
she sends him on a phone-sized one, an odds bot takes the third seat, and a
spectator watches. Every person has a browser context of their own (their own
localStorage), as on separate devices.
"""

from __future__ import annotations

import random
import re
import time
from pathlib import Path
from typing import Any

from .web_helpers import (
    ACTION,
    DESKTOP,
    PHONE,
    Frames,
    LiveServer,
    NewPage,
    act_once,
    create_table,
    over,
    play_until_over,
    start_as_host,
    token_of,
    wait_for_board,
)

CHIP_ELEMENT = re.compile(r'data-seat="(\d+)" data-chip="([^"]*)"')


def _setup(
    new_page: NewPage, server: LiveServer, variants: tuple[str, ...] = ()
) -> tuple[Any, Any, str, str]:
    """Ann (seat 0, host) and Bob (seat 1) seated, a bot in seat 2, the game started."""
    ann = new_page(**DESKTOP)
    bob = new_page(**PHONE)
    table = create_table(
        ann,
        server.url,
        "winners-circle",
        [("me", "Ann"), ("friend", "Bob"), ("bot", "odds")],
        variants,
    )
    bob_link = table.seat_links[1]
    bob.goto(bob_link)
    bob.wait_for_selector("#waiting:not([hidden])")
    start_as_host(ann)
    wait_for_board(ann)
    wait_for_board(bob)
    return ann, bob, table.table_id, token_of(bob_link)


def _my_hand(page: Any, seat: int) -> list[str]:
    return [
        c.inner_text() for c in page.locator(f".players tr[data-seat='{seat}'] td.hand .chip").all()
    ]


def test_two_people_and_a_bot_play_a_whole_game(
    new_page: NewPage, live_server: LiveServer, screenshots: Path
) -> None:
    ann, bob, table_id, bob_token = _setup(new_page, live_server)
    watcher = new_page(**DESKTOP)
    watcher.goto(f"{live_server.url}/t/{table_id}")
    wait_for_board(watcher)
    consoles: list[str] = []
    for page in (ann, bob, watcher):
        page.on("console", lambda message: consoles.append(message.text))

    # Who is who: each page names its own seat; the seat token left Bob's address bar.
    assert "Ann" in ann.inner_text("#who") and "seat 1" in ann.inner_text("#who")
    assert "Bob" in bob.inner_text("#who") and "seat 2" in bob.inner_text("#who")
    assert "watching" in watcher.inner_text("#who")
    assert "token" not in bob.url and bob.url.endswith("#seat=1")
    assert bob_token not in ann.content() and bob_token not in watcher.content()

    # Race 1 starts with everyone's own chips in hand: 1, 1, 2 (open bets: public).
    for page in (ann, bob, watcher):
        assert sorted(_my_hand(page, 0) + _my_hand(page, 1)) == ["1", "1", "1", "1", "2", "2"]
    assert not watcher.locator(".actions").count()

    rng = random.Random(7)
    seen: dict[str, Any] = {"bob_on_ann": False, "clicks": 0, "reloaded": False}

    def each_step() -> None:
        # Bob's open bets show on Ann's board as his chips on the horses he chose.
        if ann.locator(".betting-area .chip[data-seat='1']").count():
            seen["bob_on_ann"] = True
        seen["clicks"] += 1
        if seen["clicks"] == 20:
            # A reload resumes Bob's seat: the token stays in his browser.
            bob.reload()
            wait_for_board(bob)
            assert "Bob" in bob.inner_text("#who")
            seen["reloaded"] = True

    clicks = play_until_over([ann, bob], rng, each_step=each_step)
    assert seen["reloaded"] and seen["bob_on_ann"]
    assert clicks >= 3 * 2 * 3  # three races, at least each human's three bets a race

    # The result: the same on every screen, and the one the server states.
    watcher.wait_for_selector("#result:not([hidden])")
    with live_server.api() as api:
        public = api.get(f"/api/tables/{table_id}/view").json()
        names = [s["name"] for s in api.get(f"/api/tables/{table_id}").json()["seats"]]
    assert public["status"] == "finished"
    result = public["view"]["result"]
    assert names[:2] == ["Ann", "Bob"]
    for page, me in ((ann, 0), (bob, 1), (watcher, None)):
        rows = page.locator("#result .ranking li").all()
        assert len(rows) == 3
        shown = {int(r.get_attribute("data-seat")): r.inner_text() for r in rows}
        for seat, score in enumerate(result["scores"]):
            assert f"{score:,}" in shown[seat]
        heading = page.inner_text("#result h2")
        if me is not None and me in result["winners"]:
            assert "You win" in heading
        else:
            assert any(w in heading for w in ("Ann", "Bob", "Odds bot"))
        assert page.locator("#game .race").count() == 3  # race history
        assert not page.locator(ACTION).count()
    ann.screenshot(path=str(screenshots / "wc-desktop-over.png"), full_page=True)
    bob.screenshot(path=str(screenshots / "wc-phone-over.png"), full_page=True)
    assert not [text for text in consoles if '"legal_moves"' in text or '"state"' in text]


def _leaks_in_view(view: dict[str, Any], me: int | None) -> list[str]:
    """What a view shows of another seat's face-down chips (it must show nothing)."""
    leaks = []
    state = view["state"]
    for bet in state["bets"]:
        if bet["seat"] != me and bet["chip"] is not None:
            leaks.append(f"bet of seat {bet['seat']} on {bet['horse']}: {bet['chip']}")
    for seat, hand in enumerate(state["chips"]):
        if seat != me and not isinstance(hand, int):
            leaks.append(f"chips in hand of seat {seat}: {hand}")
    for event in view.get("log") or []:
        if event["kind"] == "bet" and event["seat"] != me and event.get("chip") is not None:
            leaks.append(f"log: seat {event['seat']} bet {event['chip']} on {event['horse']}")
    return leaks


def _leaks_on_page(page: Any, me: int | None) -> list[str]:
    """Chips of other seats drawn with a value, anywhere on the page."""
    return [
        f"seat {seat}: chip {chip}"
        for seat, chip in CHIP_ELEMENT.findall(page.content())
        if int(seat) != me and chip != "?"
    ]


def test_hidden_bets_never_reach_another_seat(
    new_page: NewPage, live_server: LiveServer, screenshots: Path
) -> None:
    """WC 6.1 Hidden Bets: no page and no WebSocket frame of one seat ever holds the value
    of another seat's face-down chip (they are turned over only in the payout)."""
    ann = new_page(**DESKTOP)
    bob = new_page(**PHONE)
    watcher = new_page(**DESKTOP)
    frames = {name: Frames().attach(page) for name, page in (("ann", ann), ("bob", bob))}
    frames["watcher"] = Frames().attach(watcher)
    table = create_table(
        ann,
        live_server.url,
        "winners-circle",
        [("me", "Ann"), ("friend", "Bob"), ("bot", "odds")],
        ["hidden-bets"],
    )
    bob.goto(table.seat_links[1])
    bob.wait_for_selector("#waiting:not([hidden])")
    watcher.goto(table.table_link)
    start_as_host(ann)
    for page in (ann, bob, watcher):
        wait_for_board(page)

    seats = {"ann": (ann, 0), "bob": (bob, 1), "watcher": (watcher, None)}
    # Own chips: 0, 1, 1, 2 in one's own hand; the others' are counted, not shown.
    assert _my_hand(ann, 0) == ["0", "1", "1", "2"]
    assert _my_hand(bob, 1) == ["0", "1", "1", "2"]
    assert ann.inner_text(".players tr[data-seat='1'] td.hand") == "4 hidden"

    rng = random.Random(11)
    checks = 0
    faced_down_seen = False

    def check() -> None:
        nonlocal checks, faced_down_seen
        for _, (page, me) in seats.items():
            assert _leaks_on_page(page, me) == []
        checks += 1
        if ann.locator(".betting-area .chip.hidden-chip[data-seat='1']").count():
            faced_down_seen = True
            if not (screenshots / "wc-hidden-bets-ann.png").exists():
                ann.screenshot(path=str(screenshots / "wc-hidden-bets-ann.png"), full_page=True)

    play_until_over([ann, bob], rng, each_step=check)
    watcher.wait_for_selector("#result:not([hidden])")
    assert checks > 20 and faced_down_seen

    for name, (_, me) in seats.items():
        views = frames[name].views()
        assert len(views) > 20, name
        for view in views:
            assert view["seat"] == me
            assert _leaks_in_view(view, me) == [], name
        # The frames hold no token at all, and the views only what the rules show.
        text = "\n".join(frames[name].texts)
        assert token_of(table.seat_links[1]) not in text
    # ...yet each seat did see its own chips' values, and everyone saw the payouts.
    own = [b for v in frames["bob"].views() for b in v["state"]["bets"] if b["seat"] == 1]
    assert own and all(b["chip"] is not None for b in own)
    final = frames["watcher"].views()[-1]
    assert len(final["state"]["history"]) == 3
    assert all(b["chip"] is not None for r in final["state"]["history"] for b in r["bets"])


def test_phone_screens_of_a_race(
    new_page: NewPage, live_server: LiveServer, screenshots: Path
) -> None:
    """On a 360 px wide screen the board fits without sideways scrolling."""
    ann, bob, _, _ = _setup(new_page, live_server)
    rng = random.Random(3)
    shots = {"bets": False, "move": False}
    started = time.monotonic()
    while not all(shots.values()):
        missing = [phase for phase, taken in shots.items() if not taken]
        assert time.monotonic() - started < 120, f"no {missing} screen on the phone in 120 s"
        assert not over(bob), f"the game ended before the phone showed {missing}"
        for page in (ann, bob):
            if page is bob:
                # Bob's screen is looked at right before he acts, so no phase of his
                # can pass unseen.
                phase = bob.evaluate("document.querySelector('.actions')?.dataset.phase ?? null")
                if phase in shots and not shots[phase]:
                    bob.wait_for_timeout(800)  # let the horses finish moving
                    bob.screenshot(path=str(screenshots / f"wc-phone-{phase}.png"))
                    shots[phase] = True
            act_once(page, rng)
        bob.wait_for_timeout(30)
    width = bob.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the page is {width} px wide on a 360 px screen"
    board = bob.locator("[data-part=board]").bounding_box()
    assert board is not None and board["width"] <= 360
    bob.screenshot(path=str(screenshots / "wc-phone-full.png"), full_page=True)
    ann.screenshot(path=str(screenshots / "wc-desktop-race.png"))
