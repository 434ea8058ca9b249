"""HF 1 Purchase Phase: two Purchase steps (1.0, 1.2) of one purchase each (1.1: a pass,
Action cards, draw four keep one, a Stable, a Loan, buying from a player), then the
Starting Lineup (1.3). Next in reading order: ``betting.py``."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING

from tote.core.errors import IllegalMove
from tote.core.events import Event
from tote.core.moves import Move
from tote.games.horse_fever import betting, setup
from tote.games.horse_fever.moves import (
    AnswerOffer,
    BuyActionCards,
    BuyCard,
    BuyFromPlayer,
    BuyStable,
    EndLineup,
    LineUpHorse,
    Pass,
    TakeLoan,
)
from tote.games.horse_fever.phases import DRAW, KEEP, LINEUP, OFFER, PURCHASE

if TYPE_CHECKING:
    from tote.games.horse_fever.state import HorseFeverState

LIMITED_KINDS = ("target", "assistant", "horse", "stable", "loan", "from_player")
DOUBLED_KINDS = frozenset({"target", "assistant", "horse", "stable"})

PASS = Pass()
BUY_ACTION_CARDS = BuyActionCards()
BUY_CARD: dict[str, Move] = {d: BuyCard(d) for d in ("target", "assistant", "horse")}
TAKE_LOAN: list[Move] = [TakeLoan("bank"), TakeLoan("mob")]


def purchase_cost(state: HorseFeverState, seat: int, kind: str) -> int:
    """HF 1.1: 400 D; some Assistants and Otto Von Alt make a kind free (proposed)."""
    if state.skills[seat] is None and not state.owned_assistants[seat]:
        return state.board.purchase_price.value
    if kind == "action" and state.skill(seat) == "free_actions":
        return 0
    if any(e.free_purchase == kind for e in state.assistant_effects(seat)):
        return 0
    return state.board.purchase_price.value


def kind_limit(state: HorseFeverState, seat: int, kind: str) -> int:
    """HF 1.1: one of each kind per Purchase Phase (Miss Double: two, proposed)."""
    return 2 if kind in DOUBLED_KINDS and state.skill(seat) == "double_purchases" else 1


def value_of(state: HorseFeverState, card: str) -> int:
    """Ruling R11: a card's original value (buying from a player pays twice it)."""
    if card in state.lane_of:
        return state.stable_price(state.lane_of[card])
    return state.board.purchase_price.value


def start_purchase_step(state: HorseFeverState) -> None:
    """HF 1.0 / 1.2: two Purchase steps, each in turn order from the First Player."""
    state.step += 1
    state.phase = PURCHASE
    state.offered = [False] * state.num_players
    state.queue = state.clockwise(state.first_player)


def purchase_done(state: HorseFeverState) -> None:
    state.queue.pop(0)
    state.phase = PURCHASE
    if state.queue:
        return
    if state.step == 1:
        start_purchase_step(state)
    else:
        start_lineup(state)


def count(state: HorseFeverState, seat: int, kind: str) -> int:
    return state.bought[seat].get(kind, 0)


def _bump(state: HorseFeverState, seat: int, kind: str) -> None:
    state.bought[seat][kind] = count(state, seat, kind) + 1


def purchase_moves(state: HorseFeverState, seat: int) -> list[Move]:
    """HF 1.1: every purchase ``seat`` may make now (passing is always allowed)."""
    return [move for group in purchase_groups(state, seat) for move in group]


def purchase_groups(state: HorseFeverState, seat: int) -> list[list[Move]]:
    """The purchases of HF 1.1 grouped by kind (pass, action cards, each deck,
    stables, loans, buying from players); no group is empty."""
    groups = bank_purchases(state, seat)
    offers_now = offers(state, seat)
    if offers_now:
        groups.append(offers_now)
    return groups


def bank_purchases(state: HorseFeverState, seat: int) -> list[list[Move]]:
    groups: list[list[Move]] = [[PASS]]
    money = state.money[seat]
    if len(state.decks["action"]) >= 2 and money >= purchase_cost(state, seat, "action"):
        groups.append([BUY_ACTION_CARDS])
    owns_stable = seat in state.owner
    for deck in ("target", "assistant", "horse"):
        if (
            state.decks[deck]
            and count(state, seat, deck) < kind_limit(state, seat, deck)
            and money >= purchase_cost(state, seat, deck)
            and (deck != "horse" or owns_stable)
        ):
            groups.append([BUY_CARD[deck]])
    if count(state, seat, "stable") < kind_limit(state, seat, "stable"):
        prices = state.board.stable_prices.values
        discount = sum(e.stable_discount for e in state.assistant_effects(seat))
        stables: list[Move] = [
            state._buy_stable[lane]
            for lane in range(6)
            if state.owner[lane] is None and money >= prices[state.row[lane]] - discount
        ]
        if stables:
            groups.append(stables)
    if state.loans_left and not count(state, seat, "loan"):
        groups.append(TAKE_LOAN)
    return groups


def offers(state: HorseFeverState, seat: int) -> list[Move]:
    """HF 1.1 Buy from player: an offer for each of :func:`offer_cards`."""
    return [BuyFromPlayer(seller, card) for seller, card in offer_cards(state, seat)]


def offer_cards(state: HorseFeverState, seat: int) -> list[tuple[int, str]]:
    """HF 1.1 Buy from player: (seller, card) for every card another player still in
    the game may sell to ``seat`` that ``seat`` can pay twice the value of (ruling R11),
    the sellers in seat order and each one's cards in :func:`_sellable`'s order."""
    if count(state, seat, "from_player") or state.offered[seat]:
        return []
    money = state.money[seat]
    return [
        (other, card)
        for other in range(state.num_players)
        if other != seat and not state.eliminated[other]
        for card in _sellable(state, other, buyer=seat)
        if money >= 2 * value_of(state, card)
    ]


def random_purchase(state: HorseFeverState, seat: int, rng: random.Random) -> Move:
    """Ruling R26: a random kind, then a random purchase of that kind (so that offers
    to other players, the most numerous, do not crowd out the rest)."""
    groups = bank_purchases(state, seat)
    may_offer = not count(state, seat, "from_player") and not state.offered[seat]
    pick = int(rng.random() * (len(groups) + may_offer))
    if pick == len(groups):
        offers_now = offers(state, seat)
        if offers_now:
            return offers_now[int(rng.random() * len(offers_now))]
        pick = int(rng.random() * len(groups))
    group = groups[pick]
    return group[int(rng.random() * len(group))]


def _sellable(state: HorseFeverState, seller: int, buyer: int) -> list[str]:
    """HF 1.1 Buy from player: any card but Action cards (Loans: ruling R12); Horses
    only to a Stable owner (R10); Targets by kind, the seller picks which."""
    cards = [state.colours[lane] for lane in state.stables_of(seller)]
    cards += state.owned_assistants[seller]
    if buyer in state.owner:
        cards += state.owned_horses[seller]
    if state.owned_targets[seller]:
        cards.append("target")
    return cards


def check_purchase(state: HorseFeverState, seat: int, move: Move) -> None:
    if isinstance(move, BuyFromPlayer):
        _check_buy_from_player(state, seat, move)
        return
    if move in purchase_moves(state, seat):
        return
    if isinstance(move, BuyActionCards):
        if len(state.decks["action"]) < 2:
            raise IllegalMove("HF 1.1 action cards", "fewer than two Action cards are left")
        raise IllegalMove("HF 1.1 action cards", "you cannot pay for two Action cards")
    if isinstance(move, BuyCard):
        if move.deck == "horse" and not state.stables_of(seat):
            raise IllegalMove("HF 1.1 horse cards", "only a Stable owner may buy Horse cards")
        if count(state, seat, move.deck) >= kind_limit(state, seat, move.deck):
            raise IllegalMove(
                f"HF 1.1 one {move.deck} per phase",
                f"you already bought a {move.deck} card this Purchase Phase",
            )
        if not state.decks[move.deck]:
            raise IllegalMove("HF 1.1 purchases", f"the {move.deck} deck is empty")
        raise IllegalMove("HF 1.1 purchases", f"you cannot pay for a {move.deck} card")
    if isinstance(move, BuyStable):
        lane = state.lane_of.get(move.stable)
        if lane is None:
            raise IllegalMove("HF 1.1 stable owner", f"there is no Stable {move.stable!r}")
        if state.owner[lane] is not None:
            raise IllegalMove("HF 1.1 stable owner", f"the {move.stable} Stable is owned")
        if count(state, seat, "stable") >= kind_limit(state, seat, "stable"):
            raise IllegalMove(
                "HF 1.1 one stable per phase", "you already bought a Stable this phase"
            )
        raise IllegalMove(
            "HF 1.1 stable owner",
            f"the {move.stable} Stable costs {state.stable_price(lane, seat)} D",
        )
    if isinstance(move, TakeLoan):
        if not state.loans_left:
            raise IllegalMove("HF 1.1 loans", "all Loan cards are taken (ruling R13)")
        raise IllegalMove("HF 1.1 one loan per phase", "you took a Loan this phase")
    raise IllegalMove("HF 1.0 purchase phase", f"a {move.kind!r} is not a purchase")


def _check_buy_from_player(state: HorseFeverState, seat: int, move: BuyFromPlayer) -> None:
    if count(state, seat, "from_player") or state.offered[seat]:
        raise IllegalMove(
            "HF 1.1 buy from player",
            "you may buy from a player in one Purchase step only (one offer per step)",
        )
    seller = move.seller
    if not 0 <= seller < state.num_players or seller == seat or state.eliminated[seller]:
        raise IllegalMove("HF 1.1 buy from player", f"seat {seller} cannot sell to you")
    if move.card.startswith("A") and move.card in state.actions:
        raise IllegalMove("HF 1.1 buy from player", "Action cards cannot be bought")
    if move.card not in _sellable(state, seller, seat):
        raise IllegalMove(
            "HF 1.1 buy from player", f"seat {seller} has no {move.card!r} you may buy"
        )
    if state.money[seat] < 2 * value_of(state, move.card):
        raise IllegalMove(
            "HF 1.1 twice the value",
            f"the price is {2 * value_of(state, move.card)} D, you have {state.money[seat]} D",
        )


def do_purchase(state: HorseFeverState, seat: int, move: Move) -> None:
    if isinstance(move, Pass):
        bonus = sum(e.pass_bonus for e in state.assistant_effects(seat))
        state._pay(seat, state.board.pass_money.value + bonus)
        state.log.append(
            Event("pass", {"seat": seat, "received": state.board.pass_money.value + bonus})
        )
        purchase_done(state)
    elif isinstance(move, BuyActionCards):
        state._pay(seat, -purchase_cost(state, seat, "action"))
        state.log.append(Event("buy", {"seat": seat, "deck": "action"}))
        state.drawing = (seat, "action", 2)
        state.phase = DRAW
    elif isinstance(move, BuyCard):
        state._pay(seat, -purchase_cost(state, seat, move.deck))
        _bump(state, seat, move.deck)
        state.log.append(Event("buy", {"seat": seat, "deck": move.deck}))
        cards = min(state.board.draw_count.value, len(state.decks[move.deck]))
        state.drawing = (seat, move.deck, cards)
        state.drawn = []
        state.phase = DRAW
    elif isinstance(move, BuyStable):
        lane = state.lane_of[move.stable]
        price = state.stable_price(lane, seat)
        state._pay(seat, -price)
        state.owner[lane] = seat
        _bump(state, seat, "stable")
        state.log.append(Event("buy_stable", {"seat": seat, "stable": move.stable, "price": price}))
        purchase_done(state)
    elif isinstance(move, TakeLoan):
        side = state.cards.loans.sides[move.side]
        state.loans_left -= 1
        state.loans[seat].append(move.side)
        state._pay(seat, side.receive)
        _bump(state, seat, "loan")
        state.log.append(Event("loan", {"seat": seat, "side": move.side, "received": side.receive}))
        purchase_done(state)
    elif isinstance(move, BuyFromPlayer):
        make_offer(state, seat, move.seller, move.card)


def draw(state: HorseFeverState, card: str) -> None:
    """HF 1.1 (and FG 1, PG 0.3): one card of the pending draw, to the hand (Action
    cards) or to the cards to keep one of."""
    assert state.drawing is not None
    seat, deck, left = state.drawing
    state.decks[deck].draw(card)
    state.drawing = (seat, deck, left - 1)
    state.log.append(Event("draw", {"seat": seat, "deck": deck}, {seat: {"card": card}}))
    if deck == "action":
        state.hand[seat].append(card)
    else:
        state.drawn.append(card)
    if left > 1:
        return
    state.drawing = None
    if state.family or state.party:
        setup.deal_action_cards(state)
    elif deck == "action":
        purchase_done(state)
    else:
        state.phase = KEEP


def why_not_drawn(state: HorseFeverState, card: str) -> str:
    """HF 1.1 (and FG 1, PG 0.3): why ``card`` cannot be the next card of the pending
    draw: another deck's card, one out of the game, one put under the deck (they come
    back in order, after the cards on top), or one already drawn."""
    assert state.drawing is not None
    name = state.drawing[1]
    deck = state.decks[name]
    pools: dict[str, Mapping[str, object]] = {
        "action": state.actions,
        "target": state.targets,
        "assistant": state.assistants,
        "horse": state.horse_cards,
    }
    if card not in pools[name]:
        other = next((kind for kind, pool in pools.items() if card in pool), None)
        if other is not None:
            return f"{card} is a {other} card; this draw is from the {name} deck"
        if any(c.id == card for c in state.cards.actions):
            return f"{card} is a starred card, out of the game without the advanced option"
        return f"there is no {name} card {card!r}"
    if card in deck.bottom:
        if deck.top:
            return (
                f"{card} was put under the {name} deck (HF 1.1 draw four keep one): it comes"
                " up only after the cards on top"
            )
        return (
            f"the cards put under the {name} deck come up in the order they went under"
            f" (HF 1.1): {card} is not the next"
        )
    return f"{card} is not in the {name} deck: it was already drawn"


def keep(state: HorseFeverState, seat: int, card: str) -> None:
    """HF 1.1: keep one card; the rest go under the deck."""
    assert state.drawing is None
    deck = (
        "target" if card in state.targets else "assistant" if card in state.assistants else "horse"
    )
    rest = [c for c in state.drawn if c != card]
    state.decks[deck].put_under(rest)
    state.drawn = []
    _own(state, seat, deck, card)
    if deck == "target":
        state.log.append(Event("keep", {"seat": seat, "deck": deck}, {seat: {"card": card}}))
    else:
        state.log.append(Event("keep", {"seat": seat, "deck": deck, "card": card}))
    purchase_done(state)


def _own(state: HorseFeverState, seat: int, deck: str, card: str) -> None:
    {
        "target": state.owned_targets,
        "assistant": state.owned_assistants,
        "horse": state.owned_horses,
    }[deck][seat].append(card)


def make_offer(state: HorseFeverState, seat: int, seller: int, card: str) -> None:
    """HF 1.1 Buy from player: ``seat`` offers twice the card's value (ruling R11);
    the seller answers next."""
    price = 2 * value_of(state, card)
    state.offered[seat] = True
    state.offer = (seat, seller, card, price)
    state.phase = OFFER
    state.log.append(
        Event("offer", {"buyer": seat, "seller": seller, "card": card, "price": price})
    )


def offer_answers(state: HorseFeverState, seller: int) -> list[Move]:
    """HF 1.1 Buy from player: an answer for each of :func:`answer_cards`."""
    return [AnswerOffer(card) for card in answer_cards(state, seller)]


def answer_cards(state: HorseFeverState, seller: int) -> list[str | None]:
    """HF 1.1 Buy from player: the seller refuses (``None``), or agrees with the card
    asked for (a Target by kind: the seller names which)."""
    assert state.offer is not None
    card = state.offer[2]
    if card == "target":
        return [None, *sorted(state.owned_targets[seller])]
    return [None, card]


def answer_offer(state: HorseFeverState, seller: int, card: str | None) -> None:
    """HF 1.1 Buy from player: the seller agrees, or the purchase is not possible
    (ruling R9: the buyer then makes another purchase in the same step)."""
    assert state.offer is not None
    buyer, _, named, price = state.offer
    state.offer = None
    if card is None:
        state.log.append(Event("offer_refused", {"buyer": buyer, "seller": seller}))
        state.phase = PURCHASE
        return
    # the price goes to the former owner, not to the Bank
    state.money[buyer] -= price
    state.money[seller] += price
    if card in state.lane_of:
        state.owner[state.lane_of[card]] = buyer
    elif card in state.targets:
        state.owned_targets[seller].remove(card)
        state.owned_targets[buyer].append(card)
    elif card in state.assistants:
        state.owned_assistants[seller].remove(card)
        state.owned_assistants[buyer].append(card)
    else:
        state.owned_horses[seller].remove(card)
        state.owned_horses[buyer].append(card)
    _bump(state, buyer, "from_player")
    shown = "target" if card in state.targets else card
    state.log.append(
        Event(
            "sold",
            {"buyer": buyer, "seller": seller, "card": shown, "price": price},
            {buyer: {"card": card}, seller: {"card": card}} if named == "target" else None,
        )
    )
    purchase_done(state)


# ------------------------------------------------------------ 1.3 Starting Lineup
def start_lineup(state: HorseFeverState) -> None:
    state.queue = [s for s in state.clockwise(state.first_player) if lineup_moves(state, s)]
    state.phase = LINEUP
    advance_lineup(state)


def lineup_moves(state: HorseFeverState, seat: int) -> list[Move]:
    """HF 1.3: a Horse card on a lane of a Stable you own, one Horse per Stable."""
    placed = set(state.lane_horse)
    horses = [h for h in state.owned_horses[seat] if h not in placed]
    lanes = [lane for lane in state.stables_of(seat) if state.lane_horse[lane] is None]
    if not horses or not lanes:
        return []
    moves: list[Move] = [EndLineup()]
    moves += [LineUpHorse(h, state.colours[lane]) for h in horses for lane in lanes]
    return moves


def advance_lineup(state: HorseFeverState) -> None:
    while state.queue and not lineup_moves(state, state.queue[0]):
        state.queue.pop(0)
    if not state.queue:
        betting.start_first_bet(state)


def line_up(state: HorseFeverState, seat: int, move: LineUpHorse) -> None:
    lane = state.lane_of[move.stable]
    state.lane_horse[lane] = move.card
    state.log.append(Event("lineup", {"seat": seat, "card": move.card, "stable": move.stable}))
    advance_lineup(state)


def end_lineup(state: HorseFeverState) -> None:
    """HF 1.3: a player places no more Horses."""
    state.queue.pop(0)
    advance_lineup(state)
