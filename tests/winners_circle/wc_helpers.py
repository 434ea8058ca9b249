"""Helpers for the Winner's Circle rule tests (``from .wc_helpers import ...``).

Situations are set up with real moves wherever possible: chance outcomes are
scripted (``DrawHorseCard``, ``FirstBettor``, ``RollDie``) and seats play
``PlaceBet`` / ``MoveHorse``. Where a whole race would have to be scripted to
reach a position, :func:`put_horse` and the other ``force_*`` helpers write a
state field directly; they are the only places that do so.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pytest

from tote.core import CHANCE, IllegalMove, Move
from tote.games.winners_circle import GAME
from tote.games.winners_circle.data import payout_table
from tote.games.winners_circle.moves import (
    DrawHorseCard,
    FirstBettor,
    MoveHorse,
    PlaceBet,
    RollDie,
)
from tote.games.winners_circle.state import WinnersCircleState
from tote.games.winners_circle.track import FINISH_PROGRESS, space_of

from ..properties import step_random as step_random

HORSES = ("red", "blue", "green", "yellow", "purple", "orange", "white")
"""The horses in gate order (data/horse_cards.json)."""

BASE_CARDS = ("H01", "H02", "H03", "H04", "H05", "H06", "H07")
"""Seven base cards drawn to gates 1..7 in this order: head values 7,7,7,7,6,6,6."""

TABLE = payout_table()


# ------------------------------------------------------------------ states
def new_state(players: int = 3, **options: Any) -> WinnersCircleState:
    state = GAME.new_state(options, players)
    assert isinstance(state, WinnersCircleState)
    return state


def draw(state: WinnersCircleState, *cards: str) -> None:
    for card in cards:
        state.apply(CHANCE, DrawHorseCard(card))


def prepare(
    state: WinnersCircleState, cards: Sequence[str] = BASE_CARDS, first_bettor: int = 0
) -> None:
    """Draw ``cards`` to the gates and, if it is a chance event, pick the first bettor
    (``first_bettor`` if it is one of the candidates, else the first candidate)."""
    draw(state, *cards)
    if state.turn().chance:
        candidates = [o.seat for o, _ in state.chance_outcomes()]
        chosen = first_bettor if first_bettor in candidates else candidates[0]
        state.apply(CHANCE, FirstBettor(chosen))


def bet(state: WinnersCircleState, seat: int, horse: str, chip: int) -> None:
    state.apply(seat, PlaceBet(horse, chip))


def place_bets(state: WinnersCircleState, plan: Mapping[int, Sequence[tuple[str, int]]]) -> None:
    """Play the betting rounds in turn order; ``plan[seat]`` lists that seat's bets in order."""
    queues = {seat: list(bets) for seat, bets in plan.items()}
    while state.phase == "bets":
        seat = state.turn().seats[0]
        horse, chip = queues[seat].pop(0)
        bet(state, seat, horse, chip)
    assert all(not q for q in queues.values()), "every planned bet was placed"


def spread_bets(state: WinnersCircleState, horses: Sequence[str] = HORSES[3:]) -> None:
    """Bets that keep out of the way: every seat's chips on ``horses`` (default: gates 4-7)."""
    chips = list(state.chip_set)
    plan = {
        seat: [(horses[i % len(horses)], chip) for i, chip in enumerate(chips)]
        for seat in range(state.num_players)
    }
    place_bets(state, plan)


def roll(state: WinnersCircleState, symbol: str) -> None:
    state.apply(CHANCE, RollDie(symbol))


def move(state: WinnersCircleState, horse: str, symbol: str) -> dict[str, Any]:
    """Roll ``symbol`` and let the seat to act move ``horse``; returns the move's log event."""
    roll(state, symbol)
    seat = state.turn().seats[0]
    before = len(state.log)
    state.apply(seat, MoveHorse(horse))
    moved = [e for e in state.log[before:] if e.kind == "horse_moved"]
    assert len(moved) == 1
    return moved[0].for_seat(None)


def ready_to_race(
    players: int = 3, cards: Sequence[str] = BASE_CARDS, **options: Any
) -> WinnersCircleState:
    """A new game with ``cards`` at the gates, seat 0 first bettor, bets out of the way."""
    state = new_state(players, **options)
    prepare(state, cards)
    spread_bets(state)
    assert state.phase == "roll"
    return state


# ------------------------------------------------- direct set-up (documented)
def put_horse(state: WinnersCircleState, horse: str, progress: int) -> None:
    """Direct set-up: stand ``horse`` at ``progress`` (its physical space follows)."""
    h = HORSES.index(horse)
    state.progress[h] = progress
    if hasattr(state, "space_at"):
        state.space_at[h] = space_of(progress) if progress < FINISH_PROGRESS else 0


def force_pace_horse(state: WinnersCircleState, horse: str) -> None:
    """Direct set-up: the pace chip already lies on ``horse``."""
    state.pace_horse = HORSES.index(horse)


def force_money(state: WinnersCircleState, money: Sequence[int]) -> None:
    """Direct set-up: each seat's money."""
    state.money = list(money)


# ------------------------------------------------------------------ reading
def horse(state: WinnersCircleState, name: str, seat: int | None = None) -> dict[str, Any]:
    for info in state.view(seat)["state"]["horses"]:
        if info["name"] == name:
            return dict(info)
    raise KeyError(name)


def space(state: WinnersCircleState, name: str) -> int | None:
    return horse(state, name)["space"]


def face_up(state: WinnersCircleState) -> set[str]:
    return {h["name"] for h in state.view(None)["state"]["horses"] if h["face_up"]}


def events(state: WinnersCircleState, kind: str, seat: int | None = None) -> list[dict[str, Any]]:
    return [e.for_seat(seat) for e in state.log if e.kind == kind]


def snapshot(state: WinnersCircleState) -> tuple[Any, ...]:
    """Everything observable about a state: every seat's view, the public view, the log."""
    views = [json.dumps(state.view(s), sort_keys=True) for s in range(state.num_players)]
    return (json.dumps(state.view(None), sort_keys=True), len(state.log), *views)


def assert_refused(
    state: WinnersCircleState, actor: int | str, move: Move | Mapping[str, Any], rule: str
) -> IllegalMove:
    """``move`` is refused naming ``rule`` and the state is left exactly as it was."""
    before = snapshot(state)
    with pytest.raises(IllegalMove) as info:
        state.apply(actor, move)  # type: ignore[arg-type]
    assert info.value.rule == rule, info.value
    assert snapshot(state) == before
    return info.value


# ------------------------------------------------------------------ playing
def play_until(state: WinnersCircleState, rng: random.Random, done: Any, limit: int = 5000) -> None:
    for _ in range(limit):
        if done(state):
            return
        step_random(state, rng)
    raise AssertionError("the situation was never reached")


def at_race_preparation(race: int) -> Any:
    return lambda s: s.race == race and s.phase == "preparation" and not s.gates


def names(horses: Iterable[int]) -> list[str]:
    return [HORSES[h] for h in horses]


def run_to_finish(
    state: WinnersCircleState, order: Sequence[str] = ("red", "blue", "green"), symbol: str = "head"
) -> None:
    """Finish a race with real moves: each horse of ``order`` is first stood (direct
    set-up) exactly its ``symbol`` value short of the line, then rolled across it."""
    for name in order:
        value = horse(state, name)["card"][symbol]
        put_horse(state, name, FINISH_PROGRESS - value)
        move(state, name, symbol)


def hidden_chip_leaks(state: WinnersCircleState) -> list[str]:
    """Where a view shows the value of another seat's face-down chip (WC 6.1).

    The state's own bet list is the oracle; each view is checked structurally: the bets
    list (others' chips ``None``, one's own shown), the chips list (others: a count),
    and the log's bet entries (others' chips ``None``). Empty when nothing leaks.
    """
    if not state.options.hidden_bets:
        return []
    problems: list[str] = []
    seats: list[int | None] = [None, *range(state.num_players)]
    for seat in seats:
        view = state.view(seat)
        shown = view["state"]["bets"]
        if len(shown) != len(state.bets):
            problems.append(f"view {seat}: {len(shown)} bets shown, {len(state.bets)} placed")
        for real, seen in zip(state.bets, shown, strict=False):
            if (seen["seat"], seen["horse"]) != (real.seat, HORSES[real.horse]):
                problems.append(f"view {seat}: bet {seen} is not {real}")
            if real.seat == seat and seen["chip"] != real.chip:
                problems.append(f"view {seat}: its own chip {real} shows as {seen['chip']}")
            if real.seat != seat and seen["chip"] is not None:
                problems.append(f"view {seat}: seat {real.seat}'s face-down chip shows")
        for other, chips in enumerate(view["state"]["chips"]):
            if other != seat and not isinstance(chips, int):
                problems.append(f"view {seat}: seat {other}'s chips in hand show: {chips}")
        for entry in view["log"]:
            if entry["kind"] == "bet" and entry["seat"] != seat and entry["chip"] is not None:
                problems.append(f"view {seat}: log shows seat {entry['seat']}'s chip")
        shows_legal = seat is not None and view["legal_moves"] is not None
        if shows_legal and state.turn().seats != (seat,):
            problems.append(f"view {seat}: legal moves shown out of turn")
    return problems
