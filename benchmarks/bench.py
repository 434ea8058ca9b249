"""Full random games per second, per game, on one core.

Run: .venv/bin/python benchmarks/bench.py [--games N] [--players P] [GAME ...]
It prints figures; it asserts nothing (speed targets are read, not tested).
"""

from __future__ import annotations

import argparse
import random
import time

from tote.core import CHANCE, all_games, get_game
from tote.core.state import State


def play_random(state: State, rng: random.Random) -> int:
    """Play one game to its end with uniformly random moves, as ``tote simulate`` does with
    random bots (moves come from the state itself, so they are applied unchecked).
    Returns the number of moves."""
    moves = 0
    while True:
        turn = state.turn()
        if turn.chance:
            state.apply_unchecked(CHANCE, state.sample_chance(rng))
        elif turn.seats:
            seat = turn.seats[0]
            state.apply_unchecked(seat, state.random_move(seat, rng))
        else:
            return moves
        moves += 1


def bench(game_id: str, games: int, players: int | None) -> tuple[float, float]:
    game = get_game(game_id)
    n = players or game.min_players
    start = time.perf_counter()
    total_moves = 0
    for seed in range(games):
        total_moves += play_random(game.new_state(None, n), random.Random(seed))
    elapsed = time.perf_counter() - start
    return games / elapsed, total_moves / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games_ids", nargs="*", metavar="GAME")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=None)
    args = parser.parse_args()
    ids = args.games_ids or [game.id for game in all_games()]
    print(f"{'game':<18}{'players':>8}{'games/s':>12}{'moves/game':>12}")
    for game_id in ids:
        game = get_game(game_id)
        counts = [args.players] if args.players else sorted({game.min_players, 4, game.max_players})
        for n in counts:
            if not game.min_players <= n <= game.max_players:
                continue
            rate, moves = bench(game_id, args.games, n)
            print(f"{game_id:<18}{n:>8}{rate:>12.0f}{moves:>12.0f}")


if __name__ == "__main__":
    main()
