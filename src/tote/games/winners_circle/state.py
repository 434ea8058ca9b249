"""The Winner's Circle state: the game's data and the core contract.

Three races, each: 1. The Race Preparation, 2. The Bets, 3. Running the Race,
4. Paying Out. Rule numbers (``WC x.y``) refer to ``docs/rules/winners-circle.md``.
Each hook here dispatches on the phase to the module holding that phase's rules
(``race_preparation.py``, ``bets.py``, ``running.py``, ``paying_out.py``,
``views.py``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, NamedTuple

from tote.core.errors import IllegalMove
from tote.core.moves import Move
from tote.core.result import Result
from tote.core.state import TURN_CHANCE, TURN_OVER, State, Turn
from tote.games.winners_circle import bets, race_preparation, running, sampling, views
from tote.games.winners_circle.data import SYMBOLS, HorseCard, HorseData, PayoutTable
from tote.games.winners_circle.moves import (
    CODEC,
    DrawHorseCard,
    FirstBettor,
    MoveHorse,
    PlaceBet,
    RollDie,
)
from tote.games.winners_circle.options import WinnersCircleOptions
from tote.games.winners_circle.payout import Bet
from tote.games.winners_circle.phases import (
    BETS,
    CHANCE_EVENTS,
    FIRST_BETTOR,
    HORSES_PER_RACE,
    MOVE,
    OVER,
    PREPARATION,
    ROLL,
)


class SetUp(NamedTuple):
    """What a state reads from the game's data and never changes (the cards, the die,
    the moves' objects): worked out once per data, options and player count, and shared
    by every state made from them, as a clone shares it (issue 24)."""

    horse_names: tuple[str, ...]
    horse_index: dict[str, int]
    cards: dict[str, HorseCard]
    """WC 1.2 (WC 6.4: the Royal Turf cards)."""
    deck: tuple[str, ...]
    """The cards' ids, sorted: the shuffled stack every draw reads (WC 1.2)."""
    die_outcomes: tuple[tuple[Move, float], ...]
    """WC 4.2: each symbol with its share of the die's faces."""
    die_cdf: tuple[tuple[float, Move], ...]
    seat_turns: tuple[Turn, ...]
    horse_moves: tuple[MoveHorse, ...]
    bet_moves: dict[tuple[int, int], PlaceBet]


_SET_UPS: dict[tuple[int, int, bool, int], tuple[HorseData, PayoutTable, SetUp]] = {}
"""The set-ups made, by the identity of their data (held here too, so an id is never
another object's while its entry lives), Royal Turf and the player count."""


def _set_up(horse_data: HorseData, table: PayoutTable, royal_turf: bool, players: int) -> SetUp:
    """The :class:`SetUp` of ``horse_data``, ``table``, Royal Turf and ``players``."""
    key = (id(horse_data), id(table), royal_turf, players)
    found = _SET_UPS.get(key)
    if found is not None:
        return found[2]
    names = tuple(h.name for h in horse_data.horses)
    deck = horse_data.royal_turf_cards if royal_turf else horse_data.horse_cards
    cards = {c.id: c for c in deck}
    faces = horse_data.die.faces
    total = sum(faces.values())
    die_outcomes: tuple[tuple[Move, float], ...] = tuple(
        (RollDie(s), faces[s] / total) for s in SYMBOLS
    )
    cumulative = 0.0
    die_cdf = []
    for outcome, probability in die_outcomes:
        cumulative += probability
        die_cdf.append((cumulative, outcome))
    setup = SetUp(
        horse_names=names,
        horse_index={name: i for i, name in enumerate(names)},
        cards=cards,
        deck=tuple(sorted(cards)),
        die_outcomes=die_outcomes,
        die_cdf=tuple(die_cdf),
        seat_turns=tuple(Turn(seats=(seat,)) for seat in range(players)),
        horse_moves=tuple(MoveHorse(name) for name in names),
        bet_moves={
            (h, chip): PlaceBet(name, chip) for h, name in enumerate(names) for chip in (0, 1, 2)
        },
    )
    _SET_UPS[key] = (horse_data, table, setup)
    return setup


class WinnersCircleState(State):
    game_id = "winners-circle"
    codec = CODEC
    has_simultaneous_turns = False

    def __init__(
        self,
        options: WinnersCircleOptions,
        num_players: int,
        horse_data: HorseData,
        table: PayoutTable,
    ) -> None:
        super().__init__(num_players)
        self.options = options
        self.crowded_field = options.crowded_field
        self.table = table
        setup = _set_up(horse_data, table, options.royal_turf, num_players)
        self.horse_names: tuple[str, ...] = setup.horse_names
        self.horse_index = setup.horse_index
        self.cards: dict[str, HorseCard] = setup.cards
        self.die_outcomes: tuple[tuple[Move, float], ...] = setup.die_outcomes
        self.die_cdf: tuple[tuple[float, Move], ...] = setup.die_cdf
        """The die's cumulative distribution, for :func:`running.sample_die`."""
        self.spaces = table.track_spaces
        self.finish = table.track_spaces + 1
        self._seat_turns = setup.seat_turns
        self.horse_moves = setup.horse_moves
        self.bet_moves = setup.bet_moves

        # WC 1.1: every player takes chips 1, 1, 2 (Hidden Bets: 0, 1, 1, 2) and no money.
        self.money = [options.starting_money] * num_players
        self.chip_set = (0, 1, 1, 2) if options.hidden_bets else (1, 1, 2)
        self.rounds = len(self.chip_set)
        # WC 1.2: the horse cards are shuffled; every draw is a chance move.
        self.deck: list[str] = list(setup.deck)
        self.race = 1
        self.history: list[dict[str, Any]] = []

        # One race's data, set afresh by race_preparation.start_race (WC 2.1).
        self.phase = PREPARATION
        self.gates: list[str] = []  # card ids in draw order (gate 1 first)
        self.set_aside: list[str] = []
        self.card_of: list[tuple[int, int, int, int] | None] = []
        self.card_id_of: list[str | None] = []
        self.progress: list[int] = []
        self.space_at: list[int] = []  # physical space per horse; 0: not on the track
        self.face_up: list[bool] = []
        self.face_up_count = HORSES_PER_RACE
        self.finished: list[int] = []
        self.pace_horse: int | None = None
        self.last_moved: list[int] = []
        self.moves_made = 0
        self.chips: list[list[int]] = []
        self.bets: list[Bet] = []
        self.first_bettor = 0
        self.roller = 0
        self.rolled: str | None = None
        self.first_bettor_candidates: tuple[int, ...] = ()
        race_preparation.start_race(self)

    # ========================================================== core contract
    def _turn(self) -> Turn:
        phase = self.phase
        if phase in (ROLL, PREPARATION, FIRST_BETTOR):
            return TURN_CHANCE
        if phase == MOVE:
            return self._seat_turns[self.roller]
        if phase == BETS:
            return self._seat_turns[bets.bettor(self)]
        return TURN_OVER

    def chance_outcomes(self) -> Sequence[tuple[Move, float]]:
        phase = self.phase
        if phase == ROLL:
            return self.die_outcomes
        if phase == PREPARATION:
            return race_preparation.card_outcomes(self)
        if phase == FIRST_BETTOR:
            return bets.first_bettor_outcomes(self)
        return ()

    def sample_chance(self, rng: random.Random) -> Move:
        """Draw from the same distribution as :meth:`chance_outcomes`, without building
        the outcome list (the die is rolled about a hundred times a game)."""
        x = rng.random()
        if self.phase == ROLL:
            return running.sample_die(self, x)
        if self.phase == PREPARATION:
            return race_preparation.sample_card(self, x)
        return bets.sample_first_bettor(self, x)

    def _is_chance_outcome(self, outcome: Move) -> bool:
        phase = self.phase
        if isinstance(outcome, RollDie):
            return phase == ROLL and outcome.symbol in SYMBOLS
        if isinstance(outcome, DrawHorseCard):
            return phase == PREPARATION and outcome.card in self.deck
        if isinstance(outcome, FirstBettor):
            return phase == FIRST_BETTOR and outcome.seat in self.first_bettor_candidates
        return False

    def _why_impossible(self, outcome: Move) -> str:
        phase = self.phase
        if isinstance(outcome, RollDie) and phase == ROLL:
            return running.why_not_rolled(outcome.symbol)
        if isinstance(outcome, DrawHorseCard) and phase == PREPARATION:
            return race_preparation.why_not_drawn(self, outcome.card)
        if isinstance(outcome, FirstBettor) and phase == FIRST_BETTOR:
            return bets.why_not_first_bettor(self, outcome.seat)
        if phase in CHANCE_EVENTS:
            return f"the pending chance event is {CHANCE_EVENTS[phase]}"
        return super()._why_impossible(outcome)

    def _do_chance(self, outcome: Move) -> None:
        if isinstance(outcome, RollDie):
            running.roll_die(self, outcome.symbol)
        elif isinstance(outcome, DrawHorseCard):
            race_preparation.draw_card(self, outcome.card)
        elif isinstance(outcome, FirstBettor):
            bets.set_first_bettor(self, outcome.seat)

    def legal_moves(self, seat: int) -> Sequence[Move]:
        if self.phase == BETS and seat == bets.bettor(self):
            return bets.legal_bets(self, seat)
        if self.phase == MOVE and seat == self.roller:
            return running.legal_horses(self)
        return []

    def _check(self, seat: int, move: Move) -> None:
        if isinstance(move, PlaceBet):
            bets.check_bet(self, seat, move)
        elif isinstance(move, MoveHorse):
            running.check_move(self, move)
        else:
            raise IllegalMove("turn order", f"a player cannot make a {move.kind!r} move")

    def _do(self, seat: int, move: Move) -> None:
        if isinstance(move, MoveHorse):
            running.move_horse(self, seat, self.horse_index[move.horse])
        elif isinstance(move, PlaceBet):
            bets.place_bet(self, seat, move)

    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        # WC 1.3: the player with the most money wins; ties share the win (ruling A9-12).
        return Result.from_scores(self.money)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)

    def _sample_world(self, seat: int | None, rng: random.Random) -> WinnersCircleState:
        return sampling.sample_world(self, seat, rng)

    def play_random(
        self, rng: random.Random, streams: Sequence[random.Random]
    ) -> tuple[int, int] | None:
        from tote.games.winners_circle import fast_game  # it imports this module's parts

        return fast_game.play_game(self, rng, streams)

    def clone(self) -> WinnersCircleState:
        new = object.__new__(WinnersCircleState)
        new.__dict__.update(self.__dict__)
        for name in (
            "money",
            "deck",
            "history",
            "gates",
            "set_aside",
            "card_of",
            "card_id_of",
            "progress",
            "space_at",
            "face_up",
            "finished",
            "last_moved",
            "bets",
            "log",
        ):
            setattr(new, name, list(getattr(self, name)))
        new.chips = [list(c) for c in self.chips]
        new._pending = dict(self._pending)
        return new
