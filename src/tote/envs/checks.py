"""Checks that play real games: masked sampling and a seeded Parallel test (issue 30, fix 2).

PettingZoo's ``parallel_seed_test`` samples actions without their mask, so in a game
where most actions are illegal the first step ends the game (under ``illegal="lose"``)
or is refused (under ``illegal="raise"``); and it stops after its first step in any
case (it tests ``any(terminations)``, which is true of any dictionary of agents). Two
tools make such tests play real games:

- :func:`masked_sampling` gives an environment's agents action spaces whose
  ``sample()`` draws among the actions legal now, so that PettingZoo's own tests, which
  call ``action_space(agent).sample()``, play legal moves;
- :func:`parallel_seed_check` plays whole games on two Parallel environments reset with
  the same seed, with masked random actions from random streams seeded alike, and
  checks that they stay identical at every step.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

import numpy as np
from gymnasium import spaces
from gymnasium.utils.env_checker import data_equivalence

from tote.envs.aec import ToteAECEnv
from tote.envs.catalogue import Mask
from tote.envs.parallel import ToteParallelEnv

MAX_STEPS = 100_000
"""The most steps :func:`parallel_seed_check` plays in one game before it calls the
game endless."""


class MaskedDiscrete(spaces.Discrete):
    """A :class:`~gymnasium.spaces.Discrete` action space whose ``sample()``, given no
    mask, draws among the actions its agent's mask allows now (an agent not asked now
    has an all-zero mask, and Gymnasium then gives 0)."""

    def __init__(self, n: int, current_mask: Callable[[], Mask]) -> None:
        super().__init__(n)
        self._current_mask = current_mask

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:
        if mask is None and probability is None:
            mask = self._current_mask()
        return super().sample(mask, probability)


Env = TypeVar("Env", ToteAECEnv, ToteParallelEnv)


def masked_sampling(env: Env) -> Env:
    """``env`` with each agent's action space a :class:`MaskedDiscrete`: sampled without
    a mask, it gives a legal action of that agent (changes ``env`` and returns it)."""
    table = env.table
    for agent, seat in table.seat_of.items():
        table.action_spaces[agent] = MaskedDiscrete(table.catalogue.size, partial(table.mask, seat))
    return env


def _masked_actions(
    observations: dict[str, Any], rngs: dict[str, np.random.Generator]
) -> dict[str, int]:
    actions = {}
    for agent, obs in observations.items():
        legal = np.flatnonzero(obs["action_mask"])
        if len(legal):
            actions[agent] = int(rngs[agent].choice(legal))
    return actions


def parallel_seed_check(
    make_env: Callable[[], ToteParallelEnv],
    *,
    seed: int = 42,
    games: int = 1,
    max_steps: int = MAX_STEPS,
) -> int:
    """Plays ``games`` whole games on two environments made by ``make_env``, reset with
    the same seeds (``seed``, ``seed + 1``, ...), each asked agent choosing uniformly
    among its masked actions with a random stream per agent seeded alike in both.
    Raises :class:`AssertionError` naming the step and what differs when the two
    environments' observations, rewards, terminations, truncations or infos part, or
    when a game does not end within ``max_steps``. Returns the steps played."""
    first, second = make_env(), make_env()
    steps = 0
    for game in range(games):
        obs_1, infos_1 = first.reset(seed=seed + game)
        obs_2, infos_2 = second.reset(seed=seed + game)
        _same(game, 0, "reset", (obs_1, infos_1), (obs_2, infos_2))
        rngs = [
            {a: np.random.default_rng([seed, game, i]) for i, a in enumerate(env.possible_agents)}
            for env in (first, second)
        ]
        for step in range(1, max_steps + 1):
            actions = _masked_actions(obs_1, rngs[0])
            _same(game, step, "actions", actions, _masked_actions(obs_2, rngs[1]))
            out_1 = first.step(actions)
            out_2 = second.step(actions)
            for name, a, b in zip(
                ("observations", "rewards", "terminations", "truncations", "infos"),
                out_1,
                out_2,
                strict=True,
            ):
                _same(game, step, name, a, b)
            obs_1, obs_2 = out_1[0], out_2[0]
            steps += 1
            if not first.agents:
                break
        else:
            raise AssertionError(f"game {game} did not end within {max_steps} steps")
        if second.agents:
            raise AssertionError(f"game {game}: the second environment did not end with the first")
    return steps


def _same(game: int, step: int, what: str, a: object, b: object) -> None:
    if not data_equivalence(a, b):
        raise AssertionError(f"game {game}, step {step}: the two environments' {what} differ")
