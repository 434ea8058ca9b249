"""Issue 24, item 1, fourth pass: an AEC step whose encoder reads the state builds no
view. An info held across a move then keeps a clone of the position (one for every
such info) and writes its view from it when read: the same view, byte for byte, as
the state gave at that position. And each ``observe`` gets a vector of its own, the
first one of a position the vector just encoded."""

from __future__ import annotations

import copy
import json
from typing import Any

import numpy as np
import pytest

from tote.envs import aec_env, parallel_env
from tote.envs.table import Table

from .test_state_writers import CASES as STATE_WRITER_CASES

CASES = (
    ("winners-circle", 4, ()),
    ("winners-circle", 5, ("hidden-bets",)),
    ("wits-and-wagers", 5, ("secret-betting",)),
    ("wetten", 4, ("make-it-professional",)),
    *STATE_WRITER_CASES,
)
"""Every variant of the games whose encoders read the state, and one or two of each
other game."""
STEPS = 150


@pytest.mark.parametrize(("game_id", "players", "variants"), CASES)
def test_held_infos_show_their_positions_view(
    game_id: str, players: int, variants: tuple[str, ...]
) -> None:
    """The acting agent's info from ``last()``, held across its move as a loop holds
    it, reads the view of the position it was made at (a game's end and the next
    game's start included), at every step of seeded games."""
    env = aec_env(game_id, players=players, variants=variants)
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    kept: list[tuple[dict[str, Any], str]] = []
    games = 1
    for _ in range(STEPS):
        state = env.table.state
        obs, _, terminated, truncated, info = env.last()
        seat = env.table.seat_of[env.agent_selection]
        kept.append((info, json.dumps(state.view(seat, log=False))))
        if terminated or truncated:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if not env.agents:
            env.reset(seed=games)
            games += 1
    for info, truth in kept:
        assert json.dumps(info["view"]) == truth


@pytest.mark.parametrize("game_id", ["horse-fever", "carcassonne"])
def test_parallel_infos_held_show_their_positions_view(game_id: str) -> None:
    """Every agent's info of a Parallel step, held across the next, reads its own
    position's view (all frozen from one clone of the position)."""
    env = parallel_env(game_id, players=4)
    observations, infos = env.reset(seed=2)
    rng = np.random.default_rng(2)
    kept: list[tuple[dict[str, Any], dict[str, Any]]] = []
    for _ in range(40):
        if not env.agents:
            break
        state = env.table.state
        for agent in env.agents:
            kept.append(
                (infos[agent], copy.deepcopy(state.view(env.table.seat_of[agent], log=False)))
            )
        actions = {
            a: int(rng.choice(np.flatnonzero(observations[a]["action_mask"])))
            for a in env.agents
            if observations[a]["action_mask"].any()
        }
        observations, _, _, _, infos = env.step(actions)
    assert kept
    for info, truth in kept:
        assert info["view"] == truth


@pytest.mark.parametrize(
    "game_id", ["winners-circle", "wits-and-wagers", "wetten", "horse-fever", "carcassonne"]
)
def test_each_observe_has_its_own_vector(game_id: str) -> None:
    """The first ``observe`` of a position hands out the vector just encoded; later
    ones copies of one encoded again: the same bytes, and changing one vector changes
    no other."""
    env = aec_env(game_id, players=4)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(25):
        agent = env.agent_selection
        first = env.observe(agent)["observation"]
        truth = first.tobytes()
        first[:] = 7.0
        second = env.observe(agent)["observation"]
        second[:] = 9.0
        third = env.observe(agent)["observation"]
        assert third.tobytes() == truth
        seat = env.table.seat_of[agent]
        general = env.table.encoder.encode(env.table.state.position_view(seat), seat)
        assert general.tobytes() == truth
        obs, _, terminated, truncated, _ = env.last()
        assert obs["observation"].tobytes() == truth
        if terminated or truncated:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if not env.agents:
            env.reset(seed=1)


def _play(game_id: str, players: int, variants: tuple[str, ...], checked: bool) -> list[str]:
    env = aec_env(game_id, players=players, variants=variants)
    table = env.table
    if checked:  # every move through the state's checked apply: none recorded as legal

        def check_action(seat: int, action: object) -> Any:
            move = Table.check_action(table, seat, action)
            table._legal.clear()
            return move

        table.check_action = check_action  # type: ignore[method-assign]
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    seen: list[str] = []
    games = 1
    for _ in range(STEPS):
        obs, reward, terminated, truncated, _ = env.last()
        seen.append(f"{obs['observation'].tobytes().hex()} {obs['action_mask'].tobytes().hex()}")
        seen.append(f"{reward} {terminated} {truncated}")
        if terminated or truncated:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if not env.agents:
            seen.append(json.dumps(env.table.state.view(None)))
            env.reset(seed=games)
            games += 1
    seen.append(json.dumps(env.table.state.view(None)))
    return seen


@pytest.mark.parametrize(("game_id", "players", "variants"), CASES)
def test_moves_the_mask_allows_play_as_checked_moves(
    game_id: str, players: int, variants: tuple[str, ...]
) -> None:
    """An action the position's mask marks legal is played without the state's check
    (``apply_unchecked``, the rules' own loop): the same observations, masks, rewards,
    logs and final positions as when every move goes through the checked ``apply``."""
    calls: list[int] = []
    original = Table.apply

    def counting(table: Table, moves: Any) -> None:
        calls.append(sum(table._legal.get(seat) is move for seat, move in moves))
        original(table, moves)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Table, "apply", counting)
        unchecked = _play(game_id, players, variants, False)
        assert sum(calls) > STEPS // 2  # the mask's moves did go unchecked
        calls.clear()
        checked = _play(game_id, players, variants, True)
        assert sum(calls) == 0
    assert unchecked == checked
