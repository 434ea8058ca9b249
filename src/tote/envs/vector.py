"""Vectorised play (issue 30, Add: vectorised play): N tables of one game stepped at once.

Gymnasium's vector conventions, fitted to turn-based games with several seats:

- at every step each table has exactly one agent to act, the seat the AEC API would
  ask (at a simultaneous turn, the first seat still to commit; chance is played inside
  the table with its seeded stream);
- ``reset(seed)`` returns ``(obs, infos)``: ``obs`` float32 ``[N, obs_dim]`` is the
  observation of the agent to act in each table, ``infos["action_mask"]`` bool
  ``[N, n_actions]`` its mask and ``infos["agent"]`` int64 ``[N]`` its seat;
- ``step(actions)`` (int ``[N]``) returns ``(obs, rewards, terminations, truncations,
  infos)``: ``rewards`` float32 ``[N, len(agent_seats)]`` is every agent's reward from
  that step (every seat's, ``[N, players]``, without the ``opponents`` option, whose
  seats each table plays itself); ``terminations`` and ``truncations`` bool ``[N]``;
- auto-reset is Gymnasium's *same-step* mode: a table whose game ends in a step is
  reset in that same step, so ``obs``, ``action_mask`` and ``agent`` already belong to
  its next game, while ``rewards``, ``terminations`` and ``truncations`` belong to the
  game that ended; ``infos["episode_return"]`` float32 ``[N, len(agent_seats)]`` holds the
  ended game's summed rewards, one column an agent (``infos["_episode_return"]`` bool
  ``[N]`` says which tables ended) and ``infos["episode_length"]`` int64 ``[N]`` its
  decisions;
- seeds: ``reset(seed=s)`` plays game ``k`` (``k = 0, 1, ...``) of table ``i`` with the
  seed ``s + i + k * N``, so table ``i``'s first game is the single environment's game
  ``reset(seed=s + i)`` and the same seed gives the same trajectories.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector.utils import batch_space

from tote.envs.table import Table

Observations = npt.NDArray[np.float32]
Masks = npt.NDArray[np.bool_]
Infos = dict[str, Any]
MAX_TABLES = 4096
"""The most tables one vector environment holds (issue 30, vectorised play; inputs are
bounded): each table holds a full game, so a mistyped ``num_envs`` is refused rather
than filling memory."""


class ToteVectorEnv:
    """``tote.envs.vector_env(game_id, num_envs=N, players=P, seed=S, **options)``."""

    metadata: dict[str, Any] = {"autoreset_mode": "SameStep"}

    def __init__(
        self,
        game_id: str,
        num_envs: int,
        players: int | None = None,
        seed: int | None = None,
        **options: Any,
    ) -> None:
        if (
            isinstance(num_envs, bool)
            or not isinstance(num_envs, int)
            or not 1 <= num_envs <= MAX_TABLES
        ):
            raise ValueError(
                f"num_envs is a whole number of tables from 1 to {MAX_TABLES}, not {num_envs!r}"
            )
        self.num_envs = num_envs
        first = Table(game_id, players, options)
        players = first.players
        # The catalogue, encoder and options are read-only: every table shares them, and
        # reset() gives each copy its own state, stream and scores.
        self.tables = [first, *(copy.copy(first) for _ in range(num_envs - 1))]
        self.game_id = game_id
        self.players = players
        self.agent_seats = first.agent_seats
        """The seats the agents play, the columns of ``rewards``: every seat unless the
        ``opponents`` option has the tables play some themselves."""
        columns = len(self.agent_seats)
        self.single_observation_space: spaces.Box = first.encoder.space()
        self.single_action_space = spaces.Discrete(first.catalogue.size)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._base_seed = seed
        self._games = [0] * num_envs
        self._lengths = np.zeros(num_envs, dtype=np.int64)
        self._returns = np.zeros((num_envs, columns), dtype=np.float32)
        self._obs = np.zeros((num_envs, first.encoder.size), dtype=np.float32)
        self._masks = np.zeros((num_envs, first.catalogue.size), dtype=np.bool_)
        self._agents = np.zeros(num_envs, dtype=np.int64)
        self._has_reset = False

    # ----------------------------------------------------------------- helpers
    def _game_seed(self, i: int) -> int | None:
        base = self._base_seed
        return None if base is None else base + i + self._games[i] * self.num_envs

    def _start(self, i: int) -> None:
        self.tables[i].reset(self._game_seed(i))
        self._lengths[i] = 0
        self._returns[i] = 0.0
        self._observe(i)

    def _observe(self, i: int) -> None:
        table = self.tables[i]
        seat = table.awaited()[0]
        obs = table.observation(seat)
        self._agents[i] = seat
        self._obs[i] = table.encoder.encode(obs.position, seat)
        self._masks[i] = table.mask(seat).astype(np.bool_)

    def _infos(self) -> Infos:
        return {"action_mask": self._masks.copy(), "agent": self._agents.copy()}

    # ----------------------------------------------------------------- the API
    def reset(
        self, seed: int | None = None, options: Mapping[str, Any] | None = None
    ) -> tuple[Observations, Infos]:
        """Every table starts a new game; ``seed`` (else the constructor's, else fresh
        entropy) fixes them all: table ``i``'s first game has seed ``seed + i``."""
        if seed is not None:
            self._base_seed = seed
        elif self._base_seed is None:
            self._base_seed = random.SystemRandom().randrange(2**62)
        self._games = [0] * self.num_envs
        for i in range(self.num_envs):
            self._start(i)
        self._has_reset = True
        return self._obs.copy(), self._infos()

    def step(
        self, actions: Any
    ) -> tuple[Observations, npt.NDArray[np.float32], Masks, Masks, Infos]:
        """Each table's agent to act plays its action; every action is checked against
        its table's mask first (under ``illegal="raise"``, the default), so a refused
        action is a :class:`ValueError` naming the table and no table changes."""
        if not self._has_reset:
            raise RuntimeError("call reset() before step()")
        chosen = np.asarray(actions)
        if chosen.shape != (self.num_envs,) or not np.issubdtype(chosen.dtype, np.integer):
            raise ValueError(
                f"actions are {self.num_envs} integer action indices (one per table),"
                f" not an array of shape {chosen.shape} and type {chosen.dtype}"
            )
        size = self._masks.shape[1]
        for i, action in enumerate(chosen.tolist()):
            if self.tables[i].env_options.illegal == "raise" and not (
                0 <= action < size and self._masks[i, action]
            ):
                raise ValueError(
                    f"table {i}: action {action} is not legal for seat_{self._agents[i]} now"
                    f" (legal: {np.flatnonzero(self._masks[i]).tolist()})"
                )
        columns = len(self.agent_seats)
        rewards = np.zeros((self.num_envs, columns), dtype=np.float32)
        terminations = np.zeros(self.num_envs, dtype=np.bool_)
        truncations = np.zeros(self.num_envs, dtype=np.bool_)
        ended = np.zeros(self.num_envs, dtype=np.bool_)
        episode_return = np.zeros((self.num_envs, columns), dtype=np.float32)
        episode_length = np.zeros(self.num_envs, dtype=np.int64)
        for i, action in enumerate(chosen.tolist()):
            table = self.tables[i]
            table.play({int(self._agents[i]): action}, every_seat=False)
            rewards[i] = table.rewards()
            self._returns[i] += rewards[i]
            self._lengths[i] += 1
            if table.done:
                terminations[i] = table.over
                truncations[i] = table.truncated
                ended[i] = True
                episode_return[i] = self._returns[i]
                episode_length[i] = self._lengths[i]
                self._games[i] += 1
                self._start(i)
            else:
                self._observe(i)
        infos = self._infos()
        infos["episode_return"] = episode_return
        infos["_episode_return"] = ended
        infos["episode_length"] = episode_length
        return self._obs.copy(), rewards, terminations, truncations, infos

    def close(self) -> None:
        """Nothing to release: the tables hold no window, file or process."""
