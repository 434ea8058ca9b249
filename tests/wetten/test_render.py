"""The terminal rendering: a seat's board, log sentences and typed tickets."""

from __future__ import annotations

import random
from typing import Any

import pytest
from rich.console import Console

from tote.games.wetten.render import describe_event, input_help, parse_input, render

from .wt_helpers import deal, new_state, pass_window, step_random


def text_of(view: dict[str, Any]) -> str:
    console = Console(width=120, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(render(view))
    return console.export_text()


def test_render_shows_own_cards_never_others() -> None:
    """A seat's screen shows its own hand, each card by what it shows (issue 15: its id
    is a code); another seat's cards never appear, nor any card's id."""
    state = new_state(3)
    deal(state)
    view = state.view(0)
    screen = text_of(view)
    initials = [h["name"][0] for h in view["state"]["horses"]]

    def shown(card: str) -> str:
        values = state.card_values[card]
        return "(" + " ".join(f"{n}{v}" for n, v in zip(initials, values, strict=True)) + ")"

    hand_line = next(line for line in screen.splitlines() if line.startswith("Your race cards:"))
    assert (
        hand_line.split(":", 1)[1].split()
        == " ".join(shown(card) for card in state.hands[0]).split()
    )
    assert not any(card in screen for hand in state.hands for card in hand)


def test_every_log_entry_reads_as_a_sentence() -> None:
    """describe_event handles every event kind of a whole random game."""
    state = new_state(4)
    rng = random.Random(5)
    while not state.is_over:
        step_random(state, rng)
    names = ["A", "B", "C", "D"]
    for entry in state.view(1)["log"]:
        line = describe_event(entry, names)
        assert line and not line.startswith(f"{entry['kind']}:"), entry


def test_typed_tickets() -> None:
    """'Queen 1 2000, 4 4 1000' is a ticket; 'none' an empty one; bad text a ValueError."""
    state = new_state(3)
    deal(state)
    pass_window(state)
    view = state.view(0, log=False)
    assert parse_input("Queen 1 2000, 4 4 1000", view) == {
        "type": "set_the_stakes",
        "bets": [
            {"horse": "Queen", "place": 1, "stake": 2000},
            {"horse": "Joker", "place": 4, "stake": 1000},
        ],
    }
    lucky = parse_input("lucky 2 1000", view)
    assert lucky is not None and lucky["bets"][0]["horse"] == "Lucky Slevin"
    assert parse_input("none", view) == {"type": "set_the_stakes", "bets": []}
    assert parse_input('{"type": "pass"}', view) is None
    with pytest.raises(ValueError, match="HORSE PLACE STAKE"):
        parse_input("Queen 2000", view)
    assert "1,000" in input_help(view)
