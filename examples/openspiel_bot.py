"""An OpenSpiel bot plays a tote game (issue 13).

    pip install "tote[openspiel]"
    python examples/openspiel_bot.py --game winners-circle --players 3 --simulations 50

Seat 0 is OpenSpiel's ISMCTS bot (information-set Monte Carlo tree search: it searches
worlds resampled from its own seat's view, ``State.sample_world``, and values them by
random rollouts); every other seat is OpenSpiel's uniform random bot. Chance nodes are
drawn with their probabilities. ISMCTS needs a sequential game, so the game is loaded
with ``turn_based=True``: the seats of a simultaneous turn commit one after the other,
secretly (issue 30, fix 7), and every game can be played.
"""

from __future__ import annotations

import argparse
import sys

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import tote.envs.openspiel  # noqa: F401  (registers tote's games with OpenSpiel)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="winners-circle")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--variant", action="append", default=[])
    parser.add_argument("--simulations", type=int, default=50, help="ISMCTS simulations a move")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    name = "python_tote_" + args.game.replace("-", "_")
    params = {"players": args.players, "variants": "+".join(args.variant), "turn_based": True}
    try:
        game = pyspiel.load_game(name, params)
    except pyspiel.SpielError as refusal:
        print(f"cannot load {name}: {refusal}", file=sys.stderr)
        return 2
    if game.get_type().dynamics != pyspiel.GameType.Dynamics.SEQUENTIAL:
        print(
            f"{args.game} with these options has simultaneous moves; ISMCTS needs a "
            "sequential game (see this script's docstring)",
            file=sys.stderr,
        )
        return 2

    rng = np.random.RandomState(args.seed)
    searcher = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, rng),
        uct_c=2.0,
        max_simulations=args.simulations,
        random_state=rng,
    )
    bots = [searcher] + [
        pyspiel.make_uniform_random_bot(seat, args.seed + seat)
        for seat in range(1, game.num_players())
    ]
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        seat = state.current_player()
        action = int(bots[seat].step(state))
        if seat == 0:
            print(f"ISMCTS (seat 0): {state.action_to_string(seat, action)}")
        state.apply_action(action)
        decisions += 1
    result = state.tote.result()
    print(f"{decisions} decisions; scores {list(result.scores)}; winners {list(result.winners)}")
    print(f"returns {state.returns()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
