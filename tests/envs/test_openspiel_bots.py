"""Issue 30, fix 7: which OpenSpiel bots play tote's games.

OpenSpiel's C++ bots (``pyspiel.MCTSBot``, ``pyspiel.ISMCTSBot``) crash the interpreter
on Python games, OpenSpiel's own ``python_kuhn_poker`` included, so
docs/environments.md names the Python bots that work: the Python ISMCTS on every game
(it searches worlds drawn by ``resample_from_infostate``; a game with simultaneous
turns is loaded with ``turn_based=True``, its seats then committing one at a time) and
the Python MCTS on every game (it searches the true state, hidden cards included).
Both are played here for a few decisions with small budgets, and the documentation's
examples of them run as written.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from tote.core.registry import all_games  # noqa: E402
from tote.envs import openspiel  # noqa: E402

GAME_IDS = [game.id for game in all_games()]
SEQUENTIAL = [
    ("winners-circle", {}),
    ("horse-fever", {}),
    ("horse-fever", {"variants": "family"}),
    ("carcassonne", {"variants": "base"}),
]
DOC = Path(__file__).resolve().parents[2] / "docs" / "environments.md"


def play(state: Any, bot: Any, seat: int, decisions: int, seed: int) -> int:
    """Plays ``bot`` for ``seat`` (random actions for the others, chance by its
    probabilities) until it has made ``decisions`` decisions; the decisions made."""
    rng = random.Random(seed)
    made = 0
    while made < decisions and not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        elif state.current_player() == seat:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            made += 1
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return made


@pytest.mark.parametrize(("game_id", "params"), SEQUENTIAL, ids=str)
def test_python_ismcts_plays_every_sequential_configuration(
    game_id: str, params: dict[str, object]
) -> None:
    """Issue 30, fix 7: OpenSpiel's Python ISMCTS (worlds from
    ``resample_from_infostate``) makes legal decisions in every game's sequential
    configuration (Wits & Wagers and Wetten! have none: see the next test)."""
    game = pyspiel.load_game(openspiel.short_name(game_id), params)
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(
        game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0, max_simulations=3, random_state=rng
    )
    assert play(game.new_initial_state(), bot, 0, 2, seed=1) == 2


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_python_ismcts_plays_every_game_turn_based(game_id: str) -> None:
    """Issue 30, fix 7: loaded with ``turn_based=True``, every game is sequential and
    OpenSpiel's Python ISMCTS makes legal decisions in it, simultaneous turns included."""
    game = pyspiel.load_game(openspiel.short_name(game_id), {"turn_based": True})
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, rng, max_length=60),
        uct_c=2.0,
        max_simulations=3,
        random_state=rng,
    )
    state = game.new_initial_state()
    assert play(state, bot, 0, 3, seed=3) == 3
    rng = random.Random(4)
    while not state.is_terminal() and not secret_turn(state):
        node(state, rng)
    plain = pyspiel.load_game(openspiel.short_name(game_id))
    assert secret_turn(state) == (
        plain.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    )
    if secret_turn(state):
        assert bot.step(state) in state.legal_actions()


def secret_turn(state: Any) -> bool:
    """Whether seats are committing secret moves now."""
    return not state.is_terminal() and not state.is_chance_node() and state.tote.turn().simultaneous


node = openspiel.random_step


@pytest.mark.parametrize("game_id", ["wetten", "wits-and-wagers", "carcassonne"])
def test_turn_based_commitments_stay_secret(game_id: str) -> None:
    """Issue 30, fix 7: at a simultaneous turn of a turn-based game the seats commit one
    after the other in seat order; a later seat's information state and legal actions
    are the same whatever an earlier seat committed (it is revealed only with the
    others)."""
    game = pyspiel.load_game(openspiel.short_name(game_id), {"turn_based": True})
    state = game.new_initial_state()
    rng = random.Random(6)
    while not secret_turn(state):
        node(state, rng)
    seats = state.tote.turn().seats
    assert state.current_player() == min(seats)
    with pytest.raises(pyspiel.SpielError, match="turn"):
        state.apply_actions([0] * game.num_players())
    first, later = seats[0], seats[1]
    after = []
    assert len(state.legal_actions(first)) >= 2
    for action in state.legal_actions(first)[:2]:
        child = state.child(action)
        assert child.current_player() == later
        after.append((child.information_state_string(later), child.legal_actions(later)))
    assert after[0] == after[-1]


def test_random_sim_test_passes_turn_based() -> None:
    """Issue 30, fix 7: OpenSpiel's ``random_sim_test`` (lengths within the bound,
    serialization, tensors, returns) passes on a turn-based game."""
    game = pyspiel.load_game(openspiel.short_name("wits-and-wagers"), {"turn_based": True})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_python_mcts_plays_every_game_made_turn_based(game_id: str) -> None:
    """Issue 30, fix 7: OpenSpiel's Python MCTS makes legal decisions in every game,
    simultaneous ones made turn-based by ``pyspiel.convert_to_turn_based``."""
    game = pyspiel.load_game(openspiel.short_name(game_id))
    if game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS:
        game = pyspiel.convert_to_turn_based(game)
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(
        game, 2.0, 3, mcts.RandomRolloutEvaluator(1, rng, max_length=60), random_state=rng
    )
    assert play(game.new_initial_state(), bot, 0, 2, seed=2) == 2


def doc_blocks(*words: str) -> list[str]:
    """The Python code blocks of docs/environments.md that mention one of ``words``."""
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    return [b for b in blocks if any(w in b for w in words)]


def test_the_documented_bots_and_samples_run_as_written() -> None:
    """Issue 30, fixes 6 and 7 and the sample world: the examples docs/environments.md
    gives of OpenSpiel's Python bots, of serialization and of ``sample_world`` run as
    written, each on its own."""
    blocks = doc_blocks("ISMCTSBot", "MCTSBot", "serialize", "sample_world")
    assert len(blocks) >= 4
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), {"__name__": "__doc_example__"})
