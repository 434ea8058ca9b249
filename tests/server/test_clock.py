"""Time limits run on the server: when a seat's time is up, the server plays its
timeout move (the game's, or the default bot's where the game has none)."""

from __future__ import annotations

import time

from tote.store import Store

from .server_helpers import get_view, new_game, serving, socket, to_move


def test_wits_and_wagers_answers_and_bets_time_out(store: Store) -> None:
    """WW 7.2 on the server: seats that do not answer in time leave their card blank;
    seats that do not lock their bets in time have them locked. A seat that answered
    keeps its answer."""
    options = {"answer_seconds": 1, "bet_seconds": 1}
    with serving(store) as client:
        table_id, _, tokens = new_game(client, 4, game="wits-and-wagers", options=options)
        with socket(client, table_id) as watcher, socket(client, table_id, tokens[0]) as seat_0:
            first = seat_0.latest_view()
            assert first["view"]["state"]["phase"] == "answer"
            assert 0 < first["deadline"] - time.time() <= 1.5
            assert watcher.latest_view()["deadline"] == first["deadline"]
            seat_0.move({"type": "guess", "value": "50"})
            betting = watcher.until(lambda m: m["view"]["state"]["phase"] == "bet", timeout=5)
            timed_out = sorted(m["seat"] for m in watcher.messages if m["type"] == "timeout")
            assert timed_out == [1, 2, 3]
            assert betting["deadline"] > first["deadline"]
            watcher.until(lambda m: m["view"]["state"]["number"] == 2, timeout=5)
    moves = [(m.by, m.move["type"]) for m in store.record(table_id).moves]
    assert (0, "guess") in moves
    assert {(s, "no_guess") for s in (1, 2, 3)} <= set(moves)
    assert {(s, "lock_bets") for s in range(4)} <= set(moves)


def test_a_table_move_limit_plays_for_a_slow_seat(store: Store) -> None:
    """Winner's Circle has no timer of its own; a table's ``move_seconds`` gives one, and
    the game's default bot moves for a seat that runs out of time."""
    with serving(store) as client:
        table_id, _, _ = new_game(client, 2, move_seconds=1)
        with socket(client, table_id) as watcher:
            first = watcher.latest_view()
            seat = to_move(first)[0]
            assert 0 < first["deadline"] - time.time() <= 1.5
            timeout = watcher.expect("timeout")
            assert timeout == {"type": "timeout", "seat": seat}
            after = watcher.until(lambda m: m["version"] > first["version"])
            assert after["deadline"] > first["deadline"]
    moves = store.record(table_id).moves[first["version"] :]
    assert moves[0].by == seat and moves[0].move["type"] == "place_bet"


def test_untimed_tables_have_no_deadline(store: Store) -> None:
    """Issue 16: a table created with the clock switched off (``move_seconds: null``)
    shows no deadline; nor does Wits & Wagers untimed, its own timer off."""
    with serving(store) as client:
        table_id, _, _ = new_game(client, 2, move_seconds=None)
        assert get_view(client, table_id)["deadline"] is None
        table_id, _, _ = new_game(
            client, 4, game="wits-and-wagers", variants=["untimed"], move_seconds=None
        )
        shown = get_view(client, table_id)
        assert shown["view"]["state"]["phase"] == "answer" and shown["deadline"] is None


def test_no_time_option_can_overflow_the_clock(store: Store) -> None:
    """Issue 18, defect 4: ``answer_seconds`` of 1 followed by 400 zeros is refused when
    the table is created (a 400 naming the option, not a 500), and the clock never counts
    more than a day, whatever a game or a stored table asks for."""
    from tote.server.clock import time_limit
    from tote.server.schemas import MAX_MOVE_SECONDS

    with serving(store) as client:
        response = client.post(
            "/api/tables",
            json={"game": "wits-and-wagers", "players": 4, "options": {"answer_seconds": 10**400}},
        )
        assert response.status_code == 400 and "answer_seconds" in response.json()["error"]

    class Endless:
        def time_limit(self) -> int:
            return 10**400

    assert time_limit(Endless(), {}) == MAX_MOVE_SECONDS  # type: ignore[arg-type]
    assert time_limit(object(), {"move_seconds": 10**400}) == MAX_MOVE_SECONDS  # type: ignore[arg-type]
    assert time_limit(object(), {"move_seconds": True}) is None  # type: ignore[arg-type]
