"""Replays in the browser (issue 16), for every game, on Debian's Chromium.

A finished table (stored as a server stores a game its seats played out) is opened at
``/replay/<table id>``: it is stepped forwards and backwards with the buttons and the
keyboard (going back draws the board exactly as before), seen by another seat, its
board's move buttons make no move, and its record is downloaded; the downloaded file
is uploaded again at ``/replay`` and replays the same game. Bad uploads are refused
with a message and change nothing. Screenshots at desktop and phone sizes go to
``TOTE_SCREENSHOTS``.
"""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tote.core.match import Match
from tote.core.record import Record
from tote.core.registry import all_games
from tote.sim.play import random_match
from tote.store import Store

from .axe import assert_accessible
from .web_helpers import DESKTOP, PHONE, LiveServer, NewPage

PLAYERS = {"carcassonne": 2, "wits-and-wagers": 4}
GAMES = [game.id for game in all_games()]


def finished_table(server: LiveServer, game: str, seed: int = 21) -> tuple[str, Match]:
    """A finished table of ``game`` in the live server's store: seat 0 named Alice,
    the others random bots, its moves those of a seeded random match."""
    match = random_match(game, PLAYERS.get(game, 3), seed=seed)
    store: Store = server.server.config.app.state.store
    seats = [
        ("Alice" if seat == 0 else p.name, p.bot if seat else None)
        for seat, p in enumerate(match.players)
    ]
    row, _ = store.create_table(game, match.options.model_dump(mode="json"), seed, seats)
    store.append_moves(row.id, 0, [(actor, move.to_json()) for actor, move in match.moves])
    store.set_status(row.id, "finished")
    return row.id, match


DRAWING = """async () => {
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const value = (a) => (a.name === "class" ? a.value.split(/\\s+/).sort().join(" ") : a.value);
  const attributes = (e) => [...e.attributes].map((a) => `${a.name}=${value(a)}`).sort();
  const text = (e) => [...e.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent);
  return [...document.querySelectorAll("#game *")]
    .map((e) => [e.tagName, ...attributes(e), ...text(e)].join("|"))
    .sort();
}"""
"""The board as drawn: every element's tag, attributes and text, in any order (a game
module may reuse an element and move it, as Winner's Circle does its horses), read once
the page has been laid out twice (a board's text scale, `--px`, is set when its new SVG
is first laid out: js/ui.js, readableText)."""


def at_step(page: Any, step: int, seat: int | None = None) -> list[str]:
    """Wait until the page draws ``step`` (seen by ``seat``); the board's drawing."""
    seat_attr = "" if seat is None else str(seat)
    page.wait_for_selector(f"#game[data-step='{step}'][data-seat='{seat_attr}']")
    drawing: list[str] = page.evaluate(DRAWING)
    return drawing


def steps_of(page: Any) -> int:
    return int(page.get_attribute("#slider", "max"))


def first_actor(server: LiveServer, table_id: str) -> int:
    with server.api() as api:
        view = api.get(f"/api/tables/{table_id}/replay", params={"step": 0}).json()["view"]
    seats: list[int] = view["turn"]["seats"]
    return seats[0]


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_game_replays_both_ways_downloads_and_uploads(
    new_page: NewPage, live_server: LiveServer, screenshots: Path, tmp_path: Path, game: str
) -> None:
    """Issue 16, done means: a replay stepped through both ways (the board and the step
    counter change; back returns to the same drawing), from another seat, the record
    downloaded (it replays) and uploaded again; keyboard input in the wrong state gets
    a message and changes nothing; the board's controls (buttons, Carcassonne's free
    places) make no move."""
    table_id, match = finished_table(live_server, game)
    page = new_page(**DESKTOP)
    page.goto(f"{live_server.url}/replay/{table_id}")
    deal = at_step(page, 0)
    steps = steps_of(page)
    assert steps == sum(1 for actor, _ in match.moves if actor != "chance")
    expect(page.locator("#counter")).to_have_text(f"The deal · {steps} moves")
    expect(page.locator("#back")).to_be_disabled()

    page.click("#forward")
    one = at_step(page, 1)
    assert one != deal
    expect(page.locator("#counter")).to_have_text(f"Move 1 of {steps}")
    expect(page.locator("#played")).not_to_be_empty()
    page.keyboard.press("ArrowRight")
    two = at_step(page, 2)
    expect(page.locator("#counter")).to_have_text(f"Move 2 of {steps}")
    page.keyboard.press("ArrowLeft")
    assert at_step(page, 1) == one
    page.click("#back")
    assert at_step(page, 0) == deal
    page.keyboard.press("ArrowLeft")
    expect(page.locator(".toast", has_text="there is no move before it")).to_be_visible()
    assert at_step(page, 0) == deal
    page.click("#forward")
    page.click("#forward")
    assert at_step(page, 2) == two

    page.keyboard.press("End")
    end = at_step(page, steps)
    expect(page.locator("#counter")).to_have_text(f"Move {steps} of {steps}")
    expect(page.locator("#forward")).to_be_disabled()
    page.keyboard.press("ArrowRight")
    expect(page.locator(".toast", has_text="none after it")).to_be_visible()
    assert at_step(page, steps) == end
    page.screenshot(path=str(screenshots / f"replay-{game}-end-desktop.png"))
    assert_accessible(page, f"{game}: the replay page")

    # From the seat of the first to act, at the deal: its move buttons make no move.
    actor = first_actor(live_server, table_id)
    page.select_option("#seat-choice", str(actor))
    at_step(page, steps, actor)
    page.keyboard.press("Home")
    before = at_step(page, 0, actor)
    assert page.url.endswith(f"#step=0&seat={actor}")
    controls = page.locator("#game button:not([disabled]), #game rect.spot")
    assert controls.count() > 0
    controls.first.click()
    expect(page.locator(".toast", has_text="This is a replay")).to_be_visible()
    assert at_step(page, 0, actor) == before
    page.select_option("#seat-choice", "")
    assert at_step(page, 0) == deal

    with page.expect_download() as download:
        page.click("#download")
    assert download.value.suggested_filename == f"{game}-{table_id}.json"
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    record = Record.load(saved)
    assert [m.move for m in record.moves] == [move.to_json() for _, move in match.moves]
    assert Match.replay(record).state.result() == match.state.result()

    phone = new_page(**PHONE)
    phone.goto(f"{live_server.url}/replay")
    phone.set_input_files("#record-file", str(saved))
    phone.click("#upload-button")
    assert at_step(phone, 0) and steps_of(phone) == steps
    assert re.search(r"/replay\?r=[0-9a-f]{32}", phone.url)
    phone.click("#last")
    at_step(phone, steps)
    expect(phone.locator("#counter")).to_have_text(f"Move {steps} of {steps}")
    phone.click("#back")
    at_step(phone, steps - 1)
    phone.screenshot(path=str(screenshots / f"replay-{game}-phone.png"))


def test_the_end_of_a_game_links_to_its_replay(new_page: NewPage, live_server: LiveServer) -> None:
    """Issue 16: the table page at the end of a game offers "Watch the replay", and the
    lobby lists finished tables with a link to theirs."""
    table_id, _ = finished_table(live_server, "winners-circle", seed=4)
    page = new_page(**DESKTOP)
    page.goto(f"{live_server.url}/t/{table_id}")
    page.click("#result a.replay-link")
    at_step(page, 0)
    assert page.url.split("#")[0] == f"{live_server.url}/replay/{table_id}"
    page.goto(f"{live_server.url}/")
    link = page.locator(f"#finished-list [data-table='{table_id}'] a.replay-link")
    expect(link).to_have_attribute("href", f"/replay/{table_id}")


def test_a_table_in_play_has_no_replay_yet(new_page: NewPage, live_server: LiveServer) -> None:
    """Issue 16: only a finished table replays; before, the page says why."""
    with live_server.api() as api:
        table_id = api.post("/api/tables", json={"game": "wetten", "players": 3}).json()["table_id"]
    page = new_page(**DESKTOP)
    page.goto(f"{live_server.url}/replay/{table_id}")
    expect(page.locator("#replay-error")).to_contain_text("its replay opens once the game is over")
    expect(page.locator("#replay-bar")).to_be_hidden()


def test_bad_uploads_are_refused_and_a_run_file_offers_its_games(
    new_page: NewPage, live_server: LiveServer, tmp_path: Path
) -> None:
    """Issue 16, bad input: an upload that is not a record, or does not replay (an
    illegal move), is refused with a message naming why, and nothing changes; a run
    file (``tote simulate --save``: one record per line, gzip-compressed) offers its
    games to choose."""
    page = new_page(**PHONE)
    page.goto(f"{live_server.url}/replay")
    page.wait_for_selector("#record-file")
    assert_accessible(page, "the replay upload page")
    not_json = tmp_path / "notes.json"
    not_json.write_text("my shopping list\n")
    page.set_input_files("#record-file", str(not_json))
    page.click("#upload-button")
    expect(page.locator("#upload-error")).to_contain_text("not JSON")

    record = random_match("winners-circle", 3, seed=2).record()
    data = json.loads(record.model_dump_json())
    seat_moves = [i for i, m in enumerate(data["moves"]) if m["by"] != "chance"]
    data["moves"][seat_moves[1]] = data["moves"][seat_moves[0]]
    data["result"] = None
    illegal = tmp_path / "illegal.json"
    illegal.write_text(json.dumps(data))
    page.set_input_files("#record-file", str(illegal))
    page.click("#upload-button")
    expect(page.locator("#upload-error")).to_contain_text(f"move {seat_moves[1]}")
    expect(page.locator("#replay-bar")).to_be_hidden()
    assert page.url == f"{live_server.url}/replay"

    other = random_match("horse-fever", 3, seed=9).record()
    run = tmp_path / "run.jsonl.gz"
    lines = record.model_dump_json() + "\n" + other.model_dump_json() + "\n"
    run.write_bytes(gzip.compress(lines.encode()))
    page.set_input_files("#record-file", str(run))
    expect(page.locator("#record-line option")).to_have_count(2)
    expect(page.locator("#upload-error")).to_be_hidden()
    page.select_option("#record-line", "1")
    page.click("#upload-button")
    at_step(page, 0)
    expect(page.locator("#game-title")).to_have_text("Horse Fever")


def test_a_record_dropped_on_the_form_replays(new_page: NewPage, live_server: LiveServer) -> None:
    """Issue 16: the upload form takes a record file dropped on it, as well as chosen."""
    record = random_match("wits-and-wagers", 4, seed=6).record()
    page = new_page(**DESKTOP)
    page.goto(f"{live_server.url}/replay")
    dropped = page.evaluate_handle(
        """(text) => {
          const data = new DataTransfer();
          data.items.add(new File([text], "wits.json", { type: "application/json" }));
          return data;
        }""",
        record.to_json_text(),
    )
    page.dispatch_event("#drop", "drop", {"dataTransfer": dropped})
    expect(page.locator("#upload-button")).to_be_enabled()
    page.click("#upload-button")
    at_step(page, 0)
    expect(page.locator("#game-title")).to_have_text("Wits & Wagers")
    assert steps_of(page) == sum(1 for m in record.moves if m.by != "chance")
