"""Playing over WebSockets: whole games, seats that act only for themselves, spectators,
hidden information, refused messages, reconnecting and simultaneous moves.

The strongest check: every view a client is sent is exactly ``state.view(seat)`` of
the stored game at that message's version (each log entry with its sentence added),
for that client's seat (``None`` for spectators), recomputed by replaying the store's
record up to that version.
"""

from __future__ import annotations

import json
import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from tote.core.match import Match
from tote.core.record import Record
from tote.store import Store

from .server_helpers import (
    Message,
    Socket,
    TestClient,
    create_table,
    get_view,
    join,
    new_game,
    plain,
    play_humans,
    post_move,
    receive,
    replayed,
    serving,
    socket,
    start,
    to_move,
    version,
)


def stored_views(record: Record, wanted: set[tuple[int, int | None]]) -> dict[Any, Any]:
    """``{(version, seat): view}`` of the stored game, for each wanted pair, in one replay."""
    match = Match(record.game, record.players, record.options, None, auto_chance=False)
    views: dict[tuple[int, int | None], dict[str, Any]] = {}
    for at in range(len(record.moves) + 1):
        for seat in (None, *range(len(record.players))):
            if (at, seat) in wanted:
                # A view may share lists with the state: keep it as it is now.
                views[at, seat] = json.loads(json.dumps(match.state.view(seat)))
        if at < len(record.moves):
            entry = record.moves[at]
            if entry.by == "chance":
                match.play_chance(entry.move)
            else:
                match.play(entry.by, entry.move)
    return views


def assert_only_own_views(record: Record, *socks: Socket) -> None:
    """Every view each socket got is its own seat's view of the stored game at that version."""
    wanted = {(m["version"], s.seat) for s in socks for m in s.views if m["view"] is not None}
    views = stored_views(record, wanted)
    for sock in socks:
        assert sock.views
        for message in sock.views:
            assert message["seat"] == sock.seat
            if message["view"] is not None:
                assert plain(message["view"]) == views[message["version"], sock.seat]


def face_down_leaks(message: Message, owner: int) -> list[str]:
    """Where a message shows the value of one of ``owner``'s face-down chips (WC 6.1):
    the bets on the board, the chips in hand, the log's bet entries."""
    if message["type"] != "view" or message["view"] is None:
        return []
    state = message["view"]["state"]
    leaks = [f"bet {b}" for b in state["bets"] if b["seat"] == owner and b["chip"] is not None]
    if not isinstance(state["chips"][owner], int):
        leaks.append(f"chips in hand {state['chips'][owner]}")
    leaks += [
        f"log {e}"
        for e in message["view"]["log"]
        if e["kind"] == "bet" and e["seat"] == owner and e["chip"] is not None
    ]
    assert message["view"]["my_commitment"] is None or message["seat"] == owner
    return leaks


# ------------------------------------------------------------ whole games
def play_a_whole_game(store: Store, variants: list[str]) -> tuple[Socket, Socket, Socket]:
    """Two human tokens and the odds bot play Winner's Circle to the end over
    WebSockets, watched by a spectator; returns the spectator's, seat 0's and seat 1's
    sockets with every message they were sent."""
    with serving(store) as client:
        table_id, _, tokens = new_game(client, 2, {2: "odds"}, variants=variants)
        with (
            socket(client, table_id) as spectator,
            socket(client, table_id, tokens[0]) as seat_0,
            socket(client, table_id, tokens[1]) as seat_1,
        ):
            made = play_humans(spectator, {0: seat_0, 1: seat_1}, random.Random(7))
            for player in (seat_0, seat_1):
                player.until(lambda m: m["view"]["over"])
        assert made > 20
        table = client.get(f"/api/tables/{table_id}").json()
        assert table["status"] == "finished"
        record = client.get(f"/api/tables/{table_id}/record")  # anyone, now it is over
        assert record.status_code == 200
        assert record.json()["result"] is not None
    stored = store.record(table_id)
    assert len(stored.moves) == table["version"] == spectator.views[-1]["version"]
    assert [m.model_dump() for m in stored.moves] == record.json()["moves"]
    final = Match.replay(stored).state
    assert final.result() is not None
    assert plain(spectator.views[-1]["view"]) == final.view(None)
    assert plain(seat_0.views[-1]["view"]) == final.view(0)
    assert_only_own_views(stored, spectator, seat_0, seat_1)
    assert all(m["view"]["legal_moves"] is None for m in spectator.views)
    return spectator, seat_0, seat_1


def test_a_whole_game_two_humans_and_a_bot(any_store: Store) -> None:
    """Every view each client got is its own seat's view of the stored game."""
    play_a_whole_game(any_store, [])


def test_each_log_entry_goes_over_a_websocket_once(store: Store) -> None:
    """A view does not grow with the game: each connection is sent every log entry once,
    in order (``log_from`` continues where the last message ended), and the entries
    put together are the seat's whole log."""
    for sock in play_a_whole_game(store, []):
        had = 0
        for message in sock.views:
            if message["view"] is None:
                continue
            assert message["log_from"] == had
            had += len(message["log"])
        assert had == len(sock.views[-1]["view"]["log"]) > 20


def test_asking_for_the_view_again_resends_the_whole_log(store: Store) -> None:
    """``{"type": "view"}`` (a client that lost track) answers with the log from 0."""
    with serving(store) as client:
        table_id, _, tokens = new_game(client, 2)
        with socket(client, table_id, tokens[0]) as player:
            first = player.latest_view()
            assert first["log_from"] == 0 and first["log"] == first["view"]["log"]
            player.ws.send_json({"type": "view"})
            again = player.until(lambda m: True)
            assert again["log_from"] == 0
            assert plain({"log": again["log"]})["log"] == replayed(store, table_id).state.log_view(
                0
            )


def test_hidden_bets_never_reach_another_seat_or_a_spectator(store: Store) -> None:
    """WC 6.1 over the wire: no message to seat 1 or a spectator ever shows the value
    of one of seat 0's face-down chips (nor any seat's to another)."""
    spectator, seat_0, seat_1 = play_a_whole_game(store, ["hidden-bets"])
    for sock, others in ((spectator, (0, 1, 2)), (seat_1, (0, 2)), (seat_0, (1, 2))):
        for message in sock.messages:
            for owner in others:
                assert face_down_leaks(message, owner) == [], (sock.seat, message["version"])
    # Seat 0 itself did see its own chips.
    assert any(
        b["seat"] == 0 and b["chip"] is not None
        for m in seat_0.views
        for b in m["view"]["state"]["bets"]
    )


def test_bots_play_on_their_own(store: Store) -> None:
    """A table of bots only plays itself to the end once started (simultaneous secret
    guesses included)."""
    with serving(store) as client:
        bots = {0: "bettor", 1: "random", 2: "expert", 3: "novice"}
        table_id, _, _ = new_game(client, 0, bots, game="wits-and-wagers")
        with socket(client, table_id) as spectator:
            spectator.until(lambda m: m["view"]["over"])
    assert store.table(table_id).status == "finished"
    assert_only_own_views(store.record(table_id), spectator)


def test_search_bots_play_at_a_server_table(store: Store) -> None:
    """Issue 12, 3: ``ismcts`` and ``best-ev`` sit at a server table and play it to the
    end (they search in a worker thread, seeing their seat's view only)."""
    with serving(store) as client:
        table_id, _, _ = new_game(client, 0, {0: "ismcts", 1: "best-ev"})
        with socket(client, table_id) as spectator:
            spectator.until(lambda m: m["view"]["over"])
    assert store.table(table_id).status == "finished"


# -------------------------------------------------------- seats and spectators
def test_a_token_plays_only_its_own_seat(store: Store) -> None:
    with serving(store) as client:
        table_id, _, tokens = new_game(client, 2)
        with socket(client, table_id, tokens[0]) as s0, socket(client, table_id, tokens[1]) as s1:
            socks = {0: s0, 1: s1}
            shown = s0.latest_view()
            turn = to_move(shown)[0]
            mover, other = socks[turn], socks[1 - turn]
            legal = mover.latest_view()["view"]["legal_moves"]
            before = version(store, table_id)
            other.move(legal[0])
            error = other.expect("error")
            assert error["rule"] == "turn order" and f"seat {1 - turn}" in error["message"]
            other.move(legal[0], seat=turn)
            error = other.expect("error")
            assert error["rule"] == "seat" and f"not seat {turn}" in error["message"]
            assert version(store, table_id) == before
            # Nothing was sent to anyone else: the mover's next message answers its ping.
            mover.ws.send_json({"type": "ping"})
            assert mover.next() == {"type": "pong"}
            mover.move(legal[0])
            after = mover.until(lambda m: m["version"] > before)
            assert other.until(lambda m: m["version"] > before)["version"] == after["version"]
            assert version(store, table_id) == after["version"]


def test_spectators_get_the_public_view_and_cannot_move(store: Store) -> None:
    with serving(store) as client:
        table_id, _, _ = new_game(client, 2)
        with socket(client, table_id) as watcher:
            first = watcher.latest_view()
            assert first["seat"] is None and first["view"]["seat"] is None
            assert first["view"]["legal_moves"] is None
            watcher.move({"type": "place_bet", "horse": "red", "chip": 1})
            error = watcher.expect("error")
            assert error["rule"] == "spectator"
            assert plain(first["view"]) == replayed(store, table_id).state.view(None)


BAD_MESSAGES: list[tuple[str, str, str]] = [
    ("not json at all", "protocol", "not JSON"),
    ("[1, 2]", "protocol", '"type"'),
    ('{"type": 5}', "protocol", '"type"'),
    ('{"type": "dance"}', "protocol", "unknown message type 'dance'"),
    ('{"type": "move"}', "protocol", '"move"'),
    ('{"type": "move", "move": "red"}', "protocol", '"move"'),
    ('{"type": "move", "move": {"type": "fly"}}', "move format", "fly"),
    ('{"type": "move", "move": {"type": "place_bet", "horse": "red"}}', "move format", "chip"),
    ('{"type": "move", "move": {"type": "roll_die", "symbol": "head"}}', "turn order", "roll"),
    ('{"type": "move", "move": {"type": "first_bettor", "seat": 0}}', "turn order", "first"),
]


def test_malformed_messages_and_unknown_moves_change_nothing(store: Store) -> None:
    with serving(store) as client:
        table_id, _, tokens = new_game(client, 2)
        turn = to_move(get_view(client, table_id))[0]
        before = version(store, table_id)
        with socket(client, table_id, tokens[turn]) as player:
            legal = player.latest_view()["view"]["legal_moves"]
            for text, rule, words in BAD_MESSAGES:
                player.ws.send_text(text)
                error = player.next()
                assert error["type"] == "error", (text, error)
                assert error["rule"] == rule, (text, error)
                assert words in error["message"], (text, error)
            bad_horse = {**legal[0], "horse": "unicorn"}
            player.move(bad_horse)
            assert "unicorn" in player.expect("error")["message"]
            player.ws.send_bytes(b'{"type": "ping"}')
            assert "binary" in player.expect("error")["message"]
            player.ws.send_text(json.dumps({"type": "ping", "pad": "x" * 70_000}))
            assert "too long" in player.expect("error")["message"]
            assert version(store, table_id) == before
            player.move(legal[0])  # the connection still plays
            assert player.until(lambda m: m["version"] > before)


def test_a_bad_token_is_closed_with_a_clear_reason(store: Store) -> None:
    with serving(store) as client:
        table_id, _, _ = new_game(client, 2)
        with client.websocket_connect(f"/ws/tables/{table_id}?token=guess") as ws:
            error = receive(ws)
            assert error["type"] == "error" and error["rule"] == "token"
            with pytest.raises(WebSocketDisconnect) as closed:
                receive(ws)
        assert closed.value.code == 4403 and "not a seat" in closed.value.reason
        with client.websocket_connect("/ws/tables/nope") as ws:
            assert receive(ws)["rule"] == "table"
            with pytest.raises(WebSocketDisconnect) as closed:
                receive(ws)
        assert closed.value.code == 4404 and "no table" in closed.value.reason


def test_reconnecting_resumes_at_the_current_view(store: Store) -> None:
    with serving(store) as client:
        table_id, _, tokens = new_game(client, 2)
        rng = random.Random(3)
        for _ in range(3):
            turn = to_move(get_view(client, table_id))[0]
            with socket(client, table_id, tokens[turn]) as player:
                player.move(rng.choice(player.latest_view()["view"]["legal_moves"]))
                player.until(lambda m, t=turn: t not in to_move(m))
        for seat, token in enumerate(tokens):
            with socket(client, table_id, token) as again:
                first = again.latest_view()
                over_http = get_view(client, table_id, token)
                assert {k: v for k, v in first.items() if k not in ("log_from", "log")} == over_http
                assert first["version"] == version(store, table_id)
                assert plain(first["view"]) == replayed(store, table_id).state.view(seat)


def test_the_lobby_hears_of_joins_and_the_start(store: Store) -> None:
    with serving(store) as client:
        table_id, host = create_table(client, players=2)
        with socket(client, table_id) as watcher:
            assert watcher.latest_view()["view"] is None
            join(client, table_id, 0, "Ann")
            table = watcher.expect("table")["table"]
            assert table["seats"][0]["name"] == "Ann"
            join(client, table_id, 1, "Bob")
            start(client, table_id, host)
            started = watcher.until(lambda m: m["view"] is not None)
            assert started["status"] == "playing"
            client.post(f"/api/tables/{table_id}/end", headers={"X-Host-Token": host})
            assert watcher.until(lambda m: m["status"] == "ended")["view"] is not None


# ------------------------------------------------------- simultaneous moves
def ww_table(client: TestClient, **options: Any) -> tuple[str, list[str]]:
    """A started 4-seat Wits & Wagers table of humans (untimed unless options say)."""
    options = {"answer_seconds": None, "bet_seconds": None, **options}
    table_id, _, tokens = new_game(client, 4, game="wits-and-wagers", options=options)
    return table_id, tokens


def test_simultaneous_secret_guesses_over_websockets_are_all_kept(any_store: Store) -> None:
    store = any_store
    with serving(store) as client:
        table_id, tokens = ww_table(client)
        before = version(store, table_id)
        socks = [socket(client, table_id, token) for token in tokens]
        players = [s.__enter__() for s in socks]
        try:
            for seat, player in enumerate(players):  # sent back to back, handled concurrently
                player.move({"type": "guess", "value": str(100 * (seat + 1))})
            for player in players:
                shown = player.until(lambda m: m["view"]["state"]["phase"] == "bet")
            mat = shown["view"]["state"]["mat"]
            guessed = sorted(seat for slot in mat for seat in slot["seats"])
            assert guessed == [0, 1, 2, 3]
            for player in players:
                assert not [m for m in player.messages if m["type"] == "error"]
        finally:
            for s in reversed(socks):
                s.__exit__(None, None, None)
    moves = store.record(table_id).moves[before:]
    assert sorted(m.by for m in moves if m.move["type"] == "guess") == [0, 1, 2, 3]


def test_a_guess_past_64_bits_reaches_every_screen(store: Store) -> None:
    """WW 2.2 allows guesses up to 10**31, and a client may send one as a JSON number:
    the server still sends every seat its view (the guesser sees its own guess)."""
    big = 123456789012345678901234567890
    with serving(store) as client:
        table_id, tokens = ww_table(client)
        with socket(client, table_id, tokens[0]) as ann, socket(client, table_id) as watcher:
            ann.latest_view()
            ann.move({"type": "guess", "value": big})
            mine = ann.until(lambda m: m["view"]["my_commitment"] is not None)
            assert mine["view"]["my_commitment"]["value"] == big
            seen = watcher.until(lambda m: 0 in m["view"]["committed"])
            assert str(big) not in json.dumps(seen)
            assert not [m for m in ann.messages if m["type"] == "error"]


def test_simultaneous_moves_over_http_from_many_threads(store: Store) -> None:
    with serving(store) as client:
        table_id, tokens = ww_table(client)

        def guess(seat: int) -> int:
            move = {"type": "guess", "value": str(10 + seat)}
            return post_move(client, table_id, tokens[seat], move)[0]

        with ThreadPoolExecutor(4) as pool:
            codes = list(pool.map(guess, range(4)))
        assert codes == [200, 200, 200, 200]
        state = get_view(client, table_id)["view"]["state"]
        assert state["phase"] == "bet"
        assert sorted(s for slot in state["mat"] for s in slot["seats"]) == [0, 1, 2, 3]
        # A second guess is refused: each seat has already committed.
        code, data = post_move(client, table_id, tokens[0], {"type": "guess", "value": "1"})
        assert code == 409 and data["rule"]


def test_a_spectator_never_sees_a_secret_guess_before_all_are_in(store: Store) -> None:
    with serving(store) as client:
        table_id, tokens = ww_table(client)
        with socket(client, table_id) as watcher, socket(client, table_id, tokens[1]) as seat_1:
            code, _ = post_move(client, table_id, tokens[0], {"type": "guess", "value": "4242"})
            assert code == 200
            committed = watcher.until(lambda m: m["view"]["committed"] == [0])
            assert "4242" not in json.dumps(committed)
            mine = seat_1.until(lambda m: m["view"]["committed"] == [0])
            assert "4242" not in json.dumps(mine)
            assert get_view(client, table_id, tokens[0])["view"]["my_commitment"] == {
                "type": "guess",
                "value": "4242",
            }


def test_json_nested_too_deeply_or_numbers_too_long_are_refused_and_the_connection_stays(
    store: Store,
) -> None:
    """Issue 18, defect 5: JSON the parser gives up on (nesting past its recursion limit,
    an integer of 5,000 digits) is a protocol error with its reason; the connection is
    kept and still plays."""
    with serving(store) as client:
        table_id, _, tokens = new_game(client, 2)
        turn = to_move(get_view(client, table_id))[0]
        before = version(store, table_id)
        with socket(client, table_id, tokens[turn]) as player:
            legal = player.latest_view()["view"]["legal_moves"]
            player.ws.send_text("[" * 20_000 + "]" * 20_000)
            error = player.expect("error")
            assert error["rule"] == "protocol" and "nested too deeply" in error["message"]
            player.ws.send_text('{"type": "ping", "n": ' + "9" * 5000 + "}")
            error = player.expect("error")
            assert error["rule"] == "protocol" and "digits" in error["message"]
            player.ws.send_text('{"type": "ping"}')
            assert player.expect("pong")
            assert version(store, table_id) == before
            player.move(legal[0])
            assert player.until(lambda m: m["version"] > before)
