"""Observation encoders (issue 13): a seat's view as a flat float vector of fixed length.

An encoder writes only what ``State.view(seat)`` shows (the JSON every player, bot and
language model is given): what a learner sees is what its seat may know. Its writer
reads the view; a game's :data:`StateWriter` (issue 24) reads the state for speed and is
tested to give the view's vector bit for bit at every position of every variant. The
vector's length is fixed for a game, a player count and options, so a network's input
layer has one size. Seat-indexed parts are rotated so that the seat itself comes first
("me, the next seat clockwise, ..."), which lets one network play every seat.

Each game's encoder lives in ``tote.envs.games.<game>``;
:func:`tote.envs.games.observation_encoder` finds it (this module knows no game).
:class:`Features` is the writer they share: every part it writes has a width
fixed by the game's data and options, never by the position.
"""

from __future__ import annotations

import struct
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

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
        """float32 of shape ``(size,)``, every value within :meth:`space`'s bounds."""

    @abstractmethod
    def space(self) -> spaces.Box:
        """The Gymnasium space of :meth:`encode`'s vectors: each feature's own bounds
        (issue 30, fix 5)."""

    @property
    def has_state_writer(self) -> bool:
        """Whether :meth:`encode_state` reads the state without building a view."""
        return False

    def encode_state(self, state: Any, seat: int) -> Vector:
        """:meth:`encode` of the seat's position view (``state.position_view(seat)``)."""
        return self.encode(state.position_view(seat), seat)


class Features:
    """Writes one observation vector, part by part, each part of a fixed width and each
    value with its bounds (issue 30, fix 5): 0 to 1 unless a part says otherwise. A
    value outside its bounds is clipped to them by the encoder (an amount unbounded in
    principle, such as money, is clipped at a stated multiple of its scale).

    This writer keeps the values only; :class:`BoundedFeatures` (``bounds=True``) keeps
    the bounds too, once per encoder, to build its space. Every step of an environment
    writes one vector, so each part is a few list operations and nothing more (issue
    24); a block given as a numpy array is kept as it is, not copied value by value."""

    __slots__ = ("_blocks", "values")

    def __new__(cls, bounds: bool = False) -> Features:
        return object.__new__(BoundedFeatures if bounds else cls)

    def __init__(self, bounds: bool = False) -> None:
        self.values: list[float] = []
        """The values written since the last array block."""
        self._blocks: list[Vector] = []

    @property
    def lows(self) -> list[float] | None:
        return None

    @property
    def highs(self) -> list[float] | None:
        return None

    def scalar(
        self, x: float | int | None, scale: float = 1.0, *, low: float = 0.0, high: float = 1.0
    ) -> None:
        """``x / scale`` within ``[low, high]``; ``None`` (unknown, not yet set) is 0."""
        self.values.append(0.0 if x is None else float(x) / scale)

    def flag(self, b: object) -> None:
        self.values.append(1.0 if b else 0.0)

    def one_hot(self, value: object, choices: Sequence[object]) -> None:
        """``len(choices)`` slots, 1 at ``value``'s (all 0 when it is none of them)."""
        part = [0.0] * len(choices)
        if value in choices:
            part[choices.index(value)] = 1.0
        self.values += part

    def many(
        self,
        xs: Iterable[float | int | None],
        width: int,
        scale: float = 1.0,
        *,
        low: float = 0.0,
        high: float = 1.0,
    ) -> None:
        """Exactly ``width`` scalars within ``[low, high]``: ``xs`` cut or padded with 0."""
        part = [0.0 if x is None else float(x) / scale for x in xs][:width]
        self.values += part
        if len(part) < width:
            self.values += [0.0] * (width - len(part))

    def counts(self, items: Iterable[object], choices: Sequence[object], *, high: float) -> None:
        """How many of ``items`` are each of ``choices`` (``len(choices)`` slots, each
        within ``[0, high]``)."""
        part = [0.0] * len(choices)
        for item in items:
            if item in choices:
                part[choices.index(item)] += 1.0
        self.values += part

    def block(
        self, values: Sequence[float] | Vector, lows: Sequence[float], highs: Sequence[float]
    ) -> None:
        """Values written as they are, each with its own bounds (a board's planes); a
        float32 array is kept whole (the same float32 values as written one by one)."""
        if isinstance(values, np.ndarray):
            self._blocks.append(np.asarray(self.values, dtype=np.float32))
            self._blocks.append(values.astype(np.float32).ravel())
            self.values = []
        else:
            self.values += values

    @property
    def size(self) -> int:
        """How many values have been written."""
        return len(self.values) + sum(len(b) for b in self._blocks)

    def array(self) -> Vector:
        tail = np.asarray(self.values, dtype=np.float32)
        if not self._blocks:
            return tail
        return np.concatenate([*self._blocks, tail])


class BoundedFeatures(Features):
    """:class:`Features` that keeps each value's bounds too (an encoder's space)."""

    __slots__ = ("_highs", "_lows")

    def __init__(self, bounds: bool = True) -> None:
        super().__init__()
        self._lows: list[float] = []
        self._highs: list[float] = []

    @property
    def lows(self) -> list[float] | None:
        return self._lows

    @property
    def highs(self) -> list[float] | None:
        return self._highs

    def _bounds(self, width: int, low: float, high: float) -> None:
        self._lows.extend([low] * width)
        self._highs.extend([high] * width)

    def scalar(
        self, x: float | int | None, scale: float = 1.0, *, low: float = 0.0, high: float = 1.0
    ) -> None:
        super().scalar(x, scale)
        self._bounds(1, low, high)

    def flag(self, b: object) -> None:
        super().flag(b)
        self._bounds(1, 0.0, 1.0)

    def one_hot(self, value: object, choices: Sequence[object]) -> None:
        super().one_hot(value, choices)
        self._bounds(len(choices), 0.0, 1.0)

    def many(
        self,
        xs: Iterable[float | int | None],
        width: int,
        scale: float = 1.0,
        *,
        low: float = 0.0,
        high: float = 1.0,
    ) -> None:
        super().many(xs, width, scale)
        self._bounds(width, low, high)

    def counts(self, items: Iterable[object], choices: Sequence[object], *, high: float) -> None:
        super().counts(items, choices, high=high)
        self._bounds(len(choices), 0.0, high)

    def block(
        self, values: Sequence[float] | Vector, lows: Sequence[float], highs: Sequence[float]
    ) -> None:
        super().block(values, lows, highs)
        self._lows.extend(lows)
        self._highs.extend(highs)


def rotate(values: Sequence[T], seat: int) -> list[T]:
    """Seat-indexed ``values`` starting with ``seat``'s own, then clockwise."""
    n = len(values)
    return [values[(seat + k) % n] for k in range(n)]


Writer = Callable[[Features, dict[str, Any], int], None]
FastWriter = Callable[[dict[str, Any], int], "list[float] | tuple[Vector, list[float]]"]
"""A game's writer of the same values as its :data:`Writer`, as one list of floats
built by plain list operations (issue 24): an environment step writes one vector, and a
:class:`Features` call a value cost more than the rest of a Winner's Circle step. A
writer may give the whole vector as a float32 array, its first values written and within
their bounds (a board's planes), with the list of the rest, which go in its last
slots. The :data:`Writer` stays the specification (its bounds make the space) and tests
compare the two on seeded games of every variant (``tests/envs/test_fast_writers.py``)."""

StateWriter = Callable[[Any, int], "list[float] | tuple[Vector, list[float]]"]
"""A game's writer of its :data:`FastWriter`'s values read from the state itself instead
of the seat's position view (issue 24: an environment step then builds no view at all).
It reads only what the seat's view shows: tests compare it, bit for bit, with the
:data:`Writer` of the seat's view at every position of seeded games of every variant
(``tests/envs/test_state_writers.py``), so it can know nothing the view hides."""


def scaled(xs: Iterable[float | int | None], width: int, scale: float = 1.0) -> list[float]:
    """:meth:`Features.many`'s values as a list (for a :data:`FastWriter`)."""
    part = [0.0 if x is None else float(x) / scale for x in xs][:width]
    if len(part) < width:
        part += [0.0] * (width - len(part))
    return part


def one_hots(choices: Sequence[object]) -> dict[object, list[float]]:
    """Each of ``choices`` -> its one-hot part, as :meth:`Features.one_hot` writes it
    (the first of equal choices; a value that is none of them is ``[0.0] * n``)."""
    parts: dict[object, list[float]] = {}
    for i, choice in enumerate(choices):
        if choice not in parts:
            part = [0.0] * len(choices)
            part[i] = 1.0
            parts[choice] = part
    return parts


def _float32(values: list[float], packs: dict[int, Callable[..., bytes]]) -> Vector:
    """``np.array(values, dtype=np.float32)``, the same values, for a third of its
    instructions (issue 24: numpy works out the type of every item of a list, and that
    cost more than writing the list): the values packed as C floats by :mod:`struct`,
    which rounds each double to float32 as numpy does. A value beyond float32's range
    (which numpy makes infinite, and struct refuses) goes numpy's way."""
    pack = packs.get(len(values))
    if pack is None:
        pack = packs[len(values)] = struct.Struct(f"={len(values)}f").pack
    try:
        packed = pack(*values)
    except (OverflowError, struct.error, TypeError):
        return np.array(values, dtype=np.float32)
    return np.frombuffer(packed, dtype=np.float32).copy()


class WriterEncoder(ObservationEncoder):
    """An encoder given as a writer function; its size and bounds are measured on the
    game's first view and every later vector is checked against the size (a part whose
    width depended on the position would be a bug, refused loudly rather than fed to a
    learner) and clipped to the bounds."""

    def __init__(
        self,
        game_id: str,
        write: Writer,
        first_view: dict[str, Any],
        fast: FastWriter | None = None,
        state_writer: StateWriter | None = None,
    ) -> None:
        self.game_id = game_id
        self._write = write
        self._fast = fast
        self._state_writer = state_writer
        self._packs: dict[int, Callable[..., bytes]] = {}
        """A packer of n float32 values, by n (:func:`_float32`)."""
        features = Features(bounds=True)
        write(features, first_view, 0)
        assert features.lows is not None and features.highs is not None
        self._size = features.size
        self._low = np.asarray(features.lows, dtype=np.float32)
        self._high = np.asarray(features.highs, dtype=np.float32)
        if len(self._low) != self._size or not np.all(self._low < self._high):
            raise RuntimeError(f"{game_id} encoder: every value needs bounds, low below high")

    @property
    def size(self) -> int:
        return self._size

    @property
    def has_fast_writer(self) -> bool:
        """Whether :meth:`encode` goes through the game's :data:`FastWriter`."""
        return self._fast is not None

    @property
    def has_state_writer(self) -> bool:
        """Whether :meth:`encode_state` reads the state without a view."""
        return self._state_writer is not None

    def encode_state(self, state: Any, seat: int) -> Vector:
        """:meth:`encode` of the seat's position view (``state.position_view(seat)``),
        written from the state by the game's :data:`StateWriter` when it has one."""
        if self._state_writer is None:
            return self.encode(state.position_view(seat), seat)
        return self._finish(self._state_writer(state, seat))

    def encode(self, view: dict[str, Any], seat: int) -> Vector:
        if self._fast is None:
            return self.encode_general(view, seat)
        return self._finish(self._fast(view, seat))

    def _finish(self, written: list[float] | tuple[Vector, list[float]]) -> Vector:
        """A fast writer's values as the checked, clipped float32 vector."""
        if isinstance(written, list):
            return self._checked(_float32(written, self._packs))
        vector, rest = written
        if len(vector) != self._size:
            raise RuntimeError(
                f"{self.game_id} encoder wrote {len(vector)} values, not {self._size}"
            )
        start = self._size - len(rest)
        tail = _float32(rest, self._packs)
        np.maximum(tail, self._low[start:], out=tail)
        np.minimum(tail, self._high[start:], out=tail)
        vector[start:] = tail
        return vector

    def encode_general(self, view: dict[str, Any], seat: int) -> Vector:
        """:meth:`encode` by the :data:`Writer` itself (the game's fast writer, if it
        has one, must give the same vector: tests compare them)."""
        features = Features()
        self._write(features, view, seat)
        return self._checked(features.array())

    def _checked(self, vector: Vector) -> Vector:
        if len(vector) != self._size:
            raise RuntimeError(
                f"{self.game_id} encoder wrote {len(vector)} values, not {self._size}"
            )
        # np.clip's own checks cost more than the clipping (issue 24); the same values
        np.maximum(vector, self._low, out=vector)
        return np.minimum(vector, self._high, out=vector)

    def space(self) -> spaces.Box:
        return spaces.Box(self._low, self._high, shape=(self._size,), dtype=np.float32)
