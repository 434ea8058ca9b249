"""PettingZoo's Parallel API for every tote game: every seat asked now acts in one step.

A step takes the actions of the seats asked now: at a simultaneous turn (secret moves)
every seat still to commit, at any other turn the one seat whose turn it is. Actions of
seats not asked are ignored (their action mask is all zeros), so a training loop may
pass an action for every agent. Chance moves are played inside the environment with
its seeded stream. See docs/environments.md.
"""

from __future__ import annotations

import copy
from typing import Any

from gymnasium import spaces
from pettingzoo import ParallelEnv

from tote.envs.games import observation_version
from tote.envs.table import Table

Dicts = tuple[
    dict[str, Any], dict[str, float], dict[str, bool], dict[str, bool], dict[str, dict[str, Any]]
]


class ToteParallelEnv(ParallelEnv):  # type: ignore[misc]
    """``tote.envs.parallel_env(game_id, players=N, **options)``; ``players``
    defaults to the fewest the game allows with the options."""

    def __init__(self, game_id: str, players: int | None = None, **options: Any) -> None:
        self.table = Table(game_id, players, options)
        self.metadata = {
            "name": f"tote_{game_id.replace('-', '_')}",
            "render_modes": ["ansi"],
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

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        self.table.reset(seed)
        self._has_reset = True
        self.agents = list(self.possible_agents)
        table = self.table
        observations = {a: table.observe(table.seat_of[a]) for a in self.agents}
        return observations, {a: table.info(table.seat_of[a]) for a in self.agents}

    def step(self, actions: dict[str, Any]) -> Dicts:
        if not self._has_reset:
            raise RuntimeError("call reset() before step()")
        if not self.agents:
            raise RuntimeError("every agent is done: call reset() to play again")
        table = self.table
        unknown = sorted(set(actions) - set(self.agents))
        if unknown:
            raise ValueError(
                f"no live agent {', '.join(map(repr, unknown))}; agents: {self.agents}"
            )
        table.play({table.seat_of[a]: action for a, action in actions.items()})
        agents = self.agents
        observations = {a: table.observe(table.seat_of[a]) for a in agents}
        rewards = dict(zip(agents, table.rewards(), strict=True))
        over, truncated = table.over, table.truncated
        terminations = dict.fromkeys(agents, over)
        truncations = dict.fromkeys(agents, truncated)
        infos = {a: table.info(table.seat_of[a]) for a in agents}
        if over or truncated:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s observation now, as the last ``reset`` or ``step`` returned it."""
        if not self._has_reset:
            raise RuntimeError("call reset() before observe()")
        return self.table.observe(self.table.seat_named(agent))

    def sample_world(self, agent: str, seed: int | None = None) -> ToteParallelEnv:
        """A new environment of this game at a world ``agent`` cannot tell from this
        one (issue 30): ``observe(agent)`` and its action mask are this environment's;
        everything hidden from the agent is drawn by the game's own sampler from the
        agent's view alone, seeded by ``seed``, and the new environment plays chance on
        with the same stream. Step it like this one; ``world.table.state`` is its tote
        state. This environment is not changed. See docs/environments.md."""
        if not self._has_reset:
            raise RuntimeError("call reset() before sample_world()")
        seat = self.table.seat_named(agent)
        world = copy.copy(self)
        world.table = self.table.sample_world(seat, seed)
        world.agents = list(self.agents)
        return world

    def render(self) -> str | None:
        if not self._has_reset:
            raise RuntimeError("call reset() before render()")
        return self.table.render()

    def close(self) -> None:
        """Nothing to release: the environment holds no window, file or process."""
