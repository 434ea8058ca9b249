"""Wetten! rules, in the order of the rulebook's phases.

Five races, each: 1. Set the Stakes, 2. Start, 3. Second Bet, 4. Neck-and-Neck,
5. Payout. Rule numbers (``WT x.y``) refer to ``docs/rules/wetten.md``; numbered
rulings to the game-data file (``docs/data/wetten.md``).

Action cards and card purchases happen in action windows (ruling 12): priority
goes round the table from a rotating seat; in their priority turn a player may
buy race cards, then announce one action card (or show their ticket under
"No chance...") or pass. The window closes when every player able to act has
passed in a row; the announced cards then resolve in the order announced.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from tote.core import draws
from tote.core.errors import IllegalMove
from tote.core.events import Event
from tote.core.moves import Move
from tote.core.result import Result
from tote.core.state import TURN_CHANCE, TURN_OVER, State, Turn
from tote.games.wetten.data import (
    PLACES,
    RACES,
    ActionCard,
    ActionDeck,
    Board,
    RaceDeck,
)
from tote.games.wetten.moves import (
    CODEC,
    Bet,
    BuyRaceCard,
    Cell,
    KeepCard,
    NoChance,
    Pass,
    PlayActionCard,
    PlayRaceCard,
    SecondBet,
    SetTheStakes,
    ShuffleDecks,
    ShuffleDiscards,
)
from tote.games.wetten.options import WettenOptions
from tote.games.wetten.payout import (
    NO_CHANCE_QUOTA,
    SECOND_BET,
    SET_THE_STAKES,
    pay_order,
    winnings,
)
from tote.games.wetten.race import (
    apply_modifier,
    assign_places,
    finishing_groups,
    round_movement,
)

RACE_HAND = 6
ACTION_HAND = 3
FEE_FACTORS = (0, 3, 5)
"""WT 7.5: the first action card of a race is free, the second costs 3 times the
minimum stake, the third 5 times."""
FIRST_PRICE = 1000
"""WT 6.2: the first race card bought in a race costs 1000, each next one double."""
STEP = 1000
"""Ruling 2: bets are multiples of 1000 (the smallest banknote)."""
LONG_ODDS = "long_odds"

# Stages of a race.
DEAL = "deal"
WINDOW = "window"
STAKES = "set_the_stakes"
PLAY = "play"
REFILL = "refill"
RESOLVE = "resolve"
SECOND = "second_bet"
OVER = "over"

PASS = Pass()
BUY = BuyRaceCard()
NO_CARD = PlayRaceCard(None)
"""WT 3.1: what a player with an empty hand lays (no card)."""


@cache
def shared_move(kind: type[Move] | type[Bet], *fields: Any) -> Any:
    """The move (or bet) ``kind(*fields)``, built the first time it is asked for and
    then shared: moves are frozen values, and the same few (a card, a card with its
    target, a bet) recur all game, so generating moves allocates almost nothing."""
    return kind(*fields)


# Pending shuffles.
DECKS = "decks"
DISCARDS = "discards"

Grid = dict[tuple[int, int], int]


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
        self._start_race()

    # ============================================================ setting up
    def _start_race(self) -> None:
        """WT 1.3, 11.1: every card collected, hands and tickets emptied, horses
        behind the line, prices and fees start over; the decks wait for their
        shuffle (a chance move), then :meth:`_deal` deals."""
        self.race += 1
        n = self.num_players
        self.pile: list[str] = []
        """The race pile, top card last (drawn with ``pop``); its order is never shown."""
        self.discard: list[str] = []
        self.action_pile: list[str] = []
        self.action_discard: list[str] = []
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.actions: list[list[str]] = [[] for _ in range(n)]
        self.purchases = [0] * n
        self.played_actions = [0] * n
        self.stakes: list[Grid] = [{} for _ in range(n)]
        self.second: list[Grid] = [{} for _ in range(n)]
        self.no_chance: list[tuple[int, int] | None] = [None] * n
        self.long_odds = [False] * n
        self.long_odds_cell: list[tuple[int, int] | None] = [None] * n
        self.peeks: dict[int, dict[str, Any]] = {}
        self.position = [0, 0, 0, 0]
        self.moved = [0, 0, 0, 0]
        self.movement = [0, 0, 0, 0]
        self.places: list[int | None] = [None, None, None, None]
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
        self.log.append(Event("race", {"race": self.race, "minimum_stake": self.min_stake}))

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

    # ================================================================ chance
    def chance_outcomes(self) -> Sequence[tuple[Move, float]]:
        """Every pending chance event here is a shuffle: one uniformly random
        permutation (of 60 + 28 cards, or of the discards), too many outcomes to
        list. :meth:`sample_chance` draws one; :meth:`_is_chance_outcome` checks one."""
        return ()

    def sample_chance(self, rng: random.Random) -> Move:
        if self.shuffle == DECKS:
            race = list(self._all_race_cards)
            actions = list(self._all_action_cards)
            draws.shuffle(rng, race)
            draws.shuffle(rng, actions)
            return ShuffleDecks(tuple(race), tuple(actions))
        order = sorted(self.discard)
        draws.shuffle(rng, order)
        return ShuffleDiscards(tuple(order))

    def _is_chance_outcome(self, outcome: Move) -> bool:
        if isinstance(outcome, ShuffleDecks):
            return (
                self.shuffle == DECKS
                and sorted(outcome.race_cards) == self._all_race_cards
                and sorted(outcome.action_cards) == self._all_action_cards
            )
        if isinstance(outcome, ShuffleDiscards):
            return self.shuffle == DISCARDS and sorted(outcome.race_cards) == sorted(self.discard)
        return False

    def _do_chance(self, outcome: Move) -> None:
        self.shuffle = None
        if isinstance(outcome, ShuffleDecks):
            self._deal(outcome)
        else:
            assert isinstance(outcome, ShuffleDiscards)
            # WT 3.7 / ruling 10: the discards become the new pile.
            self.pile = list(reversed(outcome.race_cards))
            self.discard = []
            self.log.append(Event("reshuffled", {"cards": len(self.pile)}))
            self._draw_pending()

    def _deal(self, shuffled: ShuffleDecks) -> None:
        """WT 1.3: both decks shuffled (top card first); six race cards and three
        action cards dealt to each player, each seeing only their own."""
        self.pile = list(reversed(shuffled.race_cards))
        self.action_pile = list(reversed(shuffled.action_cards))
        pile, actions = self.pile, self.action_pile
        for seat in range(self.num_players):
            self.hands[seat] = [pile.pop() for _ in range(RACE_HAND)]
        for seat in range(self.num_players):
            self.actions[seat] = [actions.pop() for _ in range(ACTION_HAND)]
        self.log.append(
            Event(
                "dealt",
                {"race_cards": RACE_HAND, "action_cards": ACTION_HAND},
                {
                    seat: {
                        "race_cards": list(self.hands[seat]),
                        "action_cards": list(self.actions[seat]),
                    }
                    for seat in range(self.num_players)
                },
            )
        )
        self._open_window("stakes")

    def _draw_pending(self) -> None:
        """Draw the race cards owed (bought, free, looked at) from the top of the pile.
        WT 3.7 / ruling 10: an empty pile waits for the discards to be shuffled (a
        chance move); with no discards either, no card comes."""
        while self.draws:
            if not self.pile:
                if self.discard:
                    self.shuffle = DISCARDS
                    return
                seat, _ = self.draws.pop(0)
                self.log.append(Event("no_card_left", {"seat": seat}))
                continue
            seat, reason = self.draws.pop(0)
            card = self.pile.pop()
            if reason == "look":
                assert self.looking is not None
                self.looking[1].append(card)
            else:
                self.hands[seat].append(card)
            self.log.append(
                Event(
                    "race_card_drawn",
                    {"seat": seat, "reason": reason},
                    {seat: {"card": card, "values": list(self.card_values[card])}},
                )
            )
        self._after_draws()

    def _after_draws(self) -> None:
        if self.stage == REFILL:
            self._open_window("start" if self.rounds == 1 else "neck_and_neck")
        elif self.stage == RESOLVE and not (self.looking and self.looking[1]):
            self.looking = None
            self._resolve()

    # ================================================ Phase 1: Set the Stakes
    def _check_ticket(self, seat: int, bets: Sequence[Bet], what: str) -> Grid:
        """WT 2.2-2.4 (and 5.1 for the Second Bet): one amount per cell, each at
        least the minimum stake in multiples of 1000, together at most the cash."""
        grid: Grid = {}
        for bet in bets:
            if bet.horse not in self.horse_index:
                raise IllegalMove(
                    "WT 2.2 the betting grid",
                    f"there is no horse {bet.horse!r}; horses: {', '.join(self.horse_names)}",
                )
            if not 1 <= bet.place <= PLACES:
                raise IllegalMove("WT 2.2 the betting grid", f"places are 1 to 4, not {bet.place}")
            cell = (self.horse_index[bet.horse], bet.place)
            if cell in grid:
                raise IllegalMove(
                    "WT 2.2 the betting grid",
                    f"{bet.horse} in place {bet.place} appears twice; a cell holds one amount",
                )
            if bet.stake < self.min_stake or bet.stake % STEP:
                raise IllegalMove(
                    "WT 2.3 minimum stake",
                    f"each bet in race {self.race} is at least {self.min_stake} in multiples"
                    f" of {STEP}, not {bet.stake}",
                )
            grid[cell] = bet.stake
        total = sum(grid.values())
        if total > self.cash[seat]:
            raise IllegalMove(
                "WT 2.4 only money at hand",
                f"your {what} totals {total} but you have {self.cash[seat]}",
            )
        return grid

    def _write_tickets(self, moves: Mapping[int, Move], kind: str) -> None:
        """WT 2.1, 2.5, 5.1: the tickets lie face down; their money goes to the
        bank at once and is never returned. Only each ticket's total is public."""
        totals = []
        for seat in range(self.num_players):
            move = moves[seat]
            assert isinstance(move, SetTheStakes | SecondBet)
            grid = {(self.horse_index[b.horse], b.place): b.stake for b in move.bets}
            (self.stakes if kind == SET_THE_STAKES else self.second)[seat] = grid
            if isinstance(move, SecondBet) and move.long_odds is not None:
                self.long_odds_cell[seat] = (
                    self.horse_index[move.long_odds.horse],
                    move.long_odds.place,
                )
            total = sum(grid.values())
            self.cash[seat] -= total
            self.bank += total
            totals.append(total)
        self.log.append(
            Event(
                "tickets",
                {"ticket": kind, "totals": totals},
                {s: {"bets": self._grid_view(self._ticket(s, kind))} for s in moves},
            )
        )

    def _ticket(self, seat: int, kind: str) -> Grid:
        return (self.stakes if kind == SET_THE_STAKES else self.second)[seat]

    # ===================================================== action windows
    def _open_window(self, timing: str) -> None:
        """Ruling 12: priority in seat order from a seat that moves on one place
        with every window (the first window starts with seat 0)."""
        self.stage = WINDOW
        self.timing = timing
        self.announced = []
        self.passes = 0
        self.priority = self.windows_opened % self.num_players
        self.windows_opened += 1
        self.log.append(Event("window", {"timing": timing, "priority": self.priority}))
        self._refresh_able()
        self._find_priority(self.priority)

    def _find_priority(self, seat: int) -> None:
        """Priority to ``seat`` or, skipping seats that cannot act, the next one that
        can; close the window once everyone able to act has passed in a row (or
        nobody can act). ``self.able`` and ``self.able_count`` are refreshed
        whenever cash, hands or tickets change (not by a pass)."""
        if self.passes >= self.able_count:
            self._close_window()
            return
        able, n = self.able, self.num_players
        while not able[seat]:
            seat = (seat + 1) % n
        self.priority = seat

    def _refresh_able(self) -> None:
        """Who gets a priority turn: a player holding an action card (a public
        count), able to afford a race card, or who may still show their ticket
        (WT 9.1)."""
        second_bet = self.timing == "second_bet"
        cash, purchases = self.cash, self.purchases
        self.able = [
            bool(actions)
            or cash[seat] >= FIRST_PRICE << purchases[seat]
            or (second_bet and self._may_show_ticket(seat))
            for seat, actions in enumerate(self.actions)
        ]
        self.able_count = sum(self.able)

    def _next_priority(self) -> None:
        self._find_priority((self.priority + 1) % self.num_players)

    def price(self, seat: int) -> int:
        """WT 6.2: 1000, 2000, 4000, ... for this player's k-th card this race."""
        return FIRST_PRICE << self.purchases[seat]

    def fee(self, seat: int) -> int | None:
        """WT 7.5: what this player's next action card costs, ``None`` after three."""
        count = self.played_actions[seat]
        return FEE_FACTORS[count] * self.min_stake if count < len(FEE_FACTORS) else None

    def _buy(self, seat: int) -> None:
        price = self.price(seat)
        self.cash[seat] -= price
        self.bank += price
        self.purchases[seat] += 1
        self.log.append(Event("race_card_bought", {"seat": seat, "price": price}))
        self.draws.append((seat, "buy"))
        self._draw_pending()

    def _check_window(self, seat: int, move: Move) -> None:
        if isinstance(move, Pass):
            return
        if isinstance(move, BuyRaceCard):
            if self.cash[seat] < self.price(seat):
                raise IllegalMove(
                    "WT 6.3 pay for the card",
                    f"the next race card costs {self.price(seat)}; you have {self.cash[seat]}",
                )
            return
        if isinstance(move, NoChance):
            self._check_no_chance(seat, move)
            return
        if isinstance(move, PlayActionCard):
            self._check_action(seat, move)
            return
        raise IllegalMove(
            "WT 7.3 action window",
            f"now players announce action cards, buy race cards or pass, not {move.kind!r}",
        )

    def _announce(self, seat: int, move: PlayActionCard) -> None:
        """WT 7.3-7.5: pay the fee, lay the card out; it resolves when the window
        closes, in the order of announcement."""
        fee = self.fee(seat)
        assert fee is not None
        self.cash[seat] -= fee
        self.bank += fee
        self.played_actions[seat] += 1
        self.actions[seat].remove(move.card)
        card = self.action_cards[move.card]
        entry: dict[str, Any] = {
            "seat": seat,
            "card": move.card,
            "effect": card.effect,
            "amount": card.amount,
            "horse": None if move.horse is None else self.horse_index[move.horse],
            "other": None if move.other_horse is None else self.horse_index[move.other_horse],
            "opponent": move.opponent,
            "place": move.place,
            "target": len(self.announced) - 1 if card.effect == "cancel" else None,
            "cancelled": False,
        }
        self.announced.append(entry)
        public = self._announcement_view(entry, None)
        # Only a Hedge shows its owner more than everyone sees (_announcement_view).
        mine = self._announcement_view(entry, seat) if card.effect == "hedge" else public
        self.log.append(Event("action_announced", {**public, "fee": fee}, {seat: mine}))

    def _close_window(self) -> None:
        """WT 7.4 / 8.11: cancellations first (a later Inquiry may cancel an earlier
        one), then the remaining cards in announcement order."""
        self.stage = RESOLVE
        announced = self.announced
        if not announced:
            self._after_window()
            return
        for entry in reversed(announced):
            if entry["effect"] == "cancel" and not entry["cancelled"]:
                announced[entry["target"]]["cancelled"] = True
        self.to_resolve = list(announced)
        self.action_discard.extend(e["card"] for e in announced)
        self._resolve()

    def _resolve(self) -> None:
        while self.to_resolve:
            entry = self.to_resolve.pop(0)
            if entry["cancelled"]:
                self.log.append(Event("action_cancelled", self._announcement_view(entry, None)))
                continue
            self._apply_action(entry)
            if self.draws:
                self._draw_pending()
                return
            self.looking = None
        self._after_window()

    def _after_window(self) -> None:
        timing = self.timing
        if timing == "stakes":
            self.stage = STAKES
        elif timing == "start_before":
            self.stage = PLAY
        elif timing == "second_bet":
            self.stage = SECOND
        else:
            self._move_horses()

    # ==================================================== action card effects
    def _check_action(self, seat: int, move: PlayActionCard) -> None:
        """WT 7.2, 7.5 and the targets each effect needs (WT 8)."""
        if move.card not in self.actions[seat]:
            raise IllegalMove("WT 7.1 your action cards", f"you hold no action card {move.card!r}")
        card = self.action_cards[move.card]
        if "any" not in card.when and self.timing not in card.when:
            raise IllegalMove(
                "WT 7.2 the named time",
                f"{card.name} is played in {', '.join(card.when)}, not now ({self.timing})",
            )
        fee = self.fee(seat)
        if fee is None or fee > self.cash[seat]:
            raise IllegalMove(
                "WT 7.5 action card fees",
                f"your next action card this race costs {fee}; you have {self.cash[seat]}",
            )
        effect = card.effect
        running = self.running()
        needs_horse = effect in ("move", "halve", "swap", "boost_last", "hedge")
        for name in (move.horse, move.other_horse):
            if name is not None and name not in self.horse_index:
                raise IllegalMove("WT 8 targets", f"there is no horse {name!r}")
        if needs_horse != (move.horse is not None):
            raise IllegalMove(
                "WT 8 targets",
                f"{card.name} {'needs' if needs_horse else 'takes no'} target horse",
            )
        if (effect == "swap") != (move.other_horse is not None):
            raise IllegalMove("WT 8.4 Jockey Swap", "only Jockey Swap names a second horse")
        if (effect == "peek_hand") != (move.opponent is not None):
            raise IllegalMove("WT 8.7 Insider Tip", "only Insider Tip names an opponent")
        if (effect == "hedge") != (move.place is not None):
            raise IllegalMove("WT 8.9 Hedge", "only Hedge names a place (the cancelled bet)")
        horse = None if move.horse is None else self.horse_index[move.horse]
        if effect in ("move", "halve", "swap", "boost_last"):
            assert horse is not None
            if not running[horse]:
                raise IllegalMove(
                    "WT 3.6 finished horses", f"{move.horse} has finished; it cannot be targeted"
                )
        if effect == "swap":
            assert move.other_horse is not None
            other = self.horse_index[move.other_horse]
            if other == horse or not running[other]:
                raise IllegalMove("WT 8.4 Jockey Swap", "swap two different running horses")
        if effect == "boost_last" and horse not in self.last_place():
            raise IllegalMove(
                "WT 8.5 Second Wind", f"{move.horse} is not in last place among running horses"
            )
        if effect == "peek_hand" and (
            move.opponent == seat or not 0 <= (move.opponent or 0) < self.num_players
        ):
            raise IllegalMove("WT 8.7 Insider Tip", "name another player at the table")
        if effect == "hedge":
            assert horse is not None and move.place is not None
            cell = (horse, move.place)
            taken = [
                (e["horse"], e["place"])
                for e in self.announced
                if e["seat"] == seat and e["effect"] == "hedge"
            ]
            if cell not in self.stakes[seat] or cell in taken:
                raise IllegalMove(
                    "WT 8.9 Hedge", "name one of your own Set-the-Stakes bets (horse and place)"
                )
        if effect == "cancel":
            last = self.announced[-1] if self.announced else None
            if last is None or last["seat"] == seat:
                raise IllegalMove(
                    "WT 8.11 Stewards' Inquiry",
                    "it answers another player's action card announced just before",
                )

    def last_place(self) -> list[int]:
        """The running horses farthest behind (ruling on Second Wind / Long Odds)."""
        running = [h for h, p in enumerate(self.places) if p is None]
        rear = min(self.position[h] for h in running)
        return [h for h in running if self.position[h] == rear]

    def _apply_action(self, entry: dict[str, Any]) -> None:
        """WT 8: one card's effect, in announcement order."""
        seat, effect, amount = entry["seat"], entry["effect"], entry["amount"]
        data: dict[str, Any] = self._announcement_view(entry, None)
        private: dict[int, Mapping[str, Any]] | None = None
        if effect in ("move", "halve", "cap", "swap", "boost_last"):
            apply_modifier(
                effect, amount, self.movement, self.running(), entry["horse"], entry["other"]
            )
            data["movement"] = list(self.movement)
        elif effect == "peek_deck":
            self.looking = (seat, [])
            self.draws.extend([(seat, "look")] * amount)
        elif effect == "peek_hand":
            opponent = entry["opponent"]
            seen = self._cards_view(self.hands[opponent])
            self.peeks[seat] = {"opponent": opponent, "cards": seen}
            private = {seat: {"cards": seen}}
        elif effect == LONG_ODDS:
            self.long_odds[seat] = True
        elif effect == "hedge":
            cell = (entry["horse"], entry["place"])
            stake = self.stakes[seat].pop(cell, 0)
            refund = stake // 2 // STEP * STEP
            if not self.unlimited:
                refund = min(refund, self.bank)
            self.cash[seat] += refund
            self.bank -= refund
            if self.no_chance[seat] == cell:
                self.no_chance[seat] = None
            data["refund"] = refund
            private = {seat: {"horse_name": self.horse_names[cell[0]], "place": cell[1]}}
        elif effect == "draw":
            self.draws.extend([(seat, "free")] * amount)
        self.log.append(Event("action_resolved", data, private))

    def _keep(self, seat: int, card: str) -> None:
        """WT 8.6 Paddock Tip: one looked-at card into the hand, the rest under the pile."""
        assert self.looking is not None
        cards = self.looking[1]
        cards.remove(card)
        self.hands[seat].append(card)
        self.pile[:0] = reversed(cards)
        self.log.append(
            Event(
                "paddock_tip_kept",
                {"seat": seat, "under_the_pile": len(cards)},
                {seat: {"card": card}},
            )
        )
        self.looking = None
        self._resolve()

    # ============================================ Pro-Rule "No chance..."
    def _may_show_ticket(self, seat: int) -> bool:
        return self.pro_rules and self.no_chance[seat] is None and bool(self.stakes[seat])

    def _check_no_chance(self, seat: int, move: NoChance) -> None:
        if not self.pro_rules:
            raise IllegalMove(
                "WT 9.2 variants", f'the Pro-Rule "No chance..." is not played in race {self.race}'
            )
        if self.timing != "second_bet":
            raise IllegalMove("WT 9.1 No chance", "the ticket is shown in the Second Bet phase")
        if self.no_chance[seat] is not None:
            raise IllegalMove("WT 9.1 No chance", "you have already marked a bet this race")
        cell = (self.horse_index.get(move.horse, -1), move.place)
        if cell not in self.stakes[seat]:
            raise IllegalMove(
                "WT 9.1 No chance", "mark one of the bets on your Set-the-Stakes ticket"
            )

    def _show_ticket(self, seat: int, move: NoChance) -> None:
        """WT 9.1: the ticket is turned over for everyone; the marked bet pays 8x."""
        self.no_chance[seat] = (self.horse_index[move.horse], move.place)
        self.log.append(
            Event(
                "no_chance",
                {
                    "seat": seat,
                    "bets": self._grid_view(self.stakes[seat]),
                    "marked": {"horse": move.horse, "place": move.place},
                },
            )
        )

    # ============================================== race rounds (Phases 2, 4)
    def _reveal(self, moves: Mapping[int, Move]) -> None:
        """WT 3.1-3.2: all cards turned over together; each running horse's
        movement is the sum of its numbers. WT 3.4: a player left with one card
        (or none) draws up to two for free."""
        self.rounds += 1
        self.revealed = []
        cards = []
        hands, discard, card_values = self.hands, self.discard, self.card_values
        for seat in range(self.num_players):
            move = moves[seat]
            assert isinstance(move, PlayRaceCard)
            card = move.card
            if card is None:
                self.revealed.append({"seat": seat, "card": None, "values": None})
                continue
            hands[seat].remove(card)
            discard.append(card)
            values = card_values[card]
            cards.append(values)
            self.revealed.append({"seat": seat, "card": card, "values": list(values)})
        self.movement = round_movement(cards, self.running())
        self.log.append(
            Event(
                "race_cards_revealed",
                {
                    "round": self.rounds,
                    "cards": list(self.revealed),
                    "movement": list(self.movement),
                },
            )
        )
        self.stage = REFILL
        for seat, hand in enumerate(hands):
            if len(hand) < 2:
                self.draws.extend([(seat, "free")] * (2 - len(hand)))
        self._draw_pending()

    def _move_horses(self) -> None:
        """WT 3.2, 4.1-4.6: the horses move; those past the line are placed."""
        position, moved, movement = self.position, self.moved, self.movement
        finishers = []
        for h, place in enumerate(self.places):
            if place is None:
                position[h] += movement[h]
                moved[h] = movement[h]
                if position[h] > self.track:
                    finishers.append(h)
        if finishers:
            assign_places(finishing_groups(finishers, position, moved), self.places)
        self.log.append(
            Event(
                "horses_moved",
                {
                    "round": self.rounds,
                    "movement": list(self.movement),
                    "positions": list(self.position),
                    "places": list(self.places),
                },
            )
        )
        if None not in self.places:
            self._pay_out()
        elif self.rounds == 1:
            self._open_window("second_bet")
        else:
            self.stage = PLAY

    # ======================================================= Phase 5: Payout
    def _pay_out(self) -> None:
        """WT 10.1-10.4: Second Bet tickets, then Set the Stakes; a bank short of
        money pays the smaller wins first and the game ends (ruling 14); a broke
        player is topped up to the next minimum stake (ruling 15)."""
        n = self.num_players
        second = winnings(
            self.second,
            self.places,
            SECOND_BET,
            [(self.long_odds_cell[s] if self.long_odds[s] else None, 4) for s in range(n)],
        )
        first = winnings(
            self.stakes,
            self.places,
            SET_THE_STAKES,
            [(self.no_chance[s], NO_CHANCE_QUOTA) for s in range(n)],
        )
        paid, forfeited = pay_order(second + first, None if self.unlimited else self.bank)
        for win in paid:
            self.cash[win.seat] += win.amount
            self.bank -= win.amount
        self.ended_early = bool(forfeited)
        top_ups = [0] * n
        if not self.ended_early and self.race < RACES:
            minimum = self.min_stakes[self.race]
            for seat in range(n):
                if self.cash[seat] < minimum:
                    gift = (
                        minimum
                        if self.options.top_up == "gift_minimum"
                        else minimum - self.cash[seat]
                    )
                    if not self.unlimited:
                        gift = min(gift, self.bank)
                    self.cash[seat] += gift
                    self.bank -= gift
                    top_ups[seat] = gift

        def line(win: Any) -> dict[str, Any]:
            return {
                "seat": win.seat,
                "ticket": win.ticket,
                "horse": self.horse_names[win.horse],
                "place": win.place,
                "stake": win.stake,
                "quota": win.quota,
                "amount": win.amount,
            }

        summary = {
            "race": self.race,
            "places": {self.horse_names[h]: p for h, p in enumerate(self.places)},
            "tickets": [
                {
                    "seat": s,
                    SET_THE_STAKES: self._grid_view(self.stakes[s]),
                    SECOND_BET: self._grid_view(self.second[s]),
                    "no_chance": self._cell_view(self.no_chance[s]),
                    "long_odds": self._cell_view(self.long_odds_cell[s])
                    if self.long_odds[s]
                    else None,
                }
                for s in range(n)
            ],
            "paid": [line(w) for w in paid],
            "forfeited": [line(w) for w in forfeited],
            "top_ups": top_ups,
            "cash": list(self.cash),
            "bank": None if self.unlimited else self.bank,
            "ended_early": self.ended_early,
        }
        self.history.append(summary)
        self.log.append(Event("payout", summary))
        if self.ended_early or self.race == RACES:
            self.stage = OVER
            self.log.append(Event("game_over", {"cash": list(self.cash)}))
            return
        self._start_race()

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
            hand = self.hands[seat]
            return [shared_move(PlayRaceCard, c) for c in hand] if hand else [NO_CARD]
        if stage == RESOLVE:
            assert self.looking is not None
            return [KeepCard(c) for c in self.looking[1]]
        return self._window_moves(seat)

    def _window_moves(self, seat: int) -> list[Move]:
        moves: list[Move] = [PASS]
        if self.cash[seat] >= self.price(seat):
            moves.append(BUY)
        moves.extend(self._announcements(seat))
        return moves

    def _announcements(self, seat: int) -> list[Move]:
        """The window moves besides passing and buying: showing the ticket (WT 9.1)
        and every action card with each target it may take (WT 7, 8). Moves are
        immutable values, so each is built once and shared (:func:`shared_move`)."""
        move = shared_move
        moves: list[Move] = []
        if self.timing == "second_bet" and self._may_show_ticket(seat):
            moves.extend(
                move(NoChance, self.horse_names[h], p) for h, p in sorted(self.stakes[seat])
            )
        fee = self.fee(seat)
        if fee is None or fee > self.cash[seat]:
            return moves
        names = self.horse_names
        running = [names[h] for h, p in enumerate(self.places) if p is None]
        timing = self.timing
        for card_id in self.actions[seat]:
            card = self.action_cards[card_id]
            if timing not in card.when and "any" not in card.when:
                continue
            effect = card.effect
            if effect in ("move", "halve"):
                moves.extend(move(PlayActionCard, card_id, h) for h in running)
            elif effect == "swap":
                moves.extend(
                    move(PlayActionCard, card_id, a, b)
                    for i, a in enumerate(running)
                    for b in running[i + 1 :]
                )
            elif effect == "boost_last":
                moves.extend(move(PlayActionCard, card_id, names[h]) for h in self.last_place())
            elif effect == "peek_hand":
                moves.extend(
                    move(PlayActionCard, card_id, None, None, o)
                    for o in range(self.num_players)
                    if o != seat
                )
            elif effect == "hedge":
                taken = {
                    (e["horse"], e["place"])
                    for e in self.announced
                    if e["seat"] == seat and e["effect"] == "hedge"
                }
                moves.extend(
                    move(PlayActionCard, card_id, names[h], None, None, p)
                    for h, p in sorted(self.stakes[seat])
                    if (h, p) not in taken
                )
            elif effect == "cancel":
                if self.announced and self.announced[-1]["seat"] != seat:
                    moves.append(move(PlayActionCard, card_id))
            else:
                moves.append(move(PlayActionCard, card_id))
        return moves

    def _check(self, seat: int, move: Move) -> None:
        stage = self.stage
        if stage == STAKES:
            if not isinstance(move, SetTheStakes):
                raise IllegalMove(
                    "WT 2.1 Set the Stakes", "now every player writes a Set-the-Stakes ticket"
                )
            self._check_ticket(seat, move.bets, "Set-the-Stakes ticket")
        elif stage == SECOND:
            if not isinstance(move, SecondBet):
                raise IllegalMove(
                    "WT 5.1 Second Bet", "now every player writes a Second Bet ticket"
                )
            grid = self._check_ticket(seat, move.bets, "Second Bet ticket")
            if move.long_odds is not None:
                cell = (self.horse_index.get(move.long_odds.horse, -1), move.long_odds.place)
                if not self.long_odds[seat]:
                    raise IllegalMove("WT 8.8 Long Odds", "you played no Long Odds card this race")
                if cell not in grid or cell[0] not in self.last_place():
                    raise IllegalMove(
                        "WT 8.8 Long Odds",
                        "mark one of this ticket's bets on a horse now in last place",
                    )
        elif stage == PLAY:
            if not isinstance(move, PlayRaceCard):
                raise IllegalMove("WT 3.1 race rounds", "now every player lays a race card")
            hand = self.hands[seat]
            if move.card is None and hand:
                raise IllegalMove("WT 3.1 race rounds", "each player must play a race card")
            if move.card is not None and move.card not in hand:
                raise IllegalMove("WT 3.1 race rounds", f"you hold no race card {move.card!r}")
        elif stage == RESOLVE:
            assert self.looking is not None
            if not isinstance(move, KeepCard) or move.card not in self.looking[1]:
                raise IllegalMove(
                    "WT 8.6 Paddock Tip", "keep one of the race cards you are looking at"
                )
        else:
            self._check_window(seat, move)

    def _do(self, seat: int, move: Move) -> None:
        if isinstance(move, Pass):
            self.passes += 1
            self.log.append(self._passed[seat])
            self._find_priority((seat + 1) % self.num_players)
        elif isinstance(move, BuyRaceCard):
            self._buy(seat)
            self._refresh_able()
        elif isinstance(move, PlayActionCard):
            self._announce(seat, move)
            self.passes = 0
            self._refresh_able()
            self._next_priority()
        elif isinstance(move, NoChance):
            self._show_ticket(seat, move)
            self.passes = 0
            self._refresh_able()
            self._next_priority()
        elif isinstance(move, KeepCard):
            self._keep(seat, move.card)

    def _do_simultaneous(self, moves: Mapping[int, Move]) -> None:
        stage = self.stage
        if stage == STAKES:
            self._write_tickets(moves, SET_THE_STAKES)
            self._open_window("start_before")
        elif stage == SECOND:
            self._write_tickets(moves, SECOND_BET)
            self.stage = PLAY
        else:
            self._reveal(moves)

    def random_move(self, seat: int, rng: random.Random) -> Move:
        """A random player: small random tickets, a random card, and in action
        windows mostly passing (buying seldom, so playouts stay short)."""
        stage = self.stage
        if stage == WINDOW:
            x = rng.random()
            if x < 0.75:
                return PASS
            if x < 0.8 and self.cash[seat] >= self.price(seat):
                return BUY
            others = self._announcements(seat)
            return others[int(rng.random() * len(others))] if others else PASS
        if stage in (STAKES, SECOND):
            return self._random_ticket(seat, rng)
        if stage == PLAY:
            hand = self.hands[seat]
            if not hand:
                return NO_CARD
            played: PlayRaceCard = shared_move(PlayRaceCard, hand[int(rng.random() * len(hand))])
            return played
        moves = self.legal_moves(seat)
        assert moves
        return moves[int(rng.random() * len(moves))]

    def _random_ticket(self, seat: int, rng: random.Random) -> Move:
        budget = self.cash[seat]
        minimum = self.min_stake
        bets: list[Bet] = []
        for h, p in draws.sample(rng, self._cells, draws.below(rng, 4)):
            stake = minimum * (1 + draws.below(rng, 2))
            if stake > budget:
                break
            budget -= stake
            bets.append(shared_move(Bet, self.horse_names[h], p, stake))
        if self.stage == STAKES:
            return SetTheStakes(tuple(bets))
        marked = None
        if self.long_odds[seat]:
            last = self.last_place()
            for bet in bets:
                if self.horse_index[bet.horse] in last:
                    marked = Cell(bet.horse, bet.place)
                    break
        return SecondBet(tuple(bets), marked)

    def result(self) -> Result | None:
        if self.stage != OVER:
            return None
        # WT 11.3: the most money wins; equal money shares the win (ruling 20).
        return Result.from_scores(self.cash)

    # ================================================================= views
    def _grid_view(self, grid: Grid) -> list[dict[str, Any]]:
        return [
            {"horse": self.horse_names[h], "place": p, "stake": stake}
            for (h, p), stake in sorted(grid.items())
        ]

    def _cell_view(self, cell: tuple[int, int] | None) -> dict[str, Any] | None:
        return None if cell is None else {"horse": self.horse_names[cell[0]], "place": cell[1]}

    def _cards_view(self, cards: Sequence[str]) -> list[dict[str, Any]]:
        return [{"card": c, "values": list(self.card_values[c])} for c in cards]

    def _announcement_view(self, entry: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        """An announced card as ``seat`` may see it: a Hedge's cancelled bet is
        known only to its owner (it would show part of a face-down ticket)."""
        card = self.action_cards[entry["card"]]
        hidden = entry["effect"] == "hedge" and entry["seat"] != seat
        horse, other = entry["horse"], entry["other"]
        return {
            "seat": entry["seat"],
            "card": entry["card"],
            "name": card.name,
            "effect": card.effect,
            "amount": card.amount,
            "horse": None if horse is None or hidden else self.horse_names[horse],
            "other_horse": None if other is None else self.horse_names[other],
            "opponent": entry["opponent"],
            "place": None if hidden else entry["place"],
            "cancelled": entry["cancelled"],
        }

    def _tickets_view(self, seat: int | None) -> list[dict[str, Any]]:
        """WT 2.6: a ticket's cells are seen by its owner (or by everyone once shown
        under "No chance..."); everyone sees the money on it."""
        tickets = []
        for s in range(self.num_players):
            shown = s == seat or self.no_chance[s] is not None
            tickets.append(
                {
                    "seat": s,
                    "stakes_total": sum(self.stakes[s].values()),
                    "second_total": sum(self.second[s].values()),
                    SET_THE_STAKES: self._grid_view(self.stakes[s]) if shown else None,
                    SECOND_BET: self._grid_view(self.second[s]) if s == seat else None,
                    "no_chance": self._cell_view(self.no_chance[s]),
                    "long_odds": self.long_odds[s] if s == seat else None,
                    "long_odds_cell": self._cell_view(self.long_odds_cell[s])
                    if s == seat
                    else None,
                }
            )
        return tickets

    def _view(self, seat: int | None) -> dict[str, Any]:
        looking = self.looking
        return {
            "race": self.race,
            "races": RACES,
            "stage": self.stage,
            "timing": self.timing if self.stage in (WINDOW, RESOLVE) else None,
            "round": self.rounds,
            "track": self.track,
            "minimum_stake": self.min_stake,
            "pro_rules": self.pro_rules,
            "variant": self.options.pro_rules,
            "priority": self.priority if self.stage == WINDOW else None,
            "horses": [
                {
                    "number": h + 1,
                    "name": name,
                    "position": self.position[h],
                    "field": self.position[h] - self.track
                    if self.places[h] is not None
                    else self.position[h],
                    "moved": self.moved[h],
                    "movement": self.movement[h],
                    "place": self.places[h],
                }
                for h, name in enumerate(self.horse_names)
            ],
            "cash": list(self.cash),
            "bank": None if self.unlimited else self.bank,
            "card_price": [self.price(s) for s in range(self.num_players)],
            "action_fee": [self.fee(s) for s in range(self.num_players)],
            "hand_sizes": [len(h) for h in self.hands],
            "action_counts": [len(a) for a in self.actions],
            "hand": self._cards_view(self.hands[seat]) if seat is not None else None,
            "action_cards": [
                {"card": c, **self.action_cards[c].model_dump(exclude={"copies", "source"})}
                for c in self.actions[seat]
            ]
            if seat is not None
            else None,
            "tickets": self._tickets_view(seat),
            "announced": [self._announcement_view(e, seat) for e in self.announced],
            "revealed": list(self.revealed),
            "insider_tip": self.peeks.get(seat) if seat is not None else None,
            "looking_at": self._cards_view(looking[1])
            if looking is not None and looking[0] == seat
            else None,
            "pile": len(self.pile),
            "discard": len(self.discard),
            "history": list(self.history),
            "ended_early": self.ended_early,
        }
