"""Wits & Wagers in the terminal: typed moves, the board, secrecy, and the CLI end to end."""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Sequence
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from tote.cli.board import load_renderer
from tote.cli.main import app
from tote.core import Match, get_game
from tote.core.bot import Observation
from tote.games.wits_and_wagers import render

WW = "wits-and-wagers"
GAME = get_game(WW)
NAMES = ["Ann", "Bob", "Cy", "Di"]
runner = CliRunner()


def invoke(*args: str, input: str | None = None, env: dict[str, str] | None = None) -> Any:
    return runner.invoke(app, list(args), input=input, env=env)


def match(*variants: str, seed: int = 3, players: int = 4) -> Match:
    return Match(GAME, players, GAME.options({}, variants), seed=seed)


def to_bets(m: Match, guesses: Sequence[str] = ("10", "20", "30", "40")) -> Match:
    """Everyone writes a guess: the match is at Step 3 (bet)."""
    for seat, guess in enumerate(guesses):
        m.play(seat, {"type": "guess", "value": guess})
    assert m.state.view(None)["state"]["phase"] == "bet"
    return m


def shown(view: dict[str, Any], width: int = 80) -> str:
    console = Console(file=io.StringIO(), width=width, record=True)
    console.print(render.render({**view, "names": NAMES[: view["players"]]}))
    return console.export_text()


def flat(text: str) -> str:
    """The words of ``text`` in order, without line breaks or panel borders."""
    return " ".join(text.replace("│", " ").split())


# ---------------------------------------------------------------- typed moves
def answer_view() -> dict[str, Any]:
    return match().state.view(0, log=False)


def bet_view(*variants: str) -> dict[str, Any]:
    return to_bets(match(*variants)).state.view(0, log=False)


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("1969", {"type": "guess", "value": "1969"}),
        ("  1,200 ", {"type": "guess", "value": "1,200"}),
        ("3.5", {"type": "guess", "value": "3.5"}),
        ("lots", {"type": "guess", "value": "lots"}),  # the rules refuse it, not the parser
        ("blank", {"type": "no_guess"}),
        ("PASS", {"type": "no_guess"}),
    ],
)
def test_answer_step_reads_any_text_as_a_guess(text: str, move: dict[str, Any]) -> None:
    view = answer_view()
    assert render.parse_input(text, view) == move
    match().state.parse(move)  # a well-formed move


@pytest.mark.parametrize(
    ("text", "bets"),
    [
        ("4", [(4, 0)]),
        ("4 4", [(4, 0), (4, 0)]),
        ("4 0", [(4, 0), (0, 0)]),
        ("4+5 0", [(4, 5), (0, 0)]),
        ("4:5 0", [(4, 5), (0, 0)]),
        ("4 + 5, 0", [(4, 5), (0, 0)]),
        ("bet 3 5+2", [(3, 0), (5, 2)]),
        ("none", []),
        ("No bets", []),
    ],
)
def test_bet_step_notation(text: str, bets: list[tuple[int, int]]) -> None:
    move = render.parse_input(text, bet_view())
    assert move == {"type": "place_bets", "bets": [{"slot": s, "chips": c} for s, c in bets]}
    match().state.parse(move)


@pytest.mark.parametrize("text", ["lock", "done", "DONE"])
def test_lock_in_open_betting(text: str) -> None:
    assert render.parse_input(text, bet_view()) == {"type": "lock_bets"}


@pytest.mark.parametrize(
    ("text", "variants", "fragment"),
    [
        ("4 x", (), "'x' is not a bet"),
        ("4+k 0", (), "'4+k' is not a bet"),
        ("1 2 3", (), "at most 2 bets"),
        ("four", (), "'four' is not a bet"),
        ("lock", ("secret-betting",), "final once placed"),
    ],
)
def test_malformed_bets_raise_one_line(text: str, variants: tuple[str, ...], fragment: str) -> None:
    with pytest.raises(ValueError, match=re.escape(fragment)) as info:
        render.parse_input(text, bet_view(*variants))
    assert "\n" not in str(info.value)


def test_lock_in_the_answer_step_is_explained() -> None:
    with pytest.raises(ValueError, match="write your guess"):
        render.parse_input("lock", answer_view())


@pytest.mark.parametrize("view", [answer_view(), bet_view()])
def test_json_is_left_to_the_front_end(view: dict[str, Any]) -> None:
    assert render.parse_input('{"type": "no_guess"}', view) is None


def test_input_help_says_what_to_type_with_the_seats_points() -> None:
    assert "guess" in render.input_help(answer_view())
    assert "'blank'" in render.input_help(answer_view())
    open_help = render.input_help(bet_view())
    assert "'4 0'" in open_help and "'lock'" in open_help and "'none'" in open_help
    secret_help = render.input_help(bet_view("secret-betting"))
    assert "'lock'" not in secret_help and "final" in secret_help
    view = bet_view()
    view["state"]["points"][0] = 17
    assert "17 points" in render.input_help(view)
    for text in (open_help, secret_help, render.input_help(answer_view())):
        assert len(text.splitlines()) <= 2


# ---------------------------------------------------------------- the board
@pytest.mark.parametrize("width", [40, 60, 80, 120])
def test_board_at_each_step_for_a_seat_and_a_spectator(width: int) -> None:
    m = match()
    question = m.state.view(None)["state"]["question"]["text"]
    for seat in (0, None):
        text = flat(shown(m.state.view(seat), width))
        assert flat(question) in text and "question 1 of 7" in text
        assert "write your guess" in text
    to_bets(m, ("10", "20", "20", "1,000,000"))
    for seat in (0, None):
        text = flat(shown(m.state.view(seat), width))
        assert flat(question) in text
        assert "The mat" in text and re.search("All Guesses .*Too High", text)
        for odds in ("6", "5", "4", "3", "2"):
            assert re.search(rf"\b{odds}(:| to )1\b", text)
        assert "1,000,000" in text and "Points" in text


def test_wide_mat_is_left_to_right_and_narrow_one_top_to_bottom() -> None:
    view = to_bets(match()).state.view(0)
    wide = shown(view, 80)
    assert re.search(r"slot +0 +1 +2 +3 +4 +5 +6 +7", wide)
    assert re.search(r"pays +6 to 1 +5 to 1 +4 to 1 +3 to 1 +2 to 1 +3 to 1 +4 to 1 +5 to 1", wide)
    assert max(len(line) for line in wide.splitlines()) <= 80
    narrow = shown(view, 40)
    assert re.search(r"^ +0 +6:1 +All Guesses", narrow, re.M)
    assert max(len(line) for line in narrow.splitlines()) <= 40


def test_open_bets_and_locks_are_shown_to_everyone() -> None:
    m = to_bets(match())
    m.play(1, {"type": "place_bets", "bets": [{"slot": 0, "chips": 0}, {"slot": 0, "chips": 0}]})
    m.play(1, {"type": "lock_bets"})
    for seat in (0, 2, None):
        text = flat(shown(m.state.view(seat)))
        assert "P2x2" in text and "Locked: Bob" in text


def test_a_secret_guess_is_shown_only_to_its_writer() -> None:
    m = match()
    m.play(1, {"type": "guess", "value": "7777"})
    assert "7777" in shown(m.state.view(1)) and "Your guess" in shown(m.state.view(1))
    for seat in (0, 2, None):
        text = shown(m.state.view(seat))
        assert "7777" not in text
        assert "Written: Bob" in flat(text)
        log = m.state.view(seat)["log"]
        assert all("7777" not in render.describe_event(e, NAMES) for e in log)
    own_log = [render.describe_event(e, NAMES) for e in m.state.view(1)["log"]]
    assert any("7777" in line for line in own_log)


def test_secret_bets_are_shown_only_to_their_owner() -> None:
    m = to_bets(match("secret-betting"))
    m.play(1, {"type": "place_bets", "bets": [{"slot": 0, "chips": 0}, {"slot": 0, "chips": 0}]})
    mine = flat(shown(m.state.view(1)))
    assert "P2x2" in mine and "Your bets: both chips on slot 0" in mine
    for seat in (0, 2, None):
        text = flat(shown(m.state.view(seat)))
        assert "P2x2" not in text and "both chips" not in text
        assert "Have bet: Bob" in text
        log = [render.describe_event(e, NAMES) for e in m.state.view(seat)["log"]]
        assert not any("slot 0" in line for line in log)


def test_team_names_and_members_are_shown() -> None:
    teams = [
        {"name": "Quizzards", "members": [{"name": "Ann"}, {"name": "Al"}, {"name": "Ed"}]},
        {"name": "Solo", "members": [{"name": "Bo"}]},
    ]
    m = Match(GAME, 2, {"teams": teams}, seed=1)
    text = flat(shown(m.state.view(0)))
    assert "Quizzards (Ann, Al, Ed)" in text and "Solo" in text


def test_history_and_log_after_a_whole_game() -> None:
    m = match(seed=5)
    bots = {s: GAME.bots["bettor"](random.Random(s)) for s in range(4)}
    while not m.state.is_over:
        seat = m.state.turn().seats[0]
        m.play(seat, bots[seat].choose(Observation(m.state, seat)))
    for width in (40, 80, 120):
        text = flat(shown(m.state.view(None), width))
        assert "game over" in text
        history = m.state.view(None)["state"]["history"]
        assert len(history) == 7
        for q in history:
            assert render._number(q["answer"]) in text
    lines = [render.describe_event(e, NAMES) for e in m.state.view(None)["log"]]
    kinds = {e["kind"] for e in m.state.view(None)["log"]}
    assert {"question", "guesses", "bets", "bets_locked", "committed", "answer"} <= kinds
    assert sum(line.startswith("Question ") for line in lines) == 7
    assert sum(line.startswith("The answer to question") for line in lines) == 7
    assert sum(line.startswith("The guesses are revealed") for line in lines) == 7
    assert not any(re.match(r"^\w+: ", line) for line in lines)  # no generic fallback


def test_the_cli_finds_the_hooks() -> None:
    renderer = load_renderer(GAME)
    assert renderer.has_hook and renderer.has_input_hook
    view = match().state.view(0, log=False)
    assert renderer.parse_input("12", view, NAMES) == {"type": "guess", "value": "12"}
    assert "guess" in (renderer.input_help(view, NAMES) or "")


# ---------------------------------------------------------------- the CLI
def question_block(guess: str) -> str:
    """One question for the human: a refused guess, a guess, then a bet that may be
    refused (slot 4 is empty when the number of distinct guesses is even), a bet
    that is always allowed (All Guesses Too High), and the lock."""
    return f"lots\n{guess}\n4 0\n0\n lock\n"


def test_play_with_one_human_typing_plain_moves() -> None:
    guesses = ["1,200", "1969", "3.5", "blank", "3/4", "-40", "1.5e3"]
    keys = "".join(question_block(g) for g in guesses)
    result = invoke("play", WW, "--players", "4", "--bots", "3", "--seed", "1", input=keys)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Traceback" not in out and "Type your move as JSON" not in out
    assert "Type your guess as a number" in out
    assert "Bet your 2 chips by slot number" in out
    # The bad guess: one line, then the prompt again.
    refusal = re.findall(r"Not allowed: 'lots' is not a number[^\n]*\n[^\n]*\nPlayer 1, your", out)
    assert len(refusal) == 7
    assert out.count("Player 1 locks their bets") == 7
    assert "Player 1 bets on All Guesses Too High (6 to 1)" in flat(out)
    # Open betting: the bots bet and lock first, so the human sees their bets.
    first_bet = out.index("Bet your 2 chips")
    assert "Locked: Bettor bot 1, Bettor bot 2, Bettor bot 3" in flat(out[:first_bet])
    assert "Final board" in out and "Result" in out
    assert "wins." in out or "Shared win" in out


def test_play_still_takes_json_and_help() -> None:
    keys = 'help\n{"type": "guess", "value": "7"}\n{"type": "lock_bets"}\n' + "0\nlock\n" * 20
    result = invoke("play", WW, "-p", "4", "-b", "3", "--seed", "1", input=keys)
    out = result.stdout
    assert "a move as JSON works too" in out
    assert "Player 1 is done" in out and "Player 1 locks their bets" in out
    assert result.exit_code == 0, result.output


def test_play_secret_betting() -> None:
    keys = "12\nlock\n0\n" * 7  # 'lock' is refused: secret bets are final once placed
    result = invoke(
        "play", WW, "-p", "4", "-b", "3", "--seed", "2", "--variant", "secret-betting", input=keys
    )
    assert result.exit_code == 0, result.output
    assert "Bets are final once placed" in result.stdout
    assert result.stdout.count("In secret betting your bets are final once placed") == 7
    assert "Final board" in result.stdout


@pytest.mark.parametrize("variant", [None, "secret-betting"])
def test_simulate_json(variant: str | None) -> None:
    args = ["simulate", WW, "--players", "5", "--games", "30", "--json"]
    if variant:
        args += ["--variant", variant]
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["game"] == WW and data["players"] == 5 and data["games"] == 30
    assert len(data["wins"]) == 5 and sum(data["wins"]) >= 30
    assert data["variants"] == ([variant] if variant else [])


def test_games_lists_wits_and_wagers_with_its_players_note() -> None:
    result = invoke("games", env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert WW in result.stdout and "Wits & Wagers" in result.stdout
    assert GAME.players_note and GAME.players_note in result.stdout
    assert "2-6" in result.stdout  # a game without a note shows its seat counts


def test_two_humans_never_see_each_others_guess_before_the_reveal() -> None:
    # Per question: P1 guesses, Enter at the pass screen, P2 guesses, then the bets
    # (P1 and P2 each bet on All Guesses Too High and lock, with a pass screen between).
    block = "4321\n\n8765\n\n0\nlock\n\n0\nlock\n\n"
    result = invoke("play", WW, "-p", "4", "-b", "2", "--seed", "4", input=block * 7)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Pass to Player 2 — press Enter" in out
    screens = re.split(r"Pass to Player \d — press Enter", out)
    checked = 0
    for screen in screens:
        if "Player 2's turn" in screen and "Step 1: write your guess" in screen:
            board = screen[screen.index("Player 2's turn") : screen.index("your move [")]
            assert "4321" not in board and "Written: Player 1" in flat(board)
            checked += 1
    assert checked == 7
    assert "The guesses are revealed: Player 1 guessed 4321, Player 2 guessed 8765" in flat(out)
