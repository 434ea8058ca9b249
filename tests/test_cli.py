"""The ``tote`` command line, driven as a user would: arguments, piped keyboard, files."""

from __future__ import annotations

import gzip
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from tote.cli.board import generic_event, load_renderer
from tote.cli.main import app
from tote.core import Match, Record, get_game
from tote.core.game import Game
from tote.sim.record_files import read_run

WC = "winners-circle"
runner = CliRunner()
TOTE = Path(sys.executable).parent / "tote"


def invoke(*args: str, input: str | None = None) -> Any:
    return runner.invoke(app, list(args), input=input)


def assert_one_line_error(result: Any, *fragments: str) -> None:
    """A user error: non-zero status, one line on stderr, no traceback anywhere."""
    assert result.exit_code != 0
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    for fragment in fragments:
        assert fragment in lines[0]


# ------------------------------------------------------------------ games
def test_games_lists_every_game_with_variants_and_player_counts() -> None:
    result = invoke("games")
    assert result.exit_code == 0, result.output
    assert WC in result.stdout and "Winner's Circle" in result.stdout
    assert "2-6" in result.stdout
    for variant in get_game(WC).variants:
        assert variant in result.stdout
    assert "odds (default)" in result.stdout


@pytest.mark.parametrize("command", [[], ["games"], ["play"], ["simulate"], ["replay"]])
def test_help_is_available_for_every_command(command: list[str]) -> None:
    result = invoke(*command, "--help")
    assert result.exit_code == 0
    assert "Usage" in result.stdout


# --------------------------------------------------------------- simulate
def test_simulate_json_prints_one_json_object_on_stdout() -> None:
    result = invoke(
        "simulate", WC, "--players", "3", "--games", "8", "--seed", "4", "--json",
        "--variant", "crowded-field", "--option", "starting_money=100",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    for key in ("game", "players", "games", "seed", "wins", "mean_score", "games_per_second"):
        assert key in data
    assert data["game"] == WC and data["players"] == 3 and data["games"] == 8
    assert data["seed"] == 4
    assert len(data["wins"]) == 3 and sum(data["wins"]) >= 8
    assert len(data["mean_score"]) == 3
    assert data["bots"] == ["random"] * 3
    assert data["variants"] == ["crowded-field"]
    assert data["options"]["starting_money"] == 100
    assert data["games_per_second"] > 0


def test_simulate_cycles_the_bot_list_over_the_seats() -> None:
    result = invoke("simulate", WC, "-p", "3", "-n", "1", "--bots", "odds,random", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["bots"] == ["odds", "random", "odds"]


def test_simulate_prints_a_summary_table() -> None:
    result = invoke("simulate", WC, "--players", "4", "--games", "10")
    assert result.exit_code == 0, result.output
    assert "Mean score" in result.stdout and "games/second" in result.stdout
    assert result.stdout.count("random") == 4


def test_simulate_save_writes_records_that_replay_to_the_same_scores(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    result = invoke(
        "simulate", WC, "--players", "3", "--games", "3", "--seed", "20", "--save", str(runs)
    )
    assert result.exit_code == 0, result.output
    files = sorted(runs.iterdir())
    assert [f.name for f in files] == [f"{WC}-20-22.jsonl.gz"]  # issue 14: one run file
    with gzip.open(files[0], "rt") as lines:
        records = [json.loads(line) for line in lines]
    assert [record["seed"] for record in records] == [20, 21, 22]
    wins = [0, 0, 0]
    for record in records:
        replayed = invoke("replay", str(files[0]), "--seed", str(record["seed"]), "--json")
        assert replayed.exit_code == 0, replayed.output
        data = json.loads(replayed.stdout)
        assert data["game"] == WC
        assert data["result"]["scores"] == record["result"]["scores"]
        assert data["result"]["winners"] == record["result"]["winners"]
        assert data["state"]["phase"] == "over"
        assert len(data["state"]["seats"]) == 3
        for seat in data["result"]["winners"]:
            wins[seat] += 1
    summary = json.loads(
        invoke("simulate", WC, "-p", "3", "-n", "3", "--seed", "20", "--json").stdout
    )
    assert summary["wins"] == wins


# ----------------------------------------------------------------- replay
def _saved_record(tmp_path: Path) -> Path:
    runs = tmp_path / "runs"
    assert (
        invoke("simulate", WC, "-p", "2", "-n", "1", "--seed", "1", "--save", str(runs)).exit_code
        == 0
    )
    path = runs / f"{WC}-1.json"
    path.write_text(next(read_run(runs / f"{WC}-1-1.jsonl.gz")).to_json_text())
    return path


def test_replay_shows_the_final_board_and_result(tmp_path: Path) -> None:
    result = invoke("replay", str(_saved_record(tmp_path)))
    assert result.exit_code == 0, result.output
    assert "The game is over." in result.stdout
    assert "Rank" in result.stdout and "winner" in result.stdout


def test_replay_of_an_illegal_record_exits_2_naming_move_and_rule(tmp_path: Path) -> None:
    path = _saved_record(tmp_path)
    record = json.loads(path.read_text())
    index = next(i for i, m in enumerate(record["moves"]) if m["move"]["type"] == "place_bet")
    record["moves"][index]["move"]["chip"] = 7
    path.write_text(json.dumps(record))
    result = invoke("replay", str(path))
    assert result.exit_code == 2
    assert_one_line_error(result, f"move {index}", "WC 3.5")


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        ("{", "is not JSON"),
        ('{"game": "winners-circle"}', "not a valid tote record"),
        ('{"game": "nope", "players": [{"name": "a"}, {"name": "b"}]}', "unknown game"),
    ],
)
def test_replay_of_a_corrupt_record_exits_2(tmp_path: Path, content: str, fragment: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    result = invoke("replay", str(path))
    assert result.exit_code == 2
    assert_one_line_error(result, fragment)


def test_replay_of_a_missing_file_is_one_line(tmp_path: Path) -> None:
    result = invoke("replay", str(tmp_path / "missing.json"))
    assert result.exit_code == 2
    assert_one_line_error(result, "cannot read")


# ------------------------------------------------------------------- play
def test_play_with_only_bots_runs_to_the_end(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = invoke("play", WC, "--players", "3", "--bots", "3", "--seed", "1", "--save", str(save))
    assert result.exit_code == 0, result.output
    assert "seed 1" in result.stdout
    assert "Final board" in result.stdout and "Rank" in result.stdout
    assert "wins." in result.stdout or "Shared win" in result.stdout
    assert "rolls" in result.stdout  # chance events are logged
    assert f"Record saved to {save}" in result.stdout.replace("\n", "")
    record = Record.load(save)
    assert [p.bot for p in record.players] == ["odds"] * 3
    assert Match.replay(record).state.is_over


def test_play_is_deterministic_for_a_seed() -> None:
    args = ("play", WC, "--players", "2", "--bots", "2", "--seed", "9", "--bot", "random")
    assert invoke(*args).stdout == invoke(*args).stdout


def test_play_without_seed_picks_and_shows_one() -> None:
    result = invoke("play", WC, "--players", "2", "--bots", "2", "--bot", "random")
    assert result.exit_code == 0, result.output
    assert re.search(r"seed \d+ \(use --seed \d+", result.stdout)
    assert "add --save FILE" in result.stdout


def test_play_with_a_human_on_piped_input() -> None:
    """Bad input is explained in one line and the prompt comes again; numbers play."""
    keys = (
        "abc\n99\n" + '{"type": "place_bet", "horse": "red", "chip": 5}\n' + "help\n" + "1\n" * 400
    )
    result = invoke(
        "play", WC, "--players", "2", "--bots", "1", "--seed", "3", "--bot", "random", input=keys
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "I don't understand 'abc'" in out
    assert "There is no move 99: choose 1 to" in out
    assert "[WC 3.5 your own chips]" in out.replace("\n", "")
    assert "Type the number of a move" in out
    prompt = "Player 1, your move ["
    first = out.index(prompt)
    assert out.count(prompt, first, out.index("Type the number of a move")) == 4
    assert "Player 1 bets a 1-chip on the red horse" in out
    assert "Your legal moves:" in out and " 1. bet a 1-chip on the red horse" in out
    assert "Final board" in out and "Pass to" not in out


def test_two_humans_pass_the_keyboard_and_keep_their_chips_secret() -> None:
    keys = "1\n" * 800  # any line answers the pass screen too
    result = invoke(
        "play", WC, "--players", "2", "--seed", "2", "--variant", "hidden-bets", input=keys
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Pass to Player 2 — press Enter" in out and "Pass to Player 1 — press Enter" in out
    # Each human's screen shows only their own face-down chip values.
    for screen in re.split(r"Pass to Player \d — press Enter", out)[1:]:
        turn = re.search(r"(Player \d)'s turn", screen)
        if turn is None:
            continue
        me = turn.group(1)
        for line in re.findall(r"(Player \d) places a face-down chip on \w+ \(your", screen):
            assert line == me


def test_quit_stops_the_game_and_keeps_the_record_so_far(tmp_path: Path) -> None:
    save = tmp_path / "partial.json"
    result = invoke(
        "play", WC, "-p", "2", "-b", "1", "--seed", "3", "--save", str(save), input="1\nquit\n"
    )
    assert result.exit_code == 0, result.output
    assert "Game stopped" in result.stdout
    match = Match.replay(Record.load(save))
    assert not match.state.is_over
    assert invoke("replay", str(save)).stdout.count("The record ends before the game does") == 1


def test_input_ending_early_is_one_line() -> None:
    result = invoke("play", WC, "--players", "2", "--bots", "1", "--seed", "3", input="")
    assert result.exit_code == 1
    assert_one_line_error(result, "input ended")


# ------------------------------------------------------------ user errors
@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["play", "nope", "--players", "2"], "unknown game 'nope'"),
        (["simulate", "nope", "--players", "2", "--games", "1"], "unknown game 'nope'"),
        (["play", WC, "--players", "9"], "2 to 6 players, not 9"),
        (["simulate", WC, "--players", "1", "--games", "1"], "2 to 6 players, not 1"),
        (["play", WC, "--players", "2", "--variant", "nope"], "no variant 'nope'"),
        (["simulate", WC, "-p", "2", "-n", "1", "--variant", "nope"], "no variant 'nope'"),
        (["play", WC, "--players", "2", "--option", "nope=1"], "option 'nope'"),
        (["simulate", WC, "-p", "2", "-n", "1", "--option", "starting_money=-1"], "starting_money"),
        (["simulate", WC, "-p", "2", "-n", "1", "--option", "novalue"], "not key=value"),
        (
            ["simulate", WC, "-p", "2", "-n", "1", "--bots", "clever"],
            "bots: best-ev, casual, easy, hard, ismcts, normal, odds, random, strong",
        ),
        (
            ["play", WC, "-p", "2", "-b", "1", "--bot", "clever"],
            "bots: best-ev, casual, easy, hard, ismcts, normal, odds, random, strong",
        ),
        (["play", WC, "--players", "2", "--bots", "3"], "more than --players"),
        # issue 25, "Bad input": a think time or an iteration budget out of bounds
        (["play", WC, "-p", "2", "-b", "2", "--think", "0"], "more than 0 and at most 60"),
        (["simulate", WC, "-p", "2", "-n", "1", "--think", "-1"], "at most 60 seconds, not -1"),
        (["simulate", WC, "-p", "2", "-n", "1", "--think", "61"], "at most 60 seconds, not 61"),
        (["simulate", WC, "-p", "2", "-n", "1", "--iterations", "0"], "1 to 1,000,000, not 0"),
        (
            [
                "tournament",
                WC,
                "-p",
                "2",
                "-n",
                "2",
                "--bots",
                "easy,hard",
                "--iterations",
                "1000001",
            ],
            "1 to 1,000,000, not 1,000,001",
        ),
        (
            ["tournament", WC, "-p", "2", "-n", "2", "--bots", "easy,expert"],
            "no bot 'expert'; bots: best-ev, casual, easy, hard",
        ),
    ],
)
def test_user_errors_are_one_line_without_traceback(args: list[str], fragment: str) -> None:
    result = invoke(*args)
    assert_one_line_error(result, fragment)


# -------------------------------------------------------- rendering hook
def test_the_winners_circle_board_comes_from_its_render_module() -> None:
    game = get_game(WC)
    renderer = load_renderer(game)
    assert renderer.has_hook
    match = Match(game, 3, {"hidden_bets": True}, seed=5)
    for _ in range(4):
        seat = match.state.turn().seats[0]
        legal = match.state.legal_moves(seat)
        assert legal
        match.play(seat, legal[-1])
    console = Console(width=120, record=True)
    console.print(renderer.board(match.state.view(0), ["Ann", "Bob", "Cy"]))
    text = console.export_text()
    for expected in ("red", "To go", "headx3", "saddle", "Payout per bet", "Ann (you)", "Money"):
        assert expected in text
    mine = [b for b in match.state.view(0)["state"]["bets"] if b["seat"] == 0]
    assert mine and all(b["chip"] is not None for b in mine)
    assert "P2:?" in text or "P3:?" in text  # others' chips stay face down


def test_a_game_without_render_module_falls_back_to_json() -> None:
    class Bare(Game):
        id = "bare"
        title = "Bare"
        min_players = 2
        max_players = 2
        options_model = get_game(WC).options_model

        def _new_state(self, options: Any, num_players: int) -> Any:
            raise NotImplementedError

    renderer = load_renderer(Bare())
    assert not renderer.has_hook
    console = Console(width=80, record=True)
    console.print(renderer.board({"game": "bare", "state": {"x": 1}, "log": []}, ["a", "b"]))
    assert '"x": 1' in console.export_text()
    assert (
        generic_event({"kind": "won", "seat": 1, "by": 3}, ["Ann", "Bob"]) == "won: seat=Bob, by=3"
    )


# --------------------------------------------------- the installed script
def test_installed_script_lists_games() -> None:
    done = subprocess.run([str(TOTE), "games"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert WC in done.stdout


def test_installed_script_simulate_json_keeps_stdout_clean() -> None:
    done = subprocess.run(
        [str(TOTE), "simulate", WC, "--players", "2", "--games", "3", "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games"] == 3
    assert "3/3" in done.stderr  # the progress bar


def test_installed_script_refuses_a_bad_record_with_status_2(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("not json")
    done = subprocess.run(
        [str(TOTE), "replay", str(path)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


# ------------------------------------------ a game with no hook and secret turns
def test_play_session_handles_simultaneous_secret_moves_generically() -> None:
    """The toy game (no render module, simultaneous secret picks) plays through the
    same session: the pass screen comes between the two humans, and the second one
    never sees the first one's pick before the reveal."""
    from io import StringIO

    from tote.cli.play import Outcome, PlaySession

    from .core.toy import TOY

    out = StringIO()
    console = Console(file=out, width=100)
    lines = iter(["1", "", "2", "", "1", "", "2"])
    screens: list[str] = []

    def read_line(prompt: Any) -> str:
        screens.append(out.getvalue())
        return next(lines)

    match = Match(TOY, 2, seed=1)
    session = PlaySession(match, {}, load_renderer(TOY), console, read_line)
    assert session.run() is Outcome.FINISHED
    text = out.getvalue()
    assert "Pass to Player 2 — press Enter" in text
    assert "Secret move" in text and "committed: seat=Player 1" in text
    second = screens[2][len(screens[1]) :]  # what Player 2 saw before picking
    assert "Player 2's turn" in second and '"my_commitment": null' in second
    assert '"number"' not in second
    assert "Result" in text and match.state.is_over


@pytest.mark.parametrize(
    "args",
    [
        ["play", "winners-circle", "--players", "2", "--seed", "abc"],
        ["simulate", "winners-circle", "--players", "2", "--games", "-1"],
        ["nosuchcommand"],
        ["games", "--bogus"],
        ["play"],
    ],
)
def test_mistyped_command_lines_are_one_line_with_status_2(args: list[str]) -> None:
    """Issue 2: every wrong input a user can type is one clear line, never a box or traceback."""
    tote = Path(sys.executable).with_name("tote")
    done = subprocess.run([str(tote), *args], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("tote: error: ")
    assert "Traceback" not in done.stderr
