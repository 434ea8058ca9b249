"""Helpers for the Wetten! rule tests (``from .wt_helpers import ...``).

Situations are reached with real moves: chance outcomes are scripted
(``DrawRaceCard``, ``DrawActionCard``) and seats play tickets, cards and passes.
Where a whole race would have to be scripted to reach a position,
:func:`put_horse` and :func:`force_cash` write a state field directly; they are
the only places that do so.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pytest

from tote.core import CHANCE, IllegalMove, Move
from tote.games.wetten import GAME
from tote.games.wetten.data import race_deck
from tote.games.wetten.moves import (
    Bet,
    Pass,
    PlayRaceCard,
    SecondBet,
    SetTheStakes,
    ShuffleDecks,
)
from tote.games.wetten.state import WettenState

from ..properties import step_random as step_random

HORSES = ("Queen", "Raider", "Lucky Slevin", "Joker")
DECK = race_deck()
BY_VALUES: dict[tuple[int, ...], list[str]] = {}
for _card in DECK.cards:
    BY_VALUES.setdefault(tuple(_card.values), []).append(_card.id)

EVEN = tuple(BY_VALUES[(2, 2, 2, 2)])
"""The four (2, 2, 2, 2) cards: every horse moves 2 per card."""


def card(values: Sequence[int], copy: int = 0) -> str:
    """The id of the race card with these movement numbers (Queen, Raider, Slevin, Joker)."""
    return BY_VALUES[tuple(values)][copy]


def new_state(players: int = 4, **options: Any) -> WettenState:
    state = GAME.new_state(options, players)
    assert isinstance(state, WettenState)
    return state


def deal(
    state: WettenState,
    race: Mapping[int, Sequence[str]] | None = None,
    actions: Mapping[int, Sequence[str]] | None = None,
) -> None:
    """Shuffle the decks (one scripted chance move) so that seat ``s`` is dealt
    ``race[s]`` (then other cards) and ``actions[s]`` (then other action cards)."""
    race_top = _stacked(state._all_race_cards, race or {}, state.num_players, 6)
    action_top = _stacked(state._all_action_cards, actions or {}, state.num_players, 3)
    state.apply(CHANCE, ShuffleDecks(race_top, action_top))


def _stacked(
    cards: Sequence[str], plan: Mapping[int, Sequence[str]], players: int, each: int
) -> tuple[str, ...]:
    """A deck order, top card first, dealing ``plan[seat]`` to each seat in turn."""
    reserved = {c for wanted in plan.values() for c in wanted}
    spare = [c for c in cards if c not in reserved]
    order: list[str] = []
    for seat in range(players):
        wanted = list(plan.get(seat, ()))
        order += wanted + [spare.pop(0) for _ in range(each - len(wanted))]
    return tuple(order + spare)


def draw_any(state: WettenState) -> None:
    """Settle a pending shuffle with a fixed random order."""
    while state.turn().chance:
        state.apply(CHANCE, state.sample_chance(random.Random(0)))


def pass_window(state: WettenState) -> None:
    """Everyone passes until the current action window closes."""
    opened = state.windows_opened
    while state.stage == "window" and state.windows_opened == opened:
        state.apply(state.turn().seats[0], Pass())


def bets(*cells: tuple[str, int, int]) -> tuple[Bet, ...]:
    return tuple(Bet(horse, place, stake) for horse, place, stake in cells)


def write_tickets(
    state: WettenState, tickets: Mapping[int, Iterable[tuple[str, int, int]]] | None = None
) -> None:
    """Every seat writes its ticket of the current phase (default: no bets)."""
    tickets = tickets or {}
    second = state.stage == "second_bet"
    for seat in range(state.num_players):
        cells = bets(*tickets.get(seat, ()))
        state.apply(seat, SecondBet(cells) if second else SetTheStakes(cells))


def play_round(state: WettenState, cards: Mapping[int, str] | None = None) -> None:
    """Every seat lays a race card (``cards[seat]``, else its last card, so cards
    dealt first by :func:`deal` stay in hand)."""
    cards = cards or {}
    for seat in range(state.num_players):
        hand = state.hands[seat]
        state.apply(seat, PlayRaceCard(cards.get(seat, hand[-1] if hand else None)))
    draw_any(state)


def to_start(
    state: WettenState,
    race: Mapping[int, Sequence[str]] | None = None,
    actions: Mapping[int, Sequence[str]] | None = None,
    tickets: Mapping[int, Iterable[tuple[str, int, int]]] | None = None,
) -> None:
    """Deal, pass the first window, write the tickets, pass the window before Start:
    every seat is now to lay its Start card."""
    deal(state, race, actions)
    pass_window(state)
    write_tickets(state, tickets)
    pass_window(state)
    assert state.stage == "play" and state.rounds == 0


def to_second_bet(state: WettenState, **kwargs: Any) -> None:
    """On to the Second Bet window after a Start round of first cards."""
    to_start(state, **kwargs)
    play_round(state)
    pass_window(state)
    assert state.stage == "window" and state.timing == "second_bet"


def to_neck_and_neck(state: WettenState, **kwargs: Any) -> None:
    """On to the first Neck-and-Neck round (no second bets)."""
    to_second_bet(state, **kwargs)
    pass_window(state)
    write_tickets(state)
    assert state.stage == "play" and state.rounds == 1


# ------------------------------------------------- direct set-up (documented)
def put_horse(state: WettenState, horse: str, position: int) -> None:
    """Direct set-up: ``horse`` has moved ``position`` fields this race."""
    state.position[HORSES.index(horse)] = position


def force_cash(state: WettenState, cash: Sequence[int]) -> None:
    """Direct set-up: each seat's cash, the bank's reserve keeping the total."""
    total = state.bank + sum(state.cash)
    state.cash = list(cash)
    state.bank = total - sum(cash)


# ------------------------------------------------------------------ reading
def places(state: WettenState) -> dict[str, int | None]:
    return {h["name"]: h["place"] for h in state.view(None)["state"]["horses"]}


def events(state: WettenState, kind: str, seat: int | None = None) -> list[dict[str, Any]]:
    return [e.for_seat(seat) for e in state.log if e.kind == kind]


def snapshot(state: WettenState) -> tuple[Any, ...]:
    views = [json.dumps(state.view(s), sort_keys=True) for s in range(state.num_players)]
    return (json.dumps(state.view(None), sort_keys=True), len(state.log), *views)


def assert_refused(
    state: WettenState, actor: int | str, move: Move | Mapping[str, Any], rule: str
) -> IllegalMove:
    """``move`` is refused naming ``rule`` (its start) and the state is left as it was."""
    before = snapshot(state)
    with pytest.raises(IllegalMove) as info:
        state.apply(actor, move)  # type: ignore[arg-type]
    assert info.value.rule.startswith(rule), info.value
    assert snapshot(state) == before
    return info.value


def in_order(state: WettenState, plays: Sequence[tuple[int, Move]]) -> None:
    """In the open window, each ``(seat, move)`` in turn: the seats between pass."""
    for seat, move in plays:
        while state.turn().seats != (seat,):
            state.apply(state.turn().seats[0], Pass())
        state.apply(seat, move)
        draw_any(state)
