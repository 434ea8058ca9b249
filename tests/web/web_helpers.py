"""What the end-to-end tests do through the pages, as a person would: click and type.

Imported relatively (``from .web_helpers import ...``) like the other test folders'
helpers, as pytest runs in importlib mode.
"""

from __future__ import annotations

import json
import os
import random
import re
import socket
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import httpx
import uvicorn

from tote.server import create_app
from tote.server.client import ViewLog
from tote.store import Store
from tote.web import mount

Page = Any
"""A Playwright page (the sync API); kept as ``Any`` so Playwright stays optional."""
NewPage = Callable[..., Page]
"""The ``new_page`` fixture: a page in a fresh browser context."""

CHROMIUM = os.environ.get("TOTE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
BOT_DELAY = 0.05
PHONE: dict[str, Any] = {
    "viewport": {"width": 360, "height": 740},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 900}}


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class LiveServer:
    """uvicorn serving ``create_app`` + ``mount`` in a background thread."""

    def __init__(self, database: Path) -> None:
        app = create_app(Store(f"sqlite:///{database}"), bot_delay=BOT_DELAY)
        mount(app)
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, name="tote-e2e", daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the test server did not start")
            time.sleep(0.05)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)

    def api(self) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=10)


Seat = tuple[str, str]
"""How a seat is filled in the lobby: ("me", name), ("friend", name), ("open", ""),
or ("bot", bot name)."""


@dataclass
class CreatedTable:
    table_id: str
    seat_links: dict[int, str]
    """Friends' seat links by seat, as the lobby shows them to the host."""
    table_link: str


def create_table(
    page: Page,
    base: str,
    game: str,
    seats: Sequence[Seat],
    variants: Sequence[str] = (),
    options: dict[str, bool | str | int] | None = None,
    members: dict[int, str] | None = None,
) -> CreatedTable:
    """Fill in the lobby's form and create the table; returns the links it shows.
    ``options`` are set in the form's game option fields (under "More options");
    ``members`` in the seats' team member fields (games with teams)."""
    page.goto(base + "/")
    page.click(f"button.choice[data-game='{game}']")
    page.select_option("#seat-count", str(len(seats)))
    for variant in variants:
        page.check(f"input[data-variant='{variant}']")
    if options:
        page.click("details.advanced summary")
    for name, value in (options or {}).items():
        field = f"[data-option='{name}']"
        if isinstance(value, bool):
            page.set_checked(field, value)
        elif isinstance(value, str):
            page.select_option(field, value)
        else:
            page.fill(field, str(value))
    for seat, (kind, name) in enumerate(seats):
        row = f".seat-row[data-seat='{seat}']"
        page.select_option(f"{row} select.seat-kind", f"bot:{name}" if kind == "bot" else kind)
        if kind in ("me", "friend"):
            page.fill(f"{row} input.seat-name", name)
        if members and seat in members:
            page.fill(f"{row} input.seat-members", members[seat])
    page.click("#create-button")
    page.wait_for_selector("#created:not([hidden])")
    links: dict[int, str] = {}
    table_link = ""
    for row in page.locator("#created .link-row").all():
        label = row.locator(".link-label").inner_text()
        url = row.locator("input").input_value()
        found = re.match(r"Seat (\d+):", label)
        if found:
            links[int(found[1]) - 1] = url
        elif label == "Table link":
            table_link = url
    table_id = urlparse(table_link).path.rsplit("/", 1)[-1]
    return CreatedTable(table_id, links, table_link)


def token_of(seat_link: str) -> str:
    return parse_qs(urlparse(seat_link).query)["token"][0]


def start_as_host(page: Page) -> None:
    """From the lobby's 'table created' panel: go to the table and start the game."""
    page.click("#go-to-table")
    page.click("#start-game")
    page.wait_for_selector("#waiting", state="hidden")


def wait_for_board(page: Page) -> None:
    page.wait_for_selector("#game [data-part=banner] .turn-banner")


@dataclass
class Frames:
    """Every WebSocket frame a page receives, as text."""

    texts: list[str] = field(default_factory=list)

    def attach(self, page: Page) -> Frames:
        def on_socket(socket: Any) -> None:
            socket.on("framereceived", self._received)

        page.on("websocket", on_socket)
        return self

    def _received(self, payload: str | bytes) -> None:
        self.texts.append(payload if isinstance(payload, str) else payload.decode())

    def messages(self) -> list[dict[str, Any]]:
        out = []
        for text in self.texts:
            data = json.loads(text)
            if isinstance(data, dict):
                out.append(data)
        return out

    def views(self) -> list[dict[str, Any]]:
        """Every view received, its log put back as the page does (each connection's
        first view starts the log from 0)."""
        log = ViewLog()
        views = []
        for message in self.messages():
            if message.get("type") == "view" and message.get("view"):
                views.append(log.read(message))
        return views


ACTION = ".actions button[data-action]:not([disabled])"

GLANCE_MS = 2000
"""How long reading what is on the page now may wait: the view can change between
finding an element and reading it (the last move ends the game, the panel goes), and
then the read gives up and the caller looks again, instead of waiting the full
:data:`conftest.PATIENCE_MS` for an element that may never come back."""


def panel_phase(page: Page) -> str | None:
    """The phase of this page's actions panel (``data-phase``), or ``None`` when there is
    none now (not this seat's turn, the game over, or the panel re-drawn under the read)."""
    panel = page.locator(".actions[data-phase]")
    if not panel.count():
        return None
    try:
        phase = panel.first.get_attribute("data-phase", timeout=GLANCE_MS)
    except Exception:  # the view changed under the read: look again next round
        return None
    return None if phase is None else str(phase)


def act_once(page: Page, rng: random.Random) -> bool:
    """Click one of this page's move buttons (a random one), if it has any now.

    Winner's Circle bets: pick one of the chips first, then a horse."""
    if page.locator("#game.busy").count():
        return False
    buttons = page.locator(ACTION)
    if not buttons.count():
        return False
    chips = page.locator(".chip-choice")
    try:
        if chips.count() > 1:
            chips.nth(rng.randrange(chips.count())).click(timeout=3000)
            buttons = page.locator(ACTION)
        count = buttons.count()
        if not count:
            return False
        buttons.nth(rng.randrange(count)).click(timeout=3000)
    except Exception:  # the view changed under the click: try again next round
        return False
    return True


def over(page: Page) -> bool:
    return bool(page.locator("#result:not([hidden])").count())


def play_until_over(
    pages: Sequence[Page],
    rng: random.Random,
    *,
    each_step: Callable[[], None] | None = None,
    limit: float = 300.0,
) -> int:
    """Click through the game on every page until each shows the result; returns the
    number of moves clicked. ``each_step`` runs after every click."""
    clicks = 0
    started = time.monotonic()
    while not all(over(page) for page in pages):
        if time.monotonic() - started > limit:
            raise AssertionError(f"the game did not end within {limit} s ({clicks} moves)")
        acted = False
        for page in pages:
            if act_once(page, rng):
                clicks += 1
                acted = True
                if each_step is not None:
                    each_step()
        if not acted:
            time.sleep(0.05)
    return clicks
