"""Action catalogues (issue 13): every move a seat could ever make, numbered.

A learner picks an integer; the catalogue turns it into the game's move and back. The
list is fixed for a game, a player count and options, so that a network's output layer
has one size. Moves with an open amount (a stake, a guess, a ticket) are made finite by
a documented grid; an entry of the grid is resolved against the seat's view when it is
played (a guess "at the median of the other guesses" becomes a number). The mask says
which indices the rules accept now: exactly those whose :meth:`ActionCatalogue.move`
the state would take.

Each game's catalogue lives in ``tote.envs.games.<game>``;
:func:`tote.envs.games.action_catalogue` finds it (this module knows no game).
Nothing here reads a state's hidden fields: a catalogue sees the seat's
:class:`~tote.core.bot.Observation` (its view and legal moves) and asks the state only
whether it would accept a move, which any player may ask by trying it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from tote.core.bot import Observation
from tote.core.errors import IllegalMove, OptionsError
from tote.core.moves import Move

Mask = npt.NDArray[np.int8]


class ActionCatalogue(ABC):
    """Every move a seat could ever make in one game (for given players and options),
    numbered 0 .. size-1, fixed for those options. Open amounts are made finite by a
    documented grid (options refine it)."""

    game_id: str

    @property
    @abstractmethod
    def size(self) -> int:
        """How many actions there are: the length of the mask and of the action space."""

    @abstractmethod
    def label(self, index: int) -> str:
        """A stable short description of action ``index`` ("bet the 2-chip on Blue")."""

    @abstractmethod
    def move(self, obs: Observation, index: int) -> Move:
        """Action ``index`` as the concrete move in this position; :class:`ValueError`
        naming the index when it is out of range or not legal now."""

    @abstractmethod
    def index(self, obs: Observation, move: Move) -> int | None:
        """The action whose move is ``move`` in this position, or ``None`` when the move
        is not on the grid."""

    @abstractmethod
    def mask(self, obs: Observation) -> Mask:
        """int8 of shape ``(size,)``: 1 where the action is legal now."""

    def legal_move(self, obs: Observation, index: int) -> Move:
        """:meth:`move` for an ``index`` that this position's :meth:`mask` marks legal:
        the mask was worked out by the same rules, so nothing is checked again (issue
        24: the environment's step checked each action twice before the state checked
        it a third time)."""
        return self.move(obs, index)

    def labels(self) -> list[str]:
        return [self.label(i) for i in range(self.size)]


def accepts(obs: Observation, move: Move) -> str | None:
    """``None`` when the seat may make ``move`` now, else the refusal. Changes nothing:
    the state checks the move as it would if the seat tried it."""
    try:
        obs._state.check(obs.seat, move)
    except IllegalMove as refusal:
        return str(refusal)
    return None


Resolver = Callable[[Observation], Move | None]
"""Resolves a grid entry against the seat's view: the move it stands for now, or
``None`` when it stands for nothing in this position."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One action: a fixed move, or a grid point resolved against the position."""

    label: str
    fixed: Move | None = None
    resolve: Resolver | None = None

    def at(self, obs: Observation) -> Move | None:
        if self.fixed is not None:
            return self.fixed
        assert self.resolve is not None
        return self.resolve(obs)


class EntryCatalogue(ActionCatalogue):
    """A catalogue given as a list of entries: the shape every game's catalogue takes.

    Fixed moves are looked up in a dictionary; grid entries are resolved against the
    seat's view. Where the game lists the legal moves, the mask is membership in that
    list; where the set is open (``legal_moves`` is ``None``), each entry's move is
    checked by the state.
    """

    def __init__(self, game_id: str, entries: Sequence[Entry]) -> None:
        self.game_id = game_id
        self.entries = tuple(entries)
        self._fixed: dict[Move, int] = {}
        for i, entry in enumerate(self.entries):
            if entry.fixed is not None:
                if entry.fixed in self._fixed:
                    raise ValueError(f"{game_id}: two actions stand for {entry.fixed}")
                self._fixed[entry.fixed] = i
        self._open = tuple(i for i, e in enumerate(self.entries) if e.fixed is None)

    @property
    def size(self) -> int:
        return len(self.entries)

    def label(self, index: int) -> str:
        self._check_range(index)
        return self.entries[index].label

    def _check_range(self, index: object) -> int:
        if isinstance(index, bool) or not isinstance(index, int | np.integer):
            raise ValueError(f"an action is an integer index, not {index!r}")
        i = int(index)
        if not 0 <= i < self.size:
            raise ValueError(
                f"action {i} is out of range: {self.game_id} has actions 0 to {self.size - 1}"
            )
        return i

    def move(self, obs: Observation, index: int) -> Move:
        i = self._check_range(index)
        entry = self.entries[i]
        move = entry.at(obs)
        if move is None:
            raise ValueError(f"action {i} ({entry.label}) is not legal now: no such move here")
        first = self.index(obs, move)
        if first != i:
            assert first is not None
            raise ValueError(
                f"action {i} ({entry.label}) is not legal now: here it is the same move as"
                f" action {first} ({self.entries[first].label}), which stands for it"
            )
        refusal = accepts(obs, move)
        if refusal is not None:
            raise ValueError(f"action {i} ({entry.label}) is not legal now: {refusal}")
        return move

    def legal_move(self, obs: Observation, index: int) -> Move:
        move = self.entries[index].at(obs)
        return self.move(obs, index) if move is None else move

    def index(self, obs: Observation, move: Move) -> int | None:
        found = self._fixed.get(move)
        if found is not None:
            return found
        for i in self._open:
            if self.entries[i].at(obs) == move:
                return i
        return None

    def mask(self, obs: Observation) -> Mask:
        mask = np.zeros(self.size, dtype=np.int8)
        legal = obs.legal_moves
        if legal is not None:
            for move in legal:
                i = self._fixed.get(move)
                if i is not None:
                    mask[i] = 1
            if self._open:
                allowed = set(legal)
                taken: set[Move | None] = set(self._fixed)
                for i in self._open:
                    candidate = self.entries[i].at(obs)
                    if candidate is not None and candidate in allowed and candidate not in taken:
                        mask[i] = 1
                    taken.add(candidate)
            return mask
        seen: set[Move] = set()
        for i in (*self._fixed.values(), *self._open):  # the order index() looks them up
            point = self.entries[i].at(obs)
            if point is None or point in seen:
                continue  # two grid points giving one move: the first stands for it
            seen.add(point)
            if accepts(obs, point) is None:
                mask[i] = 1
        return mask


def split_grid(game_id: str, grid: dict[str, Any], known: dict[str, Any]) -> dict[str, Any]:
    """``known`` (the grid's defaults) updated by ``grid``; an unknown key is refused."""
    unknown = sorted(set(grid) - set(known))
    if unknown:
        names = ", ".join(sorted(known)) or "none"
        raise OptionsError(
            f"{game_id} has no action grid option {', '.join(map(repr, unknown))}"
            f" (grid options: {names})"
        )
    return {**known, **grid}
