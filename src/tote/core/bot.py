"""What a bot is given and what it returns. Bots see only their seat's view."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cached_property
from typing import Any, Protocol

from tote.core.moves import Move
from tote.core.state import State


class Observation:
    """A seat's observation: its view (computed on demand) and its legal moves.

    The state itself is kept private: a bot reads only ``view`` and
    ``legal_moves``, so it can know nothing its seat may not know.
    """

    def __init__(self, state: State, seat: int) -> None:
        self._state = state
        self.seat = seat

    @cached_property
    def view(self) -> dict[str, Any]:
        """The seat's view without the event log (see :attr:`log`)."""
        return self._state.view(self.seat, log=False, position=self.__dict__.get("position"))

    @cached_property
    def position(self) -> dict[str, Any]:
        """The part of :attr:`view` that says where the game stands for the seat
        (``"committed"``, ``"my_commitment"``, ``"over"``, ``"state"``; the view itself
        once it is built): what an environment's encoder and mask read (issue 24)."""
        return self.__dict__.get("view") or self._state.position_view(self.seat)

    @cached_property
    def log(self) -> list[dict[str, Any]]:
        """The event log as the seat may read it."""
        return self._state.log_view(self.seat)

    @cached_property
    def legal_moves(self) -> Sequence[Move] | None:
        return self._state.legal_moves(self.seat)

    def random_move(self, rng: random.Random) -> Move:
        return self._state.random_move(self.seat, rng)

    def parse(self, data: object) -> Move:
        return self._state.parse(data)

    def timeout_move(self) -> Move | None:
        """The move the rules play for this seat when its time runs out, or ``None``
        (:meth:`State.timeout_move`): a bot reads it here, never from the state
        (issue 30, the learned bot's fallback; hidden information)."""
        return self._state.timeout_move(self.seat)

    def sample_world(self, rng: random.Random) -> State:
        """A full state this seat cannot tell from the real one, its hidden parts drawn
        with ``rng`` (:meth:`State.sample_world`): what search bots search. The real
        state never leaves the observation."""
        return self._state.sample_world(self.seat, rng, log=False)


class Bot(Protocol):
    name: str

    def choose(self, obs: Observation) -> Move: ...


BotFactory = Callable[[random.Random], Bot]
"""Builds a bot from its own random stream."""


class RandomBot:
    """Plays a uniformly random legal move. Works for every game."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, obs: Observation) -> Move:
        return obs.random_move(self.rng)
