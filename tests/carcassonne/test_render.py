"""The terminal hook: the board renders from any view, typed input becomes moves."""

from __future__ import annotations

import random

import pytest
from rich.console import Console

from tote.core import CHANCE
from tote.games.carcassonne.moves import DrawTile, PlaceTile
from tote.games.carcassonne.render import (
    board_text,
    describe_event,
    input_help,
    parse_input,
    render,
    turn_face,
)

from .cc_helpers import new_state, play, scores_by_event

NAMES = ["Ann", "Bob", "Cy"]


def shown(view: dict[str, object]) -> str:
    console = Console(width=140, record=True, force_terminal=False)
    console.print(render({**view, "names": NAMES}))
    return console.export_text()


def test_every_view_of_a_random_game_renders_and_every_event_reads() -> None:
    state = new_state(3)
    rng = random.Random(5)
    while not state.is_over:
        turn = state.turn()
        if turn.chance:
            state.apply(CHANCE, state.sample_chance(rng))
            continue
        seat = turn.seats[0]
        if rng.random() < 0.1:
            assert "Carcassonne" in shown(state.view(seat))
        state.apply(seat, state.random_move(seat, rng))
    text = shown(state.view(None))
    assert "game over" in text
    for event in state.log_view(0):
        assert describe_event(event, NAMES)


def test_typed_placement_meeple_bet_and_settle() -> None:
    """'place X Y rR', 'meeple city N', 'chip 3/4', 'none' become the moves."""
    state = new_state(3)
    state.apply(CHANCE, DrawTile("M"))
    view = state.view(0, log=False)
    assert parse_input("place 0 -1 r180", view) == PlaceTile(0, -1, 180).to_json()
    assert parse_input("0 -1 180", view) == PlaceTile(0, -1, 180).to_json()
    assert parse_input('{"type": "no_meeple"}', view) is None
    with pytest.raises(ValueError, match="meeple is asked next"):
        parse_input("place 0 -1 r180 meeple city N", view)
    assert "place X Y" in input_help(view)
    assert "?" in shown(state.view(0))
    state.apply(0, PlaceTile(0, -1, 180))
    view = state.view(0, log=False)
    assert parse_input("meeple city S", view) == {"type": "place_meeple", "feature": "city:E.S"}
    assert parse_input("field NL", view) == {"type": "place_meeple", "feature": "field:NL.NR.WL.WR"}
    assert parse_input("none", view) == {"type": "no_meeple"}
    with pytest.raises(ValueError, match="no free road"):
        parse_input("road N", view)
    state.apply(0, parse_input("none", view))  # type: ignore[arg-type]
    play(state, "BK5", 1, -1, 0)
    view = state.view(2, log=False)
    assert parse_input("chip 3/4", view) == {"type": "place_chip", "chip": "3/4"}
    assert parse_input("4", view) == {"type": "place_chip", "chip": "4"}
    assert parse_input("none", view) == {"type": "no_chip"}


def test_the_river_and_the_abbot_render_and_read() -> None:
    """The River's water and The Abbot's garden and abbot show on the board; typed
    'abbot garden' and 'return abbot' become the abbot's moves; their events read."""
    state = new_state(2, bets=False, river=True, abbot=True)
    text = shown(state.view(0))
    assert "The River and The Abbot" in text and "≈" in text
    state = new_state(2, bets=False, abbot=True)
    state.apply(CHANCE, DrawTile("Ug"))
    state.apply(0, PlaceTile(0, 1, 0))
    view = state.view(0)
    assert "g" in board_text(view).plain.splitlines()[4]
    assert "abbot garden" in input_help(view)
    move = parse_input("abbot garden", view)
    assert move == {"type": "place_abbot", "feature": "garden"}
    state.apply(0, move)  # type: ignore[arg-type]
    assert "A" in board_text(state.view(None)).plain.splitlines()[4]
    assert "in supply" in shown(state.view(1)) and "on the board" in shown(state.view(1))
    names = ["Ann", "Bob"]
    placed = describe_event(scores_by_event(state, "abbot_placed")[0], names)
    assert placed == "Ann puts the abbot on the garden of the tile south of the start tile."
    back = {"kind": "abbot_returned", "seat": 1, "feature": "monastery", "x": 1, "y": 2}
    assert "scores 5" in describe_event({**back, "points": 5}, names)
    view = {"state": {"phase": "meeple"}, "legal_moves": [{"type": "return_abbot"}]}
    assert parse_input("return abbot", view) == {"type": "return_abbot"}
    bend = {"edges": "FFWW", "river": ["S", "W"], "garden": "field:SR.WL"}
    turned = turn_face(bend, 90)
    assert (turned["edges"], turned["river"], turned["garden"]) == (
        "WFFW",
        ["W", "N"],
        "field:WR.NL",
    )
