"""Issue 30, Add: vectorised play. ``tote.envs.vector_env`` steps N tables at once with
batched numpy arrays; each table plays exactly the game the single AEC environment
plays with the table's seed, auto-resets in the same step, and is seeded per table."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tote.envs import aec_env, vector_env

GAMES: list[tuple[str, int, dict[str, Any]]] = [
    ("winners-circle", 2, {}),
    ("wits-and-wagers", 4, {"max_cycles": 25, "reward": "score"}),
    ("wetten", 3, {"max_cycles": 40}),
    ("horse-fever", 2, {"max_cycles": 40, "reward": "score"}),
    ("carcassonne", 2, {"max_cycles": 20, "reward": "score"}),
]
IDS = [g for g, _, _ in GAMES]


def _random_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(m)) for m in masks], dtype=np.int64)


@pytest.mark.parametrize(("game_id", "players", "options"), GAMES, ids=IDS)
def test_every_table_is_the_single_environment_in_lockstep(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    """Issue 30, vectorised play: shapes and dtypes as documented; every table's
    observation, mask, agent, per-step rewards and ends equal those of its own AEC
    environment seeded ``seed + i + k * N`` for its game ``k`` (auto-reset in the same
    step), so each game's summed rewards are the single environment's."""
    n, seed = 3, 11
    venv = vector_env(game_id, num_envs=n, players=players, seed=seed, **options)
    obs, info = venv.reset()
    singles = [aec_env(game_id, players=players, **options) for _ in range(n)]
    games = [0] * n
    for i, env in enumerate(singles):
        env.reset(seed=seed + i)
    sums = np.zeros((n, players))
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(400 if game_id == "winners-circle" else 100):
        size = venv.single_action_space.n
        assert obs.shape == (n, venv.single_observation_space.shape[0])
        assert obs.dtype == np.float32
        assert info["action_mask"].shape == (n, size) and info["action_mask"].dtype == np.bool_
        assert info["agent"].shape == (n,) and info["agent"].dtype == np.int64
        for i, env in enumerate(singles):
            agent = env.agent_selection
            assert agent == f"seat_{info['agent'][i]}"
            single = env.observe(agent)
            np.testing.assert_array_equal(obs[i], single["observation"])
            np.testing.assert_array_equal(info["action_mask"][i], single["action_mask"] == 1)
        actions = _random_actions(info["action_mask"], rng)
        obs, rewards, terminations, truncations, info = venv.step(actions)
        assert rewards.shape == (n, players) and rewards.dtype == np.float32
        assert terminations.dtype == truncations.dtype == np.bool_
        for i, env in enumerate(singles):
            env.step(int(actions[i]))
            expected = [env.rewards[a] for a in env.possible_agents]
            np.testing.assert_allclose(rewards[i], expected, rtol=1e-6, atol=1e-4)
            sums[i] += expected
            last = env.possible_agents[0]
            assert terminations[i] == env.terminations[last]
            assert truncations[i] == env.truncations[last]
            assert info["_episode_return"][i] == (terminations[i] or truncations[i])
            if info["_episode_return"][i]:
                np.testing.assert_allclose(info["episode_return"][i], sums[i], atol=1e-3)
                ended += 1
                sums[i] = 0.0
                games[i] += 1
                env.reset(seed=seed + i + games[i] * n)
    assert ended >= 1, "no table finished a game: the auto-reset was not exercised"


@pytest.mark.parametrize(("game_id", "players", "options"), GAMES, ids=IDS)
def test_the_same_seed_gives_the_same_trajectories(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    """Issue 30, vectorised play: seeded per table, the same seed and actions give
    identical arrays; tables of one vector play different games."""
    runs = []
    for _ in range(2):
        venv = vector_env(game_id, num_envs=2, players=players, **options)
        obs, info = venv.reset(seed=5)
        rng = np.random.default_rng(1)
        trajectory = [obs]
        for _ in range(30):
            obs, rewards, *_ = venv.step(_random_actions(info["action_mask"], rng))
            info = _[-1]
            trajectory += [obs, rewards]
        runs.append(trajectory)
    for a, b in zip(*runs, strict=True):
        np.testing.assert_array_equal(a, b)
    assert any(not np.array_equal(step[0], step[1]) for step in runs[0][::2])


def test_an_illegal_action_is_refused_and_no_table_changes() -> None:
    """Issue 30, vectorised play: a refused action names its table; nothing moves."""
    venv = vector_env("winners-circle", num_envs=2, players=2, seed=0)
    obs, info = venv.reset()
    illegal = int(np.flatnonzero(~info["action_mask"][1])[0])
    legal = int(np.flatnonzero(info["action_mask"][0])[0])
    with pytest.raises(ValueError, match="table 1: action"):
        venv.step(np.array([legal, illegal]))
    with pytest.raises(ValueError, match="2 integer action indices"):
        venv.step(np.array([legal]))
    again, _ = venv.reset()
    np.testing.assert_array_equal(obs, again)
    with pytest.raises(ValueError, match="num_envs"):
        vector_env("winners-circle", num_envs=0)


def test_too_many_tables_are_refused_before_any_is_built() -> None:
    """Issue 30, vectorised play (inputs are bounded): ``num_envs`` above
    ``MAX_TABLES`` is one refusal naming the limit; no table is built."""
    from tote.envs.vector import MAX_TABLES

    with pytest.raises(ValueError, match=f"from 1 to {MAX_TABLES}"):
        vector_env("winners-circle", num_envs=MAX_TABLES + 1)
