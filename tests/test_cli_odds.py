"""``tote odds RECORD --seat N`` and ``odds`` in ``tote play`` (issue 12, 2)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tote.core import CHANCE, Match, get_game
from tote.games.winners_circle.moves import DrawHorseCard, FirstBettor

from .test_cli import WC, assert_one_line_error, invoke

CARDS = ("H01", "H02", "H03", "H04", "H05", "H06", "H07")


def record_at_the_first_bet(tmp_path: Path, **options: object) -> Path:
    """A Winner's Circle record stopped where seat 0 places its first chip."""
    match = Match(get_game(WC), 3, dict(options), seed=None)
    for card in CARDS:
        match.play(CHANCE, DrawHorseCard(card))
    if match.state.turn().chance:
        match.play(CHANCE, FirstBettor(0))
    path = tmp_path / "wc.json"
    path.write_text(match.record().to_json_text())
    return path


def test_odds_prints_the_board_of_a_seat(tmp_path: Path) -> None:
    """The chances of every horse and the chips seat 0 may lay now, by value."""
    path = record_at_the_first_bet(tmp_path)
    result = invoke("odds", str(path), "--seat", "0", "--samples", "400")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Tote board" in out and "Chances" in out and "Your bets now, in $" in out
    assert "your 2-chip on red" in out


def test_odds_json_is_the_boards_json_and_replays_from_its_seed(tmp_path: Path) -> None:
    path = record_at_the_first_bet(tmp_path)
    args = ("odds", str(path), "--seat", "0", "--samples", "300", "--json", "--seed", "4")
    first = json.loads(invoke(*args).stdout)
    second = json.loads(invoke(*args).stdout)
    first.pop("seconds"), second.pop("seconds")
    assert first == second
    assert first["seat"] == 0 and first["samples"] == 300 and first["unit"] == "$"
    assert set(first["markets"]) == {"red", "blue", "green", "yellow", "purple", "orange", "white"}
    assert len(first["bets"]) == 14


def test_odds_without_a_seat_is_the_public_board(tmp_path: Path) -> None:
    path = record_at_the_first_bet(tmp_path)
    board = json.loads(invoke("odds", str(path), "--samples", "200", "--json").stdout)
    assert board["seat"] is None and board["bets"] == []


def test_odds_refuses_bad_input_in_one_line(tmp_path: Path) -> None:
    """Issue 12, bad input: an unknown seat, a budget of zero or below, a record that
    does not replay, a finished game (here a game of a run file of ``tote simulate
    --save``), a run file without the game named: one line, status 2."""
    path = record_at_the_first_bet(tmp_path)
    for args, fragment in (
        (("--seat", "7"), "there is no seat 7"),
        (("--samples", "0"), "samples must be 1"),
        (("--seconds", "0"), "time budget must be above 0"),
        (("--seconds", "-2"), "time budget must be above 0"),
    ):
        result = invoke("odds", str(path), *args)
        assert result.exit_code == 2
        assert_one_line_error(result, fragment)
    bad = tmp_path / "bad.json"
    bad.write_text(path.read_text().replace('"H01"', '"H99"'))
    result = invoke("odds", str(bad), "--seat", "0")
    assert result.exit_code == 2
    assert_one_line_error(result)
    run = tmp_path / "run.jsonl.gz"
    simulate = invoke("simulate", WC, "--players", "2", "--games", "2", "--save", str(run))
    assert simulate.exit_code == 0
    result = invoke("odds", str(run), "--seat", "0", "--game", "1")
    assert result.exit_code == 2
    assert_one_line_error(result, "game is over")
    result = invoke("odds", str(run), "--seat", "0")
    assert result.exit_code == 2
    assert_one_line_error(result, "choose one with --game SEED")


def test_play_shows_the_board_on_request() -> None:
    """``odds`` at the prompt shows the seat's board; the game goes on afterwards."""
    keys = "odds\n" + "1\n" * 400
    result = invoke(
        "play", WC, "--players", "2", "--bots", "1", "--seed", "3", "--bot", "random", input=keys
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Tote board" in out and "Your bets now" in out
    assert "odds, help, quit]" in out
    assert "Final board" in out


def test_odds_shows_horse_fevers_bets_in_danari_and_vp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 12: Horse Fever's bets are valued in Danari and in VP; the table has a
    column for each (on a terminal wide enough not to wrap the headings), and the JSON
    each bet's ``other_ev`` in VP."""
    monkeypatch.setenv("COLUMNS", "160")
    game = get_game("horse-fever")
    assert game.markets is not None
    match = Match(game, 3, {}, seed=5)
    rng = random.Random(5)
    state = match.state
    while state.turn().chance or not game.markets.bets(state, state.turn().seats[0]):
        seat = CHANCE if state.turn().chance else state.turn().seats[0]
        move = state.sample_chance(rng) if seat == CHANCE else state.random_move(seat, rng)
        match.play(seat, move)
    seat = state.turn().seats[0]
    path = tmp_path / "hf.json"
    path.write_text(match.record().to_json_text())
    result = invoke("odds", str(path), "--seat", str(seat), "--samples", "200")
    assert result.exit_code == 0, result.output
    assert "Your bets now, in Danari and VP" in result.stdout
    assert "Expected Danari" in result.stdout and "Expected VP" in result.stdout
    result = invoke("odds", str(path), "--seat", str(seat), "--samples", "200", "--json")
    board = json.loads(result.stdout)
    assert board["other_units"] == ["VP"]
    assert all(set(b["other_ev"]) == {"VP"} for b in board["bets"]) and board["bets"]


def test_odds_rolls_out_with_a_level_as_with_the_bot_it_names(tmp_path: Path) -> None:
    """Issue 25: ``tote odds --policy normal`` rolls out with the game's heuristic bot
    (Winner's Circle's ``odds``): the same board, seeded alike, as ``--policy odds``; an
    unknown policy is one line listing the game's bots, levels included."""
    path = record_at_the_first_bet(tmp_path)
    boards = []
    for policy in ("normal", "odds"):
        args = ("odds", str(path), "--seat", "0", "--samples", "6", "--json", "--policy", policy)
        result = invoke(*args)
        assert result.exit_code == 0, result.output
        board = json.loads(result.stdout)
        board.pop("seconds")
        boards.append(board)
    assert boards[0] == boards[1] and boards[0]["samples"] == 6
    refused = invoke("odds", str(path), "--seat", "0", "--policy", "normall")
    assert refused.exit_code == 2
    assert_one_line_error(refused, "no bot 'normall'", "easy, hard")
