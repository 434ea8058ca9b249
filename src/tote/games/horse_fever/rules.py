"""Horse Fever, the Board Game, in the order of the rulebook's phases, with the
Family Game (``FG``) and the proposed Party Game (``PG``) as modes.

Preparation, then each round: 1 Purchase Phase (two steps, then the Starting
Lineup), 2 Betting Phase (first bet, race-fixing, second bet), 3 Race Phase
(showing the Action cards, the race, payoffs, new odds), 4 Auction Phase (Dutch,
then English auction), end of the round; after the last round, 5 Final Stage.
Rule ids (``HF x.y``) and rulings (``R..``) refer to docs/rules/horse-fever.md.

Seats play clockwise in seat order. Lanes are indexed 0..5 in board order and
odds rows 0..5 stand for 1:2 .. 1:7.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tote.core.errors import IllegalMove
from tote.core.events import Event
from tote.core.moves import Move
from tote.core.result import Result
from tote.core.state import TURN_CHANCE, TURN_OVER, State, Turn
from tote.games.horse_fever.data import ActionCard, Board, Cards, Effect, TargetCard, card_info
from tote.games.horse_fever.moves import (
    CODEC,
    Accept,
    AnswerOffer,
    BuyActionCards,
    BuyCard,
    BuyFromPlayer,
    BuyStable,
    ChangeOdds,
    ChooseFirstPlayer,
    CopyAssistant,
    DealCharacter,
    DrawCard,
    EndLineup,
    KeepCard,
    LineUpHorse,
    Pass,
    PhotoFinish,
    PlaceBet,
    PlaceStableToken,
    PlayActionCard,
    Refuse,
    RevealMovementCard,
    RollSprintDice,
    SkipBet,
    TakeLoan,
)
from tote.games.horse_fever.options import HorseFeverOptions
from tote.games.horse_fever.race import (
    LaneEffects,
    finishing_groups,
    new_row,
    shift_row,
    surviving_cards,
    unit_moves,
)

# Phases, in rulebook order.
SETUP_STABLES = "setup_stables"
SETUP_CHARACTERS = "setup_characters"
SETUP_FIRST_PLAYER = "setup_first_player"
COPY = "copy_assistant"
PURCHASE = "purchase"
DRAW = "draw"
KEEP = "keep"
OFFER = "offer"
LINEUP = "lineup"
FIRST_BET = "first_bet"
RACE_FIXING = "race_fixing"
SECOND_BET = "second_bet"
SECRET_BET = "secret_bet"
CHANGE_ODDS = "change_odds"
MOVEMENT = "movement"
SPRINT = "sprint"
PHOTO = "photo_finish"
DUTCH = "dutch_auction"
ENGLISH = "english_auction"
OVER = "over"

BANKNOTES = 75 * 100 + 25 * 500 + 25 * 1000
"""HF Content: the Bank's banknotes, 45 000 D (the Bank is unlimited, ruling R14)."""
VP_TOKENS = 16 * 1 + 7 * 3 + 6 * 5 + 5 * 10
"""HF Content: the VP reserve, 117 VP (unlimited too)."""

CHANCE_PHASES = frozenset({SETUP_STABLES, SETUP_CHARACTERS, SETUP_FIRST_PLAYER, DRAW})
DECKS = ("action", "target", "assistant", "horse")
LIMITED_KINDS = ("target", "assistant", "horse", "stable", "loan", "from_player")
DOUBLED_KINDS = frozenset({"target", "assistant", "horse", "stable"})


@dataclass(frozen=True, slots=True)
class Bet:
    """A Bet token on a pile of Danari (2.0 How to bet)."""

    seat: int
    lane: int
    kind: str
    amount: int
    betting: int
    """1: the first bet (2.1), 2: the second bet (2.3)."""


PASS = Pass()
BUY_ACTION_CARDS = BuyActionCards()
BUY_CARD: dict[str, Move] = {d: BuyCard(d) for d in ("target", "assistant", "horse")}
TAKE_LOAN: list[Move] = [TakeLoan("bank"), TakeLoan("mob")]


class Deck:
    """A face-down stack: ``top`` in unknown order (every draw is a chance move) and
    ``bottom``, the cards put back under it, in order (HF 1.1 draw four keep one)."""

    __slots__ = ("bottom", "top")

    def __init__(self, cards: Sequence[str]) -> None:
        self.top: list[str] = sorted(cards)
        self.bottom: list[str] = []

    def __len__(self) -> int:
        return len(self.top) + len(self.bottom)

    def outcomes(self) -> list[tuple[str, float]]:
        if self.top:
            p = 1.0 / len(self.top)
            return [(c, p) for c in self.top]
        return [(self.bottom[0], 1.0)] if self.bottom else []

    def sample(self, x: float) -> str:
        return self.top[int(x * len(self.top))] if self.top else self.bottom[0]

    def can_draw(self, card: str) -> bool:
        return card in self.top if self.top else bool(self.bottom) and self.bottom[0] == card

    def draw(self, card: str) -> None:
        if self.top:
            self.top.remove(card)
        else:
            self.bottom.pop(0)

    def put_under(self, cards: Sequence[str]) -> None:
        self.bottom.extend(cards)

    def shuffle_in(self, cards: Sequence[str]) -> None:
        self.top = sorted(self.top + list(cards))

    def copy(self) -> Deck:
        new = Deck(())
        new.top = list(self.top)
        new.bottom = list(self.bottom)
        return new


class HorseFeverState(State):
    game_id = "horse-fever"
    codec = CODEC
    has_simultaneous_turns = False

    def __init__(
        self, options: HorseFeverOptions, num_players: int, cards: Cards, board: Board
    ) -> None:
        super().__init__(num_players)
        self.options = options
        self.cards = cards
        self.board = board
        self.colours: tuple[str, ...] = board.lanes.values
        self.lane_of = {c: i for i, c in enumerate(self.colours)}
        self.finish = board.finish_line.value
        advanced = options.advanced
        self.actions = {c.id: c for c in cards.actions if advanced or not c.starred}
        self.characters = {c.id: c for c in cards.characters if advanced or not c.starred}
        self.assistants = {c.id: c for c in cards.assistants}
        self.horse_cards = {c.id: c for c in cards.horses}
        self.targets = {c.id: c for c in cards.targets}
        self.movement = {c.id: c for c in cards.movement}
        self._seat_turns = tuple(Turn(seats=(s,)) for s in range(num_players))
        self._buy_stable: tuple[Move, ...] = tuple(BuyStable(c) for c in self.colours)
        n = num_players
        # HF 0.2: the Bank and the VP reserve (ruling R14: unlimited, kept as counters).
        self.bank = BANKNOTES
        self.vp_reserve = VP_TOKENS
        self.money = [0] * n
        self.vp = [0] * n
        self.character: list[str | None] = [None] * n
        self.skills: list[str | None] = [None] * n
        self.owned_assistants: list[list[str]] = [[] for _ in range(n)]
        self.owned_horses: list[list[str]] = [[] for _ in range(n)]
        self.owned_targets: list[list[str]] = [[] for _ in range(n)]
        self.loans: list[list[str]] = [[] for _ in range(n)]
        self.hand: list[list[str]] = [[] for _ in range(n)]
        self.eliminated = [False] * n
        self.copied: list[str | None] = [None] * n
        self.loans_left = cards.loans.cards
        self.family = options.mode == "family"
        self.party = options.mode == "party"
        for seat in range(n):
            if self.party:  # PG 0.2: chips, no VP, no Character
                self._pay(seat, board.party.chips)
            else:  # HF 0.3: every player receives one starting VP.
                self._give_vp(seat, board.starting_vp.value)
        # HF 0.4: one shuffled stack per card back.
        self.decks: dict[str, Deck] = {
            "action": Deck(list(self.actions)),
            "target": Deck(list(self.targets)),
            "assistant": Deck(list(self.assistants)),
            "horse": Deck(list(self.horse_cards)),
        }
        self.movement_deck = Deck(list(self.movement))
        self.row = [-1] * 6
        self.owner: list[int | None] = [None] * 6
        # HF 0.5: bet tokens, players minus one of each colour (PG 2.2: no limit, so
        # one per player, as many as one secret bet each can use).
        self.tokens_per_colour = n if self.party else n - 1
        self.deal_queue: list[int] = []
        table = board.rounds.table.get(str(n))
        if options.rounds is not None:
            self.rounds = options.rounds
        elif self.family:
            self.rounds = board.family_rounds.table.get(str(n), 6)
        elif self.party:
            self.rounds = board.party.races
        elif table is not None:
            self.rounds = table[options.length]
        else:
            self.rounds = 6
        self.round = 0
        self.first_player = 0
        self.history: list[dict[str, Any]] = []
        self.fulfilled: list[list[str]] = [[] for _ in range(n)]
        self.phase = SETUP_STABLES
        self._tokens_to_place = list(self.colours)
        self._reset_round()

    # ============================================================ helpers
    def _pay(self, seat: int, amount: int) -> None:
        """The Bank pays ``seat`` (a negative amount: ``seat`` pays the Bank)."""
        self.money[seat] += amount
        self.bank -= amount

    def _give_vp(self, seat: int, amount: int) -> None:
        """VP from the reserve to ``seat`` (negative: back to the reserve)."""
        self.vp[seat] += amount
        self.vp_reserve -= amount

    def stables_of(self, seat: int) -> list[int]:
        return [lane for lane in range(6) if self.owner[lane] == seat]

    def total_vp(self, seat: int) -> int:
        """HF 1.1 / 2.1: VP tokens plus one per Stable Owner card held."""
        return self.vp[seat] + sum(1 for o in self.owner if o == seat)

    def minimum_bet(self, seat: int) -> int:
        """HF 2.1 Minimum Bet: 100 D per VP; ruling R7: never below 100 D."""
        return max(
            self.board.minimum_bet_per_vp.value,
            self.board.minimum_bet_per_vp.value * self.total_vp(seat),
        )

    def clockwise(self, start: int) -> list[int]:
        """Players still in the game, clockwise from ``start``."""
        n = self.num_players
        return [s for s in ((start + i) % n for i in range(n)) if not self.eliminated[s]]

    def skill(self, seat: int) -> str | None:
        """The advanced Character's skill (proposed meanings, game-data 3b)."""
        return self.skills[seat]

    def assistant_effects(self, seat: int) -> list[Effect]:
        """The seat's Assistants' effects, with the one Cédric Copieur copies (R20)."""
        if not self.owned_assistants[seat]:
            return []
        effects = [self.assistants[a].effect for a in self.owned_assistants[seat]]
        copied = self.copied[seat]
        if (
            copied is not None
            and any(e.copies for e in effects)
            and any(
                copied in self.owned_assistants[s] for s in range(self.num_players) if s != seat
            )
        ):
            effects.append(self.assistants[copied].effect)
        return effects

    def purchase_cost(self, seat: int, kind: str) -> int:
        """HF 1.1: 400 D; some Assistants and Otto Von Alt make a kind free (proposed)."""
        if self.skills[seat] is None and not self.owned_assistants[seat]:
            return self.board.purchase_price.value
        if kind == "action" and self.skill(seat) == "free_actions":
            return 0
        if any(e.free_purchase == kind for e in self.assistant_effects(seat)):
            return 0
        return self.board.purchase_price.value

    def stable_price(self, lane: int, seat: int | None = None) -> int:
        """HF 1.1: the Blackboard price of the row the Stable token is on (Franz Galopp:
        600 D less, proposed)."""
        price = self.board.stable_prices.values[self.row[lane]]
        if seat is not None:
            price -= sum(e.stable_discount for e in self.assistant_effects(seat))
        return max(0, price)

    def odds(self, lane: int) -> int:
        """The N of a Stable's odds 1:N."""
        return self.board.odds_rows[self.row[lane]]

    def kind_limit(self, seat: int, kind: str) -> int:
        """HF 1.1: one of each kind per Purchase Phase (Miss Double: two, proposed)."""
        return 2 if kind in DOUBLED_KINDS and self.skill(seat) == "double_purchases" else 1

    def value_of(self, card: str) -> int:
        """Ruling R11: a card's original value (buying from a player pays twice it)."""
        if card in self.lane_of:
            return self.stable_price(self.lane_of[card])
        return self.board.purchase_price.value

    def _reset_round(self) -> None:
        n = self.num_players
        self.queue: list[int] = []
        self.step = 0
        self.bought: list[dict[str, int]] = [{} for _ in range(n)]
        self.offered = [False] * n
        self.drawing: tuple[int, str, int] | None = None
        self.drawn: list[str] = []
        self.offer: tuple[int, int, str, int] | None = None
        self.lane_horse: list[str | None] = [None] * 6
        self.bets: list[Bet] = []
        self.second_bets = [0] * n
        self.tokens_left = [self.tokens_per_colour] * 6
        self.played: list[tuple[int, str, int]] = []
        self.positions = [0] * 6
        self.running = [True] * 6
        self.ranking: list[int] = []
        self.effects = [LaneEffects() for _ in range(6)]
        self.crossed = [False] * 6
        self.unit = 0
        self.movement_shown: str | None = None
        self.dice: tuple[str, str] | None = None
        self.photo_pending: list[list[int]] = []
        self.auction_active: list[int] = []
        self.auction_price = 0
        self.auction_best: int | None = None
        self.auction_best_price = 0

    # ======================================================= 0. Preparation
    def _place_stable_token(self, colour: str) -> None:
        """HF 0.6: Stable tokens placed one at a time from 1:7 up to 1:2."""
        self._tokens_to_place.remove(colour)
        row = len(self._tokens_to_place)
        self.row[self.lane_of[colour]] = row
        self.log.append(
            Event("stable_token", {"stable": colour, "odds": self.board.odds_rows[row]})
        )
        if not self._tokens_to_place:
            self.phase = SETUP_FIRST_PLAYER if self.party else SETUP_CHARACTERS

    def _deal_character(self, character_id: str) -> None:
        """HF 0.7: each player draws a Character and takes its Danari; a basic Character
        owns the Stable on its printed odds row from the start (game-data 3a)."""
        seat = self.character.index(None)
        character = self.characters[character_id]
        self.character[seat] = character_id
        self.skills[seat] = character.skill
        self._pay(seat, character.danari)
        public: dict[str, Any] = {
            "seat": seat,
            "character": character.name,
            "danari": character.danari,
        }
        if character.stable_row is not None:
            lane = self.row.index(character.stable_row)
            self.owner[lane] = seat
            public["stable"] = self.colours[lane]
        self.log.append(Event("character", public))
        if None not in self.character:
            self.phase = SETUP_FIRST_PLAYER

    def _choose_first_player(self, seat: int) -> None:
        """HF 0.8: the First Player takes the First Player card and both Sprint dice."""
        self.first_player = seat
        self.log.append(Event("first_player", {"seat": seat}))
        self._start_round()

    # ==================================================== 1. Purchase Phase
    def _start_round(self) -> None:
        """HF 0.9 / 4.3: the Hourglass moves on; a new round starts with its purchases."""
        self.round += 1
        self._reset_round()
        self.log.append(
            Event("round", {"round": self.round, "rounds": self.rounds, "first": self.first_player})
        )
        if self.family or (self.party and self.options.party_actions):
            self.deal_queue = self.clockwise(self.first_player)
            self._deal_action_cards()
            return
        if self.party:
            self._start_secret_bet()
            return
        self.queue = [
            s
            for s in self.clockwise(self.first_player)
            if any(self.assistants[a].effect.copies for a in self.owned_assistants[s])
            and self._copy_candidates(s)
        ]
        self.phase = COPY if self.queue else PURCHASE
        if not self.queue:
            self._start_purchase_step()

    def _deal_action_cards(self) -> None:
        """FG 1 (Family Game): every player is dealt two Action cards for free, in turn
        order from the First Player; then the first bet. PG 0.3 (Party Game with
        ``party_actions``): one card each, while the deck lasts; then race-fixing."""
        count = 1 if self.party else 2
        if self.deal_queue and len(self.decks["action"]) >= count:
            self.drawing = (self.deal_queue.pop(0), "action", count)
            self.phase = DRAW
        else:
            self.deal_queue = []
            if self.party:
                self._start_race_fixing()
            else:
                self._start_first_bet()

    def _copy_candidates(self, seat: int) -> list[str]:
        return sorted(
            a
            for s in range(self.num_players)
            if s != seat
            for a in self.owned_assistants[s]
            if not self.assistants[a].effect.copies
        )

    def _start_purchase_step(self) -> None:
        """HF 1.0 / 1.2: two Purchase steps, each in turn order from the First Player."""
        self.step += 1
        self.phase = PURCHASE
        self.offered = [False] * self.num_players
        self.queue = self.clockwise(self.first_player)

    def _purchase_done(self) -> None:
        self.queue.pop(0)
        self.phase = PURCHASE
        if self.queue:
            return
        if self.step == 1:
            self._start_purchase_step()
        else:
            self._start_lineup()

    def _count(self, seat: int, kind: str) -> int:
        return self.bought[seat].get(kind, 0)

    def _bump(self, seat: int, kind: str) -> None:
        self.bought[seat][kind] = self._count(seat, kind) + 1

    def purchase_moves(self, seat: int) -> list[Move]:
        """HF 1.1: every purchase ``seat`` may make now (passing is always allowed)."""
        return [move for group in self.purchase_groups(seat) for move in group]

    def purchase_groups(self, seat: int) -> list[list[Move]]:
        """The purchases of HF 1.1 grouped by kind (pass, action cards, each deck,
        stables, loans, buying from players); no group is empty."""
        groups = self._bank_purchases(seat)
        offers = self._offers(seat)
        if offers:
            groups.append(offers)
        return groups

    def _bank_purchases(self, seat: int) -> list[list[Move]]:
        groups: list[list[Move]] = [[PASS]]
        money = self.money[seat]
        if len(self.decks["action"]) >= 2 and money >= self.purchase_cost(seat, "action"):
            groups.append([BUY_ACTION_CARDS])
        owns_stable = seat in self.owner
        for deck in ("target", "assistant", "horse"):
            if (
                self.decks[deck]
                and self._count(seat, deck) < self.kind_limit(seat, deck)
                and money >= self.purchase_cost(seat, deck)
                and (deck != "horse" or owns_stable)
            ):
                groups.append([BUY_CARD[deck]])
        if self._count(seat, "stable") < self.kind_limit(seat, "stable"):
            prices = self.board.stable_prices.values
            discount = sum(e.stable_discount for e in self.assistant_effects(seat))
            stables: list[Move] = [
                self._buy_stable[lane]
                for lane in range(6)
                if self.owner[lane] is None and money >= prices[self.row[lane]] - discount
            ]
            if stables:
                groups.append(stables)
        if self.loans_left and not self._count(seat, "loan"):
            groups.append(TAKE_LOAN)
        return groups

    def _offers(self, seat: int) -> list[Move]:
        if self._count(seat, "from_player") or self.offered[seat]:
            return []
        money = self.money[seat]
        return [
            BuyFromPlayer(other, card)
            for other in range(self.num_players)
            if other != seat and not self.eliminated[other]
            for card in self._sellable(other, buyer=seat)
            if money >= 2 * self.value_of(card)
        ]

    def _sellable(self, seller: int, buyer: int) -> list[str]:
        """HF 1.1 Buy from player: any card but Action cards (Loans: ruling R12); Horses
        only to a Stable owner (R10); Targets by kind, the seller picks which."""
        cards = [self.colours[lane] for lane in self.stables_of(seller)]
        cards += self.owned_assistants[seller]
        if buyer in self.owner:
            cards += self.owned_horses[seller]
        if self.owned_targets[seller]:
            cards.append("target")
        return cards

    def _check_purchase(self, seat: int, move: Move) -> None:
        if isinstance(move, BuyFromPlayer):
            self._check_buy_from_player(seat, move)
            return
        if move in self.purchase_moves(seat):
            return
        if isinstance(move, BuyActionCards):
            if len(self.decks["action"]) < 2:
                raise IllegalMove("HF 1.1 action cards", "fewer than two Action cards are left")
            raise IllegalMove("HF 1.1 action cards", "you cannot pay for two Action cards")
        if isinstance(move, BuyCard):
            if move.deck == "horse" and not self.stables_of(seat):
                raise IllegalMove("HF 1.1 horse cards", "only a Stable owner may buy Horse cards")
            if self._count(seat, move.deck) >= self.kind_limit(seat, move.deck):
                raise IllegalMove(
                    f"HF 1.1 one {move.deck} per phase",
                    f"you already bought a {move.deck} card this Purchase Phase",
                )
            if not self.decks[move.deck]:
                raise IllegalMove("HF 1.1 purchases", f"the {move.deck} deck is empty")
            raise IllegalMove("HF 1.1 purchases", f"you cannot pay for a {move.deck} card")
        if isinstance(move, BuyStable):
            lane = self.lane_of.get(move.stable)
            if lane is None:
                raise IllegalMove("HF 1.1 stable owner", f"there is no Stable {move.stable!r}")
            if self.owner[lane] is not None:
                raise IllegalMove("HF 1.1 stable owner", f"the {move.stable} Stable is owned")
            if self._count(seat, "stable") >= self.kind_limit(seat, "stable"):
                raise IllegalMove(
                    "HF 1.1 one stable per phase", "you already bought a Stable this phase"
                )
            raise IllegalMove(
                "HF 1.1 stable owner",
                f"the {move.stable} Stable costs {self.stable_price(lane, seat)} D",
            )
        if isinstance(move, TakeLoan):
            if not self.loans_left:
                raise IllegalMove("HF 1.1 loans", "all Loan cards are taken (ruling R13)")
            raise IllegalMove("HF 1.1 one loan per phase", "you took a Loan this phase")
        raise IllegalMove("HF 1.0 purchase phase", f"a {move.kind!r} is not a purchase")

    def _check_buy_from_player(self, seat: int, move: BuyFromPlayer) -> None:
        if self._count(seat, "from_player") or self.offered[seat]:
            raise IllegalMove(
                "HF 1.1 buy from player",
                "you may buy from a player in one Purchase step only (one offer per step)",
            )
        seller = move.seller
        if not 0 <= seller < self.num_players or seller == seat or self.eliminated[seller]:
            raise IllegalMove("HF 1.1 buy from player", f"seat {seller} cannot sell to you")
        if move.card.startswith("A") and move.card in self.actions:
            raise IllegalMove("HF 1.1 buy from player", "Action cards cannot be bought")
        if move.card not in self._sellable(seller, seat):
            raise IllegalMove(
                "HF 1.1 buy from player", f"seat {seller} has no {move.card!r} you may buy"
            )
        if self.money[seat] < 2 * self.value_of(move.card):
            raise IllegalMove(
                "HF 1.1 twice the value",
                f"the price is {2 * self.value_of(move.card)} D, you have {self.money[seat]} D",
            )

    def _do_purchase(self, seat: int, move: Move) -> None:
        if isinstance(move, Pass):
            bonus = sum(e.pass_bonus for e in self.assistant_effects(seat))
            self._pay(seat, self.board.pass_money.value + bonus)
            self.log.append(
                Event("pass", {"seat": seat, "received": self.board.pass_money.value + bonus})
            )
            self._purchase_done()
        elif isinstance(move, BuyActionCards):
            self._pay(seat, -self.purchase_cost(seat, "action"))
            self.log.append(Event("buy", {"seat": seat, "deck": "action"}))
            self.drawing = (seat, "action", 2)
            self.phase = DRAW
        elif isinstance(move, BuyCard):
            self._pay(seat, -self.purchase_cost(seat, move.deck))
            self._bump(seat, move.deck)
            self.log.append(Event("buy", {"seat": seat, "deck": move.deck}))
            count = min(self.board.draw_count.value, len(self.decks[move.deck]))
            self.drawing = (seat, move.deck, count)
            self.drawn = []
            self.phase = DRAW
        elif isinstance(move, BuyStable):
            lane = self.lane_of[move.stable]
            price = self.stable_price(lane, seat)
            self._pay(seat, -price)
            self.owner[lane] = seat
            self._bump(seat, "stable")
            self.log.append(
                Event("buy_stable", {"seat": seat, "stable": move.stable, "price": price})
            )
            self._purchase_done()
        elif isinstance(move, TakeLoan):
            side = self.cards.loans.sides[move.side]
            self.loans_left -= 1
            self.loans[seat].append(move.side)
            self._pay(seat, side.receive)
            self._bump(seat, "loan")
            self.log.append(
                Event("loan", {"seat": seat, "side": move.side, "received": side.receive})
            )
            self._purchase_done()
        elif isinstance(move, BuyFromPlayer):
            price = 2 * self.value_of(move.card)
            self.offered[seat] = True
            self.offer = (seat, move.seller, move.card, price)
            self.phase = OFFER
            self.log.append(
                Event(
                    "offer",
                    {"buyer": seat, "seller": move.seller, "card": move.card, "price": price},
                )
            )

    def _draw(self, card: str) -> None:
        assert self.drawing is not None
        seat, deck, count = self.drawing
        self.decks[deck].draw(card)
        self.drawing = (seat, deck, count - 1)
        self.log.append(Event("draw", {"seat": seat, "deck": deck}, {seat: {"card": card}}))
        if deck == "action":
            self.hand[seat].append(card)
        else:
            self.drawn.append(card)
        if count > 1:
            return
        self.drawing = None
        if self.family or self.party:
            self._deal_action_cards()
        elif deck == "action":
            self._purchase_done()
        else:
            self.phase = KEEP

    def _keep(self, seat: int, card: str) -> None:
        """HF 1.1: keep one card; the rest go under the deck."""
        assert self.drawing is None
        deck = (
            "target"
            if card in self.targets
            else "assistant"
            if card in self.assistants
            else "horse"
        )
        rest = [c for c in self.drawn if c != card]
        self.decks[deck].put_under(rest)
        self.drawn = []
        self._own(seat, deck, card)
        if deck == "target":
            self.log.append(Event("keep", {"seat": seat, "deck": deck}, {seat: {"card": card}}))
        else:
            self.log.append(Event("keep", {"seat": seat, "deck": deck, "card": card}))
        self._purchase_done()

    def _own(self, seat: int, deck: str, card: str) -> None:
        {
            "target": self.owned_targets,
            "assistant": self.owned_assistants,
            "horse": self.owned_horses,
        }[deck][seat].append(card)

    def _answer_offer(self, seller: int, card: str | None) -> None:
        """HF 1.1 Buy from player: the seller agrees, or the purchase is not possible
        (ruling R9: the buyer then makes another purchase in the same step)."""
        assert self.offer is not None
        buyer, _, named, price = self.offer
        self.offer = None
        if card is None:
            self.log.append(Event("offer_refused", {"buyer": buyer, "seller": seller}))
            self.phase = PURCHASE
            return
        # the price goes to the former owner, not to the Bank
        self.money[buyer] -= price
        self.money[seller] += price
        if card in self.lane_of:
            self.owner[self.lane_of[card]] = buyer
        elif card in self.targets:
            self.owned_targets[seller].remove(card)
            self.owned_targets[buyer].append(card)
        elif card in self.assistants:
            self.owned_assistants[seller].remove(card)
            self.owned_assistants[buyer].append(card)
        else:
            self.owned_horses[seller].remove(card)
            self.owned_horses[buyer].append(card)
        self._bump(buyer, "from_player")
        shown = "target" if card in self.targets else card
        self.log.append(
            Event(
                "sold",
                {"buyer": buyer, "seller": seller, "card": shown, "price": price},
                {buyer: {"card": card}, seller: {"card": card}} if named == "target" else None,
            )
        )
        self._purchase_done()

    # ------------------------------------------------------ 1.3 Starting Lineup
    def _start_lineup(self) -> None:
        self.queue = [s for s in self.clockwise(self.first_player) if self.lineup_moves(s)]
        self.phase = LINEUP
        self._advance_lineup()

    def lineup_moves(self, seat: int) -> list[Move]:
        """HF 1.3: a Horse card on a lane of a Stable you own, one Horse per Stable."""
        placed = set(self.lane_horse)
        horses = [h for h in self.owned_horses[seat] if h not in placed]
        lanes = [lane for lane in self.stables_of(seat) if self.lane_horse[lane] is None]
        if not horses or not lanes:
            return []
        moves: list[Move] = [EndLineup()]
        moves += [LineUpHorse(h, self.colours[lane]) for h in horses for lane in lanes]
        return moves

    def _advance_lineup(self) -> None:
        while self.queue and not self.lineup_moves(self.queue[0]):
            self.queue.pop(0)
        if not self.queue:
            self._start_first_bet()

    def _line_up(self, seat: int, move: LineUpHorse) -> None:
        lane = self.lane_of[move.stable]
        self.lane_horse[lane] = move.card
        self.log.append(Event("lineup", {"seat": seat, "card": move.card, "stable": move.stable}))
        self._advance_lineup()

    # ===================================================== 2. Betting Phase
    def _start_first_bet(self) -> None:
        """HF 2.1: clockwise from the First Player, every player must bet."""
        self.phase = FIRST_BET
        self.queue = self.clockwise(self.first_player)
        self._advance_first_bet()

    def _can_bet(self, seat: int) -> bool:
        if self.money[seat] < self.minimum_bet(seat):
            return False
        mine = sum(1 for b in self.bets if b.seat == seat)
        return mine < 2 or any(self._bet_kinds(seat, lane) for lane in range(6))

    def _bet_kinds(self, seat: int, lane: int) -> list[str]:
        """HF 2.0 / 2.3: a token of the colour must be left; a second bet on the same
        horse only of the other kind."""
        if not self.tokens_left[lane]:
            return []
        taken = {b.kind for b in self.bets if b.seat == seat and b.lane == lane}
        return [k for k in ("win", "show") if k not in taken]

    def _advance_first_bet(self) -> None:
        """HF 2.1 Attention: a player who cannot cover the Minimum Bet loses two VP
        (again until they can, ruling R8); without two VP they lose the game."""
        while self.queue:
            seat = self.queue[0]
            if self._can_bet(seat):
                return
            loss = self.board.cannot_cover_vp.value
            if self.vp[seat] >= loss:
                self._give_vp(seat, -loss)
                self.log.append(Event("cannot_cover", {"seat": seat, "vp_lost": loss}))
                continue
            self.queue.pop(0)
            self._eliminate(seat, "cannot cover the Minimum Bet")
            if self._players_left() < 2:
                self._final_stage()
                return
        self._start_race_fixing()

    def _players_left(self) -> int:
        return self.eliminated.count(False)

    def _check_bet(self, seat: int, move: PlaceBet) -> None:
        lane = self.lane_of.get(move.stable)
        if lane is None:
            raise IllegalMove("HF 2.0 how to bet", f"there is no Stable {move.stable!r}")
        if move.bet not in ("win", "show"):
            raise IllegalMove("HF 2.0 win or show", "a bet is 'win' or 'show'")
        if not self.tokens_left[lane]:
            raise IllegalMove(
                "HF 2.0 bet tokens", f"no {move.stable} Bet token is left in the reserve"
            )
        if move.bet not in self._bet_kinds(seat, lane):
            raise IllegalMove(
                "HF 2.3 same horse twice",
                "a second bet on the same horse must be of the other kind (Win/Show)",
            )
        minimum = self.minimum_bet(seat)
        if move.amount < minimum:
            raise IllegalMove(
                "HF 2.1 minimum bet", f"your Minimum Bet is {minimum} D (100 D per VP)"
            )
        if move.amount % 100:
            raise IllegalMove("HF 2.0 banknotes", "stakes are in 100 D banknotes (ruling R6)")
        if move.amount > self.money[seat]:
            raise IllegalMove("HF 2.0 how to bet", f"you have only {self.money[seat]} D")

    def _stake(self, seat: int, move: PlaceBet, betting: int) -> None:
        """HF 2.0: a Bet token of the horse's colour on the staked Danari."""
        lane = self.lane_of[move.stable]
        self.tokens_left[lane] -= 1
        self._pay(seat, -move.amount)  # HF 3.3: staked Danari are the Bank's property
        self.bets.append(Bet(seat, lane, move.bet, move.amount, betting))
        self.log.append(
            Event(
                "bet",
                {"seat": seat, "stable": move.stable, "bet": move.bet, "amount": move.amount},
            )
        )

    def _place_bet(self, seat: int, move: PlaceBet) -> None:
        betting = 1 if self.phase == FIRST_BET else 2
        self._stake(seat, move, betting)
        if betting == 1:
            self.queue.pop(0)
            self._advance_first_bet()
        else:
            self.second_bets[seat] += 1
            if self.second_bets[seat] >= self._second_bet_limit(seat):
                self.queue.pop(0)
            self._advance_second_bet()

    # -------------------------------------------------------- 2.2 Race-fixing
    def _start_race_fixing(self) -> None:
        """HF 2.2: from the First Player, clockwise, one Action card at a time. PG 0.3:
        in the Party Game every player holding a card plays it at once, in secret (a
        simultaneous turn); the lanes are shown when all have played."""
        self.phase = RACE_FIXING
        self.queue = self.clockwise(self.first_player)
        if self.party:
            self.queue = [s for s in self.queue if self.hand[s]]
            if not self.queue:
                self._start_secret_bet()
            return
        self._advance_race_fixing()

    def _advance_race_fixing(self) -> None:
        for _ in range(len(self.queue)):
            if self.hand[self.queue[0]]:
                return
            self.queue.append(self.queue.pop(0))
        self._start_second_bet()

    def _lay_card(self, seat: int, move: PlayActionCard) -> None:
        """HF 2.2: the card lies face down behind the lane; only its owner knows it."""
        lane = self.lane_of[move.stable]
        self.hand[seat].remove(move.card)
        self.played.append((seat, move.card, lane))
        self.log.append(
            Event("action_card", {"seat": seat, "stable": move.stable}, {seat: {"card": move.card}})
        )

    def _play_action(self, seat: int, move: PlayActionCard) -> None:
        self._lay_card(seat, move)
        self.queue.append(self.queue.pop(0))
        self._advance_race_fixing()

    # --------------------------------------------------------- 2.3 Second bet
    def _second_bet_limit(self, seat: int) -> int:
        """Antonio Vesuvio (proposed): a third bet, placed in the second betting."""
        return 2 if self.skill(seat) == "three_bets" else 1

    def _start_second_bet(self) -> None:
        """HF 2.3: counter-clockwise from the player right of the First Player, who is last."""
        self.phase = SECOND_BET
        self.queue = self.clockwise(self.first_player)[::-1]
        self._advance_second_bet()

    def _advance_second_bet(self) -> None:
        while self.queue and not self._can_bet(self.queue[0]):
            self.queue.pop(0)
        if not self.queue:
            self._reveal_action_cards()

    # ------------------------------------------------ PG 2 Party Game secret bet
    def _start_secret_bet(self) -> None:
        """PG 2.1: every player chooses one horse, Win or Show and a stake in secret
        (a simultaneous turn); the bets are revealed together."""
        self.phase = SECRET_BET
        self.queue = self.clockwise(self.first_player)

    def _do_simultaneous(self, moves: Mapping[int, Move]) -> None:
        """PG 0.3 / PG 2.1: the secret moves of a Party Game turn, resolved together in
        turn order from the First Player."""
        seats = list(self.queue)
        if self.phase == RACE_FIXING:
            for seat in seats:
                move = moves[seat]
                assert isinstance(move, PlayActionCard)
                self._lay_card(seat, move)
            self._start_secret_bet()
            return
        for seat in seats:
            move = moves[seat]
            assert isinstance(move, PlaceBet)
            self._stake(seat, move, 1)
        self.queue = []
        self._reveal_action_cards()

    def broke(self, seat: int) -> bool:
        """PG 4.1: a player who cannot stake the least bet (100 D, R7) is broke."""
        return self.money[seat] < self.board.minimum_bet_per_vp.value

    # ======================================================== 3. Race Phase
    def _reveal_action_cards(self) -> None:
        """HF 3.1 in the proposed order (game-data 2a/5b, ruling R1): removal cards,
        same-letter cancellation, then odds cards and odds-changing Horses."""
        by_lane: list[list[ActionCard]] = [[] for _ in range(6)]
        for _, card, lane in self.played:
            by_lane[lane].append(self.actions[card])
        self.log.append(
            Event(
                "reveal",
                {
                    "cards": [
                        {
                            "seat": s,
                            "card": c,
                            "name": self.actions[c].name,
                            "stable": self.colours[lane],
                        }
                        for s, c, lane in self.played
                    ]
                },
            )
        )
        self.effects = [LaneEffects() for _ in range(6)]
        discarded: list[str] = []
        for lane in range(6):
            horse = self.lane_horse[lane]
            horse_effect = self.horse_cards[horse].effect if horse is not None else None
            if horse_effect is not None:
                self.effects[lane].add(horse_effect)
            survivors, gone = surviving_cards(by_lane[lane])
            discarded += [c.id for c in gone]
            rows_up = horse_effect.odds_rows if horse_effect is not None else 0
            for action in survivors:
                self.effects[lane].add(action.effect)
                rows_up += action.effect.odds_rows
            if rows_up:
                before = self.row[lane]
                self.row[lane] = shift_row(before, rows_up)
                self.log.append(
                    Event(
                        "odds_change",
                        {
                            "stable": self.colours[lane],
                            "from": self.board.odds_rows[before],
                            "to": self.odds(lane),
                        },
                    )
                )
        if discarded:
            self.log.append(Event("cards_cancelled", {"cards": sorted(discarded)}))
        self.queue = [
            s for s in self.clockwise(self.first_player) if self.skill(s) == "change_odds"
        ]
        self.phase = CHANGE_ODDS if self.queue else MOVEMENT

    def _change_odds(self, seat: int, move: ChangeOdds) -> None:
        """Eric Change (proposed skill): once per round, one Stable up/down 0-2 rows."""
        lane = self.lane_of[move.stable]
        self.row[lane] = shift_row(self.row[lane], move.rows)
        self.log.append(
            Event("eric_change", {"seat": seat, "stable": move.stable, "odds": self.odds(lane)})
        )
        self.queue.pop(0)
        if not self.queue:
            self.phase = MOVEMENT

    def _reveal_movement(self, card_id: str) -> None:
        """HF 3.2 Race Unit: every running horse moves the number next to its odds."""
        self.movement_deck.draw(card_id)
        if not self.movement_deck:  # ruling R3: never in practice (a race takes 4-12 cards)
            self.movement_deck = Deck(list(self.movement))
        self.movement_shown = card_id
        self.unit += 1
        values = self.movement[card_id].values
        moves = unit_moves(
            values, self.row, self.positions, self.running, self.effects, self.unit == 1
        )
        for lane, squares in enumerate(moves):
            self.positions[lane] += squares
        self._finish_line()
        self.dice = None
        self.log.append(
            Event(
                "movement",
                {
                    "card": card_id,
                    "values": list(values),
                    "start": self.unit == 1,
                    "moved": {
                        self.colours[lane]: m for lane, m in enumerate(moves) if self.running[lane]
                    },
                },
            )
        )
        self.phase = SPRINT

    def _finish_line(self) -> None:
        """HF 3.2c Finish Line cards, once, when a horse first reaches the line
        (ruling R5): XIII stops it on the line, Fustis et Radix adds squares."""
        for lane in range(6):
            if (
                self.running[lane]
                and not self.crossed[lane]
                and self.positions[lane] >= self.finish
            ):
                self.crossed[lane] = True
                fx = self.effects[lane]
                if fx.finish_stop:
                    self.positions[lane] = self.finish
                else:
                    self.positions[lane] += fx.finish_add

    def _sprint(self, first: str, second: str) -> None:
        """HF 3.2b Sprint: each colour shown sprints once (a double only once); a horse
        already placed on the Blackboard loses its sprint."""
        self.dice = (first, second)
        sprinted: dict[str, int] = {}
        for colour in dict.fromkeys((first, second)):
            lane = self.lane_of[colour]
            if self.running[lane]:
                squares = self.effects[lane].sprint_move()
                self.positions[lane] += squares
                sprinted[colour] = squares
        self._finish_line()
        self.log.append(Event("sprint", {"dice": [first, second], "sprinted": sprinted}))
        finished = [
            lane for lane in range(6) if self.running[lane] and self.positions[lane] >= self.finish
        ]
        for lane in finished:
            self.running[lane] = False
        self.photo_pending = finishing_groups(finished, self.positions, self.row, self.effects)
        self._rank_pending()

    def _rank_pending(self) -> None:
        """HF 3.2c Ranking: place finished horses in order; a tie the photo finish
        cannot break is decided by the First Player."""
        while self.photo_pending:
            group = self.photo_pending[0]
            if len(group) > 1:
                self.phase = PHOTO
                return
            self.photo_pending.pop(0)
            self._place(group[0])
        if len(self.ranking) == 6:
            self._payoffs()
        else:
            self.phase = MOVEMENT

    def _place(self, lane: int) -> None:
        self.ranking.append(lane)
        self.log.append(Event("ranked", {"stable": self.colours[lane], "place": len(self.ranking)}))

    def _photo_finish(self, lane: int) -> None:
        group = self.photo_pending[0]
        group.remove(lane)
        self._place(lane)
        if len(group) == 1:
            self.photo_pending.pop(0)
            self._place(group[0])
        if len(self.photo_pending) == 0 or len(self.photo_pending[0]) == 1:
            self._rank_pending()

    # ------------------------------------------------------------ 3.3 Payoffs
    def _payoffs(self) -> None:
        """HF 3.3: bets, Stable prizes, Assistants' and Horses' money; then 3.4."""
        place_of = {lane: i for i, lane in enumerate(self.ranking)}
        lines: list[dict[str, Any]] = []
        board = self.board
        for seat in self.clockwise(self.first_player):
            effects = self.assistant_effects(seat)
            for b in (b for b in self.bets if b.seat == seat):
                place = place_of[b.lane]
                show_places = 4 if self.skill(seat) == "show_fourth" else 3
                won = place == 0 if b.kind == "win" else place < show_places
                if not won:
                    lines.append(
                        {
                            "seat": seat,
                            "stable": self.colours[b.lane],
                            "bet": b.kind,
                            "won": False,
                            "danari": 0,
                            "vp": 0,
                        }
                    )
                    continue
                fx = self.effects[b.lane]
                if b.kind == "win":
                    danari, vp = b.amount * self.odds(b.lane), board.win_vp.value
                else:
                    danari, vp = b.amount * 2, board.show_vp.value
                danari = max(0, danari + fx.bet_money)
                vp = 0 if self.party else max(0, vp + fx.bet_vp)  # PG 3.1: no VP
                bonus = sum(
                    e.win_bonus + (e.win_bonus_first if b.betting == 1 else e.win_bonus_second)
                    for e in effects
                )
                self._pay(seat, danari + bonus)
                self._give_vp(seat, vp)
                lines.append(
                    {
                        "seat": seat,
                        "stable": self.colours[b.lane],
                        "bet": b.kind,
                        "won": True,
                        "danari": danari + bonus,
                        "vp": vp,
                    }
                )
            for place, prize in enumerate(board.stable_prizes.values):
                if self.owner[self.ranking[place]] == seat:
                    self._pay(seat, prize)
                    lines.append(
                        {"seat": seat, "stable": self.colours[self.ranking[place]], "prize": prize}
                    )
            extra = sum(e.payoff_money for e in effects)
            extra += sum(
                self.horse_cards[h].effect.payoff_money
                for lane, h in enumerate(self.lane_horse)
                if h is not None and self.owner[lane] == seat
            )
            if extra:
                self._pay(seat, extra)
                lines.append({"seat": seat, "cards": extra})
        self.log.append(
            Event(
                "payoffs",
                {"ranking": [self.colours[lane] for lane in self.ranking], "lines": lines},
            )
        )
        self._new_odds()

    def _new_odds(self) -> None:
        """HF 3.4: each Stable token moves one row toward its horse's place."""
        before = [self.odds(lane) for lane in range(6)]
        for place, lane in enumerate(self.ranking):
            self.row[lane] = new_row(self.row[lane], place)
        self.history.append(
            {
                "round": self.round,
                "ranking": [self.colours[lane] for lane in self.ranking],
                "odds_before": dict(zip(self.colours, before, strict=True)),
                "odds_after": {self.colours[lane]: self.odds(lane) for lane in range(6)},
            }
        )
        self.log.append(
            Event("new_odds", {"odds": {self.colours[lane]: self.odds(lane) for lane in range(6)}})
        )
        # Ruling R3: played Action cards and Movement cards are shuffled back.
        self.decks["action"].shuffle_in([card for _, card, _ in self.played])
        self.movement_deck = Deck(list(self.movement))
        if self.family or self.party:
            self._end_round()  # FG 2, PG 3.2: no Auction Phase
        else:
            self._start_dutch_auction()

    # ===================================================== 4. Auction Phase
    def _start_dutch_auction(self) -> None:
        """HF 4.1: the Bank buys one VP, offering 1000 D first, 100 D less after each
        acceptance; a Stable's VP is not for sale."""
        self.phase = DUTCH
        self.auction_active = [s for s in self.clockwise(self.first_player) if self.vp[s] > 0]
        self.auction_price = self.board.auction.start
        self.auction_best = None
        self.auction_best_price = 0
        self._advance_auction()

    def _start_english_auction(self) -> None:
        """HF 4.2: the Bank sells one VP from 1000 D up, 100 D a raise."""
        self.phase = ENGLISH
        self.auction_active = self.clockwise(self.first_player)
        self.auction_price = self.board.auction.start
        self.auction_best = None
        self.auction_best_price = 0
        self._advance_auction()

    def _auction_answer(self, seat: int, accept: bool) -> None:
        active = self.auction_active
        active.pop(0)
        if accept:
            self.auction_best = seat
            self.auction_best_price = self.auction_price
            step = self.board.auction.step
            self.auction_price += -step if self.phase == DUTCH else step
            active.append(seat)
        self.log.append(
            Event(
                "auction",
                {
                    "auction": self.phase,
                    "seat": seat,
                    "accept": accept,
                    "price": self.auction_best_price if accept else None,
                },
            )
        )
        self._advance_auction()

    def _advance_auction(self) -> None:
        """HF 4.1 / 4.2: on clockwise until everyone but the last bidder is out; in the
        English auction a player who cannot pay the asked sum is out (ruling R16); in the
        Dutch auction the offer never falls to 0 D (ruling R15)."""
        active = self.auction_active
        if self.phase == ENGLISH:
            while (
                active
                and active[0] != self.auction_best
                and self.money[active[0]] < self.auction_price
            ):
                active.pop(0)
        done = not active or (len(active) == 1 and active[0] == self.auction_best)
        if done or (self.phase == DUTCH and self.auction_price <= 0):
            self._settle_auction()

    def _settle_auction(self) -> None:
        winner, price = self.auction_best, self.auction_best_price
        if self.phase == DUTCH:
            if winner is not None:
                self._give_vp(winner, -1)
                self._pay(winner, price)
            self.log.append(
                Event(
                    "dutch_auction",
                    {"seller": winner, "price": price if winner is not None else None},
                )
            )
            self._start_english_auction()
            return
        if winner is not None:
            self._give_vp(winner, 1)
            self._pay(winner, -price)
        self.log.append(
            Event(
                "english_auction", {"buyer": winner, "price": price if winner is not None else None}
            )
        )
        self._end_round()

    def _end_round(self) -> None:
        """HF 4.3: the First Player card and Sprint dice pass left; next round or 5.0."""
        self.queue = []
        if self.round >= self.rounds or (
            self.party and any(self.broke(s) for s in range(self.num_players))
        ):
            self._final_stage()
            return
        self.first_player = self.clockwise((self.first_player + 1) % self.num_players)[0]
        self._start_round()

    # ======================================================= 5. Final Stage
    def _final_stage(self) -> None:
        """HF 5.1 loans repaid or the player loses; HF 5.2 Targets and VP counting."""
        self.phase = OVER
        self.queue = []
        repaid: list[dict[str, Any]] = []
        for seat in range(self.num_players):
            if self.eliminated[seat] or not self.loans[seat]:
                continue
            owed = sum(self.loan_repay(seat, side) for side in self.loans[seat])
            if self.money[seat] >= owed:
                self._pay(seat, -owed)
                self.loans_left += len(self.loans[seat])
                self.loans[seat] = []
                repaid.append({"seat": seat, "paid": owed})
            else:
                repaid.append({"seat": seat, "paid": None})
                self._eliminate(seat, "cannot repay the loans")
        self.fulfilled = self._score_targets()
        for seat, cards in enumerate(self.fulfilled):
            for card in cards:
                self._give_vp(seat, self.targets[card].vp)
        self.log.append(
            Event(
                "final",
                {
                    "loans": repaid,
                    "targets": {str(s): c for s, c in enumerate(self.fulfilled) if c},
                    "vp": [self.total_vp(s) for s in range(self.num_players)],
                    "eliminated": list(self.eliminated),
                },
            )
        )

    def loan_repay(self, seat: int, side: str) -> int:
        """The amount owed for a Loan card (Michele Cuorlione, Aronne Dal Banco: less)."""
        owed = self.cards.loans.sides[side].repay  # type: ignore[index]
        for effect in self.assistant_effects(seat):
            owed = min(owed, effect.loan_repay.get(side, owed))  # type: ignore[call-overload]
        return owed

    def target_measure(self, seat: int, what: str) -> int:
        """Ruling R17: what a Target card compares (Justice Bros., Giumenta count twice)."""
        if what == "stable":
            return len(self.stables_of(seat))
        if what == "assistant":
            return sum(self.assistants[a].effect.counts_as for a in self.owned_assistants[seat])
        if what == "horse":
            return sum(self.horse_cards[h].effect.counts_as for h in self.owned_horses[seat])
        if what == "target":
            return len(self.owned_targets[seat])
        if what == "danari":
            return self.money[seat]
        return self.total_vp(seat)

    def _score_targets(self) -> list[list[str]]:
        """HF 5.2 with ruling R17: "+X" is fulfilled when no other player has more X,
        "-X" when no other player has less; a copy of a fulfilled Target scores nothing."""
        players = [s for s in range(self.num_players) if not self.eliminated[s]]
        fulfilled: list[list[str]] = [[] for _ in range(self.num_players)]
        for seat in players:
            seen: set[tuple[str, str]] = set()
            for card_id in sorted(self.owned_targets[seat]):
                card: TargetCard = self.targets[card_id]
                if (card.sign, card.counts) in seen:
                    continue
                mine = self.target_measure(seat, card.counts)
                others = [self.target_measure(s, card.counts) for s in players if s != seat]
                ok = (
                    all(mine >= o for o in others)
                    if card.sign == "+"
                    else all(mine <= o for o in others)
                )
                if ok:
                    seen.add((card.sign, card.counts))
                    fulfilled[seat].append(card_id)
        return fulfilled

    def _eliminate(self, seat: int, why: str) -> None:
        """A player who loses the game (HF 2.1, 3.3, 5.1): out of play; ruling R18: their
        Danari and VP go back to the Bank, Stables become free, their cards go back under
        their decks."""
        self.eliminated[seat] = True
        self._pay(seat, -self.money[seat])
        self._give_vp(seat, -self.vp[seat])
        for lane in self.stables_of(seat):
            self.owner[lane] = None
        self.decks["action"].shuffle_in(self.hand[seat])
        self.hand[seat] = []
        for deck, owned in (
            ("target", self.owned_targets),
            ("assistant", self.owned_assistants),
            ("horse", self.owned_horses),
        ):
            self.decks[deck].put_under(owned[seat])
            owned[seat] = []
        self.log.append(Event("eliminated", {"seat": seat, "why": why}))

    def result(self) -> Result | None:
        """HF 5.2: most VP wins; ruling R19: a tie goes to the most Danari, then shared.
        Players who lost the game rank last with score 0."""
        if self.phase != OVER:
            return None
        if self.party:
            return self._party_result()
        scores = tuple(
            0 if self.eliminated[s] else self.total_vp(s) for s in range(self.num_players)
        )
        keys = [
            (0 if self.eliminated[s] else 1, scores[s], self.money[s])
            for s in range(self.num_players)
        ]
        ranking = tuple(1 + sum(1 for k in keys if k > key) for key in keys)
        winners = tuple(s for s, r in enumerate(ranking) if r == 1 and not self.eliminated[s])
        return Result(scores, ranking, winners)

    def _party_result(self) -> Result:
        """PG 4.2: the richest player wins; equal Danari share the place."""
        scores = tuple(self.money)
        ranking = tuple(1 + sum(1 for m in scores if m > mine) for mine in scores)
        winners = tuple(s for s, r in enumerate(ranking) if r == 1)
        return Result(scores, ranking, winners)

    # ========================================================= core contract
    def _turn(self) -> Turn:
        phase = self.phase
        if phase in CHANCE_PHASES or phase in (MOVEMENT, SPRINT):
            return TURN_CHANCE
        if phase == OVER:
            return TURN_OVER
        if phase == OFFER:
            assert self.offer is not None
            return self._seat_turns[self.offer[1]]
        if phase == PHOTO:
            return self._seat_turns[self.first_player]
        if self.party and phase in (SECRET_BET, RACE_FIXING):
            return Turn(seats=tuple(self.queue), simultaneous=True)
        if phase in (DUTCH, ENGLISH):
            return self._seat_turns[self.auction_active[0]]
        return self._seat_turns[self.queue[0]]

    def chance_outcomes(self) -> Sequence[tuple[Move, float]]:
        phase = self.phase
        if phase == SETUP_STABLES:
            p = 1.0 / len(self._tokens_to_place)
            return [(PlaceStableToken(c), p) for c in sorted(self._tokens_to_place)]
        if phase == SETUP_CHARACTERS:
            free = self._free_characters()
            return [(DealCharacter(c), 1.0 / len(free)) for c in free]
        if phase == SETUP_FIRST_PLAYER:
            return [(ChooseFirstPlayer(s), 1.0 / self.num_players) for s in range(self.num_players)]
        if phase == DRAW:
            assert self.drawing is not None
            return [(DrawCard(c), p) for c, p in self.decks[self.drawing[1]].outcomes()]
        if phase == MOVEMENT:
            return [(RevealMovementCard(c), p) for c, p in self.movement_deck.outcomes()]
        if phase == SPRINT:
            return [(RollSprintDice(a, b), 1 / 36) for a in self.colours for b in self.colours]
        return ()

    def _free_characters(self) -> list[str]:
        return sorted(c for c in self.characters if c not in self.character)

    def sample_chance(self, rng: random.Random) -> Move:
        x = rng.random()
        phase = self.phase
        if phase == SPRINT:
            i = int(x * 36)
            return RollSprintDice(self.colours[i // 6], self.colours[i % 6])
        if phase == MOVEMENT:
            return RevealMovementCard(self.movement_deck.sample(x))
        if phase == DRAW:
            assert self.drawing is not None
            return DrawCard(self.decks[self.drawing[1]].sample(x))
        outcomes = self.chance_outcomes()
        return outcomes[int(x * len(outcomes))][0]

    def _is_chance_outcome(self, outcome: Move) -> bool:
        phase = self.phase
        if isinstance(outcome, RollSprintDice):
            return (
                phase == SPRINT and outcome.first in self.lane_of and outcome.second in self.lane_of
            )
        if isinstance(outcome, RevealMovementCard):
            return phase == MOVEMENT and self.movement_deck.can_draw(outcome.card)
        if isinstance(outcome, DrawCard):
            return (
                phase == DRAW
                and self.drawing is not None
                and self.decks[self.drawing[1]].can_draw(outcome.card)
            )
        return any(candidate == outcome for candidate, _ in self.chance_outcomes())

    def _do_chance(self, outcome: Move) -> None:
        if isinstance(outcome, RollSprintDice):
            self._sprint(outcome.first, outcome.second)
        elif isinstance(outcome, RevealMovementCard):
            self._reveal_movement(outcome.card)
        elif isinstance(outcome, DrawCard):
            self._draw(outcome.card)
        elif isinstance(outcome, PlaceStableToken):
            self._place_stable_token(outcome.stable)
        elif isinstance(outcome, DealCharacter):
            self._deal_character(outcome.character)
        elif isinstance(outcome, ChooseFirstPlayer):
            self._choose_first_player(outcome.seat)

    def legal_moves(self, seat: int) -> Sequence[Move] | None:
        turn = self._turn()
        if seat not in turn.seats:
            return []
        phase = self.phase
        if phase == PURCHASE:
            return self.purchase_moves(seat)
        if phase in (FIRST_BET, SECOND_BET, SECRET_BET):
            return None
        if phase == RACE_FIXING:
            return [
                PlayActionCard(c, colour)
                for c in sorted(set(self.hand[seat]))
                for colour in self.colours
            ]
        if phase in (DUTCH, ENGLISH):
            return [Accept(), Refuse()]
        if phase == KEEP:
            return [KeepCard(c) for c in self.drawn]
        if phase == OFFER:
            assert self.offer is not None
            card = self.offer[2]
            answers: list[Move] = [AnswerOffer(None)]
            if card == "target":
                answers += [AnswerOffer(t) for t in sorted(self.owned_targets[seat])]
            else:
                answers.append(AnswerOffer(card))
            return answers
        if phase == LINEUP:
            return self.lineup_moves(seat)
        if phase == PHOTO:
            return [PhotoFinish(self.colours[lane]) for lane in sorted(self.photo_pending[0])]
        if phase == COPY:
            return [CopyAssistant(c) for c in self._copy_candidates(seat)]
        if phase == CHANGE_ODDS:
            return [
                ChangeOdds(colour, rows) for colour in self.colours for rows in (-2, -1, 0, 1, 2)
            ]
        return []

    def random_move(self, seat: int, rng: random.Random) -> Move:
        """A random player. Purchases: a random kind, then a random purchase of that kind
        (so that offers to other players, the most numerous, do not crowd out the rest).
        Bets are open amounts: a random stake in 100 D steps from the Minimum Bet up to
        all the player's Danari, on a random horse and kind; the second bet is skipped
        as often as any one (horse, kind) is chosen. Otherwise uniform."""
        if self.phase == PURCHASE:
            groups = self._bank_purchases(seat)
            may_offer = not self._count(seat, "from_player") and not self.offered[seat]
            pick = int(rng.random() * (len(groups) + may_offer))
            if pick == len(groups):
                offers = self._offers(seat)
                if offers:
                    return offers[int(rng.random() * len(offers))]
                pick = int(rng.random() * len(groups))
            group = groups[pick]
            return group[int(rng.random() * len(group))]
        if self.phase not in (FIRST_BET, SECOND_BET, SECRET_BET):
            return super().random_move(seat, rng)
        taken = {(b.lane, b.kind) for b in self.bets if b.seat == seat}
        tokens = self.tokens_left
        options = [
            (lane, kind)
            for lane in range(6)
            if tokens[lane]
            for kind in ("win", "show")
            if (lane, kind) not in taken
        ]
        if self.phase == SECOND_BET:
            pick = int(rng.random() * (len(options) + 1))
            if pick == len(options):
                return SkipBet()
        else:
            pick = int(rng.random() * len(options))
        lane, kind = options[pick]
        low = self.minimum_bet(seat) // 100
        high = self.money[seat] // 100
        amount = 100 * (low + int(rng.random() * (high - low + 1)))
        return PlaceBet(self.colours[lane], kind, amount)  # type: ignore[arg-type]

    def timeout_move(self, seat: int) -> Move | None:
        """What a server plays for a seat whose clock runs out (ruling R27): the least
        committal legal move. A pass (1.1: take 400 D), the Minimum Bet to Show on the
        best-odds horse with a Bet token left (the first bet and the Party Game's secret
        bet are mandatory), no
        second bet, the first card of the hand on the first lane (all cards must be
        played), the first card drawn, a refused offer, no more Horses, the first tied
        horse, no odds change, a refusal in the auctions. ``None`` when ``seat`` is not
        to act."""
        if seat not in self.turn().seats:
            return None
        phase = self.phase
        if phase == PURCHASE:
            return PASS
        if phase in (FIRST_BET, SECRET_BET):
            return self._least_bet(seat)
        if phase == SECOND_BET:
            return SkipBet()
        if phase in (DUTCH, ENGLISH):
            return Refuse()
        if phase == OFFER:
            return AnswerOffer(None)
        if phase == LINEUP:
            return EndLineup()
        if phase == CHANGE_ODDS:
            return ChangeOdds(self.colours[0], 0)
        legal = self.legal_moves(seat)
        return legal[0] if legal else None

    def _least_bet(self, seat: int) -> PlaceBet:
        """The Minimum Bet to Show (else to Win) on the best-odds horse one may bet on
        (a seat to make a mandatory bet always may, HF 2.1)."""
        lanes = sorted(range(6), key=lambda lane: (self.row[lane], lane))
        lane, kind = next(
            (lane, kind)
            for lane in lanes
            for kind in ("show", "win")
            if kind in self._bet_kinds(seat, lane)
        )
        return PlaceBet(self.colours[lane], kind, self.minimum_bet(seat))

    def _check(self, seat: int, move: Move) -> None:
        phase = self.phase
        if phase in (FIRST_BET, SECOND_BET, SECRET_BET):
            if isinstance(move, PlaceBet):
                self._check_bet(seat, move)
                return
            if phase == SECRET_BET:
                raise IllegalMove("PG 2.1 secret bet", "every player bets: a horse, Win or Show")
            if isinstance(move, SkipBet):
                if phase == FIRST_BET:
                    raise IllegalMove("HF 2.1 first bet", "the first bet is mandatory")
                return
            raise IllegalMove("HF 2.0 betting phase", f"now you bet, not {move.kind!r}")
        if phase == PURCHASE:
            self._check_purchase(seat, move)
            return
        legal = self.legal_moves(seat)
        assert legal is not None
        if move in legal:
            return
        rule = {
            RACE_FIXING: ("HF 2.2 race-fixing", "play one of your Action cards behind a lane"),
            KEEP: ("HF 1.1 draw four keep one", "keep one of the cards you drew"),
            OFFER: ("HF 1.1 buy from player", "agree with the card asked for, or refuse"),
            LINEUP: ("HF 1.3 starting lineup", "a Horse card of yours on a lane of your Stable"),
            PHOTO: ("HF 3.2 photo finish", "name one of the tied horses"),
            DUTCH: ("HF 4.1 dutch auction", "accept or refuse"),
            ENGLISH: ("HF 4.2 english auction", "accept or refuse"),
            COPY: ("HF ruling R20 Cédric Copieur", "name another player's Assistant"),
            CHANGE_ODDS: ("HF ruling R2 Eric Change", "a Stable and -2..2 rows"),
        }.get(phase, ("turn order", "no move of yours is expected now"))
        raise IllegalMove(rule[0], f"{move.kind!r} is not possible now: {rule[1]}")

    def _do(self, seat: int, move: Move) -> None:
        if isinstance(move, PlaceBet):
            self._place_bet(seat, move)
        elif isinstance(move, SkipBet):
            self.queue.pop(0)
            self.log.append(Event("skip_bet", {"seat": seat}))
            self._advance_second_bet()
        elif isinstance(move, PlayActionCard):
            self._play_action(seat, move)
        elif isinstance(move, Accept | Refuse):
            self._auction_answer(seat, isinstance(move, Accept))
        elif isinstance(move, KeepCard):
            self._keep(seat, move.card)
        elif isinstance(move, AnswerOffer):
            self._answer_offer(seat, move.card)
        elif isinstance(move, LineUpHorse):
            self._line_up(seat, move)
        elif isinstance(move, EndLineup):
            self.queue.pop(0)
            self._advance_lineup()
        elif isinstance(move, PhotoFinish):
            self._photo_finish(self.lane_of[move.stable])
        elif isinstance(move, CopyAssistant):
            self.copied[seat] = move.card
            self.log.append(Event("copy", {"seat": seat, "card": move.card}))
            self.queue.pop(0)
            if not self.queue:
                self._start_purchase_step()
        elif isinstance(move, ChangeOdds):
            self._change_odds(seat, move)
        else:
            self._do_purchase(seat, move)

    # ================================================================= views
    def _view(self, seat: int | None) -> dict[str, Any]:
        players = []
        for s in range(self.num_players):
            character = self.character[s]
            players.append(
                {
                    "seat": s,
                    "character": None if character is None else self.characters[character].name,
                    "danari": self.money[s],
                    "vp_tokens": self.vp[s],
                    "vp": self.total_vp(s),
                    "minimum_bet": self.minimum_bet(s),
                    "stables": [self.colours[lane] for lane in self.stables_of(s)],
                    "assistants": list(self.owned_assistants[s]),
                    "copied": self.copied[s],
                    "horses": list(self.owned_horses[s]),
                    "targets": len(self.owned_targets[s]),
                    "loans": list(self.loans[s]),
                    "action_cards": len(self.hand[s]),
                    "eliminated": self.eliminated[s],
                }
            )
        revealed = self.phase not in (
            PURCHASE,
            DRAW,
            KEEP,
            OFFER,
            LINEUP,
            FIRST_BET,
            RACE_FIXING,
            SECOND_BET,
            SECRET_BET,
            COPY,
        )
        view: dict[str, Any] = {
            "mode": self.options.mode,
            "round": self.round,
            "rounds": self.rounds,
            "phase": self.phase,
            "purchase_step": self.step,
            "first_player": self.first_player,
            "to_act": list(self.queue),
            "stables": [
                {
                    "stable": colour,
                    "odds": self.odds(lane) if self.row[lane] >= 0 else None,
                    "price": self.stable_price(lane) if self.row[lane] >= 0 else None,
                    "owner": self.owner[lane],
                    "horse": self.lane_horse[lane],
                    "position": self.positions[lane],
                    "place": self.ranking.index(lane) + 1 if lane in self.ranking else None,
                    "bet_tokens_left": self.tokens_left[lane],
                }
                for lane, colour in enumerate(self.colours)
            ],
            "players": players,
            "bank": self.bank,
            "vp_reserve": self.vp_reserve,
            "loans_left": self.loans_left,
            "decks": {name: len(deck) for name, deck in self.decks.items()},
            "bets": [
                {
                    "seat": b.seat,
                    "stable": self.colours[b.lane],
                    "bet": b.kind,
                    "amount": b.amount,
                    "betting": b.betting,
                }
                for b in self.bets
            ],
            "action_cards": [
                {
                    "seat": s,
                    "stable": self.colours[lane],
                    "card": card if revealed or s == seat else None,
                }
                for s, card, lane in self.played
            ],
            "offer": None
            if self.offer is None
            else {
                "buyer": self.offer[0],
                "seller": self.offer[1],
                "card": self.offer[2],
                "price": self.offer[3],
            },
            "race": {
                "unit": self.unit,
                "movement_card": self.movement_shown,
                "movement_values": None
                if self.movement_shown is None
                else list(self.movement[self.movement_shown].values),
                "dice": None if self.dice is None else list(self.dice),
                "ranking": [self.colours[lane] for lane in self.ranking],
                "finish_line": self.finish,
                "tied": [self.colours[lane] for lane in self.photo_pending[0]]
                if self.phase == PHOTO
                else None,
            },
            "auction": {
                "price": self.auction_price,
                "active": list(self.auction_active),
                "best": self.auction_best,
                "best_price": self.auction_best_price,
            }
            if self.phase in (DUTCH, ENGLISH)
            else None,
            "history": list(self.history),
        }
        if seat is not None:
            view["hand"] = sorted(self.hand[seat])
            view["my_targets"] = sorted(self.owned_targets[seat])
            drawing_seat = (
                self.drawing[0]
                if self.drawing is not None
                else (self.queue[0] if self.phase == KEEP and self.queue else None)
            )
            view["drawn"] = list(self.drawn) if drawing_seat == seat else []
        if self.phase == OVER:
            view["fulfilled_targets"] = {str(s): c for s, c in enumerate(self.fulfilled) if c}
        view["cards"] = self._shown_cards(view)
        return view

    def _shown_cards(self, view: dict[str, Any]) -> dict[str, dict[str, str]]:
        """Name and meaning of every card this view shows (and of no other)."""
        ids: set[str] = set(view.get("hand", ())) | set(view.get("my_targets", ()))
        ids |= set(view.get("drawn", ()))
        ids |= {c["card"] for c in view["action_cards"] if c["card"] is not None}
        ids |= {s["horse"] for s in view["stables"] if s["horse"] is not None}
        for p in view["players"]:
            ids |= set(p["assistants"]) | set(p["horses"])
            if p["copied"] is not None:
                ids.add(p["copied"])
        for cards in view.get("fulfilled_targets", {}).values():
            ids |= set(cards)
        info = card_info(self.options.cards_file)
        return {c: info[c] for c in sorted(ids) if c in info}

    def clone(self) -> HorseFeverState:
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        for name in (
            "money",
            "vp",
            "character",
            "skills",
            "deal_queue",
            "fulfilled",
            "eliminated",
            "copied",
            "row",
            "owner",
            "history",
            "_tokens_to_place",
            "queue",
            "offered",
            "drawn",
            "lane_horse",
            "bets",
            "second_bets",
            "tokens_left",
            "played",
            "positions",
            "running",
            "ranking",
            "crossed",
            "auction_active",
            "log",
        ):
            setattr(new, name, list(getattr(self, name)))
        for name in ("owned_assistants", "owned_horses", "owned_targets", "loans", "hand"):
            setattr(new, name, [list(x) for x in getattr(self, name)])
        new.bought = [dict(b) for b in self.bought]
        new.decks = {k: d.copy() for k, d in self.decks.items()}
        new.movement_deck = self.movement_deck.copy()
        new.photo_pending = [list(g) for g in self.photo_pending]
        new.effects = list(self.effects)
        new._pending = dict(self._pending)
        return new


class PartyState(HorseFeverState):
    """The Party Game (PG): the same state machine, whose secret bets (and, with
    ``party_actions``, face-down cards) are the core's simultaneous turns."""

    has_simultaneous_turns = True
