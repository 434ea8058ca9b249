"""Root-parallel search of ``strong`` (issue 25, "root-parallel search over several
processes when asked"; :mod:`tote.bots.root_parallel`).

A decision searched on two processes is a sum of two trees over the same root: every
iteration is counted once, the same seed and number of processes give the same
decision, the seat's secrets still do not reach it, and one process (the default)
searches exactly as before."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tote.bots import Budget, make_bot
from tote.bots.root_parallel import merged, search_in_processes, shares_of
from tote.bots.strong import StrongBot
from tote.core.bot import Observation
from tote.core.registry import all_games, get_game
from tote.core.state import State

from .test_bot_levels import states_of_a_game

GAMES = [g.id for g in all_games()]


def a_decision(game_id: str, seed: int = 3) -> tuple[State, int]:
    """A position of a random 4-seat game where the seat to act has a real choice."""
    return states_of_a_game(game_id, seed)[0]


def test_iterations_are_shared_out_evenly_and_none_is_lost() -> None:
    assert shares_of(10, 3) == [4, 3, 3]
    assert shares_of(2, 4) == [1, 1]
    assert shares_of(7, 1) == [7]
    for iterations in range(1, 30):
        for processes in range(1, 6):
            shares = shares_of(iterations, processes)
            assert sum(shares) == iterations and min(shares) >= 1
            assert max(shares) - min(shares) <= 1


def test_roots_are_merged_move_by_move() -> None:
    root = merged([[("a", 3, 1.5), ("b", 1, 0.0)], [("b", 2, 2.0), ("c", 1, 1.0)]])
    assert [(m, n.visits, n.reward) for m, n in root.children.items()] == [
        ("a", 3, 1.5),
        ("b", 3, 2.0),
        ("c", 1, 1.0),
    ]


@pytest.mark.parametrize("game_id", GAMES)
def test_two_processes_count_every_iteration_once_and_replay(game_id: str) -> None:
    """The merged root holds the whole budget's visits; the same seed and processes
    decide the same (seeded games replay with the same --search-processes)."""
    game = get_game(game_id)
    state, seat = a_decision(game_id)
    decisions = []
    for _ in range(2):
        bot = make_bot(game, "hard", 5, seat, budget=Budget(iterations=6, processes=2))
        assert isinstance(bot, StrongBot) and bot.processes == 2
        decisions.append(bot.choose(Observation(state, seat)))
    assert decisions[0] == decisions[1]
    bot = make_bot(game, "hard", 5, seat, budget=Budget(iterations=6, processes=2))
    assert isinstance(bot, StrongBot)
    obs = Observation(state, seat)
    legal = obs.legal_moves
    candidates = list(legal) if legal is not None else [bot.own.choose(obs)]
    root = search_in_processes(bot, game_id, obs, candidates)
    assert sum(child.visits for child in root.children.values()) == 6


@pytest.mark.parametrize("game_id", GAMES)
def test_the_processes_see_only_what_the_seat_may_know(game_id: str) -> None:
    """Issue 25, "no bot reads what its seat cannot see": in a world the seat cannot
    tell from the real one, the two-process search decides the same."""
    game = get_game(game_id)
    state, seat = a_decision(game_id, seed=4)
    other = state.sample_world(seat, random.Random(99))
    moves = [
        make_bot(game, "hard", 6, seat, budget=Budget(iterations=4, processes=2)).choose(
            Observation(world, seat)
        )
        for world in (state, other)
    ]
    assert moves[0] == moves[1]


def test_one_process_searches_as_before() -> None:
    """``--search-processes 1`` is the default search: the same move and the bot's
    stream left at the same point (seeded games and records unchanged)."""
    game = get_game("wetten")
    state, seat = a_decision("wetten")
    plain = make_bot(game, "hard", 5, seat, budget=Budget(iterations=5))
    one = make_bot(game, "hard", 5, seat, budget=Budget(iterations=5, processes=1))
    assert isinstance(plain, StrongBot) and isinstance(one, StrongBot)
    assert plain.choose(Observation(state, seat)) == one.choose(Observation(state, seat))
    assert plain.rng.random() == one.rng.random()


def test_simulation_workers_that_searched_in_parallel_end() -> None:
    """A simulation's worker process whose bot searched on processes of its own stops
    them as it exits (it does not run ``atexit``; its pool is stopped by a finalizer
    of ``multiprocessing``), so the run ends instead of waiting for them forever."""
    command = [str(Path(sys.executable).with_name("tote")), "simulate", "wetten", "-p", "3"]
    command += ["-n", "2", "--bots", "hard,normal,easy", "--iterations", "2"]
    command += ["--search-processes", "2", "--workers", "2", "--json"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games"] == 2
