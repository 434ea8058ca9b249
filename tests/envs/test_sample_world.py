"""Issue 30, "the sample-world service in the environments".

``env.sample_world(agent, seed)`` on the AEC and Parallel environments (and
``resample_from_infostate`` on the OpenSpiel state) gives a world the agent cannot
tell from the real one: the same observation, mask and view; hidden things redrawn
(varying with the seed); built from the agent's view alone (two real worlds that
differ only in what the agent cannot see give the same sample for the same seed).
"""

from __future__ import annotations

import copy
import json
import pickle
import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

import tote.envs
from tote.core.registry import all_games

GAME_IDS = [game.id for game in all_games()]
PLAYERS = {"wits-and-wagers": 4}
OPTIONS: dict[str, dict[str, Any]] = {"winners-circle": {"variants": ["hidden-bets"]}}
"""Winner's Circle hides nothing without Hidden Bets (its future is all chance)."""
STEPS = {"carcassonne": 60}
"""Decisions played before sampling (default 25): mid-game, with hidden things in every
game (Carcassonne's chips once bets are laid)."""


def aec_at_mid_game(game_id: str, seed: int = 7) -> Any:
    env = tote.envs.aec_env(game_id, players=PLAYERS.get(game_id, 3), **OPTIONS.get(game_id, {}))
    env.reset(seed=seed)
    rng = random.Random(seed)
    for _ in range(STEPS.get(game_id, 25)):
        obs = env.observe(env.agent_selection)
        env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    assert env.agents, "the game ended before mid-game"
    return env


def seen_by(env: Any, agent: str) -> tuple[list[float], list[int], str]:
    obs = env.observe(agent)
    view = json.dumps(env.infos[agent]["view"], sort_keys=True)
    return obs["observation"].tolist(), obs["action_mask"].tolist(), view


def fingerprint(env: Any, steps: int = 40) -> list[str]:
    """Every seat's view now and over the next ``steps`` decisions, played with a
    fixed chance stream and actions drawn by a fixed stream from the masks: worlds
    alike in everything (hidden things included) give the same fingerprint."""
    env.table.rng = random.Random(0)
    pick = random.Random(1)
    state = env.table.state
    prints = [json.dumps([state.view(s, log=False) for s in range(state.num_players)])]
    for _ in range(steps):
        if not env.agents or env.terminations[env.agent_selection]:
            break
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(pick.choice(np.flatnonzero(mask).tolist()))
        state = env.table.state
        prints.append(json.dumps([state.view(s, log=False) for s in range(state.num_players)]))
    return prints


def hidden_print(state: Any) -> bytes:
    """The whole tote state but its log, pickled: the same for worlds built alike, and
    different where their hidden things differ (a card no view shows, an answer not yet
    read)."""
    bare = copy.copy(state)
    bare.log = []
    return pickle.dumps(bare)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_agent_cannot_tell_the_sample_from_the_real_world(game_id: str) -> None:
    """Issue 30, sample world: for the agent to act and for one waiting, the sampled
    world gives exactly the agent's observation, action mask and view of the real one;
    the real environment is not changed."""
    env = aec_at_mid_game(game_id)
    before = fingerprint_free(env)
    for agent in {env.agent_selection, env.possible_agents[-1]}:
        for seed in (0, 1):
            world = env.sample_world(agent, seed)
            assert type(world) is type(env)
            assert world.agent_selection == env.agent_selection
            real, sampled = seen_by(env, agent), seen_by(world, agent)
            assert sampled == real
    assert fingerprint_free(env) == before


def fingerprint_free(env: Any) -> list[str]:
    """Every seat's view of ``env`` now, without playing it."""
    state = env.table.state
    return [json.dumps(state.view(s), sort_keys=True) for s in range(state.num_players)]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_hidden_things_vary_with_the_seed(game_id: str) -> None:
    """Issue 30, sample world: over seeds, the hidden things differ (every game hides
    something mid-game: hands, deck orders, the answer, face-down chips); the same
    seed gives the same world."""
    env = aec_at_mid_game(game_id)
    agent = env.agent_selection
    prints = {hidden_print(env.sample_world(agent, seed).table.state) for seed in range(6)}
    assert len(prints) >= 2
    assert fingerprint(env.sample_world(agent, 3)) == fingerprint(env.sample_world(agent, 3))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_sample_never_reads_the_real_hidden_state(game_id: str) -> None:
    """Issue 30, sample world: two real worlds that differ only in what the agent cannot
    see (the second is a sample of the first) give the same sample for the same seed,
    down to the hidden things: so the sample is built from the agent's view alone."""
    env = aec_at_mid_game(game_id)
    agent = env.agent_selection
    other = env.sample_world(agent, 99)
    for seed in (0, 5):
        assert fingerprint(env.sample_world(agent, seed)) == fingerprint(
            other.sample_world(agent, seed)
        )


def test_a_sample_plays_on_as_an_environment() -> None:
    """Issue 30, sample world: the sample is an environment of the same game that plays
    to its end with the AEC loop."""
    world = aec_at_mid_game("winners-circle").sample_world("seat_0", 4)
    rng = random.Random(0)
    for _agent in world.agent_iter(5000):
        obs, _, terminated, truncated, _ = world.last()
        done = terminated or truncated
        world.step(None if done else rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    assert not world.agents
    assert world.table.state.is_over


def test_sample_world_refuses_an_unknown_agent_and_an_unreset_env() -> None:
    """Issue 30, sample world, bad input: an unknown agent is a ValueError naming the
    agents; before reset() a RuntimeError."""
    env = tote.envs.aec_env("winners-circle", players=3)
    with pytest.raises(RuntimeError, match="reset"):
        env.sample_world("seat_0", 0)
    env.reset(seed=0)
    with pytest.raises(ValueError, match=r"seat_7.*seat_0"):
        env.sample_world("seat_7", 0)


@pytest.mark.parametrize("game_id", ["wetten", "wits-and-wagers"])
def test_parallel_sample_world(game_id: str) -> None:
    """Issue 30, sample world, Parallel API: the sampled environment gives each asked
    agent its real observation and mask, and its hidden things vary with the seed."""
    env = tote.envs.parallel_env(game_id, players=PLAYERS.get(game_id, 3))
    observations, _ = env.reset(seed=3)
    rng = random.Random(3)
    for _ in range(25):
        actions = {
            a: rng.choice(np.flatnonzero(o["action_mask"]).tolist())
            for a, o in observations.items()
            if o["action_mask"].any()
        }
        observations, *_ = env.step(actions)
    agent = env.agents[0]
    hidden = set()
    for seed in range(6):
        world = env.sample_world(agent, seed)
        real, sampled = env.observe(agent), world.observe(agent)
        assert sampled["observation"].tolist() == real["observation"].tolist()
        assert sampled["action_mask"].tolist() == real["action_mask"].tolist()
        hidden.add(hidden_print(world.table.state))
    assert len(hidden) >= 2


def test_openspiel_resample_from_infostate_is_the_sample_world() -> None:
    """Issue 30, sample world, OpenSpiel: ``resample_from_infostate(player_id,
    probability_sampler)`` gives a state with the player's information state and
    legal actions; OpenSpiel's Python ISMCTS searches such worlds (tested in
    tests/envs/test_openspiel_bots.py)."""
    pyspiel = pytest.importorskip("pyspiel")
    from tote.envs import openspiel

    game = pyspiel.load_game(openspiel.short_name("horse-fever"), {"players": 3})
    state = game.new_initial_state()
    rng = random.Random(2)
    while len(state.history()) < 80 or state.is_chance_node():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    worlds = [state.resample_from_infostate(seat, sampler) for _ in range(6)]
    for world in worlds:
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.legal_actions(seat) == state.legal_actions(seat)
    assert len({hidden_print(w.tote) for w in worlds}) >= 2
