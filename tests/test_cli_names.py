"""Issue 15 at the terminal: seat names (``--names``), moves typed by name, and the one
rule for what a table calls its seats."""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner

from tote.cli.main import app
from tote.cli.move_names import NotOneMove, close_matches, move_by_name, normalise
from tote.core.narration import seat_names
from tote.games.winners_circle.moves import MoveHorse, PlaceBet

WC = "winners-circle"
runner = CliRunner()


def invoke(*args: str, input: str | None = None) -> Any:
    return runner.invoke(app, list(args), input=input)


@pytest.mark.parametrize(
    ("seats", "names"),
    [
        ([("Ann", None), ("Player 2", "odds")], ["Ann", "Odds bot"]),
        (
            [("Player 1", "odds"), ("Player 2", "odds"), ("Player 3", "random")],
            ["Odds bot 1", "Odds bot 2", "Random bot"],
        ),
        ([("Ann", None), ("Robo", "odds")], ["Ann", "Robo"]),
        ([("Player 1", None), ("", None)], ["Player 1", "Seat 2"]),
        (
            [("Player 1", "odds"), ("Zed", "odds"), ("", "odds")],
            ["Odds bot 1", "Zed", "Odds bot 2"],
        ),
    ],
)
def test_the_names_rule(seats: list[tuple[str, str | None]], names: list[str]) -> None:
    """Issue 15: a human by name; a bot keeping the placeholder "Player N" by its bot,
    numbered when several of one kind play; else "Seat N" (as the browser's names())."""
    assert seat_names(seats) == names


def test_names_name_the_seats_in_the_log() -> None:
    """``--names Ann``: the human is Ann in the log, the bot "Random bot"."""
    result = invoke(
        "play", WC, "-p", "2", "-b", "1", "--bot", "random", "--seed", "3",
        "--names", "Ann", input="1\n" * 400,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Seats: Ann, Random bot" in result.stdout
    assert "Ann, your move [" in result.stdout
    assert "Ann bets" in result.stdout and "Random bot bets" in result.stdout
    assert "Player 1" not in result.stdout


@pytest.mark.parametrize(
    ("names", "fragment"),
    [
        ("Ann,Bob,Cleo", "3 names for 2 seats"),
        ("Ann,", "name 2 is empty"),
        ("A" * 41, "longer than 40 characters"),
        ("Ann,ann", "given twice"),
    ],
)
def test_bad_names_are_refused_in_one_line(names: str, fragment: str) -> None:
    """Bad input gets a clear refusal naming the limit, and no game starts."""
    result = invoke("play", WC, "-p", "2", "-b", "1", "--names", names)
    assert result.exit_code != 0
    assert fragment in result.stderr and "Traceback" not in result.output
    assert "your move" not in result.stdout


LEGAL = [PlaceBet("red", 1), PlaceBet("red", 2), PlaceBet("blue", 1), MoveHorse("green")]
SHOWN = [
    "bet a 1-chip on the red horse",
    "bet a 2-chip on the red horse",
    "bet a 1-chip on the blue horse",
    "move the green horse",
]


def test_a_move_is_typed_by_its_name_or_a_unique_prefix() -> None:
    """Issue 15: "accepts move names as well as numbers": case, punctuation and spaces
    do not matter; a prefix of 3 letters or more that one move starts with selects it."""
    assert move_by_name("Bet a 2-chip on the RED horse!", LEGAL, SHOWN) == LEGAL[1]
    assert move_by_name("  bet a 1chip   on the blue horse ", LEGAL, SHOWN) == LEGAL[2]
    assert move_by_name("move", LEGAL, SHOWN) == LEGAL[3]
    assert move_by_name("mo", LEGAL, SHOWN) is None
    assert move_by_name("fly away", LEGAL, SHOWN) is None
    assert normalise("Bet $1,300 Danari!") == "bet 1300 danari"


def test_a_move_is_typed_by_a_few_of_its_words_in_any_order() -> None:
    """Issue 15, move names: a few words that only one move's name holds select it
    ("2-chip red"), in any order; words several moves hold list them, nothing played."""
    assert move_by_name("2-chip red", LEGAL, SHOWN) == LEGAL[1]
    assert move_by_name("blue 1-chip", LEGAL, SHOWN) == LEGAL[2]
    assert move_by_name("bet a 1-chip on blue", LEGAL, SHOWN) == LEGAL[2]
    with pytest.raises(NotOneMove, match=r"could be several moves: 1\. .*; 2\. "):
        move_by_name("red horse", LEGAL, SHOWN)
    assert move_by_name("purple horse", LEGAL, SHOWN) is None


def test_an_ambiguous_name_is_refused_with_the_candidates() -> None:
    with pytest.raises(NotOneMove, match=r"could be several moves: 1\. bet a 1-chip on the red"):
        move_by_name("bet a", LEGAL, SHOWN)
    assert close_matches("bet a 1-chip on the rad horse", SHOWN)[0] == SHOWN[0]


def test_moves_are_typed_by_name_at_the_prompt() -> None:
    """A whole game played by typing move names (the first listed move, by name), with
    an ambiguous prefix and an unknown name refused on the way; nothing is played for
    them (the same seat is asked again)."""
    keys = "bet a\nmove the purpel horse\n" + "bet a 1-chip on the red horse\n" + "1\n" * 400
    result = invoke("play", WC, "-p", "2", "-b", "1", "--bot", "random", "--seed", "3", input=keys)
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())
    assert "'bet a' could be several moves: 1." in out
    assert "I don't understand 'move the purpel horse'" in out
    assert "Player 1 bets a 1-chip on the red horse." in out


NAMES_CASES = [
    ([("Ann", None), ("Player 2", "odds")], ["Ann", "Odds bot"]),
    (
        [("Player 1", "odds"), ("Player 2", "odds"), ("Player 3", "random")],
        ["Odds bot 1", "Odds bot 2", "Random bot"],
    ),
    ([("Ann", None), ("Robo", "odds")], ["Ann", "Robo"]),
    ([("Player 1", None), ("", None)], ["Player 1", "Seat 2"]),
]


def test_the_browser_names_seats_by_the_same_rule() -> None:
    """Issue 15: the server's sentences and the browser's seat labels must agree, so the
    browser's ``names()`` (run in Node on the same cases) gives what Python gives."""
    import json
    import re
    import shutil
    import subprocess
    from pathlib import Path

    node = shutil.which("node")
    if node is None:
        pytest.skip("Node is not installed")
    static = Path(__file__).resolve().parent.parent / "src" / "tote" / "web" / "static" / "js"
    source = next(
        p.read_text(encoding="utf-8")
        for p in sorted(static.glob("*.js"))
        if re.search(r"^(?:export )?function names\(\)", p.read_text(encoding="utf-8"), re.M)
    )
    cap = re.search(r"^const cap = .*;$", source, re.M)
    body = re.search(r"^(?:export )?(function names\(\) \{\n.*?^\}$)", source, re.M | re.S)
    assert cap and body
    cases = [
        {"seats": [{"name": n, "bot": b} for n, b in seats], "want": want}
        for seats, want in NAMES_CASES
    ]
    script = (
        f"{cap.group(0)}\nlet page = {{}};\n{body.group(1)}\n"
        f"const out = {json.dumps(cases)}.map((c) => {{ page = {{ table: {{ seats: c.seats }}, "
        "view: { players: c.seats.length } }; return names(); });\n"
        "console.log(JSON.stringify(out));"
    )
    result = subprocess.run(
        [node, "--input-type=module", "-e", script], capture_output=True, text=True, check=True
    )
    browser = json.loads(result.stdout)
    assert browser == [c["want"] for c in cases]
    assert browser == [seat_names(seats) for seats, _ in NAMES_CASES]
