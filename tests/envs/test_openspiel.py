"""Issue 13: tote's games as OpenSpiel Python games.

Every game is registered as ``python_tote_<id>`` with ``players``, ``variants`` and its
options as parameters; OpenSpiel's own ``random_sim_test`` plays it (chance nodes with
their probabilities, simultaneous nodes, seat views, returns, clones, serialization);
bad input gets OpenSpiel's ``SpielError`` and changes nothing.
"""

from __future__ import annotations

import importlib.util
import json
import random
import subprocess
import sys

import pytest

pyspiel = pytest.importorskip("pyspiel")

from tote.core.bot import Observation  # noqa: E402
from tote.core.game import GameOptions  # noqa: E402
from tote.core.moves import CHANCE  # noqa: E402
from tote.core.registry import all_games, get_game  # noqa: E402
from tote.core.result import Result  # noqa: E402
from tote.envs import openspiel  # noqa: E402
from tote.envs.games import MODULES  # noqa: E402
from tote.envs.openspiel_chance import pending_shuffle  # noqa: E402

GAME_IDS = [game.id for game in all_games()]

SIM_CASES = [
    ("winners-circle", {}),
    ("winners-circle", {"players": 6, "variants": "hidden-bets+crowded-field"}),
    ("winners-circle", {"players": 3, "variants": "royal-turf+alternative-payouts"}),
    ("horse-fever", {}),
    ("horse-fever", {"players": 3, "variants": "family+short"}),
    ("horse-fever", {"players": 4, "variants": "party", "party_actions": True}),
    ("horse-fever", {"players": 2, "variants": "advanced+short"}),
    ("carcassonne", {"players": 2, "variants": "river+abbot"}),
    ("carcassonne", {"players": 2, "variants": "base"}),
    ("wits-and-wagers", {}),
    ("wits-and-wagers", {"players": 5, "betting": "secret"}),
    ("wetten", {}),
]
"""One whole game per configuration; the configurations that only change rules the
PettingZoo and catalogue tests play (Carcassonne's defaults, Wetten!'s beginners with
the unlimited bank) are left to them (issue 30, fix 9: test time)."""


def has_catalogue(game_id: str) -> bool:
    """Whether tote.envs has the game's action catalogue yet (built game by game)."""
    return importlib.util.find_spec(f"tote.envs.games.{MODULES[game_id]}") is not None


def load(game_id: str, params: dict[str, object] | None = None) -> object:
    if not has_catalogue(game_id):
        pytest.skip(f"tote.envs has no action catalogue for {game_id} yet")
    return pyspiel.load_game(openspiel.short_name(game_id), params or {})


def play_to(state: object, rng: random.Random, decisions: int) -> None:
    """Plays uniformly random legal actions until ``decisions`` decisions have been made
    (or the game ends)."""
    made = 0
    while not state.is_terminal() and made < decisions:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        elif state.is_simultaneous_node():
            joint = [
                rng.choice(state.legal_actions(p)) if state.legal_actions(p) else 0
                for p in range(state.num_players())
            ]
            state.apply_actions(joint)
            made += 1
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            made += 1


def as_json(value: object) -> object:
    """``value`` as JSON gives it back (tuples as lists, keys as strings)."""
    return json.loads(json.dumps(value))


def step(state: object, rng: random.Random) -> None:
    """Plays one node: a chance outcome, a joint action or one seat's action."""
    if state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(actions, probs)[0])
    else:
        play_to(state, rng, 1)


def test_every_game_is_registered_under_its_name() -> None:
    """Issue 13: every game is registered as an OpenSpiel Python game when
    ``tote.envs.openspiel`` is imported, named ``python_tote_`` plus its id."""
    names = set(pyspiel.registered_names())
    for game_id in GAME_IDS:
        name = "python_tote_" + game_id.replace("-", "_")
        assert name in names
        assert name in openspiel.REGISTERED


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_parameters_are_players_variants_and_the_options(game_id: str) -> None:
    """Issue 13: game parameters ``players`` and the game's options (as ``Game.options``
    names them), with the game's defaults; issue 30, fix 7: and ``turn_based``."""
    game = get_game(game_id)
    types = {t.short_name: t for t in pyspiel.registered_games()}
    spec = dict(types[openspiel.short_name(game_id)].parameter_specification)
    options = set(game.options_model.model_fields) - set(openspiel.SKIPPED_OPTIONS.get(game_id, ()))
    options -= set(GameOptions.model_fields)  # data changes (issue 29) are not scalars
    assert set(spec) == {"players", "variants", "turn_based"} | options
    assert spec["turn_based"] is False
    assert game.min_players <= spec["players"] <= game.max_players


def test_variants_and_options_reach_the_game() -> None:
    """Issue 13: ``variants`` and option parameters become the tote game's options."""
    game = load("winners-circle", {"players": 4, "variants": "hidden-bets", "starting_money": 5})
    assert game.num_players() == 4
    assert game.tote_options.hidden_bets is True
    assert game.tote_options.starting_money == 5
    assert game.new_initial_state().tote.num_players == 4


@pytest.mark.parametrize(
    ("params", "words"),
    [
        ({"colour": "red"}, "Unknown parameter 'colour'"),
        ({"players": "two"}, "Wrong type for parameter players"),
        ({"players": 9}, "2 to 6 players"),
        ({"variants": "fast-horses"}, "no variant 'fast-horses'"),
        ({"starting_money": -1}, "starting_money"),
        ({"last_place_tie": "coin"}, "last_place_tie"),
    ],
)
def test_unknown_or_bad_options_are_refused_clearly(params: dict[str, object], words: str) -> None:
    """Issue 13, bad input: unknown options (and values the game refuses) raise
    OpenSpiel's ``SpielError`` naming them."""
    with pytest.raises(pyspiel.SpielError, match=words):
        load("winners-circle", params)


@pytest.mark.parametrize(("game_id", "params"), SIM_CASES, ids=lambda c: str(c))
def test_random_sim_test_passes(game_id: str, params: dict[str, object]) -> None:
    """Issue 13: OpenSpiel's ``random_sim_test`` passes for every game (chance outcomes
    summing to one, legal-action masks, clones, serialization, observation tensor sizes,
    returns within the utility range and summing to zero, the length bound)."""
    pyspiel.random_sim_test(load(game_id, params), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_chance_nodes_carry_tote_probabilities(game_id: str) -> None:
    """Issue 13: explicit chance nodes carry their outcome probabilities: at the first
    chance nodes of a game, each OpenSpiel outcome is tote's outcome with tote's
    probability (Wetten!'s shuffles: each card left equally likely)."""
    game = load(game_id)
    state = game.new_initial_state()
    rng = random.Random(3)
    checked = 0
    while checked < 5 and not state.is_terminal():
        if not state.is_chance_node():
            play_to(state, rng, 1)
            continue
        outcomes = state.chance_outcomes()
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        shuffle = pending_shuffle(state.tote)
        if shuffle is None:
            expected = {move: p for move, p in state.tote.chance_outcomes()}
            got = {game.chance.outcome(a): p for a, p in outcomes}
            assert got == pytest.approx(expected)
        else:
            assert len({p for _, p in outcomes}) == 1
        action = rng.choice([a for a, _ in outcomes])
        state.apply_action(action)
        checked += 1
    assert checked == 5


@pytest.mark.parametrize("game_id", ["wetten", "carcassonne", "wits-and-wagers"])
def test_simultaneous_turns_are_simultaneous_nodes(game_id: str) -> None:
    """Issue 13: simultaneous nodes where the game has them: a tote turn of secret
    commitments is one OpenSpiel simultaneous node, where exactly its seats have legal
    actions."""
    game = load(game_id)
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    state = game.new_initial_state()
    rng = random.Random(5)
    for _ in range(400):
        if state.is_simultaneous_node():
            break
        step(state, rng)
    assert state.is_simultaneous_node()
    turn = state.tote.turn()
    assert turn.simultaneous
    for seat in range(game.num_players()):
        assert bool(state.legal_actions(seat)) == (seat in turn.seats)


@pytest.mark.parametrize(
    ("game_id", "params", "simultaneous"),
    [
        ("winners-circle", {}, False),
        ("carcassonne", {"variants": "base"}, False),
        ("horse-fever", {}, False),
        ("horse-fever", {"variants": "family"}, False),
        ("horse-fever", {"variants": "party"}, True),
    ],
)
def test_a_configuration_without_simultaneous_turns_is_sequential(
    game_id: str, params: dict[str, object], simultaneous: bool
) -> None:
    """Issue 13: Winner's Circle, Horse Fever's Board and Family Games and Carcassonne
    without The Bets never move together, so OpenSpiel sees sequential games (its
    sequential algorithms accept them); the Party Game's secret bets are simultaneous."""
    dynamics = pyspiel.GameType.Dynamics
    expected = dynamics.SIMULTANEOUS if simultaneous else dynamics.SEQUENTIAL
    assert load(game_id, params).get_type().dynamics == expected


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_strings_and_tensors_come_from_the_seat_view(game_id: str) -> None:
    """Issue 13: information-state and observation strings and tensors from the seat's
    view: the strings are ``State.view(seat)`` (with and without the seat's log), the
    tensors the game's encoder of it; a world the seat cannot tell apart
    (``sample_world``) gives the same strings and tensors."""
    game = load(game_id)
    state = game.new_initial_state()
    play_to(state, random.Random(11), 12)
    world = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    for seat in range(game.num_players()):
        view = json.loads(state.observation_string(seat))
        assert view == as_json(state.tote.view(seat, log=False))
        infostate = json.loads(state.information_state_string(seat))
        assert infostate == as_json(state.tote.view(seat))
        encoded = game.encoder.encode(state.tote.view(seat, log=False), seat)
        assert state.observation_tensor(seat) == pytest.approx(encoded.tolist())
        assert state.information_state_tensor(seat) == pytest.approx(encoded.tolist())
    assert world.information_state_string(0) == state.information_state_string(0)
    assert world.observation_tensor(0) == state.observation_tensor(0)


def test_returns_are_a_zero_sum_share_of_the_win() -> None:
    """Issue 13, returns: a sole winner +1, the others -1/(n-1); tied winners share; a
    game without a winner gives 0 to all; they sum to zero, as the game type says."""
    assert openspiel.win_returns(Result.from_scores([5, 1, 1]), 3) == [1.0, -0.5, -0.5]
    assert openspiel.win_returns(Result.from_scores([5, 5, 1]), 3) == [0.25, 0.25, -0.5]
    assert openspiel.win_returns(Result((0, 0), (1, 1), ()), 2) == [0.0, 0.0]
    game = load("winners-circle", {"players": 3})
    state = game.new_initial_state()
    play_to(state, random.Random(2), 10_000)
    assert state.is_terminal()
    result = state.tote.result()
    assert result is not None
    assert state.returns() == openspiel.win_returns(result, 3)
    assert sum(state.returns()) == pytest.approx(0.0)
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM


def _snapshot(state: object) -> tuple[str, list[int], str]:
    return (str(state), list(state.history()), state.information_state_string(0))


def test_an_illegal_or_out_of_range_action_is_refused_and_changes_nothing() -> None:
    """Issue 13, bad input: a masked-out action, an out-of-range index and a chance
    outcome that cannot happen raise ``SpielError`` naming the action, and the state
    is unchanged."""
    game = load("winners-circle")
    state = game.new_initial_state()
    play_to(state, random.Random(4), 1)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    before = _snapshot(state)
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(pyspiel.SpielError, match=f"action {illegal}"):
        state.apply_action(illegal)
    with pytest.raises(pyspiel.SpielError, match="out of range"):
        state.apply_action(game.num_distinct_actions())
    with pytest.raises(pyspiel.SpielError, match="simultaneous"):
        state.apply_actions([0, 0])
    assert _snapshot(state) == before
    chance = game.new_initial_state()
    start = _snapshot(chance)
    with pytest.raises(pyspiel.SpielError, match="out of range"):
        chance.apply_action(game.max_chance_outcomes())
    impossible = next(
        a for a in range(game.max_chance_outcomes()) if a not in dict(chance.chance_outcomes())
    )
    with pytest.raises(pyspiel.SpielError, match=f"chance action {impossible}"):
        chance.apply_action(impossible)
    assert _snapshot(chance) == start


def test_a_bad_joint_action_changes_nothing() -> None:
    """Issue 13, bad input at a simultaneous node: one seat's masked-out action refuses
    the whole joint action, and nothing is committed."""
    game = load("wetten")
    state = game.new_initial_state()
    rng = random.Random(8)
    while not state.is_simultaneous_node():
        step(state, rng)
    before = _snapshot(state)
    joint = [state.legal_actions(p)[0] for p in range(game.num_players())]
    legal_last = set(state.legal_actions(game.num_players() - 1))
    joint[-1] = next(a for a in range(game.num_distinct_actions()) if a not in legal_last)
    with pytest.raises(pyspiel.SpielError, match=f"seat {game.num_players() - 1}"):
        state.apply_actions(joint)
    assert _snapshot(state) == before
    assert state.tote.committed == ()


def test_stepping_a_finished_game_is_refused() -> None:
    """Issue 13, bad input: stepping a finished game raises ``SpielError`` and the
    returns stay as they were."""
    state = load("winners-circle").new_initial_state()
    play_to(state, random.Random(6), 10_000)
    assert state.is_terminal()
    before = (_snapshot(state), state.returns())
    with pytest.raises(pyspiel.SpielError, match="game is over"):
        state.apply_action(0)
    assert (_snapshot(state), state.returns()) == before


@pytest.mark.parametrize("game_id", ["winners-circle", "carcassonne"])
def test_clone_and_serialization_keep_the_game(game_id: str) -> None:
    """Issue 13: a clone is independent of its original (a game's own clone, or the
    core's deep copy sharing what never changes), and a serialized state comes back the
    same (OpenSpiel's pickled attributes, tote's state among them)."""
    game = load(game_id)
    state = game.new_initial_state()
    play_to(state, random.Random(9), 20)
    clone = state.clone()
    text = pyspiel.serialize_game_and_state(game, state)
    play_to(clone, random.Random(1), 5)
    assert str(clone) != str(state)
    _, back = pyspiel.deserialize_game_and_state(text)
    assert str(back) == str(state)
    assert back.history() == state.history()
    assert back.tote.view(0) == state.tote.view(0)


def test_a_chance_step_of_a_shuffle_changes_nothing_visible() -> None:
    """Issue 13, Wetten!: a shuffle is drawn card by card; until the last card nothing
    is dealt, so every seat's view is the same; then tote's shuffle is carried out."""
    state = load("wetten").new_initial_state()
    shuffle = pending_shuffle(state.tote)
    assert shuffle is not None
    view = state.tote.view(0)
    for _ in range(shuffle.length - 1):
        state.apply_action(state.chance_outcomes()[0][0])
        assert state.tote.view(0) == view
    state.apply_action(state.chance_outcomes()[0][0])
    assert pending_shuffle(state.tote) is None
    assert state.tote.view(0) != view


def test_ismcts_bot_plays_winners_circle() -> None:
    """Issue 13: one OpenSpiel algorithm runs on a tote game: OpenSpiel's ISMCTS bot
    (random-rollout evaluator, a few simulations) picks legal actions for seat 0 on
    worlds resampled from its information state."""
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    game = load("winners-circle")
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, rng),
        uct_c=2.0,
        max_simulations=4,
        random_state=rng,
    )
    state = game.new_initial_state()
    moves = 0
    rnd = random.Random(0)
    while moves < 3 and not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            moves += 1
        else:
            play_to(state, rnd, 1)
            while state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rnd.choices(actions, probs)[0])
    assert moves == 3


def test_python_exits_cleanly_after_loading() -> None:
    """A process that loaded a tote game ends normally (OpenSpiel's registry holds the
    game classes until after Python has shut down)."""
    code = (
        "import pyspiel, tote.envs.openspiel;"
        "pyspiel.load_game('python_tote_winners_circle').new_initial_state()"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, check=False)
    assert done.returncode == 0, done.stderr


def test_chance_ids_are_stable() -> None:
    """Issue 13: chance outcomes have a stable mapping: the same outcome has the same
    id in every position (a die face is always the same action)."""
    game = load("winners-circle")
    state = game.new_initial_state()
    rng = random.Random(12)
    seen: dict[object, int] = {}
    while not state.is_terminal():
        if state.is_chance_node():
            for action, _ in state.chance_outcomes():
                outcome = game.chance.outcome(action)
                assert seen.setdefault(outcome, action) == action
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.tote.check(CHANCE, game.chance.outcome(actions[0]))
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            play_to(state, rng, 1)
    assert len(seen) > 10


def test_open_betting_goes_round_the_table_and_ends() -> None:
    """Issue 13 (WW 3.4, WW 7): Wits & Wagers' open betting is played one seat at a time
    round the table; a seat that has placed its bets ``OPEN_TURN_MOVES`` times may only
    lock them, so the game is finite; any other action is refused and changes nothing."""
    from tote.envs.openspiel_state import OPEN_TURN_MOVES
    from tote.games.wits_and_wagers.moves import LockBets

    game = load("wits-and-wagers")
    state = game.new_initial_state()
    rng = random.Random(4)
    while not (state.current_player() >= 0 and len(state.tote.turn().seats) > 1):
        step(state, rng)
    lock = None
    order = []
    while len(order) < 2 * game.num_players():
        seat = state.current_player()
        order.append(seat)
        obs_lock = [a for a in state.legal_actions() if game.catalogue.label(a).startswith("lock")]
        lock = obs_lock[0]
        state.apply_action(next(a for a in state.legal_actions() if a != lock))
    assert order == list(range(game.num_players())) * 2
    while state.current_player() != 0:
        state.apply_action(next(a for a in state.legal_actions() if a != lock))
    for _ in range(OPEN_TURN_MOVES - 2):
        state.apply_action(next(a for a in state.legal_actions() if a != lock))
        while state.current_player() != 0:
            state.apply_action(next(a for a in state.legal_actions() if a != lock))
    assert state.legal_actions() == [lock]
    assert game.catalogue.move(Observation(state.tote, 0), lock) == LockBets()
    rules_allow = game.catalogue.mask(Observation(state.tote, 0)).nonzero()[0]
    bet = next(int(a) for a in rules_allow if a != lock)
    before = _snapshot(state)
    with pytest.raises(pyspiel.SpielError, match="only ending its turn"):
        state.apply_action(bet)
    assert _snapshot(state) == before


def test_outcome_sampling_mccfr_runs_on_winners_circle() -> None:
    """Issue 13: OpenSpiel's outcome-sampling MCCFR runs on a small configuration
    (two seats of Winner's Circle, a few iterations) and learns a policy over legal
    actions at the information states it visited."""
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    game = load("winners-circle", {"players": 2})
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(2):
        solver.iteration()
    policy = solver.average_policy()
    state = game.new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node():
        step(state, rng)
    probabilities = policy.action_probabilities(state)
    assert set(probabilities) == set(state.legal_actions())
    assert sum(probabilities.values()) == pytest.approx(1.0)
