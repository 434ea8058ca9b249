"""The UI's routes on the real app, without a browser: pages, assets, headers."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tote.server import create_app
from tote.store import Store
from tote.web import STATIC, mount


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(Store(f"sqlite:///{tmp_path / 'tote.db'}"), bot_delay=0)
    mount(app)
    with TestClient(app) as client:
        yield client


def test_the_lobby_and_a_table_page_are_served_with_a_strict_policy(client: TestClient) -> None:
    for path in ("/", "/t/abcDEF123_-"):
        response = client.get(path)
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/html")
        policy = response.headers["content-security-policy"]
        assert "script-src 'self'" in policy and "'unsafe-inline'" not in policy
        assert response.headers["referrer-policy"] == "no-referrer"
    assert "lobby.js" in client.get("/").text
    assert "table.js" in client.get("/t/abc").text
    assert client.head("/").status_code == 200


def test_a_table_page_refuses_a_malformed_id(client: TestClient) -> None:
    assert client.get("/t/" + "x" * 65).status_code == 404
    assert client.get("/t/a.b").status_code == 404


def test_every_script_and_stylesheet_is_served_with_its_type(client: TestClient) -> None:
    files = sorted(p for p in STATIC.rglob("*") if p.is_file())
    assert {"js/table.js", "games/winners-circle.js", "games/wits-and-wagers.js"} <= {
        p.relative_to(STATIC).as_posix() for p in files
    }
    for path in files:
        response = client.get(f"/static/{path.relative_to(STATIC).as_posix()}")
        assert response.status_code == 200, path
        if path.suffix == ".js":
            assert "javascript" in response.headers["content-type"]
        if path.suffix == ".css":
            assert response.headers["content-type"].startswith("text/css")


def test_pages_load_nothing_from_elsewhere_and_never_log() -> None:
    """No CDN, no inline script, no console logging of views in any UI file."""
    for path in STATIC.rglob("*"):
        if not path.is_file() or path.suffix not in (".js", ".html", ".css"):
            continue
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"(src|href)=\"(https?:)?//", text), path
        assert "console." not in text, path
        if path.suffix == ".html":
            assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text), path
        if path.suffix == ".js":
            assert "innerHTML" not in text, path


def test_the_shipped_games_have_page_modules_and_others_a_generic_page() -> None:
    """A new game works in the browser without a module of its own (generic.js shows its
    legal moves); the shipped ones have their own boards."""
    from tote.core.registry import all_games

    games = {game.id for game in all_games()}
    assert {"winners-circle", "wits-and-wagers"} <= games
    for game in ("winners-circle", "wits-and-wagers"):
        assert (STATIC / "games" / f"{game}.js").is_file()
    assert (STATIC / "games" / "generic.js").is_file()


def test_mount_adds_the_ui_routes_once() -> None:
    app = FastAPI()
    mount(app)
    paths = [getattr(route, "path", None) for route in app.routes]
    assert {"/", "/t/{table_id}", "/static"} <= set(paths)
    mount(app)
    assert [getattr(route, "path", None) for route in app.routes] == paths
