"""HF 4 Auction Phase and the end of the round: the Dutch auction, where the Bank buys
one VP (4.1), the English auction, where it sells one (4.2), and 4.3 the First Player
card passing left before the next round or the Final Stage. Next in reading order:
``final_stage.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tote.core.events import Event
from tote.games.horse_fever import final_stage, setup
from tote.games.horse_fever.phases import DUTCH, ENGLISH

if TYPE_CHECKING:
    from tote.games.horse_fever.state import HorseFeverState


def start_dutch_auction(state: HorseFeverState) -> None:
    """HF 4.1: the Bank buys one VP, offering 1000 D first, 100 D less after each
    acceptance; a Stable's VP is not for sale."""
    state.phase = DUTCH
    state.auction_active = [s for s in state.clockwise(state.first_player) if state.vp[s] > 0]
    state.auction_price = state.board.auction.start
    state.auction_best = None
    state.auction_best_price = 0
    _advance_auction(state)


def _start_english_auction(state: HorseFeverState) -> None:
    """HF 4.2: the Bank sells one VP from 1000 D up, 100 D a raise."""
    state.phase = ENGLISH
    state.auction_active = state.clockwise(state.first_player)
    state.auction_price = state.board.auction.start
    state.auction_best = None
    state.auction_best_price = 0
    _advance_auction(state)


def auction_answer(state: HorseFeverState, seat: int, accept: bool) -> None:
    """HF 4.1 / 4.2: a player accepts the Bank's price or refuses (and is out)."""
    active = state.auction_active
    active.pop(0)
    if accept:
        state.auction_best = seat
        state.auction_best_price = state.auction_price
        step = state.board.auction.step
        state.auction_price += -step if state.phase == DUTCH else step
        active.append(seat)
    state.log.append(
        Event(
            "auction",
            {
                "auction": state.phase,
                "seat": seat,
                "accept": accept,
                "price": state.auction_best_price if accept else None,
            },
        )
    )
    _advance_auction(state)


def _advance_auction(state: HorseFeverState) -> None:
    """HF 4.1 / 4.2: on clockwise until everyone but the last bidder is out; in the
    English auction a player who cannot pay the asked sum is out (ruling R16); in the
    Dutch auction the offer never falls to 0 D (ruling R15)."""
    active = state.auction_active
    if state.phase == ENGLISH:
        while (
            active
            and active[0] != state.auction_best
            and state.money[active[0]] < state.auction_price
        ):
            active.pop(0)
    done = not active or (len(active) == 1 and active[0] == state.auction_best)
    if done or (state.phase == DUTCH and state.auction_price <= 0):
        _settle_auction(state)


def _settle_auction(state: HorseFeverState) -> None:
    winner, price = state.auction_best, state.auction_best_price
    if state.phase == DUTCH:
        if winner is not None:
            state._give_vp(winner, -1)
            state._pay(winner, price)
        state.log.append(
            Event(
                "dutch_auction",
                {"seller": winner, "price": price if winner is not None else None},
            )
        )
        _start_english_auction(state)
        return
    if winner is not None:
        state._give_vp(winner, 1)
        state._pay(winner, -price)
    state.log.append(
        Event("english_auction", {"buyer": winner, "price": price if winner is not None else None})
    )
    end_round(state)


def end_round(state: HorseFeverState) -> None:
    """HF 4.3: the First Player card and Sprint dice pass left; next round or 5.0."""
    state.queue = []
    if state.round >= state.rounds or (
        state.party and any(state.broke(s) for s in range(state.num_players))
    ):
        final_stage.final_stage(state)
        return
    state.first_player = state.clockwise((state.first_player + 1) % state.num_players)[0]
    setup.start_round(state)
