"""The three hot paths of issue 24, N units of each, deterministic: count them with callgrind.

Run: .venv/bin/python benchmarks/hot_paths.py GAME PATH N

PATH is one of:

- ``board-world``: N sampled worlds of seat 0's tote board at the first moment seat 0
  has a bet to place (seed 0; :func:`tote.core.tote_board.estimate` held to exactly N
  worlds), the board's own bookkeeping included;
- ``game``: N whole games of random bots, seeds 0..N-1, played as ``tote simulate
  --workers 1`` plays them (:func:`tote.sim.run_plan`), the bots' cost included;
- ``board``: N times the same full board of seat 0 at that position to ±2 points on
  every outcome it shows (the issue's "full board" figure, one unit one board);
- ``aec-step``: N steps of the PettingZoo AEC environment (``last()`` with the
  observation and mask every turn, a random legal action from the mask, a reset with
  the next seed whenever a game ends), as ``benchmarks/envs.py`` steps it.

Everything is seeded and the same on every run, so the instructions one unit costs
read exactly (``../shared/bench/instructions.py``, which counts the command at two
values of N and divides the difference, start-up and set-up cancelled out)::

    PYTHONPATH=$PWD/src python3 ../shared/bench/instructions.py --units 2,6 -- \\
        /work/main/.venv/bin/python benchmarks/hot_paths.py winners-circle game {n}

Or let the benchmark do both counts and time the same units beside them
(:mod:`counting`; the units default to those of issue 24's figures, :data:`UNITS`)::

    .venv/bin/python benchmarks/hot_paths.py winners-circle game --instructions

Without valgrind it prints the units' CPU seconds too, for a quick look. Each game's
set-up (its player counts, how its board position is found) is one function in
:data:`SETUPS`, registered with :func:`setup`: a game adds its own (issue 24).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
# numpy's OpenBLAS starts worker threads at import whose idle spinning callgrind counts,
# a varying amount a run (37,500 instructions an AEC step in one Carcassonne count, none
# in another): one thread makes the counts repeat (issue 24, docs/environments.md).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import counting
from tote_board import betting_position

from tote.core import State, get_game
from tote.core.game import Game
from tote.core.tote_board import Markets, estimate

PATHS = ("board-world", "game", "aec-step", "board")

BoardPosition = Callable[[Game, Markets], State]
"""Where a game's board is measured: the state seat 0's board is asked at."""


def first_bet(players: int, seed: int = 0) -> BoardPosition:
    """The first moment seat 0 has a bet to place in a seeded random game of
    ``players`` (``benchmarks/tote_board.py``'s position)."""

    def position(game: Game, markets: Markets) -> State:
        return betting_position(game, markets, players, seed)

    return position


FIRST_BET_4 = first_bet(4)
"""The issue's board position: seat 0's first bet in a 4-player game, seed 0."""


@dataclass(frozen=True)
class GameSetup:
    """How one game's hot paths are measured (issue 24's table)."""

    game_players: int
    """Seats of the whole random game (``game``)."""
    aec_players: int = 4
    """Seats of the AEC environment (``aec-step``)."""
    board_position: BoardPosition = FIRST_BET_4
    """The state seat 0's board is measured at (``board-world``)."""
    board_seat: int = 0
    aec_observe_ended: bool = True
    """Whether ``aec-step`` builds the observation on a step whose seat has ended too
    (``last()``), or only the flags (``last(observe=False)``) and observes a live seat."""


SETUPS: dict[str, Callable[[], GameSetup]] = {}
"""Game id -> its set-up; one function a game, so each game's part stands alone."""


def setup(game_id: str) -> Callable[[Callable[[], GameSetup]], Callable[[], GameSetup]]:
    """Register a game's set-up function under ``game_id``."""

    def register(make: Callable[[], GameSetup]) -> Callable[[], GameSetup]:
        SETUPS[game_id] = make
        return make

    return register


# ---------------------------------------------------------------- Winner's Circle (h12)
@setup("winners-circle")
def winners_circle() -> GameSetup:
    """Issue 24: board 4 players, whole game 2 players, AEC 4 players."""
    return GameSetup(game_players=2)


# ---------------------------------------------------------------- Wits & Wagers (h13)
@setup("wits-and-wagers")
def wits_and_wagers() -> GameSetup:
    """Issue 24: board, whole game and AEC all 4 players."""
    return GameSetup(game_players=4)


# ---------------------------------------------------------------- Wetten! (h14)
@setup("wetten")
def wetten() -> GameSetup:
    """Issue 24: board 4 players, whole game 3 players, AEC 4 players; its AEC step
    observes only a live seat, as its counts in docs/environments.md were taken."""
    return GameSetup(game_players=3, aec_observe_ended=False)


# ---------------------------------------------------------------- Horse Fever (h15)
@setup("horse-fever")
def horse_fever() -> GameSetup:
    """Issue 24: board, whole game and AEC all 4 players."""
    return GameSetup(game_players=4)


# ---------------------------------------------------------------- Carcassonne (h16)
def carcassonne_first_bet(game: Game, markets: Markets) -> State:
    """Seat 0's first bet in a seeded 4-player game (seed 0); each world of its board
    is rolled out until the bookmaker tile's feature is decided (issue 24)."""
    return betting_position(game, markets, 4, 0)


@setup("carcassonne")
def carcassonne() -> GameSetup:
    """Issue 24: board, whole game and AEC all 4 players."""
    return GameSetup(game_players=4, board_position=carcassonne_first_bet)


# ---------------------------------------------------------------- the paths
def board_worlds(game_id: str, game_setup: GameSetup, n: int) -> None:
    """``n`` worlds of seat 0's board, no more, no fewer."""
    game = get_game(game_id)
    markets = game.markets
    if markets is None:
        raise SystemExit(f"{game_id} has no tote board")
    state = game_setup.board_position(game, markets)
    board = estimate(
        state,
        game_setup.board_seat,
        markets,
        rng=random.Random(0),
        precision=1e-9,
        samples=n,
        min_samples=n,
    )
    assert board.samples == n, board.samples


def full_boards(game_id: str, game_setup: GameSetup, n: int) -> None:
    """``n`` times seat 0's full board to ±2 points (the same worlds each time)."""
    game = get_game(game_id)
    markets = game.markets
    if markets is None:
        raise SystemExit(f"{game_id} has no tote board")
    state = game_setup.board_position(game, markets)
    for _ in range(n):
        board = estimate(state, game_setup.board_seat, markets, rng=random.Random(0))
        print(f"{board.samples} worlds, stopped by {board.stopped_by}", file=sys.stderr)


def whole_games(game_id: str, game_setup: GameSetup, n: int) -> None:
    """``n`` seeded games of random bots on one process, as ``tote simulate`` plays them."""
    from tote.sim import plan_games, run_plan

    run_plan(plan_games(game_id, game_setup.game_players, n, seed=0), workers=1)


def aec_steps(game_id: str, game_setup: GameSetup, n: int) -> None:
    """``n`` AEC steps with random legal actions from the mask."""
    import numpy as np

    from tote.envs import aec_env

    env = aec_env(game_id, players=game_setup.aec_players)
    env.reset(seed=0)
    rng = random.Random(0)
    games = 0
    for _ in range(n):
        obs, _, terminated, truncated, _ = env.last(observe=game_setup.aec_observe_ended)
        if terminated or truncated:
            env.step(None)
        else:
            if obs is None:
                obs = env.observe(env.agent_selection)
            env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        if not env.agents:
            games += 1
            env.reset(seed=games)


UNITS = {"board-world": "5,15", "game": "2,6", "aec-step": "30,150", "board": "0,1"}
"""The unit counts each path is counted at in docs/odds.md (issue 24's figures)."""

UNIT_NAMES = {"board-world": "world", "game": "game", "aec-step": "step", "board": "board"}

RUNS: dict[str, Callable[[str, GameSetup, int], None]] = {
    "board-world": board_worlds,
    "game": whole_games,
    "aec-step": aec_steps,
    "board": full_boards,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(SETUPS))
    parser.add_argument("path", choices=PATHS)
    parser.add_argument("n", type=int, nargs="?", default=None, help="units to run")
    counting.add_options(parser, None, "unit of PATH")
    args = parser.parse_args()
    run = partial(RUNS[args.path], args.game, SETUPS[args.game]())
    if args.instructions is not None:
        speed = counting.machine_speed()
        units = args.instructions or counting.parse_units(UNITS[args.path])
        label = f"{args.game} {args.path}"
        unit = UNIT_NAMES[args.path]
        counting.count_and_time(label, unit, __file__, [args.game, args.path], units, run, speed)
        counting.footer(speed)
        return
    n = args.units_only if args.n is None else args.n
    if n is None:
        parser.error("give N, the units to run (or --instructions)")
    began = time.process_time()
    run(n)
    spent = time.process_time() - began
    print(f"{args.game} {args.path}: {n} units, {spent:.3f} s CPU", file=sys.stderr)


if __name__ == "__main__":
    main()
