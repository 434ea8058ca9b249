"""WT 6 Buying race cards and WT 7.3 the action windows (ruling 12).

Action cards and card purchases happen in action windows: one before the
Set-the-Stakes tickets, one before the Start cards, one after each round's reveal
and one before the Second Bet tickets (WT 6.1). Priority goes round the table from
a seat that moves on with every window; in their priority turn a player may buy
race cards (WT 6.2-6.3), then announce one action card (``action_cards.py``) or
show their ticket under "No chance..." (``pro_rule.py``) or pass. The window
closes when every player able to act has passed in a row; the announced cards then
resolve in the order announced (WT 7.4, ``action_cards.close_window``).

Next in reading order: ``action_cards.py`` (WT 7-8, the action cards).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from tote.core.errors import IllegalMove
from tote.core.events import Event
from tote.core.moves import Move
from tote.games.wetten import action_cards, pro_rule, rounds, setup
from tote.games.wetten.moves import BuyRaceCard, NoChance, Pass, PlayActionCard
from tote.games.wetten.phases import BUY, PASS, PLAY, SECOND, STAKES, WINDOW

if TYPE_CHECKING:
    from tote.games.wetten.state import WettenState

FIRST_PRICE = 1000
"""WT 6.2: the first race card bought in a race costs 1000, each next one double."""


def open_window(state: WettenState, timing: str) -> None:
    """Ruling 12: priority in seat order from a seat that moves on one place
    with every window (the first window starts with seat 0)."""
    state.stage = WINDOW
    state.timing = timing
    state.announced = []
    state.passes = 0
    state.priority = state.windows_opened % state.num_players
    state.windows_opened += 1
    state.log.append(Event("window", {"timing": timing, "priority": state.priority}))
    refresh_able(state)
    find_priority(state, state.priority)


def find_priority(state: WettenState, seat: int) -> None:
    """Priority to ``seat`` or, skipping seats that cannot act, the next one that
    can; close the window once everyone able to act has passed in a row (or
    nobody can act). ``state.able`` and ``state.able_count`` are refreshed
    whenever cash, hands or tickets change (not by a pass)."""
    if state.passes >= state.able_count:
        action_cards.close_window(state)
        return
    able, n = state.able, state.num_players
    while not able[seat]:
        seat = (seat + 1) % n
    state.priority = seat


def refresh_able(state: WettenState) -> None:
    """Who gets a priority turn: a player holding an action card (a public
    count), able to afford a race card, or who may still show their ticket
    (WT 9.1)."""
    second_bet = state.timing == "second_bet"
    cash, purchases = state.cash, state.purchases
    state.able = [
        bool(actions)
        or cash[seat] >= FIRST_PRICE << purchases[seat]
        or (second_bet and pro_rule.may_show_ticket(state, seat))
        for seat, actions in enumerate(state.actions)
    ]
    state.able_count = sum(state.able)


def pass_priority(state: WettenState, seat: int) -> None:
    """Ruling 12: a pass hands priority on (one shared log entry per seat's pass)."""
    state.passes += 1
    state.log.append(state._passed[seat])
    find_priority(state, (seat + 1) % state.num_players)


def after_announcement(state: WettenState) -> None:
    """Ruling 12: an announcement (an action card, a shown ticket) starts the run of
    passes over; priority goes on to the next seat able to act."""
    state.passes = 0
    refresh_able(state)
    find_priority(state, (state.priority + 1) % state.num_players)


def buy(state: WettenState, seat: int) -> None:
    """WT 6.1-6.2: pay the price, draw the card from the pile; the priority turn goes on."""
    price = state.price(seat)
    state.cash[seat] -= price
    state.bank += price
    state.purchases[seat] += 1
    state.log.append(Event("race_card_bought", {"seat": seat, "price": price}))
    state.draws.append((seat, "buy"))
    setup.draw_pending(state)
    refresh_able(state)


def check_window(state: WettenState, seat: int, move: Move) -> None:
    """WT 6.3, 7.3: in a priority turn, pass, buy with the price in cash, announce an
    action card or show the ticket."""
    if isinstance(move, Pass):
        return
    if isinstance(move, BuyRaceCard):
        if state.cash[seat] < state.price(seat):
            raise IllegalMove(
                "WT 6.3 pay for the card",
                f"the next race card costs {state.price(seat)}; you have {state.cash[seat]}",
            )
        return
    if isinstance(move, NoChance):
        pro_rule.check_no_chance(state, seat, move)
        return
    if isinstance(move, PlayActionCard):
        action_cards.check_action(state, seat, move)
        return
    raise IllegalMove(
        "WT 7.3 action window",
        f"now players announce action cards, buy race cards or pass, not {move.kind!r}",
    )


def window_moves(state: WettenState, seat: int) -> list[Move]:
    """Pass, buy (with the price in cash, WT 6.3) and every announcement."""
    moves: list[Move] = [PASS]
    if state.cash[seat] >= state.price(seat):
        moves.append(BUY)
    moves.extend(action_cards.announcements(state, seat))
    return moves


def random_window_move(state: WettenState, seat: int, rng: random.Random) -> Move:
    """A random player in a window: mostly passing, buying seldom, so playouts stay short."""
    x = rng.random()
    if x < 0.75:
        return PASS
    if x < 0.8 and state.cash[seat] >= state.price(seat):
        return BUY
    others = action_cards.announcements(state, seat)
    return others[int(rng.random() * len(others))] if others else PASS


def after_window(state: WettenState) -> None:
    """The window closed and its cards resolved: the phase it stood before begins
    (tickets, the Start cards), or after a round's reveal the horses move."""
    timing = state.timing
    if timing == "stakes":
        state.stage = STAKES
    elif timing == "start_before":
        state.stage = PLAY
    elif timing == "second_bet":
        state.stage = SECOND
    else:
        rounds.move_horses(state)
