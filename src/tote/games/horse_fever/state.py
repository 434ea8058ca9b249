"""The Horse Fever state: the one owner of a game's data, the core contract (each hook
a dispatch on the phase to the phase module that holds its checks and effects), and
the queries several phases and the tests share (``minimum_bet``, ``odds``,
``total_vp``...). Rule ids (``HF x.y``) and rulings (``R..``) refer to
docs/rules/horse-fever.md.

Seats play clockwise in seat order. Lanes are indexed 0..5 in board order and
odds rows 0..5 stand for 1:2 .. 1:7.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tote.core.errors import IllegalMove
from tote.core.moves import Move
from tote.core.result import Result
from tote.core.state import TURN_CHANCE, TURN_OVER, State, Turn
from tote.games.horse_fever import (
    auction,
    betting,
    fast_game,
    final_stage,
    party,
    payoffs,
    purchase,
    race_phase,
    sampling,
    setup,
    views,
)
from tote.games.horse_fever.betting import Bet
from tote.games.horse_fever.data import Board, Cards, Effect, card_info, tables
from tote.games.horse_fever.decks import Deck
from tote.games.horse_fever.moves import (
    CODEC,
    Accept,
    AnswerOffer,
    ChangeOdds,
    ChooseFirstPlayer,
    CopyAssistant,
    DealCharacter,
    DrawCard,
    EndLineup,
    KeepCard,
    LineUpHorse,
    PhotoFinish,
    PlaceBet,
    PlaceStableToken,
    PlayActionCard,
    Refuse,
    RevealMovementCard,
    RollSprintDice,
    SkipBet,
)
from tote.games.horse_fever.options import HorseFeverOptions
from tote.games.horse_fever.phases import (
    CHANCE_PHASES,
    CHANGE_ODDS,
    COPY,
    DRAW,
    DUTCH,
    ENGLISH,
    FIRST_BET,
    KEEP,
    LINEUP,
    MOVEMENT,
    OFFER,
    OVER,
    PHOTO,
    PURCHASE,
    RACE_FIXING,
    SECOND_BET,
    SECRET_BET,
    SETUP_CHARACTERS,
    SETUP_FIRST_PLAYER,
    SETUP_STABLES,
    SPRINT,
)
from tote.games.horse_fever.race import NO_LANE_EFFECTS
from tote.games.horse_fever.shared import buy_stable_moves, clockwise_orders, seat_turns

BANKNOTES = 75 * 100 + 25 * 500 + 25 * 1000
"""HF Content: the Bank's banknotes, 45 000 D (the Bank is unlimited, ruling R14)."""
VP_TOKENS = 16 * 1 + 7 * 3 + 6 * 5 + 5 * 10
"""HF Content: the VP reserve, 117 VP (unlimited too)."""

_REFUSALS = {
    RACE_FIXING: ("HF 2.2 race-fixing", "play one of your Action cards behind a lane"),
    KEEP: ("HF 1.1 draw four keep one", "keep one of the cards you drew"),
    OFFER: ("HF 1.1 buy from player", "agree with the card asked for, or refuse"),
    LINEUP: ("HF 1.3 starting lineup", "a Horse card of yours on a lane of your Stable"),
    PHOTO: ("HF 3.2 photo finish", "name one of the tied horses"),
    DUTCH: ("HF 4.1 dutch auction", "accept or refuse"),
    ENGLISH: ("HF 4.2 english auction", "accept or refuse"),
    COPY: ("HF ruling R20 Cédric Copieur", "name another player's Assistant"),
    CHANGE_ODDS: ("HF ruling R2 Eric Change", "a Stable and -2..2 rows"),
}
"""Why a move that is not among a phase's legal moves is refused."""

_CHANCE_EVENTS: dict[str, tuple[str, type[Move]]] = {
    SETUP_STABLES: ("the next Stable token drawn (HF 0.6)", PlaceStableToken),
    SETUP_CHARACTERS: ("the next Character dealt (HF 0.7)", DealCharacter),
    SETUP_FIRST_PLAYER: ("the choice of the First Player (HF 0.8)", ChooseFirstPlayer),
    DRAW: ("a card drawn (HF 1.1)", DrawCard),
    MOVEMENT: ("the next Movement card (HF 3.2)", RevealMovementCard),
    SPRINT: ("the roll of the Sprint dice (HF 3.2b)", RollSprintDice),
}
"""Each chance phase's event, and the move that is its outcome."""


# fmt: off
_CLONED_LISTS = (
    "money", "vp", "character", "skills", "deal_queue", "fulfilled", "eliminated", "copied",
    "row", "owner", "history", "_tokens_to_place", "queue", "offered", "drawn", "lane_horse",
    "bets", "second_bets", "tokens_left", "played", "positions", "running", "ranking",
    "crossed", "auction_active", "log",
)
"""The state's lists that :meth:`HorseFeverState.clone` copies."""
# fmt: on
_CLONED_NESTED = ("owned_assistants", "owned_horses", "owned_targets", "loans", "hand")
"""The state's lists of lists (one a seat) that it copies list by list."""


class HorseFeverState(State):
    """A Horse Fever game: HF 0.1-0.5 in ``__init__``, then the phases (``phase``)."""

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
        self.finish = board.finish_line.value
        # the game's data by id, never changed after set-up: shared by every state of
        # the same cards and board, as a clone shares it (issue 24)
        (
            self.lane_of,
            self.actions,
            self.characters,
            self.assistants,
            self.horse_cards,
            self.targets,
            self.movement,
        ) = tables(cards, board, options.advanced)
        self.card_texts = card_info(options.cards_file, options.changes_to("cards"))
        """Name, kind and effect text of every card by id, public knowledge: a view
        sends those of the cards it shows (looked up once a game, issue 24)."""
        self._seat_turns = seat_turns(num_players)
        self._buy_stable = buy_stable_moves(self.colours)
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
        self.race_result: payoffs.RaceResult | None = None
        """What the last race's bets were paid on (HF 3.3), for the tote board; in no view."""
        self.fulfilled: list[list[str]] = [[] for _ in range(n)]
        self.phase = SETUP_STABLES
        self._tokens_to_place = list(self.colours)
        self._reset_round()

    # ======================================================== data queries
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
        return self.vp[seat] + self.owner.count(seat)

    def minimum_bet(self, seat: int) -> int:
        """HF 2.1 Minimum Bet: 100 D per VP; ruling R7: never below 100 D."""
        per_vp = self.board.minimum_bet_per_vp.value
        bet = per_vp * (self.vp[seat] + self.owner.count(seat))
        return bet if bet > per_vp else per_vp

    def clockwise(self, start: int) -> list[int]:
        """Players still in the game, clockwise from ``start``."""
        order = clockwise_orders(self.num_players)[start % self.num_players]
        eliminated = self.eliminated
        return [s for s in order if not eliminated[s]] if True in eliminated else list(order)

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

    def stable_price(self, lane: int, seat: int | None = None) -> int:
        """HF 1.1: the Blackboard price of the row the Stable token is on (Franz Galopp:
        600 D less, proposed)."""
        price = self.board.stable_prices.values[self.row[lane]]
        if seat is not None:
            for effect in self.assistant_effects(seat):
                price -= effect.stable_discount
        return price if price > 0 else 0

    def odds(self, lane: int) -> int:
        """The N of a Stable's odds 1:N."""
        return self.board.odds_rows[self.row[lane]]

    def broke(self, seat: int) -> bool:
        """PG 4.1: a player who cannot stake the least bet (100 D, R7) is broke."""
        return self.money[seat] < self.board.minimum_bet_per_vp.value

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

    def _reset_round(self) -> None:
        """The data of one round, set afresh at its start (HF 0.9 / 4.3)."""
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
        self.effects = [NO_LANE_EFFECTS] * 6
        self.crossed = [False] * 6
        self.unit = 0
        self.movement_shown: str | None = None
        self.dice: tuple[str, str] | None = None
        self.photo_pending: list[list[int]] = []
        self.auction_active: list[int] = []
        self.auction_price = 0
        self.auction_best: int | None = None
        self.auction_best_price = 0

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
            free = setup.free_characters(self)
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

    def _why_impossible(self, outcome: Move) -> str:
        """Why a scripted chance outcome is refused: another chance event's outcome, or
        a token, Character, card, seat or die face the pending event cannot produce."""
        event, expected = _CHANCE_EVENTS[self.phase]
        if not isinstance(outcome, expected):
            return f"the pending chance event is {event}, not a {outcome.kind!r}"
        if isinstance(outcome, DrawCard):
            return purchase.why_not_drawn(self, outcome.card)
        if isinstance(outcome, RevealMovementCard):
            return race_phase.why_not_revealed(self, outcome.card)
        if isinstance(outcome, RollSprintDice):
            return race_phase.why_not_rolled(self, outcome.first, outcome.second)
        if isinstance(outcome, PlaceStableToken):
            return setup.why_not_placed(self, outcome.stable)
        if isinstance(outcome, DealCharacter):
            return setup.why_not_dealt(self, outcome.character)
        if isinstance(outcome, ChooseFirstPlayer):
            return setup.why_not_first(self, outcome.seat)
        return super()._why_impossible(outcome)

    def _do_chance(self, outcome: Move) -> None:
        if isinstance(outcome, RollSprintDice):
            race_phase.sprint(self, outcome.first, outcome.second)
        elif isinstance(outcome, RevealMovementCard):
            race_phase.reveal_movement(self, outcome.card)
        elif isinstance(outcome, DrawCard):
            purchase.draw(self, outcome.card)
        elif isinstance(outcome, PlaceStableToken):
            setup.place_stable_token(self, outcome.stable)
        elif isinstance(outcome, DealCharacter):
            setup.deal_character(self, outcome.character)
        elif isinstance(outcome, ChooseFirstPlayer):
            setup.choose_first_player(self, outcome.seat)

    def legal_moves(self, seat: int) -> Sequence[Move] | None:
        turn = self._turn()
        if seat not in turn.seats:
            return []
        phase = self.phase
        if phase == PURCHASE:
            return purchase.purchase_moves(self, seat)
        if phase in (FIRST_BET, SECOND_BET, SECRET_BET):
            return None
        if phase == RACE_FIXING:
            return betting.race_fixing_moves(self, seat)
        if phase in (DUTCH, ENGLISH):
            return [Accept(), Refuse()]
        if phase == KEEP:
            return [KeepCard(c) for c in self.drawn]
        if phase == OFFER:
            return purchase.offer_answers(self, seat)
        if phase == LINEUP:
            return purchase.lineup_moves(self, seat)
        if phase == PHOTO:
            return [PhotoFinish(self.colours[lane]) for lane in sorted(self.photo_pending[0])]
        if phase == COPY:
            return [CopyAssistant(c) for c in setup.copy_candidates(self, seat)]
        if phase == CHANGE_ODDS:
            return [
                ChangeOdds(colour, rows) for colour in self.colours for rows in (-2, -1, 0, 1, 2)
            ]
        return []

    def random_move(self, seat: int, rng: random.Random) -> Move:
        """A random player (ruling R26): purchases by kind first, bets of random amounts
        (``purchase.random_purchase``, ``betting.random_bet``); otherwise uniform."""
        if self.phase == PURCHASE:
            return purchase.random_purchase(self, seat, rng)
        if self.phase not in (FIRST_BET, SECOND_BET, SECRET_BET):
            return super().random_move(seat, rng)
        return betting.random_bet(self, seat, rng)

    def play_random(
        self, rng: random.Random, streams: Sequence[random.Random]
    ) -> tuple[int, int] | None:
        """``tote simulate``'s random bots in one quiet loop (issue 24, 2): ``fast_game``."""
        return fast_game.play_game(self, rng, streams)

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
            return purchase.PASS
        if phase in (FIRST_BET, SECRET_BET):
            return betting.least_bet(self, seat)
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

    def _check(self, seat: int, move: Move) -> None:
        phase = self.phase
        if phase in (FIRST_BET, SECOND_BET, SECRET_BET):
            betting.check_betting(self, seat, move)
            return
        if phase == PURCHASE:
            purchase.check_purchase(self, seat, move)
            return
        legal = self.legal_moves(seat)
        assert legal is not None
        if move in legal:
            return
        rule = _REFUSALS.get(phase, ("turn order", "no move of yours is expected now"))
        raise IllegalMove(rule[0], f"{move.kind!r} is not possible now: {rule[1]}")

    def _do(self, seat: int, move: Move) -> None:
        if isinstance(move, PlaceBet):
            betting.place_bet(self, seat, move)
        elif isinstance(move, SkipBet):
            betting.skip_bet(self, seat)
        elif isinstance(move, PlayActionCard):
            betting.play_action(self, seat, move)
        elif isinstance(move, Accept | Refuse):
            auction.auction_answer(self, seat, isinstance(move, Accept))
        elif isinstance(move, KeepCard):
            purchase.keep(self, seat, move.card)
        elif isinstance(move, AnswerOffer):
            purchase.answer_offer(self, seat, move.card)
        elif isinstance(move, LineUpHorse):
            purchase.line_up(self, seat, move)
        elif isinstance(move, EndLineup):
            purchase.end_lineup(self)
        elif isinstance(move, PhotoFinish):
            race_phase.photo_finish(self, self.lane_of[move.stable])
        elif isinstance(move, CopyAssistant):
            setup.copy_assistant(self, seat, move.card)
        elif isinstance(move, ChangeOdds):
            race_phase.change_odds(self, seat, move)
        else:
            purchase.do_purchase(self, seat, move)

    def _do_simultaneous(self, moves: Mapping[int, Move]) -> None:
        party.do_simultaneous(self, moves)

    def result(self) -> Result | None:
        """HF 5.2 / ruling R19 (``final_stage.board_result``), PG 4.2
        (``party.party_result``); ``None`` before the game is over."""
        if self.phase != OVER:
            return None
        if self.party:
            return party.party_result(self)
        return final_stage.board_result(self)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)

    def _sample_world(self, seat: int | None, rng: random.Random) -> HorseFeverState:
        return sampling.sample_world(self, seat, rng)

    def clone(self) -> HorseFeverState:
        """A copy that plays on without touching this state: every container the rules
        change is copied, the game's data shared. Written into the copy's ``__dict__``
        directly (issue 24: an environment clones a position for the infos still held
        across a move, and attribute by attribute the copy cost as much as a view)."""
        new = object.__new__(type(self))
        mine = self.__dict__
        copied = new.__dict__
        copied.update(mine)
        for name in _CLONED_LISTS:
            copied[name] = list(mine[name])
        for name in _CLONED_NESTED:
            copied[name] = [list(x) for x in mine[name]]
        copied["bought"] = [dict(b) for b in self.bought]
        copied["decks"] = {k: d.copy() for k, d in self.decks.items()}
        copied["movement_deck"] = self.movement_deck.copy()
        copied["photo_pending"] = [list(g) for g in self.photo_pending]
        copied["effects"] = list(self.effects)
        copied["_pending"] = dict(self._pending)
        return new


class PartyState(HorseFeverState):
    """The Party Game (PG): the same state machine, whose secret bets (and, with
    ``party_actions``, face-down cards) are the core's simultaneous turns."""

    has_simultaneous_turns = True
