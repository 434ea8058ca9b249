"""Issue 27, Add, "Table chat": a short message box at every table, for its seated
players and (if the host allows) spectators; stored with the table, delivered live over
the table's WebSocket, shown in the replay, plain text, bounded (length, rate, count
kept) and carrying nothing secret. Each refusal is one line naming its limit."""

from __future__ import annotations

from typing import Any

from tote.server.chat import CHAT_BURST, CHAT_KEPT, MAX_CHAT, clean
from tote.store import Store

from .server_helpers import Socket, create_table, join, new_game, serving, socket, start


def _chat(sock: Socket) -> list[dict[str, Any]]:
    """The next chat message's lines (refusals fail the test)."""
    while True:
        message = sock.next()
        assert message["type"] != "error", message
        if message["type"] == "chat":
            lines: list[dict[str, Any]] = message["messages"]
            return lines


def _refusal(sock: Socket) -> str:
    while True:
        message = sock.next()
        if message["type"] == "error":
            assert message["rule"] == "chat", message
            text: str = message["message"]
            return text


def _say(sock: Socket, text: str, **extra: Any) -> None:
    sock.ws.send_json({"type": "chat", "text": text, **extra})


def test_players_chat_live_and_spectators_read(store: Store) -> None:
    """A seated player's message reaches every connection (the other player and a
    spectator), with its seat and name and nothing else; a newcomer gets every message
    kept when connecting."""
    with serving(store, bot_delay=3600) as client:
        table_id, _host = create_table(client, players=2)
        tokens = [join(client, table_id, 0, "Ann"), join(client, table_id, 1, "Bo")]
        with (
            socket(client, table_id, tokens[0]) as ann,
            socket(client, table_id, tokens[1]) as bo,
            socket(client, table_id) as watcher,
        ):
            _say(ann, "  good luck,\n everyone  ")
            for sock in (ann, bo, watcher):
                (line,) = _chat(sock)
                assert set(line) == {"id", "seat", "name", "text", "at", "version"}
                assert (line["seat"], line["name"], line["text"]) == (
                    0,
                    "Ann",
                    "good luck, everyone",
                )
        with socket(client, table_id) as late:
            assert [m["text"] for m in _chat(late)] == ["good luck, everyone"]


def test_markup_is_kept_as_text_and_bounds_are_refused_in_one_line(store: Store) -> None:
    """Markup is stored as the characters typed (pages show it as text), control
    characters become spaces; an empty message, one past MAX_CHAT characters, a
    message that is not text and a burst past CHAT_BURST are each refused with one
    line naming the limit, and store nothing."""
    assert clean("<b>hi</b>\x1b[31m\ttab") == "<b>hi</b> [31m tab"
    with serving(store, bot_delay=3600) as client:
        table_id, _host = create_table(client, players=2)
        token = join(client, table_id, 0, "Ann")
        with socket(client, table_id, token) as ann:
            _say(ann, "<img src=x onerror=alert(1)>")
            assert _chat(ann)[0]["text"] == "<img src=x onerror=alert(1)>"
            _say(ann, "   \n  ")
            assert "empty" in _refusal(ann)
            _say(ann, "x" * (MAX_CHAT + 1))
            refused = _refusal(ann)
            assert f"at most {MAX_CHAT} characters" in refused and "\n" not in refused
            ann.ws.send_json({"type": "chat", "text": ["not", "text"]})
            assert "chat" in _refusal(ann)
            for n in range(CHAT_BURST - 1):  # one was said above
                _say(ann, f"line {n}")
                _chat(ann)
            _say(ann, "one too many")
            assert f"at most {CHAT_BURST} chat messages" in _refusal(ann)
        said = [line.text for line in store.chat(table_id)]
        assert len(said) == CHAT_BURST and "one too many" not in said


def test_spectators_chat_only_if_the_host_allows(store: Store) -> None:
    """Spectators read the chat; they may write only once the host allows it (off by
    default), under a name they give ("Spectator" without one), never a seat."""
    with serving(store, bot_delay=3600) as client:
        table_id, host = create_table(client, players=2)
        assert client.get(f"/api/tables/{table_id}").json()["spectator_chat"] is False
        with socket(client, table_id) as watcher:
            _say(watcher, "hello")
            assert "spectators read it" in _refusal(watcher)
            url = f"/api/tables/{table_id}/chat/spectators"
            assert client.post(url, json={"spectators": True}).status_code == 401
            answer = client.post(url, json={"spectators": True}, headers={"X-Host-Token": host})
            assert answer.status_code == 200 and answer.json()["spectator_chat"] is True
            _say(watcher, "hello", name="Cy")
            (line,) = _chat(watcher)
            assert (line["seat"], line["name"]) == (None, "Cy")
            _say(watcher, "again")
            assert _chat(watcher)[0]["name"] == "Spectator"
        assert [line.text for line in store.chat(table_id)] == ["hello", "again"]
        open_to_all, _host = create_table(client, players=2, spectator_chat=True)
        assert client.get(f"/api/tables/{open_to_all}").json()["spectator_chat"] is True


def test_a_table_keeps_its_newest_messages(store: Store) -> None:
    """At most CHAT_KEPT messages are kept per table: the oldest go first."""
    table, _host = store.create_table("winners-circle", {}, 1, [("A", None), ("B", None)])
    for n in range(CHAT_KEPT + 5):
        store.say(table.id, 0, "A", f"m{n}", CHAT_KEPT)
    kept = store.chat(table.id)
    assert len(kept) == CHAT_KEPT
    assert kept[0].text == "m5" and kept[-1].text == f"m{CHAT_KEPT + 4}"


def test_chat_survives_a_restart_and_is_in_the_replay(any_url: str) -> None:
    """Messages are stored with the table: a new server on the same database (a
    restart, another process) greets with them, and the replay reads them over HTTP,
    each with the table's version when it was said (its place in the game)."""
    store = Store(any_url)
    try:
        with serving(store, bot_delay=3600) as client:
            table_id, _host, tokens = new_game(client, 2)
            with socket(client, table_id, tokens[0]) as ann:
                _say(ann, "well played")
                (line,) = _chat(ann)
        store.engine.dispose()
        store = Store(any_url)
        with serving(store, bot_delay=3600) as client, socket(client, table_id) as watcher:
            assert [m["text"] for m in _chat(watcher)] == ["well played"]
            replay = client.get(f"/api/tables/{table_id}/chat").json()["messages"]
            assert replay == [line] and line["version"] == store.table(table_id).version
            assert client.get("/api/tables/nope/chat").status_code == 404
    finally:
        store.engine.dispose()


def test_chat_reaches_the_watchers_of_another_process(postgres_url: str) -> None:
    """Two server processes on one PostgreSQL database: a message said through one
    reaches the connections of the other (the store's notice, as moves do)."""
    one, two = Store(postgres_url), Store(postgres_url)
    try:
        with serving(one, bot_delay=3600) as first, serving(two, bot_delay=3600) as second:
            table_id, host = create_table(first, players=2)
            token = join(first, table_id, 0, "Ann")
            join(first, table_id, 1, "Bo")
            start(first, table_id, host)
            with socket(first, table_id, token) as ann, socket(second, table_id) as far:
                _say(ann, "hello from one")
                assert [m["text"] for m in _chat(far)] == ["hello from one"]
    finally:
        one.engine.dispose()
        two.engine.dispose()
