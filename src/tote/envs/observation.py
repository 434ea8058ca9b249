"""Observation encoders (issue 13): a seat's view as a flat float vector of fixed length.

An encoder reads only ``State.view(seat)`` (the JSON every player, bot and language
model is given), never the state: what a learner sees is what its seat may know. The
vector's length is fixed for a game, a player count and options, so a network's input
layer has one size. Seat-indexed parts are rotated so that the seat itself comes first
("me, the next seat clockwise, ..."), which lets one network play every seat.

Each game's encoder lives in ``tote.envs.games.<game>``; :func:`observation_encoder`
finds it. :class:`Features` is the writer they share: every part it writes has a width
fixed by the game's data and options, never by the position.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from tote.core.game import GameOptions

Vector = npt.NDArray[np.float32]
T = TypeVar("T")


class ObservationEncoder(ABC):
    """A seat's view (State.view(seat) JSON) as a flat float32 vector of fixed length."""

    game_id: str

    @property
    @abstractmethod
    def size(self) -> int: ...

    @abstractmethod
    def encode(self, view: dict[str, Any], seat: int) -> Vector:
        """float32 of shape ``(size,)``."""

    def space(self) -> spaces.Box:
        """The Gymnasium space of :meth:`encode`'s vectors (values lie in [-inf, inf];
        most are scaled to [-1, 1] or are 0/1 flags)."""
        return spaces.Box(-np.inf, np.inf, shape=(self.size,), dtype=np.float32)


class Features:
    """Writes one observation vector, part by part, each part of a fixed width."""

    __slots__ = ("values",)

    def __init__(self) -> None:
        self.values: list[float] = []

    def scalar(self, x: float | int | None, scale: float = 1.0) -> None:
        """``x / scale``; ``None`` (unknown, not yet set) is 0."""
        self.values.append(0.0 if x is None else float(x) / scale)

    def flag(self, b: object) -> None:
        self.values.append(1.0 if b else 0.0)

    def one_hot(self, value: object, choices: Sequence[object]) -> None:
        """``len(choices)`` slots, 1 at ``value``'s (all 0 when it is none of them)."""
        part = [0.0] * len(choices)
        if value in choices:
            part[choices.index(value)] = 1.0
        self.values.extend(part)

    def many(self, xs: Iterable[float | int | None], width: int, scale: float = 1.0) -> None:
        """Exactly ``width`` scalars: ``xs`` cut or padded with 0."""
        part = [0.0 if x is None else float(x) / scale for x in xs][:width]
        self.values.extend(part + [0.0] * (width - len(part)))

    def counts(self, items: Iterable[object], choices: Sequence[object]) -> None:
        """How many of ``items`` are each of ``choices`` (``len(choices)`` slots)."""
        part = [0.0] * len(choices)
        for item in items:
            if item in choices:
                part[choices.index(item)] += 1.0
        self.values.extend(part)

    def array(self) -> Vector:
        return np.asarray(self.values, dtype=np.float32)


def rotate(values: Sequence[T], seat: int) -> list[T]:
    """Seat-indexed ``values`` starting with ``seat``'s own, then clockwise."""
    n = len(values)
    return [values[(seat + k) % n] for k in range(n)]


Writer = Callable[[Features, dict[str, Any], int], None]


class WriterEncoder(ObservationEncoder):
    """An encoder given as a writer function; its size is measured on the game's first
    view and every later vector is checked against it (a part whose width depended on
    the position would be a bug, refused loudly rather than fed to a learner)."""

    def __init__(self, game_id: str, write: Writer, first_view: dict[str, Any]) -> None:
        self.game_id = game_id
        self._write = write
        features = Features()
        write(features, first_view, 0)
        self._size = len(features.values)

    @property
    def size(self) -> int:
        return self._size

    def encode(self, view: dict[str, Any], seat: int) -> Vector:
        features = Features()
        self._write(features, view, seat)
        if len(features.values) != self._size:
            raise RuntimeError(
                f"{self.game_id} encoder wrote {len(features.values)} values, not {self._size}"
            )
        return features.array()


def observation_encoder(game_id: str, players: int, options: GameOptions) -> ObservationEncoder:
    """The observation encoder of ``game_id`` for ``players`` seats and ``options``."""
    from tote.envs.games import module_for

    return module_for(game_id).encoder(players, options)
