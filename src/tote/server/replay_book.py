"""A record laid out for stepping through: :class:`ReplayBook`, and the bounded shelf
that keeps the books in memory (:class:`Shelf`).

A replay shows the position after each seat's move (issue 16, "stepped through move
by move"): step 0 is the deal (the chance moves before the first seat acts), step
``k`` the position after the ``k``-th seat move and the chance draws it led to, as
the table showed it. Replaying a record to step ``k`` from its start costs ``k``
moves, so a book keeps a copy of the state every few moves (its checkpoints) and a
cursor where the last request left off: a step forward costs the moves in between,
a step back at most :data:`CHECKPOINT_EVERY` moves and one copy.

A book is built from a record only after :meth:`Match.replay
<tote.core.match.Match.replay>` accepted it whole (every move checked by the rules),
and its states come from replaying exactly those moves, so step ``k`` gives the
view replaying the record would give (tests/server/test_replays.py checks it).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any, Generic, TypeVar

from tote.core.match import Match
from tote.core.moves import CHANCE, Actor, Move
from tote.core.record import Record
from tote.core.state import State

CHECKPOINT_EVERY = 50
"""Moves (chance included) between two kept states, for short records."""
MOST_CHECKPOINTS = 40
"""Kept states per book at most; longer records space them further apart."""


class ReplayBook:
    """A record replayed once, ready to show any step from any seat.

    ``seeded=False`` replays without the record's seed, as a table does (its chance
    moves are all written out, drawn from streams derived from the seed).
    """

    def __init__(self, record: Record, *, seeded: bool = True) -> None:
        match = Match.replay(record if seeded else record.model_copy(update={"seed": None}))
        self.record = record
        self.game = match.game
        self.moves: list[tuple[Actor, Move]] = list(match.moves)
        self.seat_moves = [i for i, (actor, _) in enumerate(self.moves) if actor != CHANCE]
        """Where each seat move stands in :attr:`moves`."""
        self.steps = len(self.seat_moves)
        self.players = len(match.players)
        self.over = match.state.is_over
        self.every = max(CHECKPOINT_EVERY, -(-len(self.moves) // MOST_CHECKPOINTS))
        self._lock = threading.Lock()
        self._checkpoints: dict[int, State] = {}
        self._log_sizes: list[int] = []
        """Entries in the log at each step."""
        self._cursor: tuple[int, State] | None = None
        self._build(match.game.new_state(match.options, self.players))

    def _build(self, state: State) -> None:
        """Replay the moves once more, keeping a checkpoint every :attr:`every` moves
        and the log's size at each step."""
        positions = {self.position(step): step for step in range(self.steps + 1)}
        sizes = [0] * (self.steps + 1)
        for index in range(len(self.moves) + 1):
            if index % self.every == 0:
                self._checkpoints[index] = state.clone()
            if index in positions:
                sizes[positions[index]] = len(state.log)
            if index < len(self.moves):
                state.apply_unchecked(*self.moves[index])
        self._log_sizes = sizes
        self._cursor = (len(self.moves), state)

    def position(self, step: int) -> int:
        """How many of :attr:`moves` are played at ``step`` (0 to :attr:`steps`)."""
        return self.seat_moves[step] if step < self.steps else len(self.moves)

    def move_at(self, step: int) -> dict[str, Any] | None:
        """The seat move that step ``step`` shows played (None at step 0)."""
        if step == 0:
            return None
        index = self.seat_moves[step - 1]
        actor, move = self.moves[index]
        return {
            "by": actor,
            "move": move.to_json(),
            "index": index,
            "words": self.game.describe_move(move),
        }

    def log_from(self, step: int) -> int:
        """The first log entry step ``step`` added (its move and the draws after it)."""
        return self._log_sizes[step - 1] if step > 0 else 0

    def view(self, step: int, seat: int | None) -> dict[str, Any]:
        """``State.view(seat)`` at ``step`` (the caller checked both are in range)."""
        with self._lock:
            return self._state_at(self.position(step)).view(seat)

    def _state_at(self, index: int) -> State:
        """The state after ``index`` moves, from the cursor when it is at or before
        ``index`` and no further away than the nearest checkpoint, else from a copy of
        that checkpoint. The state returned is the new cursor: read it, do not keep it."""
        start = index - index % self.every
        cursor = self._cursor
        if cursor is not None and start <= cursor[0] <= index:
            at, state = cursor
        else:
            at, state = start, self._checkpoints[start].clone()
        for actor, move in self.moves[at:index]:
            state.apply_unchecked(actor, move)
        self._cursor = (index, state)
        return state


Key = TypeVar("Key")
Item = TypeVar("Item")


class Shelf(Generic[Key, Item]):
    """At most ``size`` items, the least recently used leaving first (memory stays
    bounded however many records are asked for)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[Key, Item] = OrderedDict()

    def get(self, key: Key) -> Item | None:
        item = self._items.get(key)
        if item is not None:
            self._items.move_to_end(key)
        return item

    def put(self, key: Key, item: Item) -> None:
        self._items[key] = item
        self._items.move_to_end(key)
        while len(self._items) > self.size:
            self._items.popitem(last=False)

    def __len__(self) -> int:
        return len(self._items)
