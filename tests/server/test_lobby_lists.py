"""Issue 27: the lobby lists games in progress (to watch) and finished games (date,
winner, variant) in words, and says which tables wait on an absent player (item 8);
once the host's own seat has timed out twice in a row, every other player may hand it
to a bot in one call."""

from __future__ import annotations

from typing import Any

from sqlalchemy import update

from tote.store import Store
from tote.store.models import TableModel

from .server_helpers import (
    TestClient,
    create_table,
    join,
    new_game,
    replayed,
    serving,
    socket,
    start,
)


def _finished(client: TestClient, **extra: Any) -> str:
    """A table of bots only, played to its end."""
    table_id, host = create_table(client, players=2, bots={0: "random", 1: "odds"}, **extra)
    start(client, table_id, host)
    with socket(client, table_id) as watcher:
        watcher.until(lambda m: m["view"]["over"], timeout=120)
    return table_id


def test_the_lobby_lists_games_in_progress_and_finished_in_words(store: Store) -> None:
    """Games in progress: the game's name, the players' names (bots as "Odds bot"), the
    players' moves so far. Finished: date, winners by name, variants in words
    ("Royal Turf", not "royal-turf"); a table finished before issue 27 (no stored
    result) gets its winner by a replay. Lists are bounded by ``limit``."""
    with serving(store, bot_delay=0) as client:
        done = _finished(client, variants=["royal-turf"])
        older = _finished(client)
        with store._write() as session:  # as if finished before the migration
            session.execute(update(TableModel).where(TableModel.id == older).values(result=None))
        playing, _host, _tokens = new_game(client, 1, {1: "odds"}, move_seconds=None)
        lists = client.get("/api/lobby").json()
        (live,) = lists["playing"]
        assert live["id"] == playing and live["title"] == "Winner's Circle"
        assert live["players"] == ["Seat 0", "Odds bot"] and live["waiting_on"] == []
        assert live["moves"] >= 0 and live["winners"] == [] and live["finished"] is None
        by_id = {t["id"]: t for t in lists["finished"]}
        assert set(by_id) == {done, older}
        first = by_id[done]
        assert first["variants"] == ["Royal Turf"] and first["finished"] is not None
        assert first["players"] == ["Random bot", "Odds bot"] and first["moves"] > 0
        result = replayed(store, done).state.result()
        assert result is not None
        assert first["winners"] == [first["players"][w] for w in result.winners]
        assert by_id[older]["winners"], by_id[older]
        assert store.table(older).result is not None  # stored once found
        assert len(client.get("/api/lobby?limit=1").json()["finished"]) == 1
        assert client.get("/api/lobby?limit=500").status_code in (400, 422)


def _seats_until(sock: Any, check: Any) -> list[dict[str, Any]]:
    while True:
        message = sock.next(timeout=60)
        if message["type"] == "table" and check(message["table"]["seats"]):
            seats: list[dict[str, Any]] = message["table"]["seats"]
            return seats


def test_players_hand_the_absent_hosts_seat_to_a_bot(store: Store) -> None:
    """Item 8: the host's seat (joined with the host token) times out twice in a row;
    the lobby says the table waits on the host; another player hands the seat to a bot
    in one call (refused before the second timeout, for a seat not the host's, and for
    one's own seat); the bot then plays, and the table's record replays."""
    with serving(store, bot_delay=0) as client:
        table_id, host = create_table(client, players=2, move_seconds=1)
        mine = client.post(
            f"/api/tables/{table_id}/join",
            json={"seat": 0, "name": "Hosta"},
            headers={"X-Host-Token": host},
        )
        assert mine.status_code == 200, mine.text
        bo = join(client, table_id, 1, "Bo")
        assert client.get(f"/api/tables/{table_id}").json()["host_seat"] == 0
        start(client, table_id, host)
        url = f"/api/tables/{table_id}/seats"
        as_bo = {"X-Seat-Token": bo}
        with socket(client, table_id, bo) as sock:
            early = client.post(f"{url}/0/bot", headers=as_bo)  # no timeout yet
            assert early.status_code == 409 and "after 2" in early.json()["error"]
            _seats_until(sock, lambda seats: seats[0]["timeouts"] >= 2)
            waiting = client.get("/api/lobby").json()["playing"][0]
            assert "Hosta" in waiting["waiting_on"]
            own = client.post(f"{url}/1/bot", headers=as_bo)
            assert own.status_code == 409 and "you play this seat" in own.json()["error"]
            handed = client.post(f"{url}/0/bot", headers=as_bo)
            assert handed.status_code == 200, handed.text
            assert handed.json()["seats"][0]["stand_in"] == "odds"
            assert "Hosta" not in client.get("/api/lobby").json()["playing"][0]["waiting_on"]
            sock.until(lambda m: m["version"] > store.table(table_id).version - 1)
        replayed(store, table_id)  # the record replays, stand-in moves and all


def test_a_player_cannot_hand_over_a_seat_not_the_hosts(store: Store) -> None:
    """Item 8, bounded: without the host token, only the host's own seat may be handed
    over by players; a stranger's token is refused; nothing changes."""
    with serving(store, bot_delay=3600) as client:
        table_id, _host, tokens = new_game(client, 3)
        url = f"/api/tables/{table_id}/seats"
        refused = client.post(f"{url}/0/bot", headers={"X-Seat-Token": tokens[1]})
        assert refused.status_code == 403 and "only the host" in refused.json()["error"]
        stranger = client.post(f"{url}/0/bot", headers={"X-Seat-Token": "nope"})
        assert stranger.status_code == 403
        seats = client.get(f"/api/tables/{table_id}").json()["seats"]
        assert [s["stand_in"] for s in seats] == [None, None, None]


def test_timeouts_in_a_row_survive_a_restart(sqlite_url: str) -> None:
    """Item 8: the count is stored, so a restarted server (or another process) still
    knows which tables wait on an absent player."""
    store = Store(sqlite_url)
    with serving(store, bot_delay=0) as client:
        table_id, _host, tokens = new_game(client, 2, move_seconds=1)
        with socket(client, table_id, tokens[0]) as sock:
            _seats_until(sock, lambda seats: any(s["timeouts"] >= 2 for s in seats))
        client.post(
            f"/api/tables/{table_id}/clock",
            json={"move_seconds": None},
            headers={"X-Host-Token": _host},
        )
    store.engine.dispose()
    store = Store(sqlite_url)
    try:
        with serving(store, bot_delay=0) as client:
            seats = client.get(f"/api/tables/{table_id}").json()["seats"]
            assert max(s["timeouts"] for s in seats) >= 2
            assert client.get("/api/lobby").json()["playing"][0]["waiting_on"]
    finally:
        store.engine.dispose()
