"""Refusals: every illegal or malformed move names its rule and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from tote.core import CHANCE, IllegalMove, MalformedMove, Match
from tote.games.winners_circle import GAME
from tote.games.winners_circle.moves import MoveHorse, PlaceBet, RollDie
from tote.games.winners_circle.state import WinnersCircleState

from .wc_helpers import assert_refused, bet, new_state, prepare, snapshot


def betting_state() -> WinnersCircleState:
    """Three players, seat 0 to bet; seat 0 already has its 2-chip on red."""
    state = new_state(3)
    prepare(state)
    bet(state, 0, "red", 2)
    bet(state, 1, "blue", 1)
    bet(state, 2, "green", 1)
    assert state.turn().seats == (0,)
    return state


@pytest.mark.parametrize(
    ("actor", "move", "rule"),
    [
        (0, PlaceBet("pegasus", 1), "WC 3.2 betting areas"),
        (0, PlaceBet("red", 1), "WC 3.4 one bet per horse"),
        (0, PlaceBet("blue", 2), "WC 3.5 your own chips"),
        (0, PlaceBet("blue", 0), "WC 3.5 your own chips"),
        (1, PlaceBet("blue", 1), "turn order"),
        (2, PlaceBet("yellow", 1), "turn order"),
        (0, MoveHorse("red"), "WC 4.3 running the race"),
        (0, RollDie("head"), "turn order"),
        (CHANCE, RollDie("head"), "turn order"),
        (5, PlaceBet("blue", 1), "seats"),
    ],
    ids=[
        "WC 3.2 unknown horse",
        "WC 3.4 second chip on a horse",
        "WC 3.5 chip already placed",
        "WC 3.5 0-chip outside Hidden Bets",
        "WC 3.2 out of turn (next seat)",
        "WC 3.2 out of turn (other seat)",
        "WC 4.3 move during the bets",
        "WC 4.2 a seat rolling the die",
        "WC 4.2 rolling during the bets",
        "no such seat",
    ],
)
def test_refused_moves_name_their_rule_and_change_nothing(actor: Any, move: Any, rule: str) -> None:
    """Each refusal raises IllegalMove whose ``rule`` names the rule; the state, every
    view and the log are unchanged."""
    state = betting_state()
    assert_refused(state, actor, move, rule)
    assert_refused(state, actor, move.to_json(), rule)  # the same move as JSON


@pytest.mark.parametrize(
    "data",
    [
        {"type": "pass"},
        {"type": "place_bet", "horse": "red", "chip": 1, "odds": 3},
        {"type": "place_bet", "horse": "red", "chip": "two"},
        {"type": "place_bet", "horse": "red", "chip": 1.5},
        {"type": "place_bet", "horse": 5, "chip": 1},
        {"type": "place_bet", "horse": "red"},
        {"horse": "red", "chip": 1},
        ["place_bet", "red", 1],
        "place_bet red 1",
    ],
    ids=[
        "unknown type",
        "unknown field",
        "chip not an int",
        "chip fractional",
        "horse not a string",
        "missing field",
        "no type",
        "not an object",
        "a string",
    ],
)
def test_malformed_moves_are_refused_and_change_nothing(data: Any) -> None:
    """Malformed move JSON is a MalformedMove (rule "move format"), state untouched."""
    state = betting_state()
    before = snapshot(state)
    with pytest.raises(MalformedMove) as info:
        state.apply(0, data)
    assert info.value.rule == "move format"
    assert snapshot(state) == before


def test_malformed_move_through_a_match_changes_nothing() -> None:
    """A match refuses malformed and illegal moves without recording them."""
    match = Match(GAME, 3, {}, seed=None, auto_chance=False)
    for card in ("H01", "H02", "H03", "H04", "H05", "H06", "H07"):
        match.play_chance({"type": "draw_horse_card", "card": card})
    match.play_chance({"type": "first_bettor", "seat": 1})
    before = (snapshot(match.state), len(match.moves))
    with pytest.raises(MalformedMove):
        match.play(1, {"type": "place_bet", "horse": "red", "chip": "lots"})
    with pytest.raises(IllegalMove) as info:
        match.play(0, {"type": "place_bet", "horse": "red", "chip": 1})
    assert info.value.rule == "turn order"
    with pytest.raises(IllegalMove) as info:
        match.play_chance({"type": "roll_die", "symbol": "head"})
    assert info.value.rule == "turn order"
    assert (snapshot(match.state), len(match.moves)) == before
    match.play(1, {"type": "place_bet", "horse": "red", "chip": 1})
    assert len(match.moves) == before[1] + 1


def test_actor_must_be_a_seat_number_or_chance() -> None:
    """A move made by something other than a seat number or "chance" is malformed."""
    state = betting_state()
    before = snapshot(state)
    for actor in ("seat 0", True, None):
        with pytest.raises(MalformedMove):
            state.apply(actor, PlaceBet("blue", 1))  # type: ignore[arg-type]
    assert snapshot(state) == before
