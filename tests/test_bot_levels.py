"""Issue 25: the ``strong`` bot in every game, the levels ``easy``/``normal``/``hard``,
the search budgets and their bounds.

Budgets here are a few iterations (``--iterations``-style :class:`Budget`): what is
checked (honesty, replay, aliases) does not depend on how long the bot searches, and
the default budget costs about a second a decision (docs/bots.md)."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from tote.bots import Budget, bot_seed, bots_for, make_bot
from tote.bots.budget import MOST_ITERATIONS
from tote.bots.levels import EASY, HARD, LEVELS, NORMAL, level_bots, level_descriptions
from tote.bots.strong import SETTINGS, StrongBot
from tote.cli.main import app
from tote.core.bot import Observation
from tote.core.moves import CHANCE, Move
from tote.core.registry import all_games, get_game
from tote.core.state import State

GAMES = [g.id for g in all_games()]
FEW = Budget(iterations=3)
runner = CliRunner()


def states_of_a_game(game_id: str, seed: int, every: int = 9) -> list[tuple[State, int]]:
    """Some decisions of a random 4-seat game: (state, seat to act), with a real choice."""
    game = get_game(game_id)
    state = game.new_state(game.options(None, ()), 4)
    rng = random.Random(seed)
    found: list[tuple[State, int]] = []
    moves = 0
    while not state.is_over and len(found) < 4:
        turn = state.turn()
        if turn.chance:
            state.apply(CHANCE, state.sample_chance(rng))
            continue
        seat = turn.seats[0]
        legal = state.legal_moves(seat)
        moves += 1
        if moves % every == 0 and (legal is None or len(legal) > 1):
            found.append((state.clone(), seat))
        state.apply(seat, state.random_move(seat, rng))
    return found


# ------------------------------------------------------------------ registry
@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_strong_and_three_levels_that_are_real_bots(game_id: str) -> None:
    """Issue 25: ``strong`` in every game's list; each level is the very factory of the
    bot it stands for (``hard`` is ``strong``, ``normal`` the game's own heuristic)."""
    game = get_game(game_id)
    bots = bots_for(game)
    assert "strong" in bots and set(LEVELS) <= set(bots)
    real = level_bots(game)
    assert real[HARD] == "strong" and real[NORMAL] == game.default_bot
    for level in LEVELS:
        assert bots[level] is bots[real[level]]
    assert set(level_descriptions(game)) == set(LEVELS)


@pytest.mark.parametrize("game_id", ["winners-circle", "horse-fever", "wetten", "carcassonne"])
def test_hards_line_says_how_its_futures_are_played(game_id: str) -> None:
    """Issue 25 (a one-line description of how each level plays): Winner's Circle's
    ``hard`` plays its futures out at random; elsewhere the others are the heuristic."""
    game = get_game(game_id)
    line = level_descriptions(game)[HARD]
    if SETTINGS[game_id].model_moves == 0:
        assert "played out at random" in line and "bots" not in line.split("(")[0]
    else:
        assert f"the others played as {game.default_bot} bots" in line
    assert ("at random" in line) == (game_id == "winners-circle")


@pytest.mark.parametrize("game_id", GAMES)
def test_a_level_plays_the_same_moves_as_its_bot(game_id: str) -> None:
    """Issue 25: aliases resolve to the same bot: the same moves for the same seed."""
    game = get_game(game_id)
    for level, real in level_bots(game).items():
        for state, seat in states_of_a_game(game_id, 5)[:2]:
            a = make_bot(game, level, 11, seat, budget=FEW).choose(Observation(state, seat))
            b = make_bot(game, real, 11, seat, budget=FEW).choose(Observation(state, seat))
            assert a == b, f"{level} and {real} disagree"


def test_the_default_budget_is_fixed_iterations_and_a_budget_changes_it() -> None:
    """Issue 25, two budgets: iterations by default (seeded games replay); ``--think``
    gives a time and lifts the iteration cap to the bound; ``--iterations`` sets it."""
    game = get_game("wetten")
    bot = make_bot(game, "strong", 1, 0)
    assert isinstance(bot, StrongBot)
    assert (bot.iterations, bot.seconds) == (SETTINGS["wetten"].iterations, None)
    timed = make_bot(game, "hard", 1, 0, budget=Budget(seconds=2.0))
    assert isinstance(timed, StrongBot)
    assert (timed.iterations, timed.seconds) == (MOST_ITERATIONS, 2.0)
    capped = make_bot(game, "hard", 1, 0, budget=Budget(iterations=7))
    assert isinstance(capped, StrongBot) and capped.iterations == 7
    assert make_bot(game, "normal", 1, 0, budget=Budget(iterations=7)).name == "tipster"


# ------------------------------------------------------------------ honesty
@pytest.mark.parametrize("game_id", GAMES)
def test_strong_decides_from_its_seats_information_only(game_id: str) -> None:
    """Issue 25, "no bot reads what its seat cannot see": in a world the seat cannot tell
    from the real one (other hands, face-down cards, the answer drawn afresh), the
    strong bot, seeded alike, makes the same decision as in the real state."""
    checked = 0
    for state, seat in states_of_a_game(game_id, 3):
        other = state.sample_world(seat, random.Random(99))
        moves: list[Move] = []
        for world in (state, other):
            bot = make_bot(get_game(game_id), "strong", 4, seat, budget=Budget(iterations=4))
            moves.append(bot.choose(Observation(world, seat)))
        assert moves[0] == moves[1], f"seat {seat} decides differently on what it cannot see"
        checked += 1
    assert checked


@pytest.mark.parametrize("game_id", GAMES)
def test_a_seeded_game_with_strong_replays_move_for_move(game_id: str) -> None:
    """Issue 25: a fixed iteration budget, so a seeded game with ``strong`` replays."""
    game = get_game(game_id)

    def play() -> list[object]:
        state = game.new_state(game.options(None, ()), 4)
        bots = [
            make_bot(game, name, 8, seat, budget=Budget(iterations=2))
            for seat, name in enumerate(("hard", "normal", "easy", "hard"))
        ]
        rng = random.Random(8)
        log: list[object] = []
        while not state.is_over and len(log) < 40:
            turn = state.turn()
            if turn.chance:
                state.apply(CHANCE, state.sample_chance(rng))
                continue
            seat = turn.seats[0]
            move = bots[seat].choose(Observation(state, seat))
            state.apply(seat, move)
            log.append(json.dumps(move.to_json(), sort_keys=True))
        return log

    assert play() == play()


# ------------------------------------------------------------------ front ends
@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["play", "wetten", "-p", "3", "-b", "3", "--bot", "hard", "--think", "0"], "--think"),
        (["simulate", "wetten", "-p", "3", "-n", "1", "--think", "60.5"], "at most 60"),
        (["simulate", "wetten", "-p", "3", "-n", "1", "--iterations", "-3"], "1 to 1,000,000"),
        (
            ["tournament", "wetten", "-p", "3", "-n", "3", "--bots", "hard,easy", "--think", "-2"],
            "more than 0",
        ),
        (
            [
                *("tournament", "wetten", "-p", "3", "-n", "3"),
                *("--bots", "hard,easy", "--search-processes", "0"),
            ],
            "1 to 64",
        ),
        (["play", "wetten", "-p", "3", "-b", "3", "--search-processes", "65"], "1 to 64"),
        (
            ["simulate", "wetten", "-p", "3", "-n", "1", "--bots", "harder"],
            "bots: best-ev, casual, easy, hard",
        ),
    ],
)
def test_bad_budgets_and_bot_names_are_one_line_with_status_2(
    args: list[str], fragment: str
) -> None:
    """Issue 25, "Bad input": one clear line, status 2, naming the bounds or the bots."""
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and fragment in lines[0], result.stderr


def test_the_levels_are_listed_where_people_choose_a_bot() -> None:
    """Issue 25: the levels in ``tote games``, and ``--think`` and the levels in the help
    of every command that seats bots."""
    listing = runner.invoke(app, ["games"]).stdout
    for level in LEVELS:
        assert level in listing
    for command in ("play", "simulate", "tournament"):
        text = " ".join(runner.invoke(app, [command, "--help"]).stdout.split())
        assert "--think" in text and "--iterations" in text
    play_help = " ".join(runner.invoke(app, ["play", "--help"]).stdout.split())
    assert "easy, normal or hard" in play_help


def test_wits_and_wagers_levels_state_how_well_they_know_the_answer() -> None:
    """Issue 25: Wits & Wagers' knowledge model is part of each level, stated plainly."""
    words = level_descriptions(get_game("wits-and-wagers"))
    assert "factor of 2.2" in words[EASY] and "factor of 1.4" in words[NORMAL]
    assert "factor of 1.1" in words[HARD] and "expert" in words[HARD]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_random_bot_is_the_registrys_random_bot_with_its_stream(game_id: str) -> None:
    """Issue 24: ``get_bot`` answers ``random`` without building every factory; the bot
    ``make_bot`` seats is the one the registry names ``random``, with the stream of (game
    seed, seat), and a budget changes nothing."""
    game = get_game(game_id)
    for seat in range(3):
        bot = make_bot(game, "random", 7, seat, learned=True, budget=FEW)
        made = bots_for(game)["random"](random.Random(bot_seed(7, seat)))
        assert type(bot) is type(made)
        assert bot.rng.random() == made.rng.random()  # type: ignore[attr-defined]
