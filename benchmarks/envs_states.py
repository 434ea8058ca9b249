"""How heavy an OpenSpiel state of each game is to serialize (issue 30, fix 6).

Run: .venv/bin/python benchmarks/envs_states.py [--repeat N] [GAME ...]
(``--instructions [N1,N2]``: instructions a serialization and a deserialization
instead, a line each, at 10 and 30 of each by default, :mod:`counting`; one unit is one
``state.serialize()`` of the mid-game state below, or one
``game.deserialize_state(text).current_player()`` of its text)

For each game (default options, the default player count) it plays a seeded random
game to its end to learn its length, then the same game to half that many OpenSpiel
nodes (chance nodes included): a mid-game state. It prints the size of
``state.serialize()`` and of ``pyspiel.serialize_game_and_state``, and the CPU time to
serialize the state and to deserialize it (``game.deserialize_state`` and a first read,
``current_player()``, since a state is replayed from its history when first read), the best of
``--repeat`` runs, in milliseconds, raw and calibrated (``../shared/bench/calibrate.py``
run in the same process: calibrated ms = ms x this machine's speed against the
reference). It asserts nothing. Needs the ``openspiel`` extra.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pyspiel

sys.path.insert(0, str(Path(__file__).resolve().parent))

import counting

from tote.envs import openspiel

GAMES = ["winners-circle", "wits-and-wagers", "wetten", "horse-fever", "carcassonne"]

OPERATIONS = {"serialize": "serialization", "deserialize": "deserialization"}
"""What ``--instructions`` counts for each game, one line each, and its unit's name
(the hidden ``--operation`` names the one its child runs)."""


step = openspiel.random_step


def mid_game(game: Any, seed: int = 0) -> Any:
    """The state halfway (in OpenSpiel nodes) through a seeded random game."""
    whole = game.new_initial_state()
    rng = random.Random(seed)
    nodes = 0
    while not whole.is_terminal():
        step(whole, rng)
        nodes += 1
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(nodes // 2):
        step(state, rng)
    return state


def deserialize(game: Any, text: str) -> None:
    """``text`` deserialized and first read (``current_player()`` replays its history)."""
    game.deserialize_state(text).current_player()


def run_units(operation: str, game: Any, state: Any, units: int) -> None:
    """``units`` times ``operation`` on ``game``'s ``state`` (:func:`mid_game`):
    ``state.serialize()``, or :func:`deserialize` of its text; the unit counted by
    ``--instructions``."""
    if operation == "serialize":
        for _ in range(units):
            state.serialize()
    else:
        text = state.serialize()
        for _ in range(units):
            deserialize(game, text)


def best_ms(work: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("games", nargs="*", default=GAMES)
    counting.add_options(parser, "10,30", "serialization, and one deserialization,")
    parser.add_argument(
        "--operation", choices=list(OPERATIONS), default="serialize", help=argparse.SUPPRESS
    )
    args = parser.parse_args()
    if not 1 <= args.repeat <= 1000:
        parser.error(f"--repeat is from 1 to 1000, not {args.repeat}")
    unknown = sorted(set(args.games) - set(GAMES))
    if unknown:
        parser.error(f"unknown games {unknown}; games: {', '.join(GAMES)}")
    if args.units_only is not None:
        game = pyspiel.load_game(openspiel.short_name(args.games[0]))
        run_units(args.operation, game, mid_game(game), args.units_only)
        return
    speed = counting.machine_speed()
    if args.instructions:
        for game_id in args.games:
            game = pyspiel.load_game(openspiel.short_name(game_id))
            state = mid_game(game)
            for operation, unit in OPERATIONS.items():
                counting.count_and_time(
                    f"{game_id}, {operation}",
                    unit,
                    __file__,
                    [game_id, "--operation", operation],
                    args.instructions,
                    partial(run_units, operation, game, state),
                    speed,
                )
        counting.footer(speed)
        return
    counting.print_calibration(speed, "ms x that")
    print(
        f"{'game':<17}{'players':>8}{'nodes':>7}{'state B':>9}{'with game B':>12}"
        f"{'ser ms':>9}{'cal':>7}{'deser ms':>10}{'cal':>7}"
    )
    for game_id in args.games:
        game = pyspiel.load_game(openspiel.short_name(game_id))
        state = mid_game(game)
        text = state.serialize()
        both = pyspiel.serialize_game_and_state(game, state)
        ser = best_ms(state.serialize, args.repeat)
        deser = best_ms(partial(deserialize, game, text), args.repeat)
        ser_cal, deser_cal = (
            ("-", "-") if speed is None else (f"{ser * speed:.3f}", f"{deser * speed:.3f}")
        )
        print(
            f"{game_id:<17}{game.num_players():>8}{len(state.history()):>7}{len(text):>9,}"
            f"{len(both):>12,}{ser:>9.3f}{ser_cal:>7}{deser:>10.3f}{deser_cal:>7}"
        )


if __name__ == "__main__":
    main()
