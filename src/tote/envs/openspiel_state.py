"""One tote game in progress as an OpenSpiel state (issue 13).

A :class:`ToteState` holds a tote :class:`~tote.core.state.State` and turns its turns
into OpenSpiel's nodes:

- chance (shuffles, draws, dice): a chance node whose outcomes carry tote's
  probabilities, numbered by the game's chance catalogue
  (:mod:`tote.envs.openspiel_chance`; Wetten!'s shuffles one card per node);
- one seat: a decision node of that seat;
- several seats committing secret moves together (``Turn.simultaneous``): a
  simultaneous node; seats not in the turn have no legal action there (OpenSpiel's
  convention: their entry of the joint action is ignored, by custom 0). A game loaded
  with ``turn_based=True`` asks those seats one after the other in seat order instead,
  each committing its move secretly (no other seat's information state shows it until
  all are revealed together, as tote's AEC environment does), so the game is
  sequential and OpenSpiel's sequential algorithms (its Python ISMCTS) play every game
  (issue 30, fix 7);
- several seats acting independently and openly (Wits & Wagers' open betting,
  WW 3.4): one seat at a time, in turn round the table from the lowest seat, each move
  carried out as it comes, as tote does; every seat sees the bets placed before its
  turn. The rules let a seat move its bets until it locks them, with a timer to end
  it (WW 7); OpenSpiel has no clock but needs a finite game, so a seat that has
  placed its bets :data:`OPEN_TURN_MOVES` times in one step may only lock them (the
  move the timer would make, WW 7.2).

Actions are indices of the game's action catalogue; legal actions are exactly the
indices its mask allows. A refused action (masked out, out of range, the wrong kind of
node, a finished game) raises ``pyspiel.SpielError`` naming the action and the rule, and
leaves the state as it was: OpenSpiel records an action in the history only once it
has been carried out, and a joint action is carried out on a copy first.

Serialization (issue 30, fix 6): OpenSpiel serializes a Python state as its history
(every action, chance outcomes included, with the seat that took it) and its pickled
attributes. The tote state is pickled as a mark saying "replay the history", so a
serialized state is its moves (a few bytes each) and deserializing replays them on a
fresh game, lazily, when the state is first read. A world drawn by
:meth:`ToteState.resample_from_infostate` has no history to replay, so it is pickled
in full.

This module knows the game only through :class:`LoadedGame` (what a state needs of
it); :mod:`tote.envs.openspiel` builds the game on top of this module, never the
other way round (issue 30, fix 8).
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Hashable, Sequence
from typing import Any, Protocol

import pyspiel
from pydantic import BaseModel

from tote.core.bot import Observation
from tote.core.errors import IllegalMove
from tote.core.moves import CHANCE, Move
from tote.core.result import Result
from tote.core.state import State
from tote.envs.catalogue import ActionCatalogue, EntryCatalogue
from tote.envs.openspiel_chance import ChanceCatalogue, outcome_label, pending_shuffle
from tote.games.wits_and_wagers.moves import LockBets

OPEN_TURN_MOVES = 3
"""How many times a seat may place its bets in one open betting step before only
locking them is left (the OpenSpiel stand-in for the rulebook's timer, WW 7)."""


def _final_move() -> Move:
    """The move that ends a seat's part of an open turn: Wits & Wagers' lock (WW 3.4),
    the only game with such turns."""
    return LockBets()


class LoadedGame(Protocol):
    """What a :class:`ToteState` needs of its game (:class:`tote.envs.openspiel.ToteGame`
    provides it): the action and chance catalogues and the tote game at the start."""

    catalogue: ActionCatalogue
    chance: ChanceCatalogue
    turn_based: bool
    """Secret simultaneous moves are asked one seat at a time (see the module's doc)."""

    def initial_tote_state(self) -> State: ...

    def initial_reading(self) -> State: ...


class _Held:
    """The tote state inside an OpenSpiel state.

    OpenSpiel clones a Python state by deep-copying its attributes; this makes that
    copy :func:`clone_tote`. OpenSpiel serializes a Python state as its history and its
    pickled attributes; a state reached by the history (``replayable``) pickles as a
    mark with no state (``state is None``), which :class:`ToteState` replays from the
    history when it is first read (issue 30, fix 6)."""

    __slots__ = ("replayable", "state")

    def __init__(self, state: State | None, replayable: bool = True) -> None:
        self.state = state
        self.replayable = replayable

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        if self.state is None:
            return _Held(None, self.replayable)
        return _Held(clone_tote(self.state), self.replayable)

    def __reduce__(self) -> tuple[type[_Held], tuple[State | None, bool]]:
        if self.replayable:
            return (_Held, (None, True))
        return (_Held, (self.state, False))


def clone_tote(state: State) -> State:
    """``state.clone()``; for a game that keeps the core's deep copy, the same copy
    with what never changes shared rather than copied: the entries of the event log
    (never changed once written, as Carcassonne's own clone relies on), the options,
    and the frozen records held in the state's dictionaries (Wits & Wagers' bank of
    questions), which a deep copy would copy at every OpenSpiel node."""
    if type(state).clone is not State.clone:
        return state.clone()
    memo: dict[int, Any] = {id(event): event for event in state.log}
    for value in vars(state).values():
        items = value.values() if isinstance(value, dict) else (value,)
        for item in items:
            if _frozen(item):
                memo[id(item)] = item
    return copy.deepcopy(state, memo)


def _frozen(item: object) -> bool:
    if isinstance(item, BaseModel):
        return bool(item.model_config.get("frozen"))
    params = getattr(type(item), "__dataclass_params__", None)
    return bool(params is not None and params.frozen)


def _refuse(message: str) -> pyspiel.SpielError:
    return pyspiel.SpielError(message)


def win_returns(result: Result, players: int) -> list[float]:
    """OpenSpiel's returns: each seat's share of the win, made zero-sum.

    A sole winner gets +1 and every other seat ``-1 / (players - 1)``; winners who
    tie share the win (two of three: +0.25 each, the third -0.5); a game that ends
    with no winner (Horse Fever can) gives everyone 0. In symbols, with ``share`` =
    ``1 / len(winners)`` for a winner and 0 otherwise: ``(players * share - 1) /
    (players - 1)``, which sums to zero, lies in [-1 / (players - 1), 1]."""
    if not result.winners:
        return [0.0] * players
    share = 1.0 / len(result.winners)
    return [
        (players * (share if seat in result.winners else 0.0) - 1.0) / (players - 1)
        for seat in range(players)
    ]


class ToteState(pyspiel.State):  # type: ignore[misc]
    """A tote game in progress, as OpenSpiel's ``pyspiel.State``."""

    def __init__(self, game: LoadedGame) -> None:
        super().__init__(game)
        self._held: _Held | None = None
        """Made on first use: OpenSpiel makes a new initial state for every clone and
        then overwrites its attributes, so building the tote game there is wasted."""
        self._drawn: list[Hashable] = []
        """The cards of a pending Wetten! shuffle drawn so far, top card first."""
        self._open_moves: dict[int, int] = {}
        """Moves each seat has made in the current open turn (several seats, not secret)."""
        self._last_open: int | None = None
        """The seat that moved last in the current open turn."""

    # ------------------------------------------------------------ the tote side
    @property
    def tote(self) -> State:
        """The tote state (never hand it to a bot: it holds every hidden card)."""
        if self._held is None:
            self._held = _Held(self._game().initial_tote_state())
        if self._held.state is None:
            return self._replay()
        return self._held.state

    def reading(self) -> State:
        """The tote state for reading only: a new game shares the one made when the
        game was loaded until it first changes (OpenSpiel makes an initial state for
        every clone and every tensor size it asks for)."""
        if self._held is None:
            return self._game().initial_reading()
        if self._held.state is None:
            return self._replay()
        return self._held.state

    def _game(self) -> LoadedGame:
        game: LoadedGame = self.get_game()
        return game

    def _replay(self) -> State:
        """The tote state of a deserialized state: its history replayed on a fresh game
        (issue 30, fix 6). A joint action is in the history as one entry per seat."""
        fresh = ToteState(self._game())
        entries = self.full_history()
        players = self.num_players()
        at = 0
        while at < len(entries):
            turn = fresh.reading().turn()
            if turn.simultaneous and not turn.chance and not self._game().turn_based:
                joint = [e.action for e in entries[at : at + players]]
                fresh._apply_actions(joint, recorded=True)
                at += players
            else:
                fresh._apply_action(entries[at].action, recorded=True)
                at += 1
        world = fresh.tote
        self._held = _Held(world)
        self._drawn = fresh._drawn
        self._open_moves = fresh._open_moves
        self._last_open = fresh._last_open
        return world

    # --------------------------------------------------------- OpenSpiel's API
    def current_player(self) -> int:
        turn = self.reading().turn()
        if turn.over:
            return int(pyspiel.PlayerId.TERMINAL)
        if turn.chance:
            return int(pyspiel.PlayerId.CHANCE)
        if turn.simultaneous:
            if self._game().turn_based:
                return min(turn.seats)
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return self._next_seat(turn.seats)

    def _next_seat(self, seats: tuple[int, ...]) -> int:
        """Who moves in a turn of ``seats``: the one seat, or in an open turn the next
        seat round the table after the one that moved last."""
        if len(seats) == 1 or self._last_open is None:
            return min(seats)
        later = [s for s in sorted(seats) if s > self._last_open]
        return later[0] if later else min(seats)

    def _acting(self, player: int) -> bool:
        turn = self.reading().turn()
        if player not in turn.seats:
            return False
        if turn.simultaneous:
            return not self._game().turn_based or player == min(turn.seats)
        return player == self._next_seat(turn.seats)

    def _in_open_turn(self, seats: tuple[int, ...]) -> bool:
        """Whether a non-simultaneous turn of ``seats`` is an open turn: several seats,
        or what is left of one (the last seat still betting, once the others locked)."""
        return len(seats) > 1 or bool(self._open_moves)

    def _capped(self, player: int) -> bool:
        """Whether ``player`` may only end its part of the open turn now."""
        return self._open_moves.get(player, 0) >= OPEN_TURN_MOVES

    def _legal_actions(self, player: int) -> list[int]:
        if not self._acting(player):
            return []
        obs = Observation(self.reading(), player)
        catalogue = self._game().catalogue
        if self._capped(player):
            final = catalogue.index(obs, _final_move())
            return [] if final is None else [final]
        return [int(i) for i in catalogue.mask(obs).nonzero()[0]]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        tote = self.reading()
        chance = self._game().chance
        shuffle = pending_shuffle(tote)
        if shuffle is not None:
            _, left = shuffle.next_pile(self._drawn)
            p = 1.0 / len(left)
            return sorted((chance.id(card), p) for card in left)
        return sorted((chance.id(move), p) for move, p in tote.chance_outcomes())

    def _apply_action(self, action: int, *, recorded: bool = False) -> None:
        """One seat's action or a chance outcome; ``recorded``: an action of this game's
        own history, replayed (:meth:`_move`)."""
        tote = self.tote
        turn = tote.turn()
        if turn.over:
            raise _refuse(f"the game is over: action {action} cannot be applied [game over]")
        if turn.chance:
            self._apply_chance(action)
            return
        if turn.simultaneous:
            if self._game().turn_based:
                self._commit(min(turn.seats), action, recorded)
                return
            raise _refuse(
                f"seats {', '.join(map(str, turn.seats))} move together here: use"
                " apply_actions with one action per seat [simultaneous moves]"
            )
        seat = self._next_seat(turn.seats)
        move = self._move(seat, action, recorded=recorded)
        open_turn = self._in_open_turn(turn.seats)
        if open_turn and self._capped(seat) and move != _final_move():
            raise _refuse(
                f"seat {seat}, action {action}: the seat has moved {OPEN_TURN_MOVES} times"
                " in this step; only ending its turn is left [OpenSpiel's stand-in for"
                " the timer, WW 7]"
            )
        try:
            tote.apply(seat, move)
        except IllegalMove as refusal:
            raise _refuse(f"seat {seat}, action {action}: {refusal}") from None
        if open_turn:
            self._open_moves[seat] = self._open_moves.get(seat, 0) + 1
            self._last_open = seat
        else:
            self._end_open_turn()

    def _commit(self, seat: int, action: int, recorded: bool) -> None:
        """``seat`` commits its secret move at a simultaneous turn of a turn-based game;
        tote keeps it hidden until every seat of the turn has committed."""
        move = self._move(seat, action, recorded=recorded)
        try:
            self.tote.apply(seat, move)
        except IllegalMove as refusal:
            raise _refuse(f"seat {seat}, action {action}: {refusal}") from None
        self._end_open_turn()

    def _end_open_turn(self) -> None:
        self._open_moves = {}
        self._last_open = None

    def _apply_actions(self, actions: Sequence[int], *, recorded: bool = False) -> None:
        """A joint action, carried out on a copy so that a refusal changes nothing;
        ``recorded``: one of this game's own history, replayed in place."""
        tote = self.reading()
        turn = tote.turn()
        if not turn.simultaneous or self._game().turn_based:
            raise _refuse(
                "apply_actions is for simultaneous nodes; this node is"
                f" {'over' if turn.over else 'chance' if turn.chance else 'a decision'}"
                " [turn order]"
            )
        if len(actions) != tote.num_players:
            raise _refuse(
                f"a joint action has one action per seat: {tote.num_players}, not {len(actions)}"
            )
        moves = {seat: self._move(seat, actions[seat], recorded=recorded) for seat in turn.seats}
        world = self.tote if recorded else clone_tote(tote)
        try:
            for seat in turn.seats:
                world.apply(seat, moves[seat])
        except IllegalMove as refusal:
            raise _refuse(f"joint action {list(actions)}: {refusal}") from None
        self._held = _Held(world, self._held is None or self._held.replayable)
        self._end_open_turn()

    def _move(self, seat: int, action: int, *, recorded: bool = False) -> Move:
        """The move of ``seat``'s ``action`` here; refused when the mask forbids it.

        ``recorded``: the action is from this game's history, so it was the move its
        grid entry stands for here when it was first played; the entry is read
        directly, without looking for an earlier index standing for the same move
        (the rules still check the move when it is applied)."""
        catalogue = self._game().catalogue
        obs = Observation(self.reading(), seat)
        if recorded and isinstance(catalogue, EntryCatalogue) and 0 <= action < catalogue.size:
            move = catalogue.entries[action].at(obs)
            if move is not None:
                return move
        try:
            return catalogue.move(obs, int(action))
        except ValueError as refusal:
            raise _refuse(f"seat {seat}: {refusal}") from None

    def _apply_chance(self, action: int) -> None:
        chance = self._game().chance
        if not 0 <= action < chance.size:
            raise _refuse(
                f"chance action {action} is out of range: 0 to {chance.size - 1} [chance]"
            )
        outcome = chance.outcome(action)
        tote = self.tote
        shuffle = pending_shuffle(tote)
        if shuffle is not None:
            _, left = shuffle.next_pile(self._drawn)
            if outcome not in left:
                raise _refuse(
                    f"chance action {action} ({outcome_label(outcome)}) is not among the"
                    " cards left to shuffle [chance]"
                )
            drawn = [*self._drawn, outcome]
            if len(drawn) < shuffle.length:
                self._drawn = drawn
                return
            outcome = shuffle.finish(drawn)
        assert isinstance(outcome, Move)
        try:
            tote.apply(CHANCE, outcome)
        except IllegalMove as refusal:
            raise _refuse(f"chance action {action}: {refusal}") from None
        self._drawn = []
        self._end_open_turn()

    def _action_to_string(self, player: int, action: int) -> str:
        game = self._game()
        if player == pyspiel.PlayerId.CHANCE:
            if not 0 <= action < game.chance.size:
                return f"chance action {action} (out of range)"
            return outcome_label(game.chance.outcome(action))
        if not 0 <= action < game.catalogue.size:
            return f"action {action} (out of range)"
        return game.catalogue.label(action)

    def is_terminal(self) -> bool:
        return self.reading().turn().over

    def returns(self) -> list[float]:
        result = self.reading().result()
        if result is None:
            return [0.0] * self.reading().num_players
        return win_returns(result, self.reading().num_players)

    def __str__(self) -> str:
        """The spectator's view (no hidden card), plus the cards of a shuffle drawn so
        far when one is under way."""
        view = json.dumps(self.reading().view(None, log=False), sort_keys=True)
        if self._drawn:
            return f"{view}\nshuffle: {len(self._drawn)} drawn"
        return view

    # ---------------------------------------------------- information-set sampling
    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> ToteState:
        """A state ``player_id`` cannot tell from this one, its hidden parts redrawn
        (:meth:`State.sample_world`): what ISMCTS searches. A Python method, so
        Python algorithms (``open_spiel.python.algorithms.ismcts``) find it; the
        OpenSpiel history of the sample is empty, so it serializes in full (no history
        to replay)."""
        seed = int(probability_sampler() * 2**52) if callable(probability_sampler) else None
        world = self.reading().sample_world(player_id, random.Random(seed))
        sample = ToteState(self._game())
        sample._held = _Held(world, replayable=False)
        sample._open_moves = dict(self._open_moves)
        sample._last_open = self._last_open
        return sample
