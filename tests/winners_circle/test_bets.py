"""WC 3: The Bets."""

from __future__ import annotations

import pytest

from tote.core import CHANCE
from tote.games.winners_circle.moves import FirstBettor, MoveHorse, PlaceBet, RollDie
from tote.games.winners_circle.state import WinnersCircleState

from .wc_helpers import (
    BASE_CARDS,
    HORSES,
    assert_refused,
    bet,
    draw,
    events,
    new_state,
    place_bets,
    prepare,
    run_to_finish,
)

# Bets that keep seats 0 and 2 away from the three horses run_to_finish places
# (red, blue, green) and from the last horse (white, still on its start space).
QUIET = [("yellow", 1), ("purple", 1), ("orange", 2)]


def race_one_paying(
    winners: dict[int, list[tuple[str, int]]], players: int = 3
) -> WinnersCircleState:
    """Race 1 where the seats in ``winners`` bet as given and everyone else quietly;
    red, blue, green finish in that order; the state is left at race 2's preparation."""
    state = new_state(players)
    prepare(state)
    plan = {seat: winners.get(seat, QUIET) for seat in range(players)}
    place_bets(state, plan)
    run_to_finish(state)
    assert state.race == 2 and state.phase == "preparation"
    return state


# ------------------------------------------------------------------ WC 3.1
def test_wc_3_1_race_one_first_bettor_is_random_among_all_seats() -> None:
    """WC 3.1: in race 1 the first bettor is chosen at random among every player."""
    state = new_state(4)
    draw(state, *BASE_CARDS)
    assert state.turn().chance
    outcomes = state.chance_outcomes()
    assert sorted(o.seat for o, _ in outcomes) == [0, 1, 2, 3]
    assert all(p == pytest.approx(0.25) for _, p in outcomes)
    state.apply(CHANCE, FirstBettor(3))
    assert state.turn().seats == (3,)
    assert events(state, "first_bettor")[-1] == {"kind": "first_bettor", "seat": 3, "race": 1}


def test_wc_3_1_later_races_the_richest_player_bets_first() -> None:
    """WC 3.1: in races 2 and 3 the player with the most money bets first (no chance)."""
    state = race_one_paying({1: [("red", 2), ("yellow", 1), ("purple", 1)]})
    money = state.money
    assert money[1] > money[0] and money[1] > money[2]
    draw(state, *sorted(state.deck)[:7])
    assert not state.turn().chance
    assert state.phase == "bets"
    assert state.turn().seats == (1,)
    assert events(state, "first_bettor")[-1]["race"] == 2


def test_wc_3_1_tied_richest_players_are_chosen_between_at_random() -> None:
    """WC 3.1: if several players share the most money, one of them (only them) is
    chosen at random."""
    same = [("red", 2), ("yellow", 1), ("purple", 1)]
    state = race_one_paying({1: same, 2: same})
    assert state.money[1] == state.money[2] > state.money[0]
    draw(state, *sorted(state.deck)[:7])
    assert state.turn().chance
    outcomes = state.chance_outcomes()
    assert sorted(o.seat for o, _ in outcomes) == [1, 2]
    assert all(p == pytest.approx(0.5) for _, p in outcomes)
    assert_refused(state, CHANCE, FirstBettor(0), "chance")
    state.apply(CHANCE, FirstBettor(2))
    assert state.turn().seats == (2,)


def test_wc_3_1_a_first_bettor_not_among_the_richest_is_refused_naming_them() -> None:
    """WC 3.1: the first bettor is chosen among the richest players only; another
    seat, or a seat that does not exist, is refused, saying who may be chosen."""
    same = [("red", 2), ("yellow", 1), ("purple", 1)]
    state = race_one_paying({1: same, 2: same})
    draw(state, *sorted(state.deck)[:7])
    refusal = assert_refused(state, CHANCE, FirstBettor(0), "chance")
    assert refusal.message.endswith(
        f"seat 0 is not among the richest players (seats 1, 2, with {state.money[1]}),"
        " one of whom bets first (WC 3.1)"
    )
    refusal = assert_refused(state, CHANCE, FirstBettor(3), "chance")
    assert refusal.message.endswith("there is no seat 3 in a 3-seat game")


# ------------------------------------------------------------------ WC 3.2
def test_wc_3_2_betting_goes_clockwise_for_three_rounds() -> None:
    """WC 3.2: from the first bettor, clockwise, one chip per turn, three rounds; then
    the race starts."""
    state = new_state(3)
    prepare(state, first_bettor=2)
    order = []
    chips = {0: [1, 1, 2], 1: [1, 1, 2], 2: [1, 1, 2]}
    while state.phase == "bets":
        seat = state.turn().seats[0]
        order.append(seat)
        n = 3 - len(chips[seat])
        bet(state, seat, HORSES[n], chips[seat].pop())
    assert order == [2, 0, 1, 2, 0, 1, 2, 0, 1]
    assert state.turn().chance and state.phase == "roll"


def test_wc_3_2_chips_lie_face_up_for_everyone() -> None:
    """WC 3.2: in the standard game each chip is placed face up: everyone, spectators
    included, sees its value."""
    state = new_state(3)
    prepare(state)
    bet(state, 0, "red", 2)
    bet(state, 1, "blue", 1)
    for seat in (None, 0, 1, 2):
        view = state.view(seat)
        assert view["state"]["bets"] == [
            {"seat": 0, "horse": "red", "chip": 2},
            {"seat": 1, "horse": "blue", "chip": 1},
        ]
        assert [e["chip"] for e in view["log"] if e["kind"] == "bet"] == [2, 1]
        assert view["state"]["chips"][0] == [1, 1]


def test_wc_3_2_a_bet_must_name_one_of_the_seven_betting_areas() -> None:
    """WC 3.2: a chip goes on one of the seven horses' betting areas."""
    state = new_state(3)
    prepare(state)
    assert_refused(state, 0, PlaceBet("pegasus", 1), "WC 3.2 betting areas")


def test_wc_3_2_betting_out_of_turn_is_refused() -> None:
    """WC 3.2: only the player whose turn it is may place a chip."""
    state = new_state(3)
    prepare(state, first_bettor=1)
    assert_refused(state, 0, PlaceBet("red", 1), "turn order")
    assert_refused(state, 2, PlaceBet("red", 1), "turn order")
    bet(state, 1, "red", 1)
    assert_refused(state, 1, PlaceBet("blue", 1), "turn order")


def test_wc_3_2_no_bets_once_the_race_runs() -> None:
    """WC 3.2: betting is over once the race starts; a bet then is refused."""
    state = new_state(3)
    prepare(state)
    place_bets(state, {s: QUIET for s in range(3)})
    state.apply(CHANCE, RollDie("head"))
    roller = state.turn().seats[0]
    assert_refused(state, roller, PlaceBet("red", 1), "WC 3 the bets")


# ------------------------------------------------------------------ WC 3.3
def test_wc_3_3_players_may_stack_chips_on_the_same_horse() -> None:
    """WC 3.3: a player may bet on a horse other players already backed."""
    state = new_state(3)
    prepare(state)
    bet(state, 0, "red", 2)
    bet(state, 1, "red", 2)
    bet(state, 2, "red", 1)
    on_red = [b for b in state.view(None)["state"]["bets"] if b["horse"] == "red"]
    assert [(b["seat"], b["chip"]) for b in on_red] == [(0, 2), (1, 2), (2, 1)]


# ------------------------------------------------------------------ WC 3.4
def test_wc_3_4_a_second_chip_on_the_same_horse_is_refused() -> None:
    """WC 3.4: one bet per horse per player, so the three chips back three horses."""
    state = new_state(2)
    prepare(state)
    bet(state, 0, "red", 1)
    bet(state, 1, "blue", 1)
    assert_refused(state, 0, PlaceBet("red", 2), "WC 3.4 one bet per horse")
    assert_refused(
        state, 0, {"type": "place_bet", "horse": "red", "chip": 1}, "WC 3.4 one bet per horse"
    )
    legal = state.legal_moves(0)
    assert legal and all(isinstance(m, PlaceBet) and m.horse != "red" for m in legal)
    assert {m.horse for m in legal} == set(HORSES) - {"red"}


def test_wc_3_4_every_player_ends_on_three_different_horses() -> None:
    """WC 3.4: after betting, each player's chips lie on three different horses."""
    state = new_state(3)
    prepare(state)
    place_bets(state, {s: QUIET for s in range(3)})
    for seat in range(3):
        horses = [b["horse"] for b in state.view(None)["state"]["bets"] if b["seat"] == seat]
        assert len(horses) == len(set(horses)) == 3


# ------------------------------------------------------------------ WC 3.5
def test_wc_3_5_only_chips_still_in_hand_may_be_placed() -> None:
    """WC 3.5: a player places one of the chips still in hand: after the 2-chip is down
    another 2 is refused, and the 0-chip is not in the standard game at all."""
    state = new_state(2)
    prepare(state)
    assert_refused(state, 0, PlaceBet("red", 0), "WC 3.5 your own chips")
    assert_refused(state, 0, PlaceBet("red", 3), "WC 3.5 your own chips")
    bet(state, 0, "red", 2)
    bet(state, 1, "red", 1)
    assert_refused(state, 0, PlaceBet("blue", 2), "WC 3.5 your own chips")
    assert state.view(0)["state"]["chips"][0] == [1, 1]
    assert {m.chip for m in state.legal_moves(0)} == {1}


def test_wc_3_5_the_player_chooses_which_chip() -> None:
    """WC 3.5: the player chooses which of his chips to place (1 or 2 first)."""
    state = new_state(2)
    prepare(state)
    assert {m.chip for m in state.legal_moves(0)} == {1, 2}
    assert len(state.legal_moves(0)) == 14
    assert state.legal_moves(1) == []
    assert not any(isinstance(m, MoveHorse) for m in state.legal_moves(0))
