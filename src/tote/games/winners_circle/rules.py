"""Winner's Circle rules, in the order of the rulebook's stages.

Three races, each: 1. The Race Preparation, 2. The Bets, 3. Running the Race,
4. Paying Out. Rule numbers (``WC x.y``) refer to ``docs/rules/winners-circle.md``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tote.core.errors import IllegalMove
from tote.core.events import Event
from tote.core.moves import Move
from tote.core.result import Result
from tote.core.state import TURN_CHANCE, TURN_OVER, State, Turn
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
from tote.games.winners_circle.payout import PLACE_NAMES, Bet, settle
from tote.games.winners_circle.track import (
    blocked_landing,
    progress_of_start,
    space_of,
)

SYMBOL_INDEX = {symbol: i for i, symbol in enumerate(SYMBOLS)}
RACES = 3
HORSES_PER_RACE = 7
PLACED = 3

# Phases of a race, in rulebook order.
PREPARATION = "preparation"
FIRST_BETTOR = "first_bettor"
BETS = "bets"
ROLL = "roll"
MOVE = "move"
OVER = "over"


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
        self.horse_names: tuple[str, ...] = tuple(h.name for h in horse_data.horses)
        self.horse_index = {name: i for i, name in enumerate(self.horse_names)}
        deck = horse_data.royal_turf_cards if options.royal_turf else horse_data.horse_cards
        self.cards: dict[str, HorseCard] = {c.id: c for c in deck}
        faces = horse_data.die.faces
        total = sum(faces.values())
        self.die_outcomes: tuple[tuple[Move, float], ...] = tuple(
            (RollDie(s), faces[s] / total) for s in SYMBOLS
        )
        cumulative = 0.0
        self._die_cdf: list[tuple[float, Move]] = []
        for outcome, probability in self.die_outcomes:
            cumulative += probability
            self._die_cdf.append((cumulative, outcome))
        self.spaces = table.track_spaces
        self.finish = table.track_spaces + 1
        self._seat_turns = tuple(Turn(seats=(seat,)) for seat in range(num_players))
        self._move_horse = tuple(MoveHorse(name) for name in self.horse_names)
        self._place_bet = {
            (h, chip): PlaceBet(name, chip)
            for h, name in enumerate(self.horse_names)
            for chip in (0, 1, 2)
        }

        # WC 1.1: every player takes chips 1, 1, 2 (Hidden Bets: 0, 1, 1, 2) and no money.
        self.money = [options.starting_money] * num_players
        self.chip_set = (0, 1, 1, 2) if options.hidden_bets else (1, 1, 2)
        self.rounds = len(self.chip_set)
        # WC 1.2: the horse cards are shuffled; every draw is a chance move.
        self.deck: list[str] = sorted(self.cards)
        self.race = 1
        self.history: list[dict[str, Any]] = []
        self._start_race()

    # ===================================================== 1. Race Preparation
    def _start_race(self) -> None:
        """WC 2.1-2.2: pace chip on 18, horses drawn to the gates, chips back in hand."""
        self.phase = PREPARATION
        self.gates: list[str] = []  # card ids in draw order (gate 1 first)
        self.set_aside: list[str] = []
        self.card_of: list[tuple[int, int, int, int] | None] = [None] * HORSES_PER_RACE
        self.card_id_of: list[str | None] = [None] * HORSES_PER_RACE
        self.progress = [0] * HORSES_PER_RACE
        self.space_at = [0] * HORSES_PER_RACE  # physical space per horse; 0: not on the track
        self.face_up = [True] * HORSES_PER_RACE
        self.face_up_count = HORSES_PER_RACE
        self.finished: list[int] = []
        self.pace_horse: int | None = None
        self.last_moved = [-1] * HORSES_PER_RACE
        self.moves_made = 0
        self.chips = [list(self.chip_set) for _ in range(self.num_players)]
        self.bets: list[Bet] = []
        self.first_bettor = 0
        self.roller = 0
        self.rolled: str | None = None
        self.first_bettor_candidates: tuple[int, ...] = ()

    def _draw_card(self, card_id: str) -> None:
        self.deck.remove(card_id)
        card = self.cards[card_id]
        if self.options.royal_turf:
            # WC 6.4: the card goes on its own horse's gate; a card of a horse
            # already placed is put aside until seven different horses are out.
            assert card.horse is not None
            horse = self.horse_index[card.horse]
            if self.card_of[horse] is not None:
                self.set_aside.append(card_id)
                self.log.append(Event("card_set_aside", {"card": card_id, "horse": card.horse}))
                return
        else:
            # WC 2.2: the n-th card drawn goes on gate n, whose horse takes its values.
            horse = len(self.gates)
        order = len(self.gates)
        self.gates.append(card_id)
        self.card_of[horse] = card.values
        self.card_id_of[horse] = card_id
        # WC 2.2: gate n's horse starts on space 37 - n (Royal Turf: in draw order;
        # ruling A9-13). WC 6.2: Crowded Field starts every horse on space 36.
        start_space = self.spaces if self.options.crowded_field else self.spaces - order
        self.progress[horse] = progress_of_start(start_space, self.spaces)
        self.space_at[horse] = start_space
        self.log.append(
            Event(
                "horse_card",
                {
                    "card": card_id,
                    "horse": self.horse_names[horse],
                    "gate": horse + 1,
                    "space": start_space,
                },
            )
        )
        if len(self.gates) == HORSES_PER_RACE:
            # WC 6.4: cards put aside are shuffled back into the deck.
            self.deck.extend(self.set_aside)
            self.deck.sort()
            self.set_aside = []
            self._choose_first_bettor()

    # ============================================================== 2. The Bets
    def _choose_first_bettor(self) -> None:
        """WC 3.1: race 1 random; races 2 and 3 the richest, ties broken at random."""
        if self.race == 1:
            candidates = tuple(range(self.num_players))
        else:
            richest = max(self.money)
            candidates = tuple(s for s, m in enumerate(self.money) if m == richest)
        if len(candidates) == 1:
            self._set_first_bettor(candidates[0])
        else:
            self.first_bettor_candidates = candidates
            self.phase = FIRST_BETTOR

    def _set_first_bettor(self, seat: int) -> None:
        self.first_bettor = seat
        self.first_bettor_candidates = ()
        self.phase = BETS
        self.log.append(Event("first_bettor", {"seat": seat, "race": self.race}))

    def _bettor(self) -> int:
        """WC 3.2: clockwise from the first bettor, one chip per turn."""
        return (self.first_bettor + len(self.bets)) % self.num_players

    def _check_bet(self, seat: int, move: PlaceBet) -> None:
        if move.horse not in self.horse_index:
            raise IllegalMove(
                "WC 3.2 betting areas",
                f"there is no horse {move.horse!r}; horses: {', '.join(self.horse_names)}",
            )
        if move.chip not in self.chips[seat]:
            have = ", ".join(str(c) for c in sorted(self.chips[seat])) or "none"
            raise IllegalMove(
                "WC 3.5 your own chips",
                f"you have no {move.chip}-chip left to place (you have: {have})",
            )
        horse = self.horse_index[move.horse]
        if any(b.seat == seat and b.horse == horse for b in self.bets):
            raise IllegalMove(
                "WC 3.4 one bet per horse",
                f"you already have a chip on {move.horse}; each of your chips goes on a"
                " different horse",
            )

    def _place_bet_move(self, seat: int, move: PlaceBet) -> None:
        horse = self.horse_index[move.horse]
        self.chips[seat].remove(move.chip)
        self.bets.append(Bet(seat, horse, move.chip))
        if self.options.hidden_bets:
            # WC 6.1: chips go face down; only their owner knows their value.
            self.log.append(
                Event(
                    "bet",
                    {"seat": seat, "horse": move.horse, "chip": None, "face_down": True},
                    {seat: {"chip": move.chip}},
                )
            )
        else:
            self.log.append(Event("bet", {"seat": seat, "horse": move.horse, "chip": move.chip}))
        if len(self.bets) == self.rounds * self.num_players:
            # WC 4.1: the player who placed the first chip rolls first.
            self.roller = self.first_bettor
            self.phase = ROLL

    # ====================================================== 3. Running the Race
    def _move(self, seat: int, horse: int) -> None:
        """WC 4.3-4.10: move the chosen horse by its card's value for the rolled symbol."""
        card = self.card_of[horse]
        assert self.rolled is not None and card is not None
        steps = card[SYMBOL_INDEX[self.rolled]]
        start = self.progress[horse]
        target = start + steps
        spaces = self.spaces
        if target >= self.finish:
            landing, landing_space = target, 0  # WC 4.9: across the line, off the track
        elif self.crowded_field:
            landing, landing_space = target, space_of(target, spaces)  # WC 6.2: no blocking
        else:
            landing_space = space_of(target, spaces)
            landing = target
            if landing_space in self.space_at:
                landing = blocked_landing(start, target, set(self.space_at), spaces)
                landing_space = space_of(landing, spaces)
        self.progress[horse] = landing
        self.space_at[horse] = landing_space
        self.face_up[horse] = False
        self.face_up_count -= 1
        self.last_moved[horse] = self.moves_made
        self.moves_made += 1
        event: dict[str, Any] = {
            "seat": seat,
            "horse": self.horse_names[horse],
            "symbol": self.rolled,
            "value": steps,
            "moved": landing - start,
            "space": landing_space or None,
        }
        # WC 4.8: the first horse to reach or pass space 18 becomes the pace horse.
        if self.pace_horse is None and landing >= self.table.pace_space:
            self.pace_horse = horse
            event["pace_horse"] = True
        if landing >= self.finish:
            self.finished.append(horse)
            event["finished"] = PLACE_NAMES[len(self.finished) - 1]
        self.log.append(Event("horse_moved", event))
        self.rolled = None
        if len(self.finished) == PLACED:
            self._pay_out()  # WC 4.10: the race ends when the third horse crosses.
            return
        # WC 4.4: when every remaining card is face down, all are turned face up.
        if self.face_up_count == 0:
            self.face_up = [True] * HORSES_PER_RACE
            self.face_up_count = HORSES_PER_RACE - len(self.finished)
        self.roller = (self.roller + 1) % self.num_players
        self.phase = ROLL

    def last_place(self) -> list[int]:
        """WC 4.10: the horse furthest back is last.

        Ties happen only in Crowded Field (ruling A9-6): by default every
        rearmost horse is last; with ``last_place_tie="least_recent"`` the one
        that moved least recently (never moved counts as least recent) is.
        """
        running = [h for h in range(HORSES_PER_RACE) if h not in self.finished]
        rearmost = min(self.progress[h] for h in running)
        tied = [h for h in running if self.progress[h] == rearmost]
        if len(tied) > 1 and self.options.last_place_tie == "least_recent":
            earliest = min(self.last_moved[h] for h in tied)
            tied = [h for h in tied if self.last_moved[h] == earliest]
        return tied

    # ============================================================ 4. Paying Out
    def _pay_out(self) -> None:
        last = self.last_place()
        multiplier = self.table.race_multipliers[self.race - 1]
        money, lines = settle(
            self.bets,
            self.finished,
            last,
            self.pace_horse,
            self.money,
            self.table,
            multiplier,
            self.options.alternative_payouts,
        )
        self.money = money
        summary = {
            "race": self.race,
            "win": self.horse_names[self.finished[0]],
            "place": self.horse_names[self.finished[1]],
            "show": self.horse_names[self.finished[2]],
            "last": [self.horse_names[h] for h in last],
            "pace_horse": None if self.pace_horse is None else self.horse_names[self.pace_horse],
            "multiplier": multiplier,
            # WC 6.1: at the end of the race every chip is turned over.
            "bets": [
                {"seat": b.seat, "horse": self.horse_names[b.horse], "chip": b.chip}
                for b in self.bets
            ],
            "payments": [
                {
                    "seat": line.seat,
                    "horse": self.horse_names[line.horse],
                    "reason": line.reason,
                    "amount": line.amount,
                }
                for line in lines
            ],
            "money": list(self.money),
        }
        self.history.append(summary)
        self.log.append(Event("payout", summary))
        # WC 2.3 / 5.6: used cards are discarded, chips go back to their owners.
        if self.race == RACES:
            self.phase = OVER
            return
        self.race += 1
        self._start_race()

    # ========================================================== core contract
    def _turn(self) -> Turn:
        phase = self.phase
        if phase in (ROLL, PREPARATION, FIRST_BETTOR):
            return TURN_CHANCE
        if phase == MOVE:
            return self._seat_turns[self.roller]
        if phase == BETS:
            return self._seat_turns[self._bettor()]
        return TURN_OVER

    def chance_outcomes(self) -> Sequence[tuple[Move, float]]:
        phase = self.phase
        if phase == ROLL:
            return self.die_outcomes
        if phase == PREPARATION:
            p = 1.0 / len(self.deck)
            return [(DrawHorseCard(c), p) for c in self.deck]
        if phase == FIRST_BETTOR:
            p = 1.0 / len(self.first_bettor_candidates)
            return [(FirstBettor(s), p) for s in self.first_bettor_candidates]
        return ()

    def sample_chance(self, rng: random.Random) -> Move:
        """Draw from the same distribution as :meth:`chance_outcomes`, without building
        the outcome list (the die is rolled about a hundred times a game)."""
        x = rng.random()
        if self.phase == ROLL:
            for threshold, outcome in self._die_cdf:
                if x < threshold:
                    return outcome
            return self._die_cdf[-1][1]
        if self.phase == PREPARATION:
            return DrawHorseCard(self.deck[int(x * len(self.deck))])
        return FirstBettor(self.first_bettor_candidates[int(x * len(self.first_bettor_candidates))])

    def _is_chance_outcome(self, outcome: Move) -> bool:
        phase = self.phase
        if isinstance(outcome, RollDie):
            return phase == ROLL and outcome.symbol in SYMBOLS
        if isinstance(outcome, DrawHorseCard):
            return phase == PREPARATION and outcome.card in self.deck
        if isinstance(outcome, FirstBettor):
            return phase == FIRST_BETTOR and outcome.seat in self.first_bettor_candidates
        return False

    def _do_chance(self, outcome: Move) -> None:
        if isinstance(outcome, RollDie):
            self.rolled = outcome.symbol
            self.phase = MOVE
            self.log.append(Event("die", {"seat": self.roller, "symbol": outcome.symbol}))
        elif isinstance(outcome, DrawHorseCard):
            self._draw_card(outcome.card)
        elif isinstance(outcome, FirstBettor):
            self._set_first_bettor(outcome.seat)

    def legal_moves(self, seat: int) -> Sequence[Move]:
        if self.phase == BETS and seat == self._bettor():
            taken = {b.horse for b in self.bets if b.seat == seat}
            chips = sorted(set(self.chips[seat]))
            return [
                self._place_bet[(h, chip)]
                for h in range(HORSES_PER_RACE)
                if h not in taken
                for chip in chips
            ]
        if self.phase == MOVE and seat == self.roller:
            face_up = self.face_up
            on_track = self.space_at
            return [
                self._move_horse[h] for h in range(HORSES_PER_RACE) if face_up[h] and on_track[h]
            ]
        return []

    def _check(self, seat: int, move: Move) -> None:
        if isinstance(move, PlaceBet):
            if self.phase != BETS:
                raise IllegalMove("WC 3 the bets", "bets are placed only before the race starts")
            self._check_bet(seat, move)
        elif isinstance(move, MoveHorse):
            if self.phase != MOVE:
                raise IllegalMove("WC 4.3 running the race", "horses move only after the die roll")
            if move.horse not in self.horse_index:
                raise IllegalMove(
                    "WC 4.3 running the race",
                    f"there is no horse {move.horse!r}; horses: {', '.join(self.horse_names)}",
                )
            horse = self.horse_index[move.horse]
            if horse in self.finished:
                raise IllegalMove(
                    "WC 4.9 finished horses", f"{move.horse} has already crossed the finish line"
                )
            if not self.face_up[horse]:
                raise IllegalMove(
                    "WC 4.4 card cycle",
                    f"{move.horse}'s card is face down: it may not move again until all other"
                    " horses have moved",
                )
        else:
            raise IllegalMove("turn order", f"a player cannot make a {move.kind!r} move")

    def _do(self, seat: int, move: Move) -> None:
        if isinstance(move, MoveHorse):
            self._move(seat, self.horse_index[move.horse])
        elif isinstance(move, PlaceBet):
            self._place_bet_move(seat, move)

    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        # WC 1.3: the player with the most money wins; ties share the win (ruling A9-12).
        return Result.from_scores(self.money)

    # ================================================================= views
    def _view(self, seat: int | None) -> dict[str, Any]:
        hidden = self.options.hidden_bets
        horses = []
        for h, name in enumerate(self.horse_names):
            values = self.card_of[h]
            place = self.finished.index(h) if h in self.finished else None
            horses.append(
                {
                    "name": name,
                    "gate": h + 1,
                    "card": None if values is None else dict(zip(SYMBOLS, values, strict=True)),
                    "card_id": self.card_id_of[h],
                    "progress": self.progress[h] if values is not None else None,
                    "space": (
                        space_of(self.progress[h], self.spaces)
                        if values is not None and place is None
                        else None
                    ),
                    "face_up": self.face_up[h] and place is None,
                    "finished": None if place is None else PLACE_NAMES[place],
                    "pace_horse": self.pace_horse == h,
                    "to_finish": (
                        max(0, self.finish - self.progress[h]) if values is not None else None
                    ),
                }
            )
        bets = [
            {
                "seat": b.seat,
                "horse": self.horse_names[b.horse],
                "chip": b.chip if not hidden or b.seat == seat else None,
            }
            for b in self.bets
        ]
        chips: list[list[int] | int] = [
            sorted(self.chips[s]) if not hidden or s == seat else len(self.chips[s])
            for s in range(self.num_players)
        ]
        return {
            "race": self.race,
            "races": RACES,
            "phase": self.phase,
            "horses": horses,
            "pace_space": self.table.pace_space,
            "finish_progress": self.finish,
            "pace_horse": None if self.pace_horse is None else self.horse_names[self.pace_horse],
            "first_bettor": self.first_bettor if self.phase != PREPARATION else None,
            "roller": self.roller if self.phase in (ROLL, MOVE) else None,
            "rolled": self.rolled,
            "money": list(self.money),
            "bets": bets,
            "chips": chips,
            "betting_rounds": self.rounds,
            "deck_size": len(self.deck),
            "payout_table": {
                "win": list(self.table.win),
                "place": list(self.table.place),
                "show": list(self.table.show),
                "pace_bonus_per_bet": self.table.pace_bonus_per_bet,
                "last_place_per_bet": self.table.last_place_per_bet,
            },
            "multiplier": self.table.race_multipliers[self.race - 1],
            "history": list(self.history),  # a copy: a view never changes afterwards
            "variants": {
                "hidden_bets": hidden,
                "crowded_field": self.options.crowded_field,
                "alternative_payouts": self.options.alternative_payouts,
                "royal_turf": self.options.royal_turf,
            },
        }

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
