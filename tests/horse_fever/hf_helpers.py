"""Helpers for the Horse Fever rule tests (``from .hf_helpers import ...``).

Situations are reached with real moves: chance outcomes are scripted (stable
tokens, characters, draws, Movement cards, Sprint dice) and seats play their
moves. Where a position would take many rounds to reach, the ``force_*``
helpers write a state field directly; they are the only places that do so.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from tote.core import CHANCE, IllegalMove, Move
from tote.games.horse_fever import GAME
from tote.games.horse_fever.moves import (
    BuyActionCards,
    ChooseFirstPlayer,
    DealCharacter,
    DrawCard,
    Pass,
    PlaceBet,
    PlaceStableToken,
    PlayActionCard,
    RevealMovementCard,
    RollSprintDice,
    SkipBet,
)
from tote.games.horse_fever.state import HorseFeverState

from ..properties import step_random as step_random

COLOURS = ("black", "blue", "green", "red", "yellow", "white")
ODDS = {"black": 2, "blue": 3, "green": 4, "red": 5, "yellow": 6, "white": 7}
"""The default starting odds of the helpers: lanes in board order on 1:2 .. 1:7."""
CHARACTERS = ("C71", "C72", "C73", "C74", "C75")
"""Basic characters dealt to seats 0..4: 3400 D / 1:2 (black) ... 4200 D / 1:6 (yellow)."""


def new_state(players: int = 4, **options: Any) -> HorseFeverState:
    state = GAME.new_state(options, players)
    assert isinstance(state, HorseFeverState)
    return state


def set_up(
    state: HorseFeverState,
    odds: Mapping[str, int] = ODDS,
    characters: Sequence[str] = CHARACTERS,
    first: int = 0,
) -> None:
    """Preparation with scripted chance: Stable tokens on ``odds``, the characters in seat
    order, ``first`` as First Player."""
    for colour in sorted(odds, key=lambda c: -odds[c]):
        state.apply(CHANCE, PlaceStableToken(colour))
    for character in characters[: state.num_players]:
        state.apply(CHANCE, DealCharacter(character))
    state.apply(CHANCE, ChooseFirstPlayer(first))


def started(players: int = 4, first: int = 0, **options: Any) -> HorseFeverState:
    state = new_state(players, **options)
    set_up(state, first=first)
    return state


def pass_all(state: HorseFeverState) -> None:
    """Every remaining purchase of the phase is a pass; lineups are skipped."""
    while state.phase == "purchase":
        state.apply(state.turn().seats[0], Pass())


def draw(state: HorseFeverState, *cards: str) -> None:
    for card in cards:
        state.apply(CHANCE, DrawCard(card))


def bet(state: HorseFeverState, seat: int, stable: str, kind: str, amount: int) -> None:
    state.apply(seat, PlaceBet(stable, kind, amount))  # type: ignore[arg-type]


def horse_of(seat: int) -> str:
    """The horse the helpers' first bets go on: seat 0 white, 1 yellow, 2 red, ..."""
    return COLOURS[-1 - seat]


def first_bets(state: HorseFeverState, kind: str = "show") -> None:
    """Every seat's first bet at its Minimum Bet, each on its own horse (``horse_of``)."""
    while state.phase == "first_bet":
        seat = state.turn().seats[0]
        bet(state, seat, horse_of(seat), kind, state.minimum_bet(seat))


def skip_second_bets(state: HorseFeverState) -> None:
    while state.phase == "second_bet":
        state.apply(state.turn().seats[0], SkipBet())


def at_race(players: int = 4, **options: Any) -> HorseFeverState:
    """A round where everyone passed, bet the minimum to show (``horse_of``), played no Action
    card and skipped the second bet: the first Movement card is next."""
    state = started(players, **options)
    pass_all(state)
    first_bets(state)
    skip_second_bets(state)
    assert state.phase == "movement"
    return state


def unit(state: HorseFeverState, card: str, dice: tuple[str, str]) -> None:
    state.apply(CHANCE, RevealMovementCard(card))
    state.apply(CHANCE, RollSprintDice(*dice))


def positions(state: HorseFeverState) -> dict[str, int]:
    return dict(zip(COLOURS, state.positions, strict=True))


def force_rows(state: HorseFeverState, odds: Mapping[str, int]) -> None:
    for colour, n in odds.items():
        state.row[COLOURS.index(colour)] = n - 2


def force_money(state: HorseFeverState, seat: int, amount: int) -> None:
    state.bank += state.money[seat] - amount
    state.money[seat] = amount


def force_vp(state: HorseFeverState, seat: int, vp: int) -> None:
    state.vp_reserve += state.vp[seat] - vp
    state.vp[seat] = vp


def events(state: HorseFeverState, kind: str, seat: int | None = None) -> list[dict[str, Any]]:
    return [e for e in state.log_view(seat) if e["kind"] == kind]


def snapshot(state: HorseFeverState) -> str:
    return json.dumps([state.view(s) for s in (None, *range(state.num_players))], sort_keys=True)


def assert_refused(state: HorseFeverState, seat: int, move: Move, rule: str) -> None:
    """The move is refused naming ``rule`` and nothing changes."""
    before = snapshot(state)
    with pytest.raises(IllegalMove) as refusal:
        state.apply(seat, move)
    assert rule in refusal.value.rule
    assert snapshot(state) == before


def chance_refusal(state: HorseFeverState, outcome: Move) -> str:
    """A scripted chance outcome is refused and nothing changes; the refusal's message."""
    before = snapshot(state)
    with pytest.raises(IllegalMove) as refusal:
        state.apply(CHANCE, outcome)
    assert refusal.value.rule == "chance"
    assert snapshot(state) == before
    return refusal.value.message


def secrets_of(state: HorseFeverState, seat: int) -> set[str]:
    """What only ``seat`` may know: its Action cards (in hand or face down before the
    reveal), its Target cards and the cards it is choosing from."""
    secret = set(state.hand[seat]) | set(state.owned_targets[seat])
    if state.phase in ("purchase", "draw", "keep", "offer", "lineup", "first_bet"):
        secret |= {card for s, card, _ in state.played if s == seat}
    if state.phase in ("race_fixing", "second_bet", "secret_bet", "copy_assistant"):
        secret |= {card for s, card, _ in state.played if s == seat}
    if state.phase in ("draw", "keep") and state.queue and state.queue[0] == seat:
        secret |= set(state.drawn)
    if state.phase == "over":  # HF 5.2: fulfilled Targets are revealed, the others not
        secret -= set(state.fulfilled[seat])
    return secret


def leaks(state: HorseFeverState) -> list[str]:
    """Secrets of one seat found in another seat's (or the spectators') view, or in the
    part of this round's log they may read. A seat may know a card it drew itself
    (and put back) or a Target it sold or bought: its private log entries say so."""
    found = []
    start = max((i for i, e in enumerate(state.log) if e.kind == "round"), default=0)
    for owner in range(state.num_players):
        secret = secrets_of(state, owner)
        for viewer in (None, *range(state.num_players)):
            if viewer == owner:
                continue
            text = json.dumps(state.view(viewer, log=False)) + json.dumps(
                state.log_view(viewer, start)
            )
            known = _seen_by(state, viewer) if viewer is not None else set()
            for card in secret - known:
                if f'"{card}"' in text:
                    found.append(f"seat {viewer} sees {card} of seat {owner}")
    return found


def _seen_by(state: HorseFeverState, viewer: int) -> set[str]:
    """Cards ``viewer`` saw in its own private log entries (drawn, sold or bought)."""
    seen = set(state.hand[viewer]) | set(state.owned_targets[viewer])
    for event in state.log:
        if event.private and viewer in event.private:
            card = event.private[viewer].get("card")
            if card is not None:
                seen.add(card)
    return seen


def race_with(
    plays: Sequence[tuple[str, str]], players: int = 2, **options: Any
) -> HorseFeverState:
    """A round whose race has the Action cards ``plays`` ((card, stable), at most 8)
    face down: seats buy them two at a time (seat 0, 1, 0, 1) and play them in order;
    then first bets as ``first_bets``, no second bet: the first Movement card is next."""
    state = started(players, **options)
    chunks = [list(plays[i : i + 2]) for i in range(0, len(plays), 2)]
    owner: dict[str, str] = {}
    while state.phase == "purchase":
        seat = state.turn().seats[0]
        if chunks and len(chunks[0]) == 2:
            chunk = chunks.pop(0)
            state.apply(seat, BuyActionCards())
            draw(state, *(card for card, _ in chunk))
            owner.update({card: stable for card, stable in chunk})
        else:
            state.apply(seat, Pass())
    assert not chunks, "an even number of cards, at most 8"
    first_bets(state)
    while state.phase == "race_fixing":
        seat = state.turn().seats[0]
        card = next(c for c, _ in plays if c in state.hand[seat])
        state.apply(seat, PlayActionCard(card, owner[card]))
    skip_second_bets(state)
    return state
