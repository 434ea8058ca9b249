"""The Carcassonne state: the game's data and the core contract, each hook a short
dispatch to the module of its rulebook phase.

A turn: 1. draw a tile and place it, 2. optionally place a meeple on it (or the
abbot, or take the abbot back), 3. score what it completed; with The Bets,
settle the chips of completed roads and cities, then 4. everyone may bet on a
new betting office. With The River the river tiles come first. After the last
tile: the final scoring. Rule numbers (``CC x.y`` base game, ``CB x.y`` The
Bets, ``CR x.y`` The River, ``CA x.y`` The Abbot) refer to
``docs/rules/carcassonne.md``; rulings B1-B9 are the game-data file's (options
in ``options.py``). The rules read on in ``phases.py``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tote.core.errors import IllegalMove
from tote.core.moves import Actor, Move
from tote.core.result import Result
from tote.core.state import TURN_CHANCE, State, Turn
from tote.games.carcassonne import (
    bets,
    final_scoring,
    meeples,
    sampling,
    scoring,
    setup,
    tile_placement,
    views,
)
from tote.games.carcassonne.bets import Settlement
from tote.games.carcassonne.board import Board
from tote.games.carcassonne.moves import (
    CODEC,
    DrawTile,
    NoChip,
    NoMeeple,
    PlaceAbbot,
    PlaceChip,
    PlaceMeeple,
    PlaceTile,
    ReturnAbbot,
    SettleBets,
)
from tote.games.carcassonne.options import CarcassonneOptions
from tote.games.carcassonne.phases import BET, DRAW, MEEPLE, OVER, PLACE, SETTLE
from tote.games.carcassonne.setup import Content


class CarcassonneState(State):
    game_id = "carcassonne"
    codec = CODEC

    def __init__(self, options: CarcassonneOptions, num_players: int, data: Content) -> None:
        super().__init__(num_players)
        self.options = options
        self.data = data
        self.forms = data.catalog.forms
        self.board = Board(data.catalog)
        self.bets = options.bets
        self.river = options.river
        self.abbot = options.abbot
        self.scores: list[int] = []
        self.supply: list[int] = []
        """CC 1.1 / 3.3: the meeples in each player's supply."""
        self.chip_order: dict[str, int] = {}
        self.chips: list[list[str]] = []
        """CB 1.1: each player's betting chips in supply."""
        self.offices: dict[int, list[tuple[int, str]]] = {}
        """Tile index of a bookmaker tile -> its stack of chips (seat, chip), face down."""
        self.abbots: list[int] = []
        """CA 1.1: each player's abbot, in supply (-1) or on a node of the board."""
        self.stack: list[str] = []
        """CC 1.3: the tiles still to draw, in no particular order."""
        self.pools: list[list[str]] = []
        """Piles drawn after ``stack`` is empty, in order (CR 1.1: the lake, then the land)."""
        self.bend = 0
        """CR 2.3: which way the river turned on the last river tile placed."""
        self.discarded: list[str] = []
        self.draws: dict[str, DrawTile] = {}
        """Tile id -> its chance move, made once."""
        self.active = 0
        self.drawn: str | None = None
        self.placements: list[tuple[int, int, int]] = []
        """Where and how the drawn tile may go: (x, y, rotation index)."""
        self.last = 0
        """Index of the tile placed last."""
        self.queue: list[Settlement] = []
        self.final = False
        self.bet_tile = -1
        self.phase = DRAW
        self.quiet = False
        """Issue 24: when set, the turn's log entries are not written (a rollout's world,
        whose log nobody reads); everything else is the same."""
        self.current = TURN_CHANCE
        self.seat_turns = tuple(Turn(seats=(s,)) for s in range(num_players))
        setup.set_up(self)

    def tiles_left(self) -> int:
        return len(self.stack) + sum(len(p) for p in self.pools)

    # ========================================================== core contract
    def _turn(self) -> Turn:
        return self.current

    def chance_outcomes(self) -> Sequence[tuple[Move, float]]:
        if self.phase != DRAW:
            return ()
        return tile_placement.draw_outcomes(self)

    def sample_chance(self, rng: random.Random) -> Move:
        return tile_placement.sample_draw(self, rng)

    def _is_chance_outcome(self, outcome: Move) -> bool:
        return self.phase == DRAW and isinstance(outcome, DrawTile) and outcome.tile in self.stack

    def _why_impossible(self, outcome: Move) -> str:
        return tile_placement.why_not_drawn(self, outcome)

    def _do_chance(self, outcome: Move) -> None:
        assert isinstance(outcome, DrawTile)
        tile_placement.draw(self, outcome.tile)

    def legal_moves(self, seat: int) -> Sequence[Move]:
        phase = self.phase
        if seat not in self.current.seats:
            return []
        if phase == PLACE:
            return tile_placement.place_moves(self)
        if phase == MEEPLE:
            return meeples.follower_moves(self)
        if phase == SETTLE:
            return bets.settle_moves(self)
        if phase == BET:
            return bets.chip_moves(self, seat)
        return []

    def random_move(self, seat: int, rng: random.Random) -> Move:
        """As the core's, without building every placement first (the common case)."""
        if self.phase == PLACE and seat == self.active:
            return tile_placement.random_place(self, rng)
        return super().random_move(seat, rng)

    def play_random(
        self, rng: random.Random, streams: Sequence[random.Random]
    ) -> tuple[int, int] | None:
        """The tight loop of ``tote simulate``'s random bots (issue 24, 2):
        :func:`fast_game.play_game`."""
        from tote.games.carcassonne import fast_game  # via fast_rollout, it imports this module

        return fast_game.play_game(self, rng, streams)

    def _check_actor(self, actor: Actor, move: Move, turn: Turn) -> None:
        """As the core's, but a second chip (or "none") on one betting office cites
        The Bets: CB 2.1 allows each player one chip there (issue 27 item 7; the
        core's refusal named no rule of The Bets). What is legal is unchanged."""
        if (
            self.phase == BET
            and isinstance(actor, int)
            and actor in self.committed
            and actor not in turn.seats
        ):
            raise IllegalMove(
                "CB 2.1 one chip per office",
                "you have already bet on this betting office: one chip (or none) each",
            )
        super()._check_actor(actor, move, turn)

    def _check(self, seat: int, move: Move) -> None:
        if isinstance(move, PlaceTile):
            tile_placement.check_place(self, move)
        elif isinstance(move, PlaceMeeple | NoMeeple | PlaceAbbot | ReturnAbbot):
            meeples.check_follower(self, move)
        elif isinstance(move, SettleBets):
            bets.check_settle(self, move)
        elif isinstance(move, PlaceChip | NoChip):
            bets.check_chip(self, seat, move)
        else:
            raise IllegalMove("turn order", f"a player cannot make a {move.kind!r} move")

    def _do(self, seat: int, move: Move) -> None:
        if isinstance(move, PlaceTile):
            tile_placement.place(self, move)
        elif isinstance(move, PlaceMeeple):
            meeples.place_meeple(self, move)
        elif isinstance(move, NoMeeple):
            scoring.score_turn(self)
        elif isinstance(move, PlaceAbbot):
            meeples.place_abbot(self, move)
        elif isinstance(move, ReturnAbbot):
            meeples.return_abbot(self)
        elif isinstance(move, SettleBets):
            bets.choose_feature(self, move)

    def _do_simultaneous(self, moves: Mapping[int, Move]) -> None:
        bets.place_chips(self, moves)

    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        return final_scoring.result(self)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)

    def _sample_world(self, seat: int | None, rng: random.Random) -> CarcassonneState:
        return sampling.sample_world(self, seat, rng)

    def clone(self) -> CarcassonneState:
        new = object.__new__(CarcassonneState)
        new.__dict__.update(self.__dict__)
        new.board = self.board.clone()
        new.log = list(self.log)
        new._pending = dict(self._pending)
        new.scores = list(self.scores)
        new.supply = list(self.supply)
        new.chips = [list(c) for c in self.chips]
        new.offices = {t: list(s) for t, s in self.offices.items()}
        new.stack = list(self.stack)
        new.pools = [list(p) for p in self.pools]
        new.abbots = list(self.abbots)
        new.discarded = list(self.discarded)
        new.placements = list(self.placements)
        new.queue = [
            Settlement(e.tile, e.chooser, list(e.chips), list(e.candidates), dict(e.present))
            for e in self.queue
        ]
        return new
