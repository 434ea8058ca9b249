"""The browser UI: a lobby, a table page and one script per game, as static files.

:func:`mount` adds the pages to a FastAPI app that already serves the JSON API
and the WebSocket (``tote.server``). Everything here is plain HTML, CSS and
JavaScript modules: no build step, nothing fetched from elsewhere at run time.

The pages only ever show what the views they receive contain: a view is already
redacted for its seat by the rules, and the page keeps no other seat's token.
"""

from __future__ import annotations

import re
from pathlib import Path

from fastapi import FastAPI, HTTPException
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

STATIC = Path(__file__).parent / "static"
"""The UI's files (package data)."""

TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")

SECURITY_HEADERS = {
    # Scripts, styles and sockets only from this server; no inline script.
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
        " connect-src 'self' ws: wss:; base-uri 'none'; form-action 'self';"
        " frame-ancestors 'none'"
    ),
    # Seat links carry a token in the query string: never pass it on as a referrer.
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-cache",
}


def _page(name: str) -> FileResponse:
    return FileResponse(STATIC / name, media_type="text/html", headers=SECURITY_HEADERS)


def mount(app: FastAPI) -> None:
    """Serve the UI on ``app``: ``/`` (lobby), ``/t/{table_id}`` (a table),
    ``/replay/{table_id}`` and ``/replay`` (replays, issue 16) and ``/static/``.

    Mounting twice changes nothing (the server's ``create_app`` and a test may both call it).
    """
    if getattr(app.state, "tote_web", False):
        return
    app.state.tote_web = True

    @app.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
    def lobby() -> FileResponse:
        return _page("index.html")

    @app.api_route("/t/{table_id}", methods=["GET", "HEAD"], include_in_schema=False)
    def table(table_id: str) -> FileResponse:
        if not TABLE_ID.match(table_id):
            raise HTTPException(status_code=404, detail="no such table")
        return _page("table.html")

    @app.api_route("/replay", methods=["GET", "HEAD"], include_in_schema=False)
    def upload_replay() -> FileResponse:
        return _page("replay.html")

    @app.api_route("/replay/{table_id}", methods=["GET", "HEAD"], include_in_schema=False)
    def table_replay(table_id: str) -> FileResponse:
        if not TABLE_ID.match(table_id):
            raise HTTPException(status_code=404, detail="no such table")
        return _page("replay.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")


__all__ = ["STATIC", "mount"]
