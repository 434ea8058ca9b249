"""Issue 30 (research-ready environments): a seat is never asked with an all-zero mask.

Carcassonne's action grid holds the placements within ``board_radius`` of the start
tile. The River can run beyond a small grid; the environments then asked a seat whose
every legal placement lay outside it, with an all-zero mask: PettingZoo's
``parallel_api_test`` on The River with ``board_radius=8`` (tests/envs/test_pettingzoo.py)
failed on some unseeded resets. Such a game is now cut short: truncated, with the reason
in every agent's ``info["off_grid"]``.
"""

from __future__ import annotations

import numpy as np

from tote.envs import aec_env, parallel_env, vector_env

RIVER = {"players": 3, "variants": ["river", "abbot"], "board_radius": 2}
"""A grid of 5 x 5 cells: the River's twelve tiles cannot stay inside it."""


def test_a_parallel_game_off_the_grid_is_truncated() -> None:
    """Issue 30: every agent the Parallel environment asks has a legal action; a game
    whose seat to act has none on the grid ends truncated, saying why."""
    env = parallel_env("carcassonne", **RIVER)
    observations, infos = env.reset(seed=5)
    rng = np.random.default_rng(5)
    truncations: dict[str, bool] = {}
    for _ in range(200):
        if not env.agents:
            break
        asked = [a for a in env.agents if observations[a]["action_mask"].any()]
        assert asked, "no agent has a legal action, yet the game goes on"
        actions = {
            a: int(rng.choice(np.flatnonzero(observations[a]["action_mask"]))) for a in asked
        }
        observations, _, terminations, truncations, infos = env.step(actions)
    assert not env.agents and all(truncations.values()) and not any(terminations.values())
    assert all("no action on the carcassonne action grid" in i["off_grid"] for i in infos.values())


def test_an_aec_game_off_the_grid_is_truncated() -> None:
    """Issue 30: the AEC environment never selects an agent with an all-zero mask that
    is not done; the game ends truncated."""
    env = aec_env("carcassonne", **RIVER)
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    ends = []
    for _ in env.agent_iter(max_iter=400):
        obs, _, terminated, truncated, info = env.last()
        if terminated or truncated:
            ends.append((terminated, truncated, "off_grid" in info))
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert not env.agents and ends == [(False, True, True)] * 3


def test_a_vector_table_off_the_grid_starts_its_next_game() -> None:
    """Issue 30: a vector table whose game runs off the grid is truncated and auto-reset,
    so every table always has a legal action."""
    venv = vector_env("carcassonne", num_envs=2, seed=5, **RIVER)
    _, info = venv.reset()
    rng = np.random.default_rng(5)
    truncated = 0
    for _ in range(150):
        masks = info["action_mask"]
        assert masks.any(axis=1).all()
        _, _, _, truncations, info = venv.step((rng.random(masks.shape) * masks).argmax(axis=1))
        truncated += int(truncations.sum())
    assert truncated >= 2


def test_a_game_lost_by_an_illegal_action_asks_no_one() -> None:
    """Issue 30: masks are computed once a position; a game ended by an illegal action
    under ``illegal="lose"`` shows every agent an all-zero mask, as before."""
    env = aec_env("winners-circle", illegal="lose")
    env.reset(seed=0)
    agent = env.agent_selection
    assert env.observe(agent)["action_mask"].any()
    env.step(int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0]))
    assert all(env.terminations.values())
    assert not any(env.observe(a)["action_mask"].any() for a in env.possible_agents)
