"""Issue 16, "Around the game": rematch, the default clock, seats of absent players
handed to a bot and back, seat links issued again. Each refusal changes nothing."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tote.server.schemas import DEFAULT_MOVE_SECONDS
from tote.store import Store

from .server_helpers import (
    create_table,
    get_view,
    join,
    new_game,
    post_move,
    replayed,
    serving,
    socket,
    start,
    to_move,
)

FAST: dict[str, dict[str, Any]] = {
    "winners-circle": {},
    "wetten": {"options": {"track_length": 8}},
    "horse-fever": {"options": {"rounds": 1, "any_rounds": True}},
    "carcassonne": {},
    "wits-and-wagers": {},
}
"""Every game, with options that make a game short."""
PLAYERS = {"winners-circle": 2, "wetten": 3, "horse-fever": 2, "carcassonne": 2}
"""Seats for each game's tests (Wits & Wagers: 4, see :func:`_players`)."""


def _players(game: str) -> int:
    return PLAYERS.get(game, 4)


def _error(response: Any, status: int, *words: str) -> None:
    assert response.status_code == status, response.text
    message = response.json()["error"]
    for word in words:
        assert word in message, message


def _finished_table(client: Any, game: str) -> tuple[str, str, list[str]]:
    """A finished game of ``game``: seats 0 and 1 joined (named Ann and Bo), the others
    random bots; both humans handed to random stand-ins, which play the game out."""
    seats = _players(game)
    bots = {seat: "random" for seat in range(2, seats)}
    table_id, host = create_table(client, game, seats, bots, **FAST[game])
    tokens = [join(client, table_id, 0, "Ann"), join(client, table_id, 1, "Bo")]
    start(client, table_id, host)
    hosted = {"X-Host-Token": host}
    for seat in (0, 1):
        handed = client.post(
            f"/api/tables/{table_id}/seats/{seat}/bot", json={"bot": "random"}, headers=hosted
        )
        assert handed.status_code == 200, handed.text
    with socket(client, table_id) as spectator:
        spectator.until(lambda m: m["type"] == "view" and m["view"]["over"], timeout=120)
    assert client.get(f"/api/tables/{table_id}").json()["status"] == "finished"
    return table_id, host, tokens


@pytest.mark.parametrize("game", sorted(FAST))
def test_a_rematch_keeps_the_seats_options_and_bots(store: Store, game: str) -> None:
    """Issue 16, Rematch: the first call makes a new table with the same game, options,
    clock and seats (names and bots kept); every later call returns the same table.
    Each player gets their own seat back; the host gets the new host token; the
    seats of players who have not followed yet are kept from strangers."""
    with serving(store) as client:
        old, host, tokens = _finished_table(client, game)
        before = client.get(f"/api/tables/{old}").json()
        first = client.post(f"/api/tables/{old}/rematch", headers={"X-Seat-Token": tokens[1]})
        assert first.status_code == 200, first.text
        new = first.json()
        assert new["seat"] == 1 and new["token"] and new["host_token"] is None
        table = client.get(f"/api/tables/{new['table_id']}").json()
        assert table["status"] == "open" and table["game"] == game
        assert table["options"] == before["options"]
        assert table["move_seconds"] == before["move_seconds"] == DEFAULT_MOVE_SECONDS
        assert [s["name"] for s in table["seats"]][:2] == ["Ann", "Bo"]
        assert [s["bot"] for s in table["seats"]] == [s["bot"] for s in before["seats"]]
        assert table["seats"][0]["reserved"] and not table["seats"][0]["taken"]
        assert table["seats"][1]["taken"] and not table["seats"][1]["reserved"]
        assert client.get(f"/api/tables/{old}").json()["rematch"] == new["table_id"]
        # A stranger cannot take the seat kept for Ann.
        stranger = client.post(
            f"/api/tables/{new['table_id']}/join", json={"seat": 0, "name": "Eve"}
        )
        _error(stranger, 409, "kept for its player")
        # Ann (who is also the host here, with both tokens) follows: same table, her seat.
        both = {"X-Seat-Token": tokens[0], "X-Host-Token": host}
        second = client.post(f"/api/tables/{old}/rematch", headers=both).json()
        assert second["table_id"] == new["table_id"] and second["seat"] == 0
        assert second["host_token"]
        start(client, new["table_id"], second["host_token"])
        for seat, token in ((0, second["token"]), (1, new["token"])):
            assert get_view(client, new["table_id"], token)["seat"] == seat
        # The old tokens are the old table's only.
        assert (
            client.get(
                f"/api/tables/{new['table_id']}/view", headers={"X-Seat-Token": tokens[0]}
            ).status_code
            == 403
        )


def test_a_rematch_is_refused_to_strangers_and_before_the_end(store: Store) -> None:
    """Issue 16, bad input: a rematch of a table one never sat at, or of a game not
    over, is refused with a clear message; no table is made."""
    with serving(store) as client:
        table_id, _host, tokens = new_game(client, 2)
        _other, _, others = new_game(client, 2)
        rematch = f"/api/tables/{table_id}/rematch"
        _error(client.post(rematch), 403, "did not sit at this table")
        _error(client.post(rematch, headers={"X-Seat-Token": others[0]}), 403, "did not sit")
        _error(client.post(rematch, headers={"X-Host-Token": "guess"}), 403, "did not sit")
        _error(client.post(rematch, headers={"X-Seat-Token": tokens[0]}), 409, "not finished")
        assert client.get(f"/api/tables/{table_id}").json()["rematch"] is None
        assert len(store.tables()) == 2


def test_a_reserved_seat_given_to_a_bot_lets_the_host_start(store: Store) -> None:
    """Issue 16: the host starts a rematch without a player who does not follow by
    giving their kept seat to a bot; that player's rematch call is then refused."""
    with serving(store) as client:
        old, host, tokens = _finished_table(client, "winners-circle")
        new = client.post(f"/api/tables/{old}/rematch", headers={"X-Host-Token": host}).json()
        assert new["seat"] is None and new["host_token"]
        hosted = {"X-Host-Token": new["host_token"]}
        table_id = new["table_id"]
        _error(client.post(f"/api/tables/{table_id}/start", headers=hosted), 409, "kept")
        for seat in (0, 1):
            added = client.post(
                f"/api/tables/{table_id}/bots", json={"seat": seat, "bot": "odds"}, headers=hosted
            )
            assert added.status_code == 200, added.text
        late = client.post(f"/api/tables/{old}/rematch", headers={"X-Seat-Token": tokens[0]})
        _error(late, 409, "played by a bot")
        assert client.post(f"/api/tables/{table_id}/start", headers=hosted).status_code == 200


def test_tables_get_a_default_clock_the_host_changes_or_switches_off(store: Store) -> None:
    """Issue 16, Default clock: a new table has a per-move clock of
    DEFAULT_MOVE_SECONDS (shown as its deadline); the host sets another or none;
    others are refused, and so is a time out of bounds."""
    with serving(store) as client:
        table_id, host, _tokens = new_game(client, 2)
        assert client.get(f"/api/tables/{table_id}").json()["move_seconds"] == DEFAULT_MOVE_SECONDS
        assert get_view(client, table_id)["deadline"] is not None
        clock = f"/api/tables/{table_id}/clock"
        _error(client.post(clock, json={"move_seconds": 5}), 401, "host")
        hosted = {"X-Host-Token": host}
        _error(client.post(clock, json={"move_seconds": 0}, headers=hosted), 400, "move_seconds")
        _error(client.post(clock, json={"move_seconds": 10**6}, headers=hosted), 400, "move_")
        assert client.get(f"/api/tables/{table_id}").json()["move_seconds"] == DEFAULT_MOVE_SECONDS
        changed = client.post(clock, json={"move_seconds": 3600}, headers=hosted)
        assert changed.status_code == 200 and changed.json()["move_seconds"] == 3600
        deadline = get_view(client, table_id)["deadline"]
        now = client.get(f"/api/tables/{table_id}").json()
        assert deadline is not None and now["move_seconds"] == 3600
        off = client.post(clock, json={"move_seconds": None}, headers=hosted)
        assert off.status_code == 200 and off.json()["move_seconds"] is None
        assert get_view(client, table_id)["deadline"] is None


@pytest.mark.parametrize("game", sorted(FAST))
def test_a_seat_handed_to_a_bot_and_back(store: Store, game: str) -> None:
    """Issue 16, Absent players: the host lets a bot play a player's seat; while it
    does, the player's moves are refused and nothing changes; given back, the player
    plays again. (Bots wait an hour here, so only the player could move.)"""
    with serving(store, bot_delay=3600) as client:
        seats = _players(game)
        table_id, host, tokens = new_game(client, seats, game=game, **FAST[game])
        seat = to_move(get_view(client, table_id))[0]
        hosted = {"X-Host-Token": host}
        handed = client.post(f"/api/tables/{table_id}/seats/{seat}/bot", headers=hosted)
        assert handed.status_code == 200, handed.text
        assert handed.json()["seats"][seat]["stand_in"] is not None
        view = get_view(client, table_id, tokens[seat])
        move = replayed(store, table_id).state.random_move(seat, random.Random(1)).to_json()
        code, data = post_move(client, table_id, tokens[seat], move)
        assert code == 409 and "ask the host to give it back" in data["error"]
        assert get_view(client, table_id)["version"] == view["version"]
        back = client.post(f"/api/tables/{table_id}/seats/{seat}/human", headers=hosted)
        assert back.status_code == 200 and back.json()["seats"][seat]["stand_in"] is None
        code, data = post_move(client, table_id, tokens[seat], move)
        assert code == 200, data
        assert store.record(table_id).players[seat].bot is None  # the record: a player


def test_handing_seats_over_is_the_hosts_and_bounded(store: Store) -> None:
    """Issue 16, bad input: handing a seat to a bot by a non-host, a seat that does not
    exist, a bot's seat, an unknown bot, or giving back a seat no bot plays: each is
    refused with a clear message, and nothing changes."""
    with serving(store, bot_delay=3600) as client:
        table_id, host, tokens = new_game(client, 2, {2: "odds"})
        url = f"/api/tables/{table_id}/seats"
        hosted = {"X-Host-Token": host}
        _error(client.post(f"{url}/0/bot"), 401, "host")
        _error(client.post(f"{url}/0/bot", headers={"X-Host-Token": tokens[0]}), 403, "host")
        _error(client.post(f"{url}/3/bot", headers=hosted), 400, "no seat 3")
        _error(client.post(f"{url}/99/bot", headers=hosted), 400, "seat")
        _error(client.post(f"{url}/2/bot", headers=hosted), 409, "bot's already")
        _error(client.post(f"{url}/0/bot", json={"bot": "nope"}, headers=hosted), 400, "nope")
        _error(client.post(f"{url}/0/human", headers=hosted), 409, "nothing to give back")
        _error(client.post(f"{url}/1/link"), 401, "host")
        seats = client.get(f"/api/tables/{table_id}").json()["seats"]
        assert [s["stand_in"] for s in seats] == [None, None, None]
        assert client.post(f"{url}/0/bot", headers=hosted).status_code == 200
        _error(client.post(f"{url}/0/bot", headers=hosted), 409, "already plays seat 0")


def test_repeated_timeouts_are_counted_for_the_host(store: Store) -> None:
    """Issue 16: a seat whose time runs out repeatedly is shown with its timeouts in a
    row (the host panel then offers a bot); its own move resets the count."""
    with serving(store) as client:
        table_id, host, tokens = new_game(client, 2, move_seconds=1)
        with socket(client, table_id, tokens[0]) as seat_0:
            late = _table_until(seat_0, lambda seats: any(s["timeouts"] >= 2 for s in seats))
            seat = next(s["seat"] for s in late if s["timeouts"] >= 2)
            assert all(s["connected"] is not None for s in late)
            hosted = {"X-Host-Token": host}
            client.post(
                f"/api/tables/{table_id}/clock", json={"move_seconds": 3600}, headers=hosted
            )
            rng = random.Random(3)
            while True:
                mover = to_move(get_view(client, table_id))[0]
                move = replayed(store, table_id).state.random_move(mover, rng).to_json()
                assert post_move(client, table_id, tokens[mover], move)[0] == 200
                if mover == seat:
                    break
            _table_until(seat_0, lambda seats: seats[seat]["timeouts"] == 0)


def _table_until(sock: Any, check: Any) -> list[dict[str, Any]]:
    """The seats of the next ``table`` message for which ``check(seats)`` holds."""
    while True:
        message = sock.next()
        if message["type"] == "table" and check(message["table"]["seats"]):
            seats: list[dict[str, Any]] = message["table"]["seats"]
            return seats


def test_the_host_issues_a_new_seat_link(store: Store) -> None:
    """Issue 16: the host gets a fresh link for a player's seat; the old link stops
    working at once. A free seat has no link to issue (the table link takes it)."""
    with serving(store) as client:
        table_id, host = create_table(client, "winners-circle", 3)
        old = join(client, table_id, 0, "Ann")
        hosted = {"X-Host-Token": host}
        url = f"/api/tables/{table_id}/seats"
        _error(client.post(f"{url}/1/link", headers=hosted), 409, "free")
        fresh = client.post(f"{url}/0/link", headers=hosted)
        assert fresh.status_code == 200 and fresh.json()["seat"] == 0
        token = fresh.json()["token"]
        assert token != old
        assert (
            client.get(f"/api/tables/{table_id}/view", headers={"X-Seat-Token": old}).status_code
            == 403
        )
        assert get_view(client, table_id, token)["seat"] == 0
