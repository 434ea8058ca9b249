"""PettingZoo's AEC API for every tote game: the seats are asked one at a time.

At a simultaneous turn the seats still to commit are asked in seat order; each commits
its move secretly (``State.apply``), and nothing is revealed until the last has
committed. Chance moves are played inside the environment with its seeded stream.
Agents are ``seat_0``, ``seat_1``, ..., less the seats the environment plays itself
(the ``opponents`` option, :mod:`tote.envs.opponents`); see docs/environments.md.
"""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from tote.envs.games import observation_version
from tote.envs.table import Table, agent_name


class ToteAECEnv(AECEnv):  # type: ignore[misc]
    """``tote.envs.aec_env(game_id, players=N, **options)``; ``players``
    defaults to the fewest the game allows with the options."""

    def __init__(self, game_id: str, players: int | None = None, **options: Any) -> None:
        super().__init__()
        self.table = Table(game_id, players, options)
        self.metadata = {
            "name": f"tote_{game_id.replace('-', '_')}",
            "render_modes": ["ansi"],
            "is_parallelizable": False,
            "observation_version": observation_version(game_id),
        }
        self.render_mode = self.table.env_options.render_mode
        self.possible_agents = list(self.table.agents)
        self.agents: list[str] = []
        self._has_reset = False

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.table.observation_space

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.table.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.table.reset(seed)
        self._has_reset = True
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        table = self.table
        self.infos = {a: table.info(table.seat_of[a]) for a in self.agents}
        self._skip_agent_selection = None
        self.agent_selection = agent_name(table.awaited()[0])

    def observe(self, agent: str) -> dict[str, Any]:
        if not self._has_reset:
            raise RuntimeError("call reset() before observe()")
        return self.table.observe(self.table.seat_named(agent))

    def step(self, action: Any) -> None:
        if not self._has_reset:
            raise RuntimeError("call reset() before step()")
        if not self.agents:
            raise RuntimeError("every agent is done: call reset() to play again")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self.table
        seat = table.seat_of[agent]
        moves = table.checked({seat: action}, every_seat=False)
        if moves is not None:
            # the infos of the position left behind: dropped here, so that only those
            # someone still holds have their views built before the move (issue 24)
            for a in self.agents:
                self.infos[a] = {}
            table.apply(moves)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict(zip(self.agents, table.rewards(), strict=True))
        over, truncated = table.over, table.truncated
        terminations, truncations, infos = self.terminations, self.truncations, self.infos
        seat_of, info = table.seat_of, table.info
        for a in self.agents:
            terminations[a] = over
            truncations[a] = truncated
            infos[a] = info(seat_of[a])
        if over or truncated:
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = table.names[table.awaited()[0]]
        self._accumulate_rewards()

    def sample_world(self, agent: str, seed: int | None = None) -> ToteAECEnv:
        """A new environment of this game at a world ``agent`` cannot tell from this
        one (issue 30): ``observe(agent)``, its action mask and ``infos[agent]["view"]``
        are this environment's; everything hidden from the agent is drawn by the
        game's own sampler from the agent's view alone, seeded by ``seed``, and the new
        environment plays chance on with the same stream. Step it like this one (its
        rewards count from here); ``world.table.state`` is its tote state. This
        environment is not changed. See docs/environments.md."""
        if not self._has_reset:
            raise RuntimeError("call reset() before sample_world()")
        seat = self.table.seat_named(agent)
        world = copy.copy(self)
        world.table = self.table.sample_world(seat, seed)
        world.agents = list(self.agents)
        world.rewards = dict.fromkeys(self.agents, 0.0)
        world._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        world.terminations = dict(self.terminations)
        world.truncations = dict(self.truncations)
        world.infos = {a: world.table.info(world.table.seat_of[a]) for a in self.agents}
        return world

    def render(self) -> str | None:
        if not self._has_reset:
            raise RuntimeError("call reset() before render()")
        return self.table.render()

    def close(self) -> None:
        """Nothing to release: the environment holds no window, file or process."""

    def state(self) -> np.ndarray:
        raise NotImplementedError(
            "tote environments have no global state vector: each seat sees only its view"
        )
