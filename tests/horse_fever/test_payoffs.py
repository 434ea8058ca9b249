"""HF 3.3 payoffs and HF 3.4 the new order of odds."""

from __future__ import annotations

from tote.core import CHANCE
from tote.games.horse_fever.moves import BuyCard, KeepCard, Pass, SkipBet
from tote.games.horse_fever.state import HorseFeverState

from .hf_helpers import bet, draw, events, force_rows, new_state, pass_all, set_up, started

ODDS = {"white": 2, "black": 3, "red": 4, "blue": 5, "green": 6, "yellow": 7}


def finish_race(state: HorseFeverState, order: list[str]) -> None:
    """Run the race so that the horses finish in ``order``: they stand 10 squares apart
    past the line when the first Movement card is revealed."""
    for place, colour in enumerate(order):
        state.positions[state.lane_of[colour]] = 100 - 10 * place
    state.apply(CHANCE, state.chance_outcomes()[0][0])
    state.apply(CHANCE, state.chance_outcomes()[0][0])
    assert [state.colours[lane] for lane in state.ranking] == order


def betting_game() -> HorseFeverState:
    """Four players, red on 1:4, blue on 1:5; Jack is seat 1 (owns green, 1:6), James
    seat 2 (owns yellow, 1:7), seat 0 owns white (1:2), seat 3 black (1:3)."""
    state = new_state(4)
    set_up(state, odds=ODDS, characters=("C71", "C75", "C76", "C72"))
    pass_all(state)
    return state


def test_hf_3_3_example_jack_wins_800_and_3_vp_on_red_at_1_4() -> None:
    """HF 3.3 Bet to Win example: red on 1:4; Jack stakes 200 D to Win; red finishes
    first: he receives 800 D (his 200 back plus 600) and 3 VP; had red been second he
    would have lost the 200 D."""
    state = betting_game()
    jack = 1
    stakes = {0: ("white", "show"), 1: ("red", "win"), 2: ("blue", "show"), 3: ("black", "show")}
    while state.phase == "first_bet":
        seat = state.turn().seats[0]
        bet(state, seat, *stakes[seat], state.minimum_bet(seat) if seat != jack else 200)
    while state.phase == "second_bet":
        state.apply(state.turn().seats[0], SkipBet())
    money, vp = state.money[jack], state.vp[jack]
    finish_race(state, ["red", "white", "blue", "black", "green", "yellow"])
    assert state.money[jack] == money + 800
    assert state.vp[jack] == vp + 3


def test_hf_3_3_example_james_show_bet_doubles_and_earns_1_vp() -> None:
    """HF 3.3 Bet to Show example: blue on 1:5, James stakes 300 D to Show; blue third:
    he gets 600 D and 1 VP, whatever the odds."""
    state = betting_game()
    james = 2
    stakes = {0: ("white", "show"), 1: ("red", "win"), 2: ("blue", "show"), 3: ("black", "show")}
    while state.phase == "first_bet":
        seat = state.turn().seats[0]
        bet(state, seat, *stakes[seat], 300 if seat == james else state.minimum_bet(seat))
    while state.phase == "second_bet":
        state.apply(state.turn().seats[0], SkipBet())
    money, vp = state.money[james], state.vp[james]
    finish_race(state, ["red", "white", "blue", "black", "green", "yellow"])
    assert state.money[james] == money + 600 and state.vp[james] == vp + 1


def test_hf_3_3_lost_bets_and_fourth_place_show_bets_pay_nothing() -> None:
    state = betting_game()
    while state.phase == "first_bet":
        seat = state.turn().seats[0]
        bet(state, seat, "black" if seat != 3 else "red", "show" if seat else "win", 300)
    while state.phase == "second_bet":
        state.apply(state.turn().seats[0], SkipBet())
    money = list(state.money)
    vp = list(state.vp)
    finish_race(state, ["red", "white", "blue", "black", "green", "yellow"])
    # black is 4th: seats 0 (win), 1, 2 (show) lose; seat 3 (red show) wins 600 D
    assert state.vp[:3] == vp[:3] and state.vp[3] == vp[3] + 1
    assert state.money[0] == money[0] + 400  # only its white Stable's prize
    assert state.money[1:] == [money[1], money[2], money[3] + 600]


def test_hf_3_3_stable_owners_receive_600_400_200() -> None:
    """HF 3.3: Stables placed first, second and third earn their owners 600/400/200 D."""
    state = betting_game()
    while state.phase == "first_bet":
        seat = state.turn().seats[0]
        bet(state, seat, "yellow", "win", state.minimum_bet(seat)) if seat < 3 else bet(
            state, seat, "white", "win", state.minimum_bet(seat)
        )
    while state.phase == "second_bet":
        state.apply(state.turn().seats[0], SkipBet())
    money = list(state.money)
    finish_race(state, ["green", "black", "yellow", "white", "red", "blue"])
    assert [state.money[s] - money[s] for s in range(4)] == [0, 600, 200, 400]
    lines = events(state, "payoffs")[0]["lines"]
    assert {"seat": 1, "stable": "green", "prize": 600} in lines


def test_hf_3_3_assistants_and_horses_money_at_payoffs() -> None:
    """HF 3.3: money is received for Assistant and Horse cards (proposed meanings:
    François Riche +800 D every payoff)."""
    state = started(2)
    state.apply(0, BuyCard("assistant"))
    draw(state, "S35", "S23", "S24", "S25")
    state.apply(0, KeepCard("S35"))
    pass_all(state)
    bet(state, 0, "white", "win", 200)
    bet(state, 1, "yellow", "win", 200)
    state.apply(1, SkipBet())
    state.apply(0, SkipBet())
    money = state.money[0]
    finish_race(state, ["red", "blue", "green", "black", "white", "yellow"])
    assert state.money[0] == money + 800


def test_hf_3_4_new_odds_from_the_ranking() -> None:
    """HF 3.4: a horse placed higher than its Stable's row moves the token up one row,
    lower down one row, equal stays (clamped at 1:2 and 1:7)."""
    state = betting_game()
    while state.phase == "first_bet":
        seat = state.turn().seats[0]
        bet(state, seat, ["white", "black", "red", "blue"][seat], "show", state.minimum_bet(seat))
    while state.phase == "second_bet":
        state.apply(state.turn().seats[0], SkipBet())
    # rows before: white 1:2, black 1:3, red 1:4, blue 1:5, green 1:6, yellow 1:7
    finish_race(state, ["yellow", "black", "white", "red", "blue", "green"])
    odds = {c: state.odds(state.lane_of[c]) for c in state.colours}
    assert odds == {"yellow": 6, "black": 3, "white": 3, "red": 5, "blue": 6, "green": 7}


def test_hf_3_4_several_stables_may_share_odds() -> None:
    state = betting_game()
    force_rows(state, {"white": 2, "black": 2})
    assert state.odds(state.lane_of["white"]) == state.odds(state.lane_of["black"]) == 2
    assert Pass() is not None
