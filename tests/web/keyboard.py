"""Playing by keyboard only in the browser tests (issue 16): Tab to a control, then
Enter, Space, arrow keys or typing; and the moves a page sends over its socket."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

Page = Any

MOST_TABS = 250
"""More Tab presses than any page has controls: a control not reached by then is
not reachable."""


def focused_matches(page: Page, selector: str) -> bool:
    found: bool = page.evaluate(
        "(sel) => !!document.activeElement && document.activeElement.matches(sel)", selector
    )
    return found


def tab_to(page: Page, selector: str) -> None:
    """Press Tab (only) until the focused element matches ``selector``."""
    if focused_matches(page, selector):
        return
    for _ in range(MOST_TABS):
        page.keyboard.press("Tab")
        if focused_matches(page, selector):
            return
    raise AssertionError(f"{MOST_TABS} presses of Tab never reached {selector}")


@dataclass
class Sent:
    """The moves a page sends over its WebSocket, and the errors it is sent back."""

    moves: list[dict[str, Any]] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)
    views: int = 0

    def attach(self, page: Page) -> Sent:
        def on_socket(socket: Any) -> None:
            socket.on("framesent", self._sent)
            socket.on("framereceived", self._received)

        page.on("websocket", on_socket)
        return self

    def _sent(self, payload: str | bytes) -> None:
        data = json.loads(payload)
        if isinstance(data, dict) and data.get("type") == "move":
            self.moves.append(data["move"])

    def _received(self, payload: str | bytes) -> None:
        data = json.loads(payload)
        if isinstance(data, dict) and data.get("type") == "error":
            self.errors.append(data)
        elif isinstance(data, dict) and data.get("type") == "view":
            self.views += 1
