"""The Wetten! state: the game's data, the core contract, a dispatch to the phases.

Five races, each: 1. Set the Stakes, 2. Start, 3. Second Bet, 4. Neck-and-Neck,
5. Payout. Rule numbers (``WT x.y``) refer to ``docs/rules/wetten.md``; numbered
rulings to the game-data file (``docs/data/wetten.md``).

Action cards and card purchases happen in action windows (ruling 12): priority
goes round the table from a rotating seat; in their priority turn a player may
buy race cards, then announce one action card (or show their ticket under
"No chance...") or pass. The window closes when every player able to act has
passed in a row; the announced cards then resolve in the order announced.

Each contract hook dispatches on the race's stage (``phases.py``) to the phase
module that holds the rule. Next in reading order: ``setup.py``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tote.core.events import Event
from tote.core.moves import Move
from tote.core.result import Result
from tote.core.state import TURN_CHANCE, TURN_OVER, State, Turn
from tote.games.wetten import (
    action_cards,
    fast_race,
    pro_rule,
    rounds,
    sampling,
    second_bet,
    setup,
    stakes,
    views,
    windows,
)
from tote.games.wetten.action_cards import FEE_FACTORS
from tote.games.wetten.data import PLACES, ActionCard, ActionDeck, Board, RaceDeck
from tote.games.wetten.moves import (
    CODEC,
    BuyRaceCard,
    KeepCard,
    NoChance,
    Pass,
    PlayActionCard,
)
from tote.games.wetten.options import WettenOptions
from tote.games.wetten.phases import (
    DEAL,
    DECKS,
    OVER,
    PLAY,
    RESOLVE,
    SECOND,
    STAKES,
    WINDOW,
    Grid,
)
from tote.games.wetten.windows import FIRST_PRICE

_SHARED = (
    *("options", "horse_names", "horse_index", "card_values", "action_cards", "min_stakes"),
    "action_card_views",
    *("_all_race_cards", "_all_action_cards", "_cells", "everyone", "_seat_turns", "_passed"),
)
"""The fields a state never changes after its set-up: clones share them."""

_COPIED = (
    *("log", "_pending", "cash", "history", "pile", "discard", "action_pile", "action_discard"),
    *("purchases", "played_actions", "no_chance", "long_odds", "long_odds_cell", "position"),
    *("moved", "movement", "places", "revealed", "able", "draws"),
)
"""The fields a clone copies one level deep: lists and dicts of values never changed
in place (numbers, names, cells, moves, log entries, race records, revealed cards)."""

_NESTED = ("hands", "actions", "stakes", "second")
"""The fields a clone copies two levels deep: each seat's cards and tickets."""

_IMMUTABLE = (
    *("num_players", "_waiting", "track", "bank", "unlimited", "race", "windows_opened"),
    *("ended_early", "rounds", "timing", "priority", "passes", "able_count", "shuffle"),
    "stage",
)
"""The fields that hold plain values (numbers, strings, a turn): a clone shares them.
With ``_SHARED``, ``_COPIED``, ``_NESTED`` and the four copied by hand (``peeks``,
``announced``, ``to_resolve``, ``looking``) they are every field of the state, which
``tests/wetten/test_clone.py`` checks, so a new field is never shared by mistake."""


class WettenState(State):
    game_id = "wetten"
    codec = CODEC

    def __init__(
        self,
        options: WettenOptions,
        num_players: int,
        race_deck: RaceDeck,
        action_deck: ActionDeck,
        board: Board,
    ) -> None:
        super().__init__(num_players)
        self.options = options
        self.horse_names: tuple[str, ...] = tuple(h.name for h in race_deck.horses)
        self.horse_index = {name: h for h, name in enumerate(self.horse_names)}
        self.card_values: dict[str, tuple[int, int, int, int]] = race_deck.values
        self.action_cards: dict[str, ActionCard] = action_deck.copies
        self.action_card_views = {
            c: {"card": c, **card.model_dump(exclude={"copies", "source"})}
            for c, card in self.action_cards.items()
        }
        """Each action card as a seat's view shows it in its hand, written once: a view
        is built at every move of a search's rollout (issue 24)."""
        # WT 1.1 / ruling on 3b: the track length (proposed 32 fields).
        self.track = options.track_length or board.track_length(
            num_players, options.track_by_players
        )
        self.min_stakes = board.minimum_stakes.amounts
        # WT 1.2 / ruling 13: 10,000 each; the bank holds the rest of the notes.
        start = board.starting_money.amount
        self.cash = [start] * num_players
        self.bank = board.total_money - start * num_players
        self.unlimited = options.unlimited_bank
        self._all_race_cards = sorted(self.card_values)
        self._all_action_cards = sorted(self.action_cards)
        self._cells = [(h, p) for h in range(len(self.horse_names)) for p in range(1, PLACES + 1)]
        self.everyone = Turn(seats=tuple(range(num_players)), simultaneous=True)
        self._seat_turns = tuple(Turn(seats=(s,)) for s in range(num_players))
        self._passed = tuple(Event("pass", {"seat": s}) for s in range(num_players))
        """Each seat's pass, one shared log entry (entries are never changed): passes
        are half the moves of a game (ruling 12)."""
        self.race = 0
        self.windows_opened = 0
        self.ended_early = False
        self.history: list[dict[str, Any]] = []
        # One race's data, set afresh by setup.start_race (WT 1.3, 11.1).
        self.pile: list[str] = []
        """The race pile, top card last (drawn with ``pop``); its order is never shown."""
        self.discard: list[str] = []
        self.action_pile: list[str] = []
        self.action_discard: list[str] = []
        self.hands: list[list[str]] = []
        self.actions: list[list[str]] = []
        self.purchases: list[int] = []
        self.played_actions: list[int] = []
        self.stakes: list[Grid] = []
        self.second: list[Grid] = []
        self.no_chance: list[tuple[int, int] | None] = []
        self.long_odds: list[bool] = []
        self.long_odds_cell: list[tuple[int, int] | None] = []
        self.peeks: dict[int, dict[str, Any]] = {}
        self.position: list[int] = []
        self.moved: list[int] = []
        self.movement: list[int] = []
        self.places: list[int | None] = []
        self.rounds = 0
        self.revealed: list[dict[str, Any]] = []
        self.timing = ""
        self.priority = 0
        self.passes = 0
        self.able: list[bool] = []
        self.able_count = 0
        self.announced: list[dict[str, Any]] = []
        self.to_resolve: list[dict[str, Any]] = []
        self.looking: tuple[int, list[str]] | None = None
        self.draws: list[tuple[int, str]] = []
        self.shuffle: str | None = DECKS
        self.stage = DEAL
        setup.start_race(self)

    # ============================================================== queries
    @property
    def min_stake(self) -> int:
        """WT 2.3: 1000, 1000, 2000, 2000, 3000 in races 1 to 5."""
        return self.min_stakes[self.race - 1]

    @property
    def pro_rules(self) -> bool:
        """WT 9.2: "No chance..." in every race, from race 4 on, or never."""
        mode = self.options.pro_rules
        return mode == "all" or (mode == "from_race_4" and self.race >= 4)

    def running(self) -> list[bool]:
        return [p is None for p in self.places]

    def price(self, seat: int) -> int:
        """WT 6.2: 1000, 2000, 4000, ... for this player's k-th card this race."""
        return FIRST_PRICE << self.purchases[seat]

    def fee(self, seat: int) -> int | None:
        """WT 7.5: what this player's next action card costs, ``None`` after three."""
        count = self.played_actions[seat]
        return FEE_FACTORS[count] * self.min_stake if count < len(FEE_FACTORS) else None

    def last_place(self) -> list[int]:
        """The running horses farthest behind (ruling on Second Wind / Long Odds)."""
        running = [h for h, p in enumerate(self.places) if p is None]
        rear = min(self.position[h] for h in running)
        return [h for h in running if self.position[h] == rear]

    # ================================================================ chance
    def chance_outcomes(self) -> Sequence[tuple[Move, float]]:
        """Every pending chance event here is a shuffle: one uniformly random
        permutation (of 60 + 28 cards, or of the discards), too many outcomes to
        list. :meth:`sample_chance` draws one; :meth:`_is_chance_outcome` checks one."""
        return ()

    def sample_chance(self, rng: random.Random) -> Move:
        return setup.sample_shuffle(self, rng)

    def _is_chance_outcome(self, outcome: Move) -> bool:
        return setup.is_shuffle(self, outcome)

    def _why_impossible(self, outcome: Move) -> str:
        return setup.why_not_shuffle(self, outcome)

    def _do_chance(self, outcome: Move) -> None:
        setup.do_shuffle(self, outcome)

    # ========================================================== core contract
    def _turn(self) -> Turn:
        if self.shuffle is not None:
            return TURN_CHANCE
        stage = self.stage
        if stage == WINDOW:
            return self._seat_turns[self.priority]
        if stage in (STAKES, PLAY, SECOND):
            return self.everyone
        if stage == RESOLVE and self.looking is not None:
            return self._seat_turns[self.looking[0]]
        return TURN_OVER

    def legal_moves(self, seat: int) -> Sequence[Move] | None:
        if seat not in self.turn().seats:
            return []
        stage = self.stage
        if stage in (STAKES, SECOND):
            return None
        if stage == PLAY:
            return rounds.card_moves(self, seat)
        if stage == RESOLVE:
            return action_cards.keep_moves(self)
        return windows.window_moves(self, seat)

    def _check(self, seat: int, move: Move) -> None:
        stage = self.stage
        if stage == STAKES:
            stakes.check_stakes(self, seat, move)
        elif stage == SECOND:
            second_bet.check_second_bet(self, seat, move)
        elif stage == PLAY:
            rounds.check_card(self, seat, move)
        elif stage == RESOLVE:
            action_cards.check_keep(self, move)
        else:
            windows.check_window(self, seat, move)

    def _do(self, seat: int, move: Move) -> None:
        if isinstance(move, Pass):
            windows.pass_priority(self, seat)
        elif isinstance(move, BuyRaceCard):
            windows.buy(self, seat)
        elif isinstance(move, PlayActionCard):
            action_cards.announce(self, seat, move)
        elif isinstance(move, NoChance):
            pro_rule.show_ticket(self, seat, move)
        elif isinstance(move, KeepCard):
            action_cards.keep(self, seat, move.card)

    def _do_simultaneous(self, moves: Mapping[int, Move]) -> None:
        stage = self.stage
        if stage == STAKES:
            stakes.do_stakes(self, moves)
        elif stage == SECOND:
            second_bet.do_second_bet(self, moves)
        else:
            rounds.reveal(self, moves)

    def random_move(self, seat: int, rng: random.Random) -> Move:
        """A random player: small random tickets, a random card, and in action
        windows mostly passing (buying seldom, so playouts stay short)."""
        stage = self.stage
        if stage == WINDOW:
            return windows.random_window_move(self, seat, rng)
        if stage in (STAKES, SECOND):
            return stakes.random_ticket(self, seat, rng)
        if stage == PLAY:
            return rounds.random_card(self, seat, rng)
        moves = self.legal_moves(seat)
        assert moves
        return moves[int(rng.random() * len(moves))]

    def result(self) -> Result | None:
        if self.stage != OVER:
            return None
        # WT 11.3: the most money wins; equal money shares the win (ruling 20).
        return Result.from_scores(self.cash)

    def play_random(
        self, rng: random.Random, streams: Sequence[random.Random]
    ) -> tuple[int, int] | None:
        """The quiet loop of ``tote simulate``'s random bots (issue 24, 2):
        :func:`fast_race.play_game`."""
        return fast_race.play_game(self, rng, streams)

    def clone(self) -> WettenState:
        """A copy that plays on exactly as a deep copy would (issue 24): it shares what
        never changes once the game is set up (the options, the card data, the turns and
        passes), the log's entries, the history's race records and the revealed cards
        (never changed once written), and copies every container a move changes, keeping
        the announced action cards shared between ``announced`` and ``to_resolve`` as the
        original shares them. A deep copy spent a quarter of a board's world on this."""
        world = object.__new__(WettenState)
        fields = self.__dict__.copy()
        for name in _COPIED:
            fields[name] = fields[name].copy()
        for name in _NESTED:
            fields[name] = [inner.copy() for inner in fields[name]]
        fields["peeks"] = {s: dict(peek) for s, peek in self.peeks.items()}
        entries = {id(entry): dict(entry) for entry in self.announced}
        fields["announced"] = [entries[id(entry)] for entry in self.announced]
        fields["to_resolve"] = [
            entries.setdefault(id(entry), dict(entry)) for entry in self.to_resolve
        ]
        if self.looking is not None:
            fields["looking"] = (self.looking[0], list(self.looking[1]))
        world.__dict__ = fields
        return world

    def _sample_world(self, seat: int | None, rng: random.Random) -> WettenState:
        return sampling.sample_world(self, seat, rng)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)
