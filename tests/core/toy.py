"""A tiny game used to test the core alone: two seats secretly pick a number,
then a die is rolled; whoever picked the die's parity scores one. Two rounds."""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from tote.core.errors import IllegalMove
from tote.core.events import Event
from tote.core.game import Game, GameOptions
from tote.core.moves import Move, MoveCodec
from tote.core.result import Result
from tote.core.state import TURN_CHANCE, TURN_OVER, State, Turn
from tote.core.tote_board import BetChoice, Markets


@dataclass(frozen=True, slots=True)
class Pick(Move):
    kind: ClassVar[str] = "pick"
    number: int


@dataclass(frozen=True, slots=True)
class Die(Move):
    kind: ClassVar[str] = "die"
    face: int


class ToyOptions(GameOptions):
    rounds: int = 2


class ToyState(State):
    game_id = "toy"
    codec = MoveCodec([Pick, Die])

    def __init__(self, options: ToyOptions, num_players: int) -> None:
        super().__init__(num_players)
        self.rounds = options.rounds
        self.round = 1
        self.picks: dict[int, int] = {}
        self.scores = [0] * num_players

    def _turn(self) -> Turn:
        if self.round > self.rounds:
            return TURN_OVER
        if not self.picks:
            return Turn(seats=tuple(range(self.num_players)), simultaneous=True)
        return TURN_CHANCE

    def legal_moves(self, seat: int) -> Sequence[Move]:
        return [Pick(1), Pick(2)] if seat in self.turn().seats else []

    def _check(self, seat: int, move: Move) -> None:
        if not isinstance(move, Pick) or move.number not in (1, 2):
            raise IllegalMove("toy 1", "pick 1 or 2")

    def _do(self, seat: int, move: Move) -> None:
        raise AssertionError("every toy turn is simultaneous")

    def _do_simultaneous(self, moves: Mapping[int, Move]) -> None:
        self.picks = {seat: m.number for seat, m in moves.items() if isinstance(m, Pick)}
        self.log.append(Event("revealed", {"picks": dict(self.picks)}))

    def chance_outcomes(self) -> Sequence[tuple[Move, float]]:
        return [(Die(face), 1 / 6) for face in range(1, 7)] if self.picks else []

    def _do_chance(self, outcome: Move) -> None:
        assert isinstance(outcome, Die)
        self.log.append(Event("rolled", {"face": outcome.face}))
        for seat, number in self.picks.items():
            if number % 2 == outcome.face % 2:
                self.scores[seat] += 1
        self.picks = {}
        self.round += 1

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"round": self.round, "scores": list(self.scores)}

    def result(self) -> Result | None:
        return Result.from_scores(self.scores) if self.round > self.rounds else None

    def _sample_world(self, seat: int | None, rng: random.Random) -> ToyState:
        """Nothing of the toy is hidden but the picks committed, which the core redraws."""
        world = copy.copy(self)
        world.picks = dict(self.picks)
        world.scores = list(self.scores)
        return world


class ToyMarkets(Markets):
    """The toy's one market: the die's parity; a pick is a bet on it paying 1 point."""

    unit = "points"
    horizon_name = "round"

    def settled(self, start: State, now: State) -> bool:
        assert isinstance(start, ToyState) and isinstance(now, ToyState)
        return now.round != start.round

    def outcome_labels(self, start: State) -> dict[str, list[str]]:
        return {"die": ["odd", "even"]}

    def outcomes(self, start: State, end: State) -> dict[str, str]:
        assert isinstance(end, ToyState)
        face = next(e.public["face"] for e in reversed(end.log) if e.kind == "rolled")
        return {"die": "odd" if face % 2 else "even"}

    def bets(self, state: State, seat: int | None) -> list[BetChoice]:
        if seat is None or seat not in state.turn().seats:
            return []
        return [BetChoice(f"pick {n}", f"pick {n}", Pick(n)) for n in (1, 2)]

    def payoffs(
        self, start: State, end: State, seat: int | None, bets: Sequence[BetChoice]
    ) -> list[float]:
        parity = self.outcomes(start, end)["die"]
        return [
            1.0
            if isinstance(b.move, Pick) and (b.move.number % 2 == 1) == (parity == "odd")
            else 0.0
            for b in bets
        ]

    def standings(self, state: State) -> list[float]:
        assert isinstance(state, ToyState)
        return [float(s) for s in state.scores]


class Toy(Game):
    id = "toy"
    title = "Toy"
    min_players = 2
    max_players = 3
    options_model = ToyOptions
    variants: ClassVar[dict[str, tuple[str, dict[str, Any]]]] = {
        "long": ("five rounds", {"rounds": 5})
    }

    markets = ToyMarkets()

    def _new_state(self, options: ToyOptions, num_players: int) -> ToyState:
        return ToyState(options, num_players)


TOY = Toy()
