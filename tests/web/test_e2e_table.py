"""The table page's own parts, whatever the game: joining with the table link, the
host's controls, spectators, and getting back after the connection drops."""

from __future__ import annotations

import re
from typing import Any

from .web_helpers import (
    DESKTOP,
    PHONE,
    LiveServer,
    NewPage,
    create_table,
    start_as_host,
    wait_for_board,
)


def test_a_visitor_joins_with_the_table_link_and_the_host_adds_a_bot(
    new_page: NewPage, live_server: LiveServer
) -> None:
    ann = new_page(**DESKTOP)
    cara = new_page(**PHONE)
    # Cara's WebSocket goes through a route the test can cut, as a network would.
    sockets: list[Any] = []

    def through(route: Any) -> None:
        route.connect_to_server()
        sockets.append(route)

    cara.route_web_socket(re.compile(r".*/ws/tables/.*"), through)
    table = create_table(
        ann, live_server.url, "winners-circle", [("me", "Ann"), ("open", ""), ("open", "")]
    )
    assert table.seat_links == {}  # open seats get no link of their own
    ann.click("#go-to-table")
    ann.wait_for_selector("#waiting .pill.free >> nth=1")

    # Cara opens the table link: she picks a free seat and a name.
    cara.goto(table.table_link)
    cara.wait_for_selector("#join:not([hidden])")
    assert "watching" in cara.inner_text("#who")
    cara.select_option("#join-seat", "1")
    cara.fill("#join-name", "Cara")
    cara.click("#join button[type=submit]")
    cara.wait_for_selector("#join", state="hidden")
    assert "Cara · seat 2" in cara.inner_text("#who")
    assert cara.url.endswith("#seat=1")
    ann.wait_for_selector("#waiting li[data-seat='1']:has-text('Cara')")

    # The host fills the last seat with a bot and starts.
    assert not cara.locator("#host:not([hidden])").count()
    ann.select_option("#host select", "random")
    ann.click("#host [data-add-bot='2']")
    ann.wait_for_selector("#waiting li[data-seat='2'] .pill.bot")
    ann.click("#start-game")
    wait_for_board(ann)
    wait_for_board(cara)
    assert "Cara" in ann.inner_text(".players tr[data-seat='1']")

    # A late visitor can only watch: no seat is free any more.
    dan = new_page(**DESKTOP)
    dan.goto(table.table_link)
    wait_for_board(dan)
    assert dan.locator("#join").is_hidden()
    assert "watching" in dan.inner_text("#who")
    assert not dan.locator(".actions").count()

    # Cara's connection drops: the page says so, reconnects by itself and resumes her seat.
    connections = len(sockets)
    sockets[-1].close(code=4000, reason="network gone")
    cara.wait_for_selector("#conn[data-status=reconnecting]")
    cara.wait_for_selector("#conn[data-status=live]", timeout=20_000)
    assert len(sockets) == connections + 1
    assert "Cara · seat 2" in cara.inner_text("#who")
    wait_for_board(cara)

    # The host ends the table (after confirming): everyone is told.
    ann.on("dialog", lambda dialog: dialog.accept())
    ann.click("#end-table")
    for page in (ann, cara, dan):
        page.wait_for_selector("#waiting:has-text('The host has ended this table')")
    assert ann.locator("#host").is_hidden()


def test_an_unknown_table_and_a_bad_seat_link(new_page: NewPage, live_server: LiveServer) -> None:
    page = new_page(**DESKTOP)
    page.goto(f"{live_server.url}/t/nosuchtable")
    page.wait_for_selector("text=No such table")
    table = create_table(page, live_server.url, "winners-circle", [("me", "Ann"), ("open", "")])
    # A forged token is refused by the server: the page forgets it and watches instead.
    other = new_page(**DESKTOP)
    other.goto(f"{live_server.url}/t/{table.table_id}?seat=1&token=forged")
    other.wait_for_selector(".toast.error")
    other.wait_for_selector("#join:not([hidden])")
    assert "watching" in other.inner_text("#who")
    assert "forged" not in other.url
    assert other.evaluate("JSON.stringify(localStorage)").count("forged") == 0


def test_the_lobby_sets_a_games_options_in_a_form(
    new_page: NewPage, live_server: LiveServer
) -> None:
    """Issue 7, the lobby: a game's options are switches, choices and numbers with the
    rulebook's defaults shown. Options a variant sets (its checkbox says it), and
    options naming a file on the server (refused over the network), get no field."""
    ann = new_page(**DESKTOP)
    ann.goto(live_server.url + "/")
    ann.click("button.choice[data-game='winners-circle']")
    ann.click("details.advanced summary")
    fields = ann.eval_on_selector_all("[data-option]", "els => els.map(e => e.dataset.option)")
    assert fields == ["starting_money", "last_place_tie"]
    assert ann.get_attribute("[data-option='starting_money']", "placeholder") == "0"

    table = create_table(
        ann,
        live_server.url,
        "winners-circle",
        [("me", "Ann"), ("bot", "odds")],
        variants=["hidden-bets"],
        options={"starting_money": 5, "last_place_tie": "least_recent"},
    )
    options = live_server.api().get(f"/api/tables/{table.table_id}").json()["options"]
    assert options["hidden_bets"] is True
    assert options["starting_money"] == 5 and options["last_place_tie"] == "least_recent"
    assert options["royal_turf"] is False and options["horse_cards_file"] is None


def test_the_lobby_makes_teams_from_the_seats_member_fields(
    new_page: NewPage, live_server: LiveServer
) -> None:
    """WW 1.1 Playing in Teams, from the lobby: 4 people at 3 seats. Each seat's member
    field ("Ann 34, Bo 12": ages break a final tie) becomes its team; a seat left
    empty is a team of one named after the seat."""
    ann = new_page(**DESKTOP)
    table = create_table(
        ann,
        live_server.url,
        "wits-and-wagers",
        [("me", "Reds"), ("friend", "Blues"), ("bot", "bettor")],
        members={0: "Ann 34, Bo 12", 1: "Cy, Di 9"},
    )
    options = live_server.api().get(f"/api/tables/{table.table_id}").json()["options"]
    assert options["teams"] == [
        {"name": "Reds", "members": [{"name": "Ann", "age": 34}, {"name": "Bo", "age": 12}]},
        {"name": "Blues", "members": [{"name": "Cy", "age": None}, {"name": "Di", "age": 9}]},
        {"name": "Bot 3", "members": [{"name": "Bot 3", "age": None}]},
    ]


def test_bots_of_one_kind_are_told_apart(new_page: NewPage, live_server: LiveServer) -> None:
    """Seat names: two bots of the same kind are numbered on every screen."""
    ann = new_page(**DESKTOP)
    create_table(
        ann, live_server.url, "winners-circle", [("me", "Ann"), ("bot", "odds"), ("bot", "odds")]
    )
    start_as_host(ann)
    wait_for_board(ann)
    names = ann.inner_text(".players")
    assert "Odds bot 1" in names and "Odds bot 2" in names
