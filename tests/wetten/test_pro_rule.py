"""WT 9: Pro-Rule "No chance..." and its variants."""

from __future__ import annotations

import pytest

from tote.games.wetten.moves import NoChance, Pass

from .wt_helpers import (
    assert_refused,
    events,
    in_order,
    new_state,
    pass_window,
    play_round,
    to_second_bet,
    to_start,
    write_tickets,
)

TICKET = {0: [("Queen", 1, 1000), ("Joker", 4, 2000)]}


def test_wt_9_1_show_the_ticket_and_mark_one_bet_at_8x() -> None:
    """WT 9.1: in Second Bet a player shows their Set-the-Stakes ticket to everyone and
    marks one of its bets, which then pays 8 times."""
    state = new_state(3)
    to_second_bet(state, tickets=TICKET)
    assert state.view(1)["state"]["tickets"][0]["set_the_stakes"] is None
    in_order(state, [(0, NoChance("Joker", 4))])
    shown = state.view(1)["state"]["tickets"][0]
    assert shown["set_the_stakes"] == [
        {"horse": "Queen", "place": 1, "stake": 1000},
        {"horse": "Joker", "place": 4, "stake": 2000},
    ]
    assert shown["no_chance"] == {"horse": "Joker", "place": 4}
    assert events(state, "no_chance", 2)[0]["bets"] == shown["set_the_stakes"]
    pass_window(state)
    write_tickets(state)
    while state.race == 1:
        play_round(state)
        pass_window(state)
    result = state.history[0]
    joker = [p for p in result["paid"] if p["seat"] == 0 and p["horse"] == "Joker"]
    if result["places"]["Joker"] == 4:
        assert joker[0]["quota"] == 8 and joker[0]["amount"] == 16_000
    else:
        assert joker == []


def test_wt_9_1_only_a_bet_on_the_ticket_and_only_once() -> None:
    """WT 9.1 / ruling 4: the marked cell must hold a bet; one mark per race."""
    state = new_state(3)
    to_second_bet(state, tickets=TICKET)
    while state.turn().seats != (0,):
        state.apply(state.turn().seats[0], Pass())
    assert_refused(state, 0, NoChance("Raider", 1), "WT 9.1")
    state.apply(0, NoChance("Queen", 1))
    while state.turn().seats != (0,):
        state.apply(state.turn().seats[0], Pass())
    assert_refused(state, 0, NoChance("Joker", 4), "WT 9.1")


def test_wt_9_1_only_in_the_second_bet_phase() -> None:
    """WT 9.1: the ticket is shown in Second Bet, not in the Start window."""
    state = new_state(3)
    to_second_bet(state, tickets=TICKET)
    assert NoChance("Queen", 1) not in (state.legal_moves(1) or [])
    state2 = new_state(3)
    to_start(state2, tickets=TICKET)
    play_round(state2)
    while state2.turn().seats != (0,):
        state2.apply(state2.turn().seats[0], Pass())
    assert_refused(state2, 0, NoChance("Queen", 1), "WT 9.1")


@pytest.mark.parametrize(
    ("variant", "races"),
    [("all", {1, 2, 3, 4, 5}), ("from_race_4", {4, 5}), ("none", set())],
)
def test_wt_9_2_variants_full_pro_make_it_professional_beginners(
    variant: str, races: set[int]
) -> None:
    """WT 9.2: full pro (every race), "Make it professional!" (races 4 and 5),
    beginners (never)."""
    state = new_state(3, pro_rules=variant)
    active = set()
    for race in range(1, 6):
        state.race = race
        if state.pro_rules:
            active.add(race)
    assert active == races


def test_wt_9_2_beginners_refuse_no_chance() -> None:
    """WT 9.2: in the beginners' game the ticket cannot be shown."""
    state = new_state(3, pro_rules="none")
    to_second_bet(state, tickets=TICKET)
    while state.turn().seats != (0,):
        state.apply(state.turn().seats[0], Pass())
    assert_refused(state, 0, NoChance("Queen", 1), "WT 9.2")
