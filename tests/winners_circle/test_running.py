"""WC 4: Running the Race."""

from __future__ import annotations

import pytest

from tote.core import CHANCE
from tote.games.winners_circle.moves import CODEC, MoveHorse, RollDie
from tote.games.winners_circle.state import WinnersCircleState
from tote.games.winners_circle.track import blocked_landing

from .wc_helpers import (
    HORSES,
    assert_refused,
    events,
    face_up,
    horse,
    move,
    new_state,
    prepare,
    put_horse,
    ready_to_race,
    roll,
    space,
    spread_bets,
)


def legal_horses(state: WinnersCircleState) -> set[str]:
    seat = state.turn().seats[0]
    return {m.horse for m in state.legal_moves(seat)}


# ------------------------------------------------------------------ WC 4.1
def test_wc_4_1_first_bettor_rolls_first_then_clockwise() -> None:
    """WC 4.1: the player who placed the first chip rolls first; then clockwise."""
    state = new_state(3)
    prepare(state, first_bettor=2)
    spread_bets(state)
    rollers = []
    for name in ("red", "blue", "green", "yellow", "purple"):
        roll(state, "head")
        rollers.append(state.turn().seats[0])
        state.apply(rollers[-1], MoveHorse(name))
    assert rollers == [2, 0, 1, 2, 0]
    assert [e["seat"] for e in events(state, "horse_moved")] == [2, 0, 1, 2, 0]


def test_wc_4_1_only_the_roller_moves_a_horse(racing: WinnersCircleState) -> None:
    """WC 4.1: after seat 0's roll, another seat may not move a horse."""
    roll(racing, "head")
    assert_refused(racing, 1, MoveHorse("red"), "turn order")
    assert_refused(racing, 2, MoveHorse("red"), "turn order")


# ------------------------------------------------------------------ WC 4.2
def test_wc_4_2_the_die_has_three_heads_a_cap_a_saddle_a_shoe(racing: WinnersCircleState) -> None:
    """WC 4.2: the special die: horse head on three faces, cap, saddle, horseshoe."""
    odds = {o.symbol: p for o, p in racing.chance_outcomes()}
    assert odds == {
        "head": pytest.approx(1 / 2),
        "cap": pytest.approx(1 / 6),
        "saddle": pytest.approx(1 / 6),
        "shoe": pytest.approx(1 / 6),
    }
    assert_refused(racing, CHANCE, RollDie("star"), "chance")
    assert_refused(racing, 0, RollDie("head"), "turn order")


def test_wc_4_2_a_face_the_die_does_not_have_is_refused_by_name(
    racing: WinnersCircleState,
) -> None:
    """WC 4.2: a scripted roll must show one of the die's faces; the refusal lists them."""
    refusal = assert_refused(racing, CHANCE, RollDie("star"), "chance")
    assert refusal.message.endswith(
        "the die has no face 'star'; its faces show head, cap, saddle, shoe (WC 4.2)"
    )


def test_wc_4_2_one_roll_per_move(racing: WinnersCircleState) -> None:
    """WC 4.2: after a roll the die waits for the horse to move; no second roll."""
    roll(racing, "head")
    assert_refused(racing, CHANCE, RollDie("cap"), "turn order")


# ------------------------------------------------------------------ WC 4.3
def test_wc_4_3_chosen_horse_moves_its_card_value_for_the_symbol() -> None:
    """WC 4.3: roll, choose any face-up horse, move it the value its card shows next to
    the rolled symbol, and flip its card face down."""
    state = ready_to_race(3, ("H13", "H01", "H02", "H03", "H04", "H05", "H06"))
    roll(state, "cap")
    assert legal_horses(state) == set(HORSES)
    state.apply(0, MoveHorse("red"))
    event = events(state, "horse_moved")[-1]
    assert event == {
        "kind": "horse_moved",
        "seat": 0,
        "horse": "red",
        "symbol": "cap",
        "value": 12,
        "moved": 12,
        "space": 12,
    }
    red = horse(state, "red")
    assert (red["progress"], red["space"], red["face_up"]) == (12, 12, False)


def test_wc_4_3_horses_move_only_after_the_roll() -> None:
    """WC 4.3: during the bets nobody moves a horse, and a horse must be one of the seven."""
    state = new_state(3)
    prepare(state)
    assert_refused(state, 0, MoveHorse("red"), "WC 4.3 running the race")
    spread_bets(state)
    roll(state, "head")
    assert_refused(state, 0, MoveHorse("pegasus"), "WC 4.3 running the race")


# ------------------------------------------------------------------ WC 4.4
def test_wc_4_4_a_face_down_horse_is_refused_and_nothing_changes(
    racing: WinnersCircleState,
) -> None:
    """WC 4.4: a horse that has moved may not move again until every other horse has."""
    move(racing, "red", "head")
    roll(racing, "cap")
    roller = racing.turn().seats[0]
    log_length = len(racing.log)
    public = racing.view(None)
    assert_refused(racing, roller, MoveHorse("red"), "WC 4.4 card cycle")
    assert_refused(racing, roller, {"type": "move_horse", "horse": "red"}, "WC 4.4 card cycle")
    assert racing.view(None) == public
    assert len(racing.log) == log_length
    assert "red" not in legal_horses(racing)


def test_wc_4_4_all_cards_turn_face_up_when_every_horse_has_moved(
    racing: WinnersCircleState,
) -> None:
    """WC 4.4: when all seven horses have moved once, every card is turned face up and
    any horse may be chosen again."""
    for n, name in enumerate(HORSES):
        assert face_up(racing) == set(HORSES[n:])
        move(racing, name, "head")
    assert face_up(racing) == set(HORSES)
    roll(racing, "head")
    assert legal_horses(racing) == set(HORSES)


# ------------------------------------------------------------------ WC 4.5
def test_wc_4_5_a_horse_that_cannot_move_may_still_be_chosen(racing: WinnersCircleState) -> None:
    """WC 4.5: no passing; a horse boxed in at the start (white on 30 moving 6: spaces
    31-36 all taken) may still be chosen: it stays and its card flips."""
    assert horse(racing, "white")["card"]["head"] == 6
    event = move(racing, "white", "head")
    assert (event["value"], event["moved"], event["space"]) == (6, 0, 30)
    white = horse(racing, "white")
    assert (white["progress"], white["space"], white["face_up"]) == (-6, 30, False)
    roll(racing, "head")  # the turn passed on to the next player clockwise
    assert racing.turn().seats == (1,)


def test_wc_4_5_there_is_no_pass_move(racing: WinnersCircleState) -> None:
    """WC 4.5: the moves are draw, first bettor, bet, roll and move: nothing to pass
    with, and after each roll the roller has at least one horse to choose."""
    assert "pass" not in CODEC.kinds
    assert set(CODEC.kinds) == {
        "draw_horse_card",
        "first_bettor",
        "place_bet",
        "roll_die",
        "move_horse",
    }
    for name in HORSES[:6]:
        move(racing, name, "saddle")
    roll(racing, "saddle")
    assert legal_horses(racing) == {"white"}


# ------------------------------------------------------------------ WC 4.6
def test_wc_4_6_blocked_horse_takes_first_free_space_behind() -> None:
    """WC 4.6, the rulebook's example 2: horse A on 11 must move 6; 17 and 16 are taken,
    so it stops on 15 after moving just 4."""
    state = ready_to_race(3, ("H05", "H01", "H02", "H03", "H04", "H06", "H07"))
    put_horse(state, "red", 11)
    put_horse(state, "blue", 17)
    put_horse(state, "green", 16)
    event = move(state, "red", "head")
    assert (event["value"], event["moved"], event["space"]) == (6, 4, 15)
    assert horse(state, "red")["progress"] == 15


def test_wc_4_6_example_2_on_the_track_function() -> None:
    """WC 4.6, example 2 on the pure track function, plus the one-taken-space case."""
    assert blocked_landing(11, 17, {17, 16}) == 15
    assert blocked_landing(11, 17, {17}) == 16
    assert blocked_landing(11, 17, {12, 13, 14, 15, 16, 17}) == 11


def test_wc_4_6_blocking_uses_the_physical_space_at_the_start_area() -> None:
    """WC 4.6 with ruling "physical spaces": a horse going round to progress 30 stands on
    space 30, where the unmoved gate-7 horse waits: it stops behind it, on 29."""
    state = ready_to_race(3)  # red: head 7
    put_horse(state, "red", 23)
    event = move(state, "red", "head")
    assert (event["value"], event["moved"], event["space"]) == (7, 6, 29)
    assert horse(state, "red")["progress"] == 29
    assert space(state, "white") == 30


def test_wc_4_6_a_lapping_horse_blocks_a_start_horse() -> None:
    """WC 4.6 with ruling "physical spaces": a horse at progress 35 stands on space 35
    and blocks the gate-3 horse (progress -2, space 34) from moving 1 onto it."""
    state = ready_to_race(3, ("H01", "H02", "H18", "H03", "H04", "H05", "H06"))
    put_horse(state, "blue", 10)  # blue leaves space 35 ...
    put_horse(state, "red", 35)  # ... and red, gone round, stands there
    event = move(state, "green", "cap")
    assert (event["value"], event["moved"], event["space"]) == (1, 0, 34)
    assert horse(state, "green")["progress"] == -2


def test_wc_4_6_start_horse_moves_onto_a_free_start_space() -> None:
    """WC 4.6: the same start horse moving 2 lands on the free space 36 (progress 0)."""
    state = ready_to_race(3, ("H01", "H02", "H21", "H03", "H04", "H05", "H06"))
    put_horse(state, "red", 10)
    event = move(state, "green", "head")  # H21 head 2
    assert (event["value"], event["moved"], event["space"]) == (2, 2, 36)
    assert horse(state, "green")["progress"] == 0


# ------------------------------------------------------------------ WC 4.7
def test_wc_4_7_a_horse_may_jump_over_other_horses() -> None:
    """WC 4.7: only the landing space counts: white on 30 moves 7, over the six horses on
    31-36, to space 1."""
    state = ready_to_race(3, ("H05", "H06", "H07", "H08", "H09", "H10", "H01"))
    event = move(state, "white", "head")
    assert (event["value"], event["moved"], event["space"]) == (7, 7, 1)
    assert horse(state, "white")["progress"] == 1


# ------------------------------------------------------------------ WC 4.8
def test_wc_4_8_start_spaces_are_not_past_space_18() -> None:
    """WC 4.8 with ruling "lap-aware pace": a horse on a start space (30-36) is behind
    space 18, not past it: moving within the start area gives no pace chip."""
    state = ready_to_race(3, ("H01", "H18", "H02", "H03", "H04", "H05", "H06"))
    move(state, "red", "head")  # 36 -> 7
    event = move(state, "blue", "cap")  # 35 -> 36
    assert (event["moved"], event["space"]) == (1, 36)
    assert "pace_horse" not in event
    assert state.view(None)["state"]["pace_horse"] is None
    assert horse(state, "white")["space"] == 30


def test_wc_4_8_first_horse_to_reach_space_18_takes_the_pace_chip() -> None:
    """WC 4.8: the first horse to reach space 18 becomes the pace horse; a later horse
    passing 18 does not take the chip away."""
    state = ready_to_race(3, ("H05", "H01", "H02", "H03", "H04", "H06", "H07"))
    put_horse(state, "red", 12)
    put_horse(state, "blue", 15)
    event = move(state, "red", "head")  # 12 + 6 = 18
    assert event["space"] == 18 and event["pace_horse"] is True
    assert state.view(None)["state"]["pace_horse"] == "red"
    assert horse(state, "red")["pace_horse"] is True
    event = move(state, "blue", "head")  # 15 + 7 = 22
    assert event["space"] == 22 and "pace_horse" not in event
    assert state.view(None)["state"]["pace_horse"] == "red"
    assert horse(state, "blue")["pace_horse"] is False


def test_wc_4_8_passing_space_18_takes_the_pace_chip() -> None:
    """WC 4.8: reaching *or passing* 18: 15 + 7 = 22 makes the pace horse."""
    state = ready_to_race(3)
    put_horse(state, "blue", 15)
    event = move(state, "blue", "head")
    assert event["space"] == 22 and event["pace_horse"] is True
    assert state.view(None)["state"]["pace_horse"] == "blue"


def test_wc_4_8_blocked_short_of_18_is_not_the_pace_horse() -> None:
    """WC 4.8 with WC 4.6: a horse bound for 18 but blocked onto 17 has not reached 18."""
    state = ready_to_race(3, ("H05", "H01", "H02", "H03", "H04", "H06", "H07"))
    put_horse(state, "red", 12)
    put_horse(state, "blue", 18)
    event = move(state, "red", "head")
    assert (event["moved"], event["space"]) == (5, 17)
    assert state.view(None)["state"]["pace_horse"] is None


# ------------------------------------------------------------------ WC 4.9
def test_wc_4_9_finishers_are_win_place_show_and_their_cards_leave() -> None:
    """WC 4.9: the first horse across the line is Win, the second Place, the third Show;
    a finished horse's card is out of play."""
    state = ready_to_race(3, ("H25", "H26", "H27", "H28", "H01", "H02", "H03"))
    put_horse(state, "red", 22)
    put_horse(state, "blue", 23)
    put_horse(state, "green", 21)
    assert move(state, "red", "shoe")["finished"] == "win"
    red = horse(state, "red")
    assert (red["finished"], red["space"], red["face_up"]) == ("win", None, False)
    roll(state, "shoe")
    assert "red" not in legal_horses(state)
    state.apply(state.turn().seats[0], MoveHorse("blue"))
    assert horse(state, "blue")["finished"] == "place"
    assert state.phase == "roll"
    assert move(state, "green", "shoe")["finished"] == "show"
    payout = events(state, "payout")[0]
    assert (payout["win"], payout["place"], payout["show"]) == ("red", "blue", "green")


def test_wc_4_9_a_finished_horse_may_not_be_chosen_again() -> None:
    """WC 4.9: after the card cycle turns the cards face up, a finished horse still may
    not be chosen: its card was removed from play."""
    state = ready_to_race(3, ("H18", "H01", "H02", "H03", "H04", "H05", "H06"))
    put_horse(state, "red", 36)
    move(state, "red", "cap")
    for name in HORSES[1:]:
        move(state, name, "saddle")
    roll(state, "head")
    roller = state.turn().seats[0]
    assert_refused(state, roller, MoveHorse("red"), "WC 4.9 finished horses")
    assert legal_horses(state) == set(HORSES[1:])


def test_wc_4_9_crossing_the_line_is_never_blocked() -> None:
    """WC 4.9 with ruling "crossing leaves the track": red on 36 moving 1 crosses the line
    although space 1 behind it is taken; it finishes, nothing blocks it."""
    state = ready_to_race(3, ("H18", "H01", "H02", "H03", "H04", "H05", "H06"))
    put_horse(state, "red", 36)
    put_horse(state, "blue", 1)
    event = move(state, "red", "cap")
    assert event["finished"] == "win" and event["moved"] == 1 and event["space"] is None


def test_wc_4_9_finished_horses_block_nothing() -> None:
    """WC 4.9 with ruling "finished horses leave the track": after red finishes at
    progress 37, green (progress -2) moves 3 onto space 1 unhindered."""
    state = ready_to_race(3, ("H18", "H02", "H01", "H03", "H04", "H05", "H06"))
    put_horse(state, "red", 36)
    move(state, "red", "cap")
    event = move(state, "green", "cap")
    assert (event["value"], event["moved"], event["space"]) == (3, 3, 1)


def test_wc_4_4_cycle_restarts_when_the_remaining_cards_are_face_down() -> None:
    """WC 4.4 with ruling "remaining cards": once a horse has finished, the cycle
    restarts as soon as the six running horses have moved."""
    state = ready_to_race(3, ("H18", "H01", "H02", "H03", "H04", "H05", "H06"))
    put_horse(state, "red", 36)
    move(state, "red", "cap")  # cycle 1: red finishes
    for name in HORSES[1:]:
        move(state, name, "saddle")
    assert face_up(state) == set(HORSES[1:])
    for name in HORSES[1:]:  # cycle 2: the six running horses only
        move(state, name, "saddle")
    assert face_up(state) == set(HORSES[1:])
    roll(state, "head")
    assert legal_horses(state) == set(HORSES[1:])


# ----------------------------------------------------------------- WC 4.10
def test_wc_4_10_race_ends_at_the_third_finisher_and_rearmost_is_last() -> None:
    """WC 4.10: the race ends the moment the third horse crosses (a fourth horse close to
    the line never gets to); the horse furthest back is last, by distance run, not by
    space number (white, moved round to space 1, is ahead of orange on 31)."""
    state = ready_to_race(3, ("H25", "H26", "H27", "H28", "H01", "H02", "H03"))
    move(state, "white", "head")  # 30 -> 1 (progress 1), over everyone
    put_horse(state, "red", 22)
    put_horse(state, "blue", 23)
    put_horse(state, "yellow", 24)
    put_horse(state, "green", 21)
    move(state, "red", "shoe")
    move(state, "blue", "shoe")
    assert state.phase == "roll" and state.race == 1
    move(state, "green", "shoe")
    payout = events(state, "payout")[0]
    assert (payout["win"], payout["place"], payout["show"]) == ("red", "blue", "green")
    assert payout["last"] == ["orange"]
    finished = [e["horse"] for e in events(state, "horse_moved") if "finished" in e]
    assert finished == ["red", "blue", "green"]
    assert state.race == 2 and state.phase == "preparation"


def test_wc_4_9_4_10_a_whole_race_by_real_moves() -> None:
    """WC 4.3-4.10 end to end, no set-up: each turn the roller takes the first face-up
    horse in gate order and the die shows that card's best symbol. Three horses finish
    in log order, nothing moves after the third, and last is the rearmost of the rest."""
    state = ready_to_race(4)
    before_last_move: list[dict[str, object]] = []
    while state.race == 1:
        horses = state.view(None)["state"]["horses"]
        chosen = next(h for h in horses if h["face_up"])
        symbol = max(chosen["card"], key=lambda s: chosen["card"][s])
        before_last_move = horses
        move(state, chosen["name"], symbol)
    moved = events(state, "horse_moved")
    finishes = [e for e in moved if "finished" in e]
    assert [e["finished"] for e in finishes] == ["win", "place", "show"]
    assert "finished" in moved[-1]
    payout = events(state, "payout")[0]
    assert [payout["win"], payout["place"], payout["show"]] == [e["horse"] for e in finishes]
    running = [
        h for h in before_last_move if h["finished"] is None and h["name"] != moved[-1]["horse"]
    ]
    assert len(running) == 4
    rearmost = min(h["progress"] for h in running)  # type: ignore[type-var]
    assert payout["last"] == [h["name"] for h in running if h["progress"] == rearmost]
    assert len(moved) > 3 * 7  # several full card cycles were run
