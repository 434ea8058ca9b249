"""Issue 15 over the wire: the end of a game carries every seat's final standing (rank,
score and how the points came) in the view message, for HTTP and WebSocket alike, and
only once the game is over. The game's terms are served for the Help panel."""

from __future__ import annotations

from tote.core.registry import all_games
from tote.store import Store

from .server_helpers import get_view, new_game, serving, socket


def test_a_finished_game_sends_the_standings_to_everyone(store: Store) -> None:
    """Issue 15: the final standing of every seat, whose lines add up to its score and
    whose ranks are the result's; views during the game carry none."""
    with serving(store) as client:
        bots = {0: "odds", 1: "random", 2: "odds"}
        table_id, _, _ = new_game(client, 0, bots, game="winners-circle")
        with socket(client, table_id) as spectator:
            final = spectator.until(lambda m: m["view"]["over"])
        during = [m for m in spectator.views if m["view"] and not m["view"]["over"]]
        assert during and all("standings" not in m for m in during)
        standings = final["standings"]
        result = final["view"]["result"]
        assert standings["unit"] == "money"
        assert [s["seat"] for s in standings["seats"]] == [0, 1, 2]
        for seat in standings["seats"]:
            assert sum(line["points"] for line in seat["lines"]) == seat["score"]
            assert seat["score"] == result["scores"][seat["seat"]]
            assert seat["rank"] == result["ranking"][seat["seat"]]
            assert seat["winner"] == (seat["seat"] in result["winners"])
        assert any(
            line["label"].startswith("Race 3") for s in standings["seats"] for line in s["lines"]
        )
        assert get_view(client, table_id)["standings"] == standings


def test_every_game_answers_its_glossary(store: Store) -> None:
    """Issue 15: GET /api/games/{game}/glossary answers the game's terms; an unknown game
    is a 404 naming the games."""
    with serving(store) as client:
        for game in all_games():
            response = client.get(f"/api/games/{game.id}/glossary")
            assert response.status_code == 200, response.text
            data = response.json()
            assert data["game"] == game.id and data["title"] == game.title
            assert len(data["terms"]) >= 8
            assert all(t["term"] and t["explanation"] for t in data["terms"])
        missing = client.get("/api/games/chess/glossary")
        assert missing.status_code == 404
        assert "winners-circle" in missing.json()["error"]
