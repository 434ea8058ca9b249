"""A whole Horse Fever game of random players in one quiet loop (issue 24, 2): what ``tote
simulate`` plays when every seat is a random bot.

The rules loop pays, for each of some 250 moves and chance draws a game, a turn, a list
of legal moves (the Purchase Phase's groups of Move objects, HF 1.1), a dispatch on the
move's type and a log event. Here the phases most of a game is spent in are played on
the state's own fields with the rules' own draws:

- the preparation (HF 0.6-0.8: Stable tokens, Characters, the First Player), one
  ``random()`` of the game's stream each among ``chance_outcomes`` in its order;
- the purchases (HF 1.1, ruling R26: ``purchase.random_purchase``): the kinds counted
  as ``purchase.bank_purchases`` lists them, one ``random()`` for the kind and one for
  the purchase within it, from the seat's stream; a Pass, a Loan, a Stable and the
  cards bought as ``purchase.do_purchase`` carries them out, an offer to buy from a
  player made by ``purchase.make_offer`` and answered (``purchase.answer_offer``)
  uniformly among ``purchase.offer_answers`` from the seller's stream;
- the cards drawn (HF 1.1, FG 1, PG 0.3), one ``random()`` of the game's stream each,
  read by the deck as ``HorseFeverState.sample_chance`` reads it; the card kept (HF 1.1)
  and the Starting Lineup (HF 1.3) uniform among the moves ``legal_moves`` lists, in its
  order;
- the bets (HF 2.1, 2.3: ``betting.random_bet``) and the race-fixing (HF 2.2, uniform
  among ``betting.race_fixing_moves``);
- the Race Units (HF 3.2) by :func:`~tote.games.horse_fever.fast_race.race_units`, the
  tote board's race loop, the photo finishes (HF 3.2d) from the First Player's stream;
- the answers in the auctions (HF 4.1-4.2), uniform between Accept and Refuse.

What moves the game on between them (the end of a purchase, the lineup's and the bets'
queues, the payoffs, the auctions settled, the next round, the Final Stage) is the rules'
own functions; every other moment (Cédric Copieur, R20; Eric Change; the Party Game's
secret turns) is one step of the rules loop. No log event is written that the
simulator's statistics do not read (``tote.sim.games.horse_fever``: the bets, the
payoffs, the auctions' results, the Minimum Bet not covered, the Final Stage and the
players out) but those of the rules' functions it calls (a round's start, the new odds,
an offer and its answer) and of the rules loop's steps.
``tests/horse_fever/test_fast_game.py`` plays every variant through both loops: the same
state but the log, the same events read, the same counts, every stream at the same point.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Literal

from tote.core.events import Event
from tote.core.moves import CHANCE
from tote.games.horse_fever import auction, betting, purchase, setup
from tote.games.horse_fever.betting import Bet
from tote.games.horse_fever.data import ActionCard, Effect
from tote.games.horse_fever.fast_race import race_units
from tote.games.horse_fever.phases import (
    CHANGE_ODDS,
    DRAW,
    DUTCH,
    ENGLISH,
    FIRST_BET,
    KEEP,
    LINEUP,
    MOVEMENT,
    OFFER,
    OVER,
    PURCHASE,
    RACE_FIXING,
    SECOND_BET,
    SETUP_CHARACTERS,
    SETUP_FIRST_PLAYER,
    SETUP_STABLES,
    SPRINT,
)
from tote.games.horse_fever.race import NO_LANE_EFFECTS, LaneEffects, shift_row, surviving_cards

if TYPE_CHECKING:
    from tote.games.horse_fever.state import HorseFeverState

CARD_DECKS = ("target", "assistant", "horse")
"""The decks HF 1.1's draw four keep one buys from, in ``bank_purchases``' order."""
LOAN_SIDES: tuple[Literal["bank", "mob"], ...] = ("bank", "mob")
"""``purchase.TAKE_LOAN``'s order."""
BET_KINDS = ("win", "show")
PREPARATION = (SETUP_STABLES, SETUP_CHARACTERS, SETUP_FIRST_PLAYER)
"""HF 0.6-0.8, the chance events before the first round."""
EVERY_BET = [(lane, kind) for lane in range(6) for kind in BET_KINDS]
"""Every horse and kind, in the order ``betting.random_bet`` lists them."""
BOUGHT_KINDS = ("action", *CARD_DECKS)
"""The kinds ``purchase.purchase_cost`` prices (400 D, or free: HF 1.1, proposed)."""
PRICED = dict.fromkeys(BOUGHT_KINDS, 1)
"""Every kind at the Purchase price (a seat with no skill nor Assistant, HF 1.1)."""
NO_EFFECTS: list[Effect] = []
"""``assistant_effects`` of a seat without Assistants (never changed)."""


def play_game(
    state: HorseFeverState, rng: random.Random, streams: Sequence[random.Random]
) -> tuple[int, int] | None:
    """Play ``state`` to the end of the game, every seat random: the seats' moves and the
    chance moves made, as the simulator's rules loop counts them. ``None`` (nothing
    drawn) with a simultaneous turn half committed."""
    if state._pending:
        return None
    moves = chance = 0
    party = state.party
    draw = rng.random
    randoms = [stream.random for stream in streams]
    while True:
        phase = state.phase
        if phase in (PURCHASE, DRAW, KEEP):
            while True:  # HF 1.1: a purchase, the cards it draws, the card kept
                if phase == PURCHASE:
                    seat = state.queue[0]
                    _purchase(state, seat, randoms[seat])
                    moves += 1
                elif phase == DRAW:
                    chance += _draw(state, draw)
                elif phase == KEEP:
                    seat = state.queue[0]
                    _keep(state, seat, int(randoms[seat]() * len(state.drawn)))
                    moves += 1
                else:
                    break
                phase = state.phase
        elif phase in (DUTCH, ENGLISH):
            moves += _auction(state, streams)
        elif phase in (FIRST_BET, SECOND_BET):
            second = phase == SECOND_BET
            while state.phase == phase:
                seat = state.queue[0]
                _bet(state, seat, randoms[seat], second)
                moves += 1
        elif phase in PREPARATION:
            chance += _prepare(state, draw)
        elif phase in (MOVEMENT, SPRINT):
            drawn, chosen = race_units(state, rng, randoms[state.first_player])
            chance += drawn
            moves += chosen
        elif phase == LINEUP:
            seat = state.queue[0]
            _line_up(state, seat, randoms[seat])
            moves += 1
        elif phase == RACE_FIXING and not party:
            seat = state.queue[0]
            _fix(state, seat, randoms[seat])
            moves += 1
        elif phase == OFFER:  # the seller's answer, uniform among offer_answers (HF 1.1)
            offer = state.offer
            assert offer is not None
            seller = offer[1]
            answers = purchase.answer_cards(state, seller)
            purchase.answer_offer(state, seller, answers[int(randoms[seller]() * len(answers))])
            moves += 1
        elif phase == OVER:
            return moves, chance
        else:  # one step of the rules loop
            turn = state.turn()
            if turn.chance:
                state.apply_unchecked(CHANCE, state.sample_chance(rng))
                chance += 1
            else:
                seat = turn.seats[0]
                state.apply_unchecked(seat, state.random_move(seat, streams[seat]), turn)
                moves += 1


def _purchase(state: HorseFeverState, seat: int, random_: Callable[[], float]) -> None:
    """``purchase.random_purchase`` (ruling R26) and ``purchase.do_purchase`` (HF 1.1): the
    groups counted in ``bank_purchases``' order, a kind drawn, then one of its moves."""
    money = state.money[seat]
    bought = state.bought[seat]  # a kind is there once bought (purchase._bump: 1 and up)
    decks = state.decks
    price = state.board.purchase_price.value
    skill = state.skills[seat]
    effects = state.assistant_effects(seat) if state.owned_assistants[seat] else NO_EFFECTS
    costs = PRICED  # purchase.purchase_cost, kind_limit: the rulebook's
    doubled = 1
    discount = 0  # state.stable_price's Assistants' discount
    if skill is not None or effects:
        for effect in effects:
            discount += effect.stable_discount
            if effect.free_purchase in PRICED:
                if costs is PRICED:
                    costs = PRICED.copy()
                costs[effect.free_purchase] = 0
        if skill == "free_actions":
            costs = {**costs, "action": 0}
        elif skill == "double_purchases":
            doubled = 2
    groups: list[tuple[str, int]] = [("pass", 1)]
    action = decks["action"]
    owner, row = state.owner, state.row
    if costs is PRICED and doubled == 1:  # every kind at the price, one of each (unrolled)
        if money >= price:
            if len(action.top) + len(action.bottom) >= 2:
                groups.append(("action", 1))
            cards = decks["target"]
            if "target" not in bought and (cards.top or cards.bottom):
                groups.append(("target", 1))
            cards = decks["assistant"]
            if "assistant" not in bought and (cards.top or cards.bottom):
                groups.append(("assistant", 1))
            cards = decks["horse"]
            if "horse" not in bought and seat in owner and (cards.top or cards.bottom):
                groups.append(("horse", 1))
    else:
        if money >= costs["action"] * price and len(action.top) + len(action.bottom) >= 2:
            groups.append(("action", 1))
        for deck in CARD_DECKS:
            if (
                money >= costs[deck] * price
                and bought.get(deck, 0) < doubled
                and (deck != "horse" or seat in owner)
                and (decks[deck].top or decks[deck].bottom)
            ):
                groups.append((deck, 1))
    stables: list[int] = []
    prices = state.board.stable_prices.values
    if None in owner and bought.get("stable", 0) < doubled:
        stables = [
            lane
            for lane in range(6)
            if owner[lane] is None and money >= prices[row[lane]] - discount
        ]
        if stables:
            groups.append(("stable", len(stables)))
    if state.loans_left and "loan" not in bought:
        groups.append(("loan", len(LOAN_SIDES)))
    may_offer = "from_player" not in bought and not state.offered[seat]
    pick = int(random_() * (len(groups) + may_offer))
    if pick == len(groups):
        offers = purchase.offer_cards(state, seat)  # purchase.offers, one a card
        if offers:
            seller, card = offers[int(random_() * len(offers))]
            purchase.make_offer(state, seat, seller, card)
            return
        pick = int(random_() * len(groups))
    kind, size = groups[pick]
    k = int(random_() * size)
    if kind == "pass":
        bonus = sum(e.pass_bonus for e in effects) if effects else 0
        state._pay(seat, state.board.pass_money.value + bonus)
    elif kind == "stable":
        lane = stables[k]
        state._pay(seat, -max(0, prices[row[lane]] - discount))  # state.stable_price
        state.owner[lane] = seat
        bought["stable"] = bought.get("stable", 0) + 1
    elif kind == "loan":
        side = LOAN_SIDES[k]
        state.loans_left -= 1
        state.loans[seat].append(side)
        state._pay(seat, state.cards.loans.sides[side].receive)
        bought["loan"] = bought.get("loan", 0) + 1
    else:  # cards drawn: two Action cards, or draw four keep one
        state._pay(seat, -costs[kind] * price)
        if kind == "action":
            state.drawing = (seat, kind, 2)
        else:
            bought[kind] = bought.get(kind, 0) + 1
            count, left = state.board.draw_count.value, len(decks[kind])
            state.drawing = (seat, kind, count if count < left else left)
            state.drawn = []
        state.phase = DRAW
        return
    _purchase_done(state)


def _draw(state: HorseFeverState, random_: Callable[[], float]) -> int:
    """``purchase.draw`` for every card of the pending draw (HF 1.1, FG 1, PG 0.3), each
    read from the deck as ``sample_chance`` reads it; the cards drawn."""
    drawing = state.drawing
    assert drawing is not None
    seat, name, left = drawing
    deck = state.decks[name]
    into = state.hand[seat] if name == "action" else state.drawn
    for _ in range(left):
        x = random_()  # drawn even when the top is empty (then the bottom's first comes)
        top = deck.top
        into.append(top.pop(int(x * len(top))) if top else deck.bottom.pop(0))
    state.drawing = None
    if state.family or state.party:
        setup.deal_action_cards(state)
    elif name == "action":
        _purchase_done(state)
    else:
        state.phase = KEEP
    return left


def _keep(state: HorseFeverState, seat: int, k: int) -> None:
    """``purchase.keep``: the ``k``-th card drawn kept, the rest under the deck (HF 1.1)."""
    drawn = state.drawn
    card = drawn[k]
    if card in state.targets:
        deck, owned = "target", state.owned_targets
    elif card in state.assistants:
        deck, owned = "assistant", state.owned_assistants
    else:
        deck, owned = "horse", state.owned_horses
    state.decks[deck].put_under([c for c in drawn if c != card])
    state.drawn = []
    owned[seat].append(card)
    _purchase_done(state)


def _line_up(state: HorseFeverState, seat: int, random_: Callable[[], float]) -> None:
    """HF 1.3: uniform among ``purchase.lineup_moves`` (no more Horses, then each Horse
    on each free lane of the seat's Stables), carried out as ``line_up``/``end_lineup``."""
    lane_horse = state.lane_horse
    placed = set(lane_horse)
    horses = [h for h in state.owned_horses[seat] if h not in placed]
    owner = state.owner
    lanes = [lane for lane in range(6) if owner[lane] == seat and lane_horse[lane] is None]
    k = int(random_() * (1 + len(horses) * len(lanes)))
    if not k:  # purchase.end_lineup
        state.queue.pop(0)
    else:
        horse, lane = divmod(k - 1, len(lanes))
        lane_horse[lanes[lane]] = horses[horse]
    _advance_lineup(state)


def _can_line_up(state: HorseFeverState, seat: int) -> bool:
    """HF 1.3: ``purchase.lineup_moves`` is not empty: the seat holds a Horse not placed
    and owns a Stable with none on its lane."""
    lane_horse = state.lane_horse
    for horse in state.owned_horses[seat]:
        if horse not in lane_horse:
            break
    else:
        return False
    owner = state.owner
    for lane in range(6):  # noqa: SIM110 (a loop, not any() over a generator: issue 24)
        if owner[lane] == seat and lane_horse[lane] is None:
            return True
    return False


def _advance_lineup(state: HorseFeverState) -> None:
    """``purchase.advance_lineup``: the next player who can place a Horse (HF 1.3), else
    the first bet (HF 2.1)."""
    queue = state.queue
    while queue and not _can_line_up(state, queue[0]):
        queue.pop(0)
    if not queue:
        betting.start_first_bet(state)


def _bet(state: HorseFeverState, seat: int, random_: Callable[[], float], second: bool) -> None:
    """``betting.random_bet`` (ruling R26) and ``place_bet``/``skip_bet`` (HF 2.0-2.3);
    the ``bet`` event is written (the statistics read it)."""
    bets = state.bets
    # a seat bets once in the first bet (HF 2.1): only a second bet has bets of its own
    taken: list[tuple[int, str]] | None = None
    if second:
        taken = []
        for b in bets:
            if b.seat == seat:
                taken.append((b.lane, b.kind))
    tokens = state.tokens_left
    if 0 not in tokens:  # a Bet token of every colour left: every (lane, kind) not taken
        if taken:
            options = EVERY_BET.copy()
            for bet in taken:
                options.remove(bet)
        else:
            options = EVERY_BET
    else:
        options = [
            (lane, kind)
            for lane in range(6)
            if tokens[lane]
            for kind in BET_KINDS
            if not taken or (lane, kind) not in taken
        ]
    if second:
        pick = int(random_() * (len(options) + 1))
        if pick == len(options):
            state.queue.pop(0)
            _advance_second_bet(state)
            return
    else:
        pick = int(random_() * len(options))
    lane, kind = options[pick]
    per_vp = state.board.minimum_bet_per_vp.value  # state.minimum_bet (HF 2.1, ruling R7)
    low = per_vp * (state.vp[seat] + state.owner.count(seat))
    low = (low if low > per_vp else per_vp) // 100
    high = state.money[seat] // 100
    amount = 100 * (low + int(random_() * (high - low + 1)))
    tokens[lane] -= 1
    state.money[seat] -= amount  # state._pay(seat, -amount)
    state.bank += amount
    bets.append(Bet(seat, lane, kind, amount, 2 if second else 1))
    state.log.append(
        Event("bet", {"seat": seat, "stable": state.colours[lane], "bet": kind, "amount": amount})
    )
    if not second:
        queue = state.queue
        queue.pop(0)
        # betting.advance_first_bet: the next player, who has no bet yet, bets if they
        # can cover the Minimum Bet (HF 2.1); the rules handle the rest
        if queue:
            nxt = queue[0]
            least = per_vp * (state.vp[nxt] + state.owner.count(nxt))
            if state.money[nxt] >= (least if least > per_vp else per_vp):
                return
        betting.advance_first_bet(state)
        return
    state.second_bets[seat] += 1
    if state.second_bets[seat] >= betting._second_bet_limit(state, seat):
        state.queue.pop(0)
    _advance_second_bet(state)


def _fix(state: HorseFeverState, seat: int, random_: Callable[[], float]) -> None:
    """HF 2.2: uniform among ``betting.race_fixing_moves`` (each card of the hand behind
    each lane), laid as ``betting.play_action`` lays it."""
    hand = state.hand[seat]
    cards = sorted(set(hand))
    k = int(random_() * (len(cards) * 6))
    card = cards[k // 6]
    hand.remove(card)
    state.played.append((seat, card, k % 6))
    queue = state.queue
    queue.append(queue.pop(0))
    _advance_race_fixing(state)


def _auction(state: HorseFeverState, streams: Sequence[random.Random]) -> int:
    """One auction's answers to its end (HF 4.1-4.2), each uniform between Accept and
    Refuse from the seat's stream: ``auction.auction_answer`` without its event and
    ``auction._advance_auction`` (ruling R16: in the English auction a player who cannot
    pay the asked sum is out; R15: the Dutch offer never falls to 0 D), the auction
    settled by the rules, which write its result; the answers given."""
    english = state.phase == ENGLISH
    step = state.board.auction.step
    rise = step if english else -step
    active = state.auction_active
    money = state.money
    answers = 0
    while True:
        seat = active.pop(0)
        answers += 1
        if int(streams[seat].random() * 2) == 0:  # Accept
            state.auction_best = seat
            state.auction_best_price = state.auction_price
            state.auction_price += rise
            active.append(seat)
        best, price = state.auction_best, state.auction_price
        if english:
            while active and active[0] != best and money[active[0]] < price:
                active.pop(0)
        if not active or (len(active) == 1 and active[0] == best) or (not english and price <= 0):
            auction._settle_auction(state)
            return answers


def _purchase_done(state: HorseFeverState) -> None:
    """``purchase.purchase_done``: the next purchase, the second Purchase step (HF 1.2)
    or the Starting Lineup (HF 1.3: the players who can place a Horse, clockwise from
    the First Player, as ``purchase.start_lineup`` queues them), else the first bet."""
    queue = state.queue
    queue.pop(0)
    state.phase = PURCHASE
    if queue:
        return
    if state.step == 1:
        purchase.start_purchase_step(state)
        return
    state.queue = [s for s in state.clockwise(state.first_player) if _can_line_up(state, s)]
    state.phase = LINEUP
    if not state.queue:
        betting.start_first_bet(state)


def _advance_race_fixing(state: HorseFeverState) -> None:
    """``betting._advance_race_fixing``: the next player holding a card (HF 2.2), else
    the second bet, counter-clockwise (HF 2.3, ``betting.start_second_bet``)."""
    queue = state.queue
    hand = state.hand
    for _ in range(len(queue)):
        if hand[queue[0]]:
            return
        queue.append(queue.pop(0))
    state.phase = SECOND_BET
    state.queue = state.clockwise(state.first_player)[::-1]
    _advance_second_bet(state)


def _advance_second_bet(state: HorseFeverState) -> None:
    """``betting.advance_second_bet``: the next player who can bet (HF 2.3), else the
    Action cards shown."""
    queue = state.queue
    while queue and not betting._can_bet(state, queue[0]):
        queue.pop(0)
    if not queue:
        _reveal(state)


def _reveal(state: HorseFeverState) -> None:
    """``race_phase.reveal_action_cards`` without its events (HF 3.1, ruling R1): each
    lane's Horse card, then the Action cards that survive removal and same-letter
    cancellation; the odds they move; Eric Change's turn, else the race."""
    actions = state.actions
    by_lane: list[list[ActionCard]] = [[] for _ in range(6)]
    for _, card, lane in state.played:
        by_lane[lane].append(actions[card])
    effects = state.effects = [NO_LANE_EFFECTS] * 6
    rows = state.row
    lane_horse = state.lane_horse
    for lane in range(6):
        horse = lane_horse[lane]
        if horse is None and not by_lane[lane]:
            continue
        fx = effects[lane] = LaneEffects()
        rows_up = 0
        if horse is not None:
            horse_effect = state.horse_cards[horse].effect
            fx.add(horse_effect)
            rows_up = horse_effect.odds_rows
        if by_lane[lane]:
            for action in surviving_cards(by_lane[lane])[0]:
                fx.add(action.effect)
                rows_up += action.effect.odds_rows
        if rows_up:
            rows[lane] = shift_row(rows[lane], rows_up)
    skills = state.skills
    state.queue = [s for s in state.clockwise(state.first_player) if skills[s] == "change_odds"]
    state.phase = CHANGE_ODDS if state.queue else MOVEMENT


def _prepare(state: HorseFeverState, random_: Callable[[], float]) -> int:
    """HF 0.6-0.8 without their events (``setup.place_stable_token``, ``deal_character``,
    ``choose_first_player``), each outcome read from one ``random()`` of the game's stream
    among ``chance_outcomes`` in its order, as ``sample_chance`` reads it; the draws."""
    drawn = 0
    while True:
        phase = state.phase
        if phase == SETUP_STABLES:  # HF 0.6: tokens from 1:7 up to 1:2
            tokens = sorted(state._tokens_to_place)
            colour = tokens[int(random_() * len(tokens))]
            state._tokens_to_place.remove(colour)
            state.row[state.lane_of[colour]] = len(state._tokens_to_place)
            if not state._tokens_to_place:
                state.phase = SETUP_FIRST_PLAYER if state.party else SETUP_CHARACTERS
        elif phase == SETUP_CHARACTERS:  # HF 0.7: a Character and its Danari (and Stable)
            free = setup.free_characters(state)
            character = state.characters[free[int(random_() * len(free))]]
            seat = state.character.index(None)
            state.character[seat] = character.id
            state.skills[seat] = character.skill
            state._pay(seat, character.danari)
            if character.stable_row is not None:
                state.owner[state.row.index(character.stable_row)] = seat
            if None not in state.character:
                state.phase = SETUP_FIRST_PLAYER
        elif phase == SETUP_FIRST_PLAYER:  # HF 0.8, then the first round (HF 0.9)
            state.first_player = int(random_() * state.num_players)
            setup.start_round(state)
        else:
            return drawn
        drawn += 1
