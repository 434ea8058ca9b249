"""Issue 15: every log entry a browser is sent carries ``"sentence"``, the entry in words
in the table's names, over HTTP and over WebSocket alike; the game's own fields, such as
a Wits & Wagers question's ``"text"``, stay as they are."""

from __future__ import annotations

from tote.core.registry import get_game
from tote.store import Store

from .server_helpers import TestClient, create_table, get_view, join, serving, socket, start


def named_table(client: TestClient, names: list[str]) -> tuple[str, list[str]]:
    table_id, host = create_table(client, "winners-circle", 3, {2: "odds"})
    tokens = [join(client, table_id, seat, name) for seat, name in enumerate(names)]
    start(client, table_id, host)
    return table_id, tokens


def test_the_sentence_key_over_http_and_websocket(store: Store) -> None:
    """Each entry's sentence is the game's sentence for that entry, in the seats' names (a
    bot with the placeholder name is "Odds bot"); HTTP and WebSocket send the same."""
    game = get_game("winners-circle")
    with serving(store) as client:
        table_id, tokens = named_table(client, ["Ann", "Bob"])
        over_http = get_view(client, table_id, tokens[0])["view"]["log"]
        assert over_http, "the race preparation is logged before the first bet"
        for entry in over_http:
            plain = {k: v for k, v in entry.items() if k != "sentence"}
            assert entry["sentence"] == game.describe_event(plain, ["Ann", "Bob", "Odds bot"])
        with socket(client, table_id, tokens[1]) as ws:
            first = ws.latest_view()
            assert [e["sentence"] for e in first["log"]] == [e["sentence"] for e in over_http]
        seated = [e for e in over_http if e["kind"] == "first_bettor"]
        assert seated and any(n in seated[0]["sentence"] for n in ("Ann", "Bob", "Odds bot"))


def test_the_sentence_follows_the_tables_names(store: Store) -> None:
    """Two tables, other names: the sentences of seated entries name the other people."""
    with serving(store) as client:
        first, tokens_a = named_table(client, ["Ann", "Bob"])
        second, _ = named_table(client, ["Cleo", "Dev"])
        texts_a = " ".join(
            e["sentence"] for e in get_view(client, first, tokens_a[0])["view"]["log"]
        )
        texts_b = " ".join(e["sentence"] for e in get_view(client, second)["view"]["log"])
    assert "Cleo" not in texts_a and "Dev" not in texts_a
    assert "Ann" not in texts_b and "Bob" not in texts_b
    assert any(n in texts_b for n in ("Cleo", "Dev", "Odds bot"))


def test_a_question_keeps_its_own_text(store: Store) -> None:
    """The sentence is a key of its own: a Wits & Wagers question entry keeps the question
    as its ``text``, and its sentence quotes it."""
    with serving(store) as client:
        table_id, host = create_table(
            client, "wits-and-wagers", 4, {1: "bettor", 2: "bettor", 3: "bettor"}
        )
        join(client, table_id, 0, "Ann")
        start(client, table_id, host)
        log = get_view(client, table_id)["view"]["log"]
    question = next(e for e in log if e["kind"] == "question")
    assert question["text"].endswith("?")
    assert f'"{question["text"]}"' in question["sentence"]
