"""Wetten! bots. They read only their seat's view and legal moves."""

from __future__ import annotations

import random

from tote.core.bot import Observation
from tote.core.moves import Move


class TipsterBot:
    name = "tipster"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, obs: Observation) -> Move:
        return obs.random_move(self.rng)
