"""Issue 15 in the terminal: the end of a game prints every seat's standing with how its
score came; ``tote terms GAME`` and ``terms`` at the move prompt explain the game's
words."""

from __future__ import annotations

import json
from typing import Any

from typer.testing import CliRunner

from tote.cli.main import app
from tote.core import get_game

runner = CliRunner()


def invoke(*args: str, input: str | None = None) -> Any:
    return runner.invoke(app, list(args), input=input)


def test_tote_terms_prints_the_glossary_of_every_game() -> None:
    """Issue 15: `tote terms GAME` prints each of the game's terms and its explanation."""
    for game_id in ("winners-circle", "wetten", "horse-fever", "wits-and-wagers", "carcassonne"):
        result = invoke("terms", game_id, "--json")
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        assert [t["term"] for t in data["terms"]] == [
            t.term for t in get_game(game_id).glossary().terms
        ]
    table = invoke("terms", "horse-fever")
    assert table.exit_code == 0
    assert "Minimum Bet" in table.stdout and "Danari" in table.stdout


def test_tote_terms_refuses_an_unknown_game_in_one_line() -> None:
    """An unknown game is one line naming the games, exit status 2."""
    result = invoke("terms", "chess")
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "winners-circle" in result.stderr


def test_the_end_of_a_game_prints_the_standings() -> None:
    """Issue 15: the end shows every seat's rank and score and how it came: in Winner's
    Circle the money of each race, with race 3 doubled (WC 5.5)."""
    result = invoke("play", "winners-circle", "--players", "3", "--bots", "3", "--seed", "4")
    assert result.exit_code == 0, result.output
    end = result.stdout[result.stdout.index("Result") :]
    assert "How the points came" in end and "Race 3:" in end and "(doubled)" in end
    assert "Ties: Equal money shares the place." in " ".join(end.split())
    assert "winner" in end and ("wins." in end or "Shared win" in end)


def test_terms_at_the_move_prompt_shows_the_glossary_and_help_points_to_it() -> None:
    """Issue 15: at the move prompt, `help` points to `terms`, and `terms` prints the
    game's terms; neither is a move."""
    keys = "help\nterms\nquit\n"
    result = invoke("play", "winners-circle", "--players", "2", "--seed", "3", input=keys)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "'terms' explains the game's words" in out
    assert "Winner's Circle: the terms" in out and "Pace horse" in out
