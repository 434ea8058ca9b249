"""The state machine every game implements.

A :class:`State` is owned by whoever created it and changes only through
:meth:`State.apply`, which first checks the move (raising :class:`IllegalMove`
and changing nothing) and only then carries it out. Bots and search clone it.

Simultaneous secret moves are handled here, once for every game: when a
game's turn is ``simultaneous``, each seat's move is checked and kept as a
commitment, visible to others only as "committed"; when every seat of the turn
has committed, the game resolves them all together.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, ClassVar, NamedTuple

from tote.core.errors import IllegalMove, MalformedMove
from tote.core.events import Event
from tote.core.moves import CHANCE, Actor, Move, MoveCodec
from tote.core.result import Result


class Turn(NamedTuple):
    """Who acts now: some seats, or chance; nobody once the game is over.

    Several seats at once either act independently (``simultaneous=False``:
    each move is carried out as it comes) or commit secret moves that are
    resolved together (``simultaneous=True``).
    """

    seats: tuple[int, ...] = ()
    chance: bool = False
    simultaneous: bool = False

    @property
    def over(self) -> bool:
        return not self.seats and not self.chance

    def to_json(self) -> dict[str, Any]:
        return {"seats": list(self.seats), "chance": self.chance, "simultaneous": self.simultaneous}


class ViewParts(NamedTuple):
    """A seat's view before it is written as JSON (:meth:`State.view_parts`): each
    part is taken at one position and none changes with the state afterwards."""

    game: str
    seat: int | None
    players: int
    turn: Turn
    position: dict[str, Any]
    """The seat's :meth:`State.position_view`."""
    legal: tuple[Move, ...] | None
    """The seat's legal moves, ``None`` when it is not asked or the set is open."""
    result: Result | None

    def view(self, log: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """The view as :meth:`State.view` gives it, with ``log`` as its event log."""
        position, legal, result = self.position, self.legal, self.result
        return {
            "game": self.game,
            "seat": self.seat,
            "players": self.players,
            "turn": self.turn.to_json(),
            "committed": position["committed"],
            "my_commitment": position["my_commitment"],
            "legal_moves": None if legal is None else [m.to_json() for m in legal],
            "over": position["over"],
            "result": None if result is None else result.to_json(),
            "state": position["state"],
            "log": log,
        }


TURN_OVER = Turn()
TURN_CHANCE = Turn(chance=True)


@lru_cache(maxsize=4096)
def _waiting_turn(seats: tuple[int, ...]) -> Turn:
    """The simultaneous turn still awaiting ``seats``, shared: built once per set of seats."""
    return Turn(seats, False, True)


class State(ABC):
    """One game in progress. Subclasses implement the underscored hooks."""

    game_id: ClassVar[str]
    codec: ClassVar[MoveCodec]
    has_simultaneous_turns: ClassVar[bool] = True
    """Games with no simultaneous turn may say so, sparing simulators a check per move."""

    def __init__(self, num_players: int) -> None:
        self.num_players = num_players
        self.log: list[Event] = []
        self._pending: dict[int, Move] = {}
        self._waiting = TURN_OVER
        """The seats still to commit, while ``_pending`` holds commitments."""

    # ----------------------------------------------------------------- hooks
    @abstractmethod
    def _turn(self) -> Turn:
        """Who acts, ignoring commitments already made in a simultaneous turn."""

    @abstractmethod
    def legal_moves(self, seat: int) -> Sequence[Move] | None:
        """Every legal move of ``seat`` now, or ``None`` when the set is open (an amount)."""

    @abstractmethod
    def _check(self, seat: int, move: Move) -> None:
        """Raise :class:`IllegalMove` naming the rule if ``seat`` may not make ``move``."""

    @abstractmethod
    def _do(self, seat: int, move: Move) -> None:
        """Carry out a checked move of a non-simultaneous turn."""

    def _do_simultaneous(self, moves: Mapping[int, Move]) -> None:
        """Resolve a simultaneous turn once every seat has committed."""
        raise NotImplementedError(f"{type(self).__name__} has no simultaneous turns")

    def chance_outcomes(self) -> Sequence[tuple[Move, float]]:
        """The outcomes of the pending chance event with their probabilities."""
        return ()

    def _do_chance(self, outcome: Move) -> None:
        raise NotImplementedError(f"{type(self).__name__} has no chance events")

    @abstractmethod
    def _view(self, seat: int | None) -> dict[str, Any]:
        """The game-specific part of what ``seat`` (``None``: a spectator) may know."""

    @abstractmethod
    def result(self) -> Result | None:
        """Final scores once the game is over, else ``None``."""

    # ------------------------------------------------------------------ core
    def turn(self) -> Turn:
        # Commitments exist only inside a simultaneous turn, and only further
        # commitments change that turn, so _commit keeps the seats still awaited.
        if self._pending:
            return self._waiting
        return self._turn()

    @property
    def is_over(self) -> bool:
        return self.turn().over

    @property
    def committed(self) -> tuple[int, ...]:
        """Seats that have committed a secret move in the current simultaneous turn."""
        return tuple(sorted(self._pending))

    def parse(self, move: object) -> Move:
        return self.codec.parse(move)

    def check(self, actor: Actor, move: Move) -> None:
        """Raise :class:`IllegalMove` if ``actor`` may not make ``move`` now. Changes nothing."""
        self._check_actor(actor, move, self.turn())

    def _check_actor(self, actor: Actor, move: Move, turn: Turn) -> None:
        if actor == CHANCE:
            if not turn.chance:
                raise IllegalMove("turn order", "no chance event is pending now")
            if not self._is_chance_outcome(move):
                raise IllegalMove(
                    "chance",
                    f"{move.to_json()} is not a possible outcome now: {self._why_impossible(move)}",
                )
            return
        if not isinstance(actor, int) or isinstance(actor, bool):
            raise MalformedMove(f"a move is made by a seat number or 'chance', not {actor!r}")
        if not 0 <= actor < self.num_players:
            raise IllegalMove(
                "seats", f"there is no seat {actor} in a {self.num_players}-seat game"
            )
        if actor not in turn.seats:
            if turn.over:
                raise IllegalMove("game over", "the game is over; no more moves")
            if actor in self._pending:
                raise IllegalMove(
                    "simultaneous moves", f"seat {actor} has already committed its secret move"
                )
            waiting = "chance" if turn.chance else ", ".join(f"seat {s}" for s in turn.seats)
            raise IllegalMove(
                "turn order", f"it is not seat {actor}'s turn (waiting for {waiting})"
            )
        self._check(actor, move)

    def _why_impossible(self, outcome: Move) -> str:
        """Why ``outcome`` cannot be the pending chance event's outcome, for the refusal
        of a scripted chance move (a record, a test). Games name the reason: a card
        already drawn, a seat that is not among those the event chooses from."""
        return "it is not among the outcomes of the pending chance event"

    def _is_chance_outcome(self, outcome: Move) -> bool:
        """Whether ``outcome`` is possible now; games may answer faster than this scan."""
        return any(candidate == outcome for candidate, _ in self.chance_outcomes())

    def apply(self, actor: Actor, move: Move | Mapping[str, Any]) -> None:
        """Check ``move`` and carry it out; on :class:`IllegalMove` nothing has changed."""
        parsed = move if isinstance(move, Move) else self.codec.parse(move)
        turn = self.turn()
        self._check_actor(actor, parsed, turn)
        self._carry_out(actor, parsed, turn)

    def apply_unchecked(self, actor: Actor, move: Move, turn: Turn | None = None) -> None:
        """Carry out a move taken from this very state's :meth:`legal_moves`,
        :meth:`random_move` or :meth:`sample_chance`, without checking it again.

        For simulators, where checking moves the rules just generated would only
        cost time. Anything from outside (a player, a record, a bot that builds its
        own moves) must go through :meth:`apply`. A simulator that has just read
        :meth:`turn` passes it as ``turn``, so it is not worked out a second time.
        """
        if not isinstance(actor, int):
            self._do_chance(move)
            return
        if self.has_simultaneous_turns:
            if turn is None:
                turn = self.turn()
            if turn.simultaneous:
                self._commit(actor, move, turn)
                return
        self._do(actor, move)

    def _carry_out(self, actor: Actor, move: Move, turn: Turn) -> None:
        if not isinstance(actor, int):
            self._do_chance(move)
        elif turn.simultaneous:
            self._commit(actor, move, turn)
        else:
            self._do(actor, move)

    def _commit(self, seat: int, move: Move, turn: Turn) -> None:
        """Keep ``seat``'s secret move; once it is the last one awaited, resolve them all."""
        self._pending[seat] = move
        self.log.append(Event("committed", {"seat": seat}, {seat: {"move": move.to_json()}}))
        if len(turn.seats) == 1:
            moves = self._pending
            self._pending = {}
            self._do_simultaneous(moves)
        else:
            seats = turn.seats
            if seat == seats[0]:  # seats commit in order when a simulator plays them all
                self._waiting = _waiting_turn(seats[1:])
            else:
                at = seats.index(seat)
                self._waiting = _waiting_turn(seats[:at] + seats[at + 1 :])

    def play_random(
        self, rng: random.Random, streams: Sequence[random.Random]
    ) -> tuple[int, int] | None:
        """Play on to the end of the game with every seat a random player, quietly, as
        ``tote simulate`` plays random bots: chance from ``rng`` as :meth:`sample_chance`
        draws it, seat ``s``'s moves from ``streams[s]`` as :meth:`random_move` draws
        them; the seats' moves and the chance moves made. ``None`` (nothing played) for
        a game without such a loop: the simulator then plays the rules loop. A game's
        loop must end in the state the rules loop ends in from the same streams, log
        events aside (issue 24, 2: the quiet mode writes none nobody reads)."""
        return None

    def sample_chance(self, rng: random.Random) -> Move:
        """Draw the pending chance event's outcome with ``rng`` (the seed's stream)."""
        outcomes = self.chance_outcomes()
        x = rng.random()
        for outcome, probability in outcomes:
            x -= probability
            if x < 0:
                return outcome
        return outcomes[-1][0]

    def timeout_move(self, seat: int) -> Move | None:
        """The move a server plays for ``seat`` when its time runs out, or ``None`` if
        this game has no time limit at this point. Games with timers override it."""
        return None

    def random_move(self, seat: int, rng: random.Random) -> Move:
        """A uniformly random legal move; games with open move sets override this."""
        moves = self.legal_moves(seat)
        if not moves:
            raise IllegalMove("turn order", f"seat {seat} has no legal move now")
        return moves[int(rng.random() * len(moves))]

    def view(
        self, seat: int | None, *, log: bool = True, position: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """Everything ``seat`` may know, as plain JSON; ``None`` gives the public view.

        ``log=False`` leaves out the event log (``"log": None``), for callers that
        only need the position; :meth:`log_view` gives the log on its own.
        ``position``: this position's :meth:`position_view` for the seat, if already
        built (its parts are used as they are).
        """
        return self.view_parts(seat, position).view(self.log_view(seat) if log else None)

    def view_parts(
        self,
        seat: int | None,
        position: dict[str, Any] | None = None,
        legal: Sequence[Move] | None = None,
    ) -> ViewParts:
        """What :meth:`view` is written from, taken now: the view is the same whenever
        it is written, whatever this state does meanwhile (issue 24: an environment
        keeps these for an info nobody has read yet instead of writing its view).
        ``position`` as in :meth:`view`; ``legal``: the seat's :meth:`legal_moves` now,
        if already worked out. The legal moves are kept as a tuple of their own."""
        if position is None:
            position = self.position_view(seat)
        turn = self.turn()
        result = self.result()
        if seat is None or seat not in turn.seats:
            moves = None
        else:
            found = self.legal_moves(seat) if legal is None else legal
            moves = None if found is None else tuple(found)
        return ViewParts(self.game_id, seat, self.num_players, turn, position, moves, result)

    def position_view(self, seat: int | None) -> dict[str, Any]:
        """The part of :meth:`view` that says where the game stands for ``seat``:
        ``"committed"``, ``"my_commitment"``, ``"over"`` and ``"state"``, the same values
        (issue 24: an environment's observation encoder and action mask read only
        these, and the rest of a view, its legal moves as JSON above all, cost as much
        again)."""
        if seat is not None and not 0 <= seat < self.num_players:
            raise IllegalMove("seats", f"there is no seat {seat}")
        return {
            "committed": list(self.committed),
            "my_commitment": (
                self._pending[seat].to_json()
                if seat is not None and seat in self._pending
                else None
            ),
            "over": self.turn().over,
            "state": self._view(seat),
        }

    def log_view(self, seat: int | None, start: int = 0) -> list[dict[str, Any]]:
        """The event log from entry ``start`` on, as ``seat`` may read it."""
        return [event.for_seat(seat) for event in self.log[start:]]

    def clone(self) -> State:
        return copy.deepcopy(self)

    # ------------------------------------------------- information-set sampling
    def sample_world(self, seat: int | None, rng: random.Random, *, log: bool = True) -> State:
        """A full state that ``seat`` (``None``: a spectator) cannot tell from this one.

        Everything the seat may see is identical (its :meth:`view`, byte for byte);
        everything hidden from it (other hands, face-down chips and tickets, the order
        of decks, an answer still face down, other seats' secret commitments) is drawn
        with ``rng`` among the possibilities its view leaves open. The game's hook
        :meth:`_sample_world` redraws the hidden parts of the game's data from the
        seat's knowledge and the game's public data alone; here the core rebuilds the
        event log as the seat reads it and redraws the secret moves other seats have
        committed in a simultaneous turn. This is OpenSpiel's
        ``resample_from_infostate``: searches, bots and the tote board are built on
        it so that they never read what their seat may not know.

        ``log=False`` leaves the sample's log empty, for rollouts that never read it.
        """
        if seat is not None and not 0 <= seat < self.num_players:
            raise IllegalMove("seats", f"there is no seat {seat}")
        world = self._sample_world(seat, rng)
        world.log = [_as_seen_by(event, seat) for event in self.log] if log else []
        world._pending = {}
        world._waiting = self._waiting
        if self._pending:
            for other, move in self._pending.items():
                world._pending[other] = (
                    move if other == seat else world._redraw_commitment(other, rng)
                )
        return world

    def _sample_world(self, seat: int | None, rng: random.Random) -> State:
        """A copy of this state with every part hidden from ``seat`` redrawn (see
        :meth:`sample_world`); the copy's log and commitments are the core's business.

        A game builds the hidden parts from what ``seat`` sees and the game's public
        data (the whole deck, minus the cards the seat has seen), never from the hidden
        values of this state: two states that differ only in what ``seat`` cannot see
        must give the same samples for the same ``rng``."""
        raise NotImplementedError(f"{type(self).__name__} cannot sample hidden information")

    def _redraw_commitment(self, seat: int, rng: random.Random) -> Move:
        """A secret move for ``seat``, which has committed one this turn that the
        sampling seat cannot see: a uniformly random legal move of ``seat`` in this
        (sampled) world. Games with a better model of what seats commit override it."""
        return self.random_move(seat, rng)


def _as_seen_by(event: Event, seat: int | None) -> Event:
    """``event`` holding only what ``seat`` may read of it."""
    if not event.private:
        return event
    if seat is not None and seat in event.private:
        return Event(event.kind, event.public, {seat: event.private[seat]})
    return Event(event.kind, event.public)
