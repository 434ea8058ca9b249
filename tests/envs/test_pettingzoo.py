"""Issue 13, PettingZoo: PettingZoo's own test suite passes for every game built so far,
and bad input is refused the way PettingZoo users expect, with the game unchanged."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

from tote.core.errors import OptionsError
from tote.envs import aec_env, parallel_env
from tote.envs.checks import masked_sampling, parallel_seed_check

GAMES: list[tuple[str, int, dict[str, Any]]] = [
    ("winners-circle", 3, {}),
    ("winners-circle", 2, {"variants": ["hidden-bets", "royal-turf"]}),
    ("winners-circle", 4, {"variants": ["crowded-field", "alternative-payouts"]}),
    ("wits-and-wagers", 4, {}),
    ("wits-and-wagers", 4, {"betting": "secret", "reward": "score"}),
    ("carcassonne", 2, {}),
    ("wetten", 3, {}),
    ("horse-fever", 3, {}),
    ("horse-fever", 4, {"variants": ["family"]}),
    ("horse-fever", 8, {"variants": ["party"], "reward": "score"}),
    ("horse-fever", 2, {"variants": ["advanced", "long"], "bet_units": [1, 5]}),
    ("wetten", 5, {"variants": ["make-it-professional", "track-by-players"]}),
    ("wetten", 4, {"variants": ["beginners", "unlimited-bank"], "stake_units": [1, 3]}),
    ("carcassonne", 3, {"variants": ["river", "abbot"], "board_radius": 8}),
    ("carcassonne", 2, {"variants": ["base"], "board_radius": 10}),
]
IDS = [
    "-".join([g, str(n), *o.get("variants", []), *(k for k in o if k != "variants")])
    for g, n, o in GAMES
]


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("game_id", "players", "options"), GAMES, ids=IDS)
def test_pettingzoo_api_tests_pass(game_id: str, players: int, options: dict[str, Any]) -> None:
    """Issue 13: api_test, parallel_api_test, seed_test and parallel_seed_test pass.
    Issue 30, fix 2: parallel_seed_test samples actions without their mask, so it runs
    on an environment whose action spaces sample the legal actions (``masked_sampling``)
    and plays legal moves, with the default ``illegal="raise"``."""
    api_test(aec_env(game_id, players=players, **options), num_cycles=60)
    parallel_api_test(parallel_env(game_id, players=players, **options), num_cycles=60)
    seed_test(lambda: aec_env(game_id, players=players, **options), num_cycles=40)
    parallel_seed_test(
        lambda: masked_sampling(parallel_env(game_id, players=players, **options)), num_cycles=40
    )


WHOLE_GAMES: list[tuple[str, int, dict[str, Any]]] = [
    ("winners-circle", 3, {}),
    ("wits-and-wagers", 4, {"variants": ["secret-betting"]}),
    ("wetten", 3, {}),
    ("horse-fever", 3, {}),
    ("carcassonne", 2, {}),
]
"""One configuration a game; Wits & Wagers with secret betting, since random seats in
open betting move their bets for about 1,400 steps before each happens to lock them."""


@pytest.mark.parametrize(
    ("game_id", "players", "options"), WHOLE_GAMES, ids=[c[0] for c in WHOLE_GAMES]
)
def test_a_seeded_parallel_game_is_the_same_game_to_its_end(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    """Issue 30, fix 2: two Parallel environments reset with the same seed and given
    masked random actions from streams seeded alike stay identical over a whole game
    (observations, rewards, terminations, truncations, infos), and the game ends."""
    steps = parallel_seed_check(lambda: parallel_env(game_id, players=players, **options))
    assert steps > 10, "a whole game, not one step"


def test_the_seeded_check_notices_another_seed() -> None:
    """Issue 30, fix 2: the check fails when the two environments play different games
    (here the second one resets with another seed than it is given)."""
    made: list[Any] = []

    def make() -> Any:
        env = parallel_env("winners-circle", players=3)
        if made:
            reset = env.reset
            env.reset = lambda seed=None, options=None: reset(seed=seed + 1, options=options)
        made.append(env)
        return env

    with pytest.raises(AssertionError, match=r"the two environments' .* differ"):
        parallel_seed_check(make)


def test_masked_sampling_plays_legal_moves_over_a_whole_game() -> None:
    """Issue 30, fix 2: with ``masked_sampling``, ``action_space(agent).sample()`` (what
    PettingZoo's tests call) is a legal action of every asked agent at every step, so a
    whole game is played without a refusal; an agent not asked gets 0 (ignored)."""
    env = masked_sampling(parallel_env("wetten", players=3))
    observations, _ = env.reset(seed=1)
    for agent in env.possible_agents:
        env.action_space(agent).seed(7)
    steps = 0
    while env.agents:
        actions = {a: env.action_space(a).sample() for a in env.agents}
        for agent, obs in observations.items():
            if obs["action_mask"].any():
                assert obs["action_mask"][actions[agent]] == 1
            else:
                assert actions[agent] == 0
        observations, *_ = env.step(actions)
        steps += 1
    assert steps > 50


def test_each_agent_has_its_own_action_space() -> None:
    """Issue 30, fix 2: PettingZoo's seed tests seed each agent's space with its own
    seed; a space shared by every agent made the last seed the only one."""
    env = aec_env("winners-circle", players=3)
    spaces = [env.action_space(a) for a in env.possible_agents]
    assert len({id(s) for s in spaces}) == 3
    assert all(env.action_space(a) is env.action_space(a) for a in env.possible_agents)


def _masked(env: Any, agent: str, rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(env.observe(agent)["action_mask"])))


@pytest.mark.parametrize(("game_id", "players", "options"), GAMES[::2], ids=IDS[::2])
def test_a_seed_fixes_the_whole_game(game_id: str, players: int, options: dict[str, Any]) -> None:
    """Issue 13: reset(seed=...) makes the game reproducible (chance included) through
    the AEC API, over its first 120 turns (whole games are checked through the Parallel
    API, test_a_seeded_parallel_game_is_the_same_game_to_its_end; issue 30, fix 9);
    another seed gives another game."""

    def play(seed: int) -> list[Any]:
        env = aec_env(game_id, players=players, **options)
        env.reset(seed=seed)
        rng = np.random.default_rng(0)
        trail = []
        for agent in env.agent_iter(120):
            _, reward, terminated, truncated, info = env.last()
            trail.append((agent, reward, info["view"]["state"]))
            env.step(None if terminated or truncated else _masked(env, agent, rng))
        return trail

    assert play(5) == play(5)
    assert play(5) != play(6)


def test_an_illegal_or_out_of_range_action_is_refused_and_nothing_changes() -> None:
    """Issue 13, bad input: a masked-out index and an out-of-range index are a clear
    ValueError; the game is unchanged and the same seat is still asked."""
    env = aec_env("winners-circle", players=3)
    env.reset(seed=1)
    agent = env.agent_selection
    before = env.observe(agent)
    view = env.infos[agent]["view"]
    illegal = int(np.flatnonzero(before["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match=f"action {illegal} .* is not legal now"):
        env.step(illegal)
    with pytest.raises(ValueError, match="out of range"):
        env.step(env.action_space(agent).n)
    with pytest.raises(ValueError, match="give an action index"):
        env.step(None)
    assert env.agent_selection == agent
    assert env.infos[agent]["view"] == view
    after = env.observe(agent)
    assert np.array_equal(after["observation"], before["observation"])
    assert np.array_equal(after["action_mask"], before["action_mask"])


def test_illegal_lose_ends_the_game_with_the_offender_losing() -> None:
    """Issue 13: with illegal="lose" (as PettingZoo's TerminateIllegalWrapper), an
    illegal action ends the game and its seat gets the illegal reward."""
    env = parallel_env("winners-circle", players=2, illegal="lose", illegal_reward=-5)
    observations, _ = env.reset(seed=3)
    seat = next(a for a, o in observations.items() if o["action_mask"].any())
    illegal = int(np.flatnonzero(observations[seat]["action_mask"] == 0)[0])
    _, rewards, terminations, _, infos = env.step({seat: illegal})
    assert rewards[seat] == -5 and all(r == 0 for a, r in rewards.items() if a != seat)
    assert all(terminations.values()) and env.agents == []
    assert "not legal now" in infos[seat]["illegal_action"]


def test_stepping_a_finished_environment_is_refused() -> None:
    """Issue 13, bad input: stepping a finished environment (or before reset) is an error."""
    env = parallel_env("winners-circle", players=2, max_cycles=3)
    with pytest.raises(RuntimeError, match="reset"):
        env.step({})
    observations, _ = env.reset(seed=0)
    rng = np.random.default_rng(0)
    steps = 0
    while env.agents:
        actions = {
            a: int(rng.choice(np.flatnonzero(o["action_mask"])))
            for a, o in observations.items()
            if o["action_mask"].any()
        }
        observations, _, _, truncations, _ = env.step(actions)
        steps += 1
    assert steps == 3 and all(truncations.values()), "max_cycles truncates"
    with pytest.raises(RuntimeError, match="call reset"):
        env.step({})


def test_unknown_options_are_refused_naming_the_known_ones() -> None:
    """Issue 13, bad input: unknown options are refused before anything is built."""
    with pytest.raises(OptionsError, match=r"no option 'colour'.*environment options"):
        aec_env("winners-circle", players=2, colour="red")
    with pytest.raises(OptionsError, match="'reward'"):
        parallel_env("winners-circle", players=2, reward="money")
    with pytest.raises(OptionsError, match="takes 2 to 6 players"):
        aec_env("winners-circle", players=9)
    with pytest.raises(OptionsError, match="unknown game"):
        aec_env("chess", players=2)


def test_score_rewards_add_up_to_the_final_scores() -> None:
    """Issue 13: with reward="score" each step's reward is the change of the seat's
    score, so a seat's rewards add up to its final score minus its starting score."""
    env = aec_env("winners-circle", players=3, reward="score")
    env.reset(seed=2)
    rng = np.random.default_rng(1)
    totals: dict[str, float] = dict.fromkeys(env.possible_agents, 0.0)
    final: dict[str, Any] = {}
    for agent in env.agent_iter():
        _, reward, terminated, truncated, info = env.last()
        totals[agent] += reward
        if terminated:
            final[agent] = info["view"]["result"]["scores"][env.possible_agents.index(agent)]
        env.step(None if terminated or truncated else _masked(env, agent, rng))
    assert totals == pytest.approx(final)


def test_result_rewards_are_plus_one_for_winners_minus_one_for_the_others() -> None:
    """Issue 13: the default terminal reward is the final result."""
    env = parallel_env("winners-circle", players=3)
    observations, _ = env.reset(seed=4)
    rng = np.random.default_rng(2)
    while env.agents:
        actions = {
            a: int(rng.choice(np.flatnonzero(o["action_mask"])))
            for a, o in observations.items()
            if o["action_mask"].any()
        }
        observations, rewards, terminations, _, infos = env.step(actions)
    winners = infos["seat_0"]["view"]["result"]["winners"]
    expected = {f"seat_{s}": (1.0 if s in winners else -1.0) for s in range(3)}
    if len(winners) == 3:
        expected = dict.fromkeys(expected, 0.0)
    assert rewards == expected and all(terminations.values())


def test_simultaneous_turns_reveal_nothing_early_in_the_aec_api() -> None:
    """Issue 13: at a simultaneous turn the AEC API asks the seats in order and a seat's
    committed guess is not in any other seat's observation or view."""
    env = aec_env("wits-and-wagers", players=4)
    env.reset(seed=0)
    first = env.agent_selection
    assert env.infos[first]["view"]["turn"]["simultaneous"]
    second_view_before = env.infos["seat_1"]["view"]
    env.step(3)  # a guess
    assert env.agent_selection == "seat_1"
    assert env.infos["seat_0"]["view"]["my_commitment"] is not None
    seen = env.infos["seat_1"]["view"]
    assert seen["committed"] == [0] and seen["my_commitment"] is None
    assert seen["state"] == second_view_before["state"]


def test_render_is_the_terminal_board() -> None:
    """Issue 13: render() gives the terminal board (ansi) as a spectator sees it."""
    env = aec_env("winners-circle", players=2, render_mode="ansi")
    env.reset(seed=0)
    board = env.render()
    assert isinstance(board, str) and "Winner's Circle" in board
