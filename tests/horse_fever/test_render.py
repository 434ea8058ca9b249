"""The terminal hook: typed bets, the board from a seat's view, log sentences."""

from __future__ import annotations

import pytest
from rich.console import Console

from tote.games.horse_fever import render

from .hf_helpers import at_race, pass_all, started

PARTY_ONE_RACE = ("-o", "mode=party", "-o", "rounds=1", "-o", "any_rounds=true")


def test_typed_bets_become_moves() -> None:
    state = started(2)
    pass_all(state)
    view = state.view(0, log=False)
    assert render.parse_input("win red 300", view) == {
        "type": "place_bet",
        "stable": "red",
        "bet": "win",
        "amount": 300,
    }
    assert render.parse_input("skip", view) == {"type": "skip_bet"}
    assert render.parse_input('{"type": "skip_bet"}', view) is None
    with pytest.raises(ValueError):
        render.parse_input("place red", view)
    assert "at least 200 D" in render.input_help(view)


def test_board_and_log_render_for_a_seat_and_spectators() -> None:
    state = at_race(3)
    console = Console(width=120, record=True)
    for seat in (None, 0):
        view = state.view(seat)
        console.print(render.render(view))
        for event in view["log"]:
            assert render.describe_event(event, ["A", "B", "C"])
    assert "Blackboard" in console.export_text()


def test_moves_are_described_with_card_names() -> None:
    from tote.games.horse_fever import GAME
    from tote.games.horse_fever.moves import KeepCard, PlayActionCard

    assert GAME.describe_move(KeepCard("S35")) == "keep the Assistant François Riche"
    assert GAME.describe_move(KeepCard("T01")) == "keep the Target card for the most Stables"
    assert GAME.describe_move(PlayActionCard("A05", "red")) == (
        "play the Action card In Igni Veritas behind the red horse"
    )


def test_tote_play_runs_a_game_with_typed_bets_and_numbered_moves() -> None:
    """`tote play horse-fever`: a human seat types bets and picks other moves by number,
    against the odds bot, to the end of a one-round game."""
    from typer.testing import CliRunner

    from tote.cli.main import app

    keys = "win white 200\nshow black 200\nskip\n1\n" * 300
    result = CliRunner().invoke(
        app,
        [
            "play",
            "horse-fever",
            "-p",
            "2",
            "-b",
            "1",
            "--seed",
            "5",
            "-o",
            "rounds=1",
            "-o",
            "any_rounds=true",
        ],
        input=keys,
    )
    assert result.exit_code == 0, result.output
    assert "wins." in result.stdout and "Blackboard" in result.stdout


def test_tote_play_runs_a_party_game_with_secret_typed_bets() -> None:
    """`tote play horse-fever -o mode=party`: PG 2.1 secret bets are typed like the
    Board Game's (no 'skip'), against bots, to the end of a one-race game."""
    from typer.testing import CliRunner

    from tote.cli.main import app

    keys = "win white 200\n1\n" * 50
    result = CliRunner().invoke(
        app,
        [*("play", "horse-fever", "-p", "4", "-b", "3", "--seed", "5"), *PARTY_ONE_RACE],
        input=keys,
    )
    assert result.exit_code == 0, result.output
    assert (
        "secret" in result.stdout and "bets 200 Danari on the white horse to win" in result.stdout
    )
    assert "winner" in result.stdout and "Player 1" in result.stdout


def test_views_name_the_cards_they_show_and_no_other() -> None:
    """Front ends get each shown card's name and meaning with the view: the owner of two
    Action cards gets theirs, the others and spectators none (HF 2.2 secrecy)."""
    from tote.games.horse_fever.moves import BuyActionCards

    from .hf_helpers import draw

    state = started(3)
    state.apply(0, BuyActionCards())
    draw(state, "A01", "A13")
    cards = state.view(0)["state"]["cards"]
    assert cards["A01"] == {
        "name": "Magna Velocitas",
        "kind": "positive action (A)",
        "text": "start: moves 4",
    }
    assert set(cards) == {"A01", "A13"}
    assert state.view(1)["state"]["cards"] == {} == state.view(None)["state"]["cards"]


def test_every_log_entry_reads_as_a_sentence() -> None:
    """The terminal log: every kind of entry that random games produce, in every mode and
    for every reader, is a sentence naming the players, never a raw ``key=value`` dump."""
    from tote.sim.runner import random_match

    names = ["Ann", "Bob", "Cy", "Di"]
    kinds = set()
    for seed in range(12):
        for options in ({}, {"mode": "family"}, {"mode": "party"}):
            match = random_match("horse-fever", 4, seed=seed, options=options)
            for seat in (None, 0):
                for event in match.state.log_view(seat):
                    text = render.describe_event(event, names)
                    assert "=" not in text and "None" not in text, (event, text)
                    kinds.add(event["kind"])
    assert {"payoffs", "character", "round", "movement", "new_odds"} <= kinds


def test_an_advanced_character_without_a_stable_reads_as_a_sentence() -> None:
    """HF 0.7 with the starred cards: an advanced Character owns no Stable from the start,
    so its log entry has no Stable to name (it once stopped the terminal log)."""
    from tote.sim.runner import random_match

    names = ["Ann", "Bob", "Cy"]
    lines = []
    for seed in range(8):
        match = random_match("horse-fever", 3, seed=seed, options={"advanced": True})
        lines += [
            render.describe_event(event, names)
            for event in match.state.log_view(None)
            if event["kind"] == "character" and "stable" not in event
        ]
    assert lines, "no advanced Character drawn in 8 seeded games"
    assert all(line.endswith(" and no Stable.") for line in lines), lines
