"""The tote board at a server table (issue 12, 2): a table option the host switches on,
and the ``odds`` message, answered from the asking seat's knowledge to it alone."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tote.core import get_game
from tote.store import Store

from .server_helpers import Socket, create_table, join, serving, socket, start


def two_seat_table(client: TestClient, **extra: object) -> tuple[str, list[str]]:
    table_id, host = create_table(client, "winners-circle", 2, **extra)
    tokens = [join(client, table_id, seat) for seat in range(2)]
    start(client, table_id, host)
    return table_id, tokens


def pong(sock: Socket) -> list[str]:
    """The kinds of message received up to the answer to a ping."""
    sock.ws.send_json({"type": "ping"})
    kinds = []
    while True:
        message = sock.next()
        kinds.append(message["type"])
        if message["type"] == "pong":
            return kinds


def test_the_tote_board_is_off_unless_the_host_switches_it_on(store: Store) -> None:
    with serving(store) as client:
        plain, _ = create_table(client, "winners-circle", 2)
        board, _ = create_table(client, "winners-circle", 2, tote_board=True)
        assert client.get(f"/api/tables/{plain}").json()["tote_board"] is False
        assert client.get(f"/api/tables/{board}").json()["tote_board"] is True


def test_a_game_without_a_tote_board_cannot_have_one(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every game has a board now; one without it (a plugged-in game) is refused."""
    monkeypatch.setattr(type(get_game("carcassonne")), "markets", None)
    with serving(store) as client:
        response = client.post(
            "/api/tables", json={"game": "carcassonne", "players": 2, "tote_board": True}
        )
        assert response.status_code == 422
        assert "has no tote board" in response.text


def test_a_seat_gets_its_own_board_and_nobody_else_sees_it(store: Store) -> None:
    """The board answers the asking connection only, for its own seat; a spectator
    gets the public board (no seat, no bets)."""
    with serving(store) as client:
        table_id, tokens = two_seat_table(client, tote_board=True)
        with (
            socket(client, table_id, tokens[0]) as s0,
            socket(client, table_id, tokens[1]) as s1,
            socket(client, table_id) as watcher,
        ):
            s0.ws.send_json({"type": "odds"})
            answer = s0.expect("odds")
            board = answer["board"]
            assert board["seat"] == 0 and board["game"] == "winners-circle"
            assert set(board["markets"]) == {
                "red",
                "blue",
                "green",
                "yellow",
                "purple",
                "orange",
                "white",
            }
            assert "odds" not in pong(s1) and "odds" not in pong(watcher)
            watcher.ws.send_json({"type": "odds"})
            public = watcher.expect("odds")["board"]
            assert public["seat"] is None and public["bets"] == []


def test_odds_refusals_change_nothing(store: Store) -> None:
    """Issue 12, bad input: the board of another seat, or at a table without it, is a
    protocol error naming the reason."""
    with serving(store) as client:
        table_id, tokens = two_seat_table(client)
        with socket(client, table_id, tokens[0]) as s0:
            s0.ws.send_json({"type": "odds"})
            error = s0.expect("error")
            assert error["rule"] == "tote board" and "without the tote board" in error["message"]
        table_id, tokens = two_seat_table(client, tote_board=True)
        with socket(client, table_id, tokens[0]) as s0:
            s0.ws.send_json({"type": "odds", "seat": 1})
            error = s0.expect("error")
            assert error["rule"] == "seat" and "only its own tote board" in error["message"]


def test_the_odds_message_names_the_outcomes_a_bet_is_placed_on(store: Store) -> None:
    """Issue 27, 5 ("hide what cannot matter"): with the board comes ``bettable``, the
    outcomes some bet pays or costs on (Winner's Circle: 1st to 3rd and last, WC
    5.1-5.4), every one of them among the board's outcomes; the board is unchanged
    ("unplaced" is still in it for the command line and other readers)."""
    with serving(store) as client:
        table_id, tokens = two_seat_table(client, tote_board=True)
        with socket(client, table_id, tokens[0]) as s0:
            s0.ws.send_json({"type": "odds"})
            answer = s0.expect("odds")
            assert answer["bettable"] == ["win", "place", "show", "last"]
            for outcomes in answer["board"]["markets"].values():
                assert set(answer["bettable"]) < set(outcomes)
                assert "unplaced" in outcomes


@pytest.mark.parametrize(
    ("game", "bettable"),
    [
        ("horse-fever", ("1st", "2nd", "3rd")),
        ("wetten", ("1st", "2nd", "3rd", "4th")),
        ("winners-circle", ("win", "place", "show", "last")),
        ("wits-and-wagers", None),
        ("carcassonne", None),
    ],
)
def test_each_game_names_its_bettable_outcomes(game: str, bettable: object) -> None:
    """Issue 27, 5: HF 2.0 (to Win or to Show: 1st to 3rd), WT 2.2 (a ticket's places
    1st to 4th), WC 5.1-5.4; a question's slots and an office's sizes all matter."""
    markets = get_game(game).markets
    assert markets is not None and markets.bettable == bettable


def test_the_host_may_have_the_board_imagine_the_others_as_the_normal_bot(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 25 ("A better model of people for the tote board ... the browser board's
    setting, if the host picks it"): a table created with ``tote_board_policy`` normal
    rolls its boards out with the game's normal bot on every seat (asked through
    ``rollout_policy``), says so in the table's info and in each ``odds`` answer; a
    policy without the board, or one that is not offered, is refused and nothing is
    created."""
    import tote.server.odds

    asked: list[str] = []
    real = tote.server.odds.rollout_policy

    def counted(game: object, name: str, seed: int) -> object:
        asked.append(name)
        return real(game, name, seed)  # type: ignore[arg-type]

    monkeypatch.setattr(tote.server.odds, "rollout_policy", counted)
    with serving(store) as client:
        before = client.get("/api/tables").json()
        for body in (
            {"game": "winners-circle", "players": 2, "tote_board_policy": "normal"},
            {
                "game": "winners-circle",
                "players": 2,
                "tote_board": True,
                "tote_board_policy": "hard",
            },
        ):
            refused = client.post("/api/tables", json=body)
            assert refused.status_code in (400, 422), refused.text
            assert "tote_board" in refused.json()["error"]
        assert client.get("/api/tables").json() == before
        table_id, tokens = two_seat_table(client, tote_board=True, tote_board_policy="normal")
        assert client.get(f"/api/tables/{table_id}").json()["tote_board_policy"] == "normal"
        with socket(client, table_id, tokens[0]) as s0:
            s0.ws.send_json({"type": "odds"})
            answer = s0.expect("odds")
        assert answer["policy"] == "normal" and asked == ["normal"]
        assert answer["board"]["seat"] == 0 and answer["board"]["samples"] >= 1
        plain, plain_tokens = two_seat_table(client, tote_board=True)
        assert client.get(f"/api/tables/{plain}").json()["tote_board_policy"] == "random"
        with socket(client, plain, plain_tokens[0]) as s0:
            s0.ws.send_json({"type": "odds"})
            assert s0.expect("odds")["policy"] == "random"
        assert asked == ["normal"]
