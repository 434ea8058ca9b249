"""WT 10: Payout; WT 11: the next race and the end of the game."""

from __future__ import annotations

import random

from tote.games.wetten.payout import SECOND_BET, SET_THE_STAKES, Winning, pay_order, winnings
from tote.games.wetten.state import WettenState

from .wt_helpers import (
    EVEN,
    deal,
    events,
    force_cash,
    new_state,
    pass_window,
    play_round,
    put_horse,
    step_random,
    to_neck_and_neck,
    to_second_bet,
    write_tickets,
)

ALL_PLACES = [("Queen", p, 1000) for p in (1, 2, 3, 4)]


def finish_race(state: WettenState) -> None:
    while state.race == 1 and state.stage != "over":
        if state.stage == "second_bet":
            write_tickets(state)
        else:
            play_round(state)
        pass_window(state)


def test_wt_10_1_second_bet_tickets_are_paid_first() -> None:
    """WT 10.1: the bank evaluates the Second Bet tickets, then Set the Stakes."""
    state = new_state(3)
    to_second_bet(state, tickets={0: ALL_PLACES})
    pass_window(state)
    write_tickets(state, {1: ALL_PLACES})
    finish_race(state)
    paid = state.history[0]["paid"]
    assert [p["ticket"] for p in paid] == [SECOND_BET, SET_THE_STAKES]


def test_wt_10_2_quotas_and_the_stake_is_never_returned() -> None:
    """WT 10.2 / ruling 1: 4000 on Queen's four places costs 4000 and, Queen taking one
    place, pays 4 x 1000: the player ends where they started."""
    state = new_state(3)
    to_second_bet(state, tickets={0: ALL_PLACES})
    assert state.cash[0] == 6000
    pass_window(state)
    write_tickets(state)
    finish_race(state)
    assert state.history[0]["paid"][0]["amount"] == 4000
    assert state.history[0]["cash"][0] == 10_000
    assert len(state.history[0]["paid"]) == 1


def test_wt_10_2_bets_on_a_forfeited_place_lose() -> None:
    """WT 4.5 / 10.2: Joker 1st, Raider and Lucky Slevin share 2nd, Queen 4th: a bet on
    Queen in the forfeited 3rd place loses, one on Raider in 2nd wins."""
    tickets = [{(0, 3): 1000, (1, 2): 1000, (2, 3): 1000}]
    won = winnings(tickets, [4, 2, 2, 1], SET_THE_STAKES, [(None, 8)])
    assert [(w.horse, w.place, w.amount) for w in won] == [(1, 2, 4000)]


def test_wt_10_3_bank_short_pays_smaller_wins_first_and_the_game_ends() -> None:
    """WT 10.3 / ruling 14: all wins sorted small to large (then by seat) are paid
    while the reserve covers them; the first it cannot cover and the rest are lost;
    the game ends after this payout."""
    wins = [
        Winning(0, SET_THE_STAKES, 0, 1, 5000, 4),
        Winning(1, SECOND_BET, 1, 2, 1000, 2),
        Winning(2, SET_THE_STAKES, 2, 3, 2000, 4),
    ]
    paid, lost = pay_order(wins, 12_000)
    assert [w.amount for w in paid] == [2000, 8000]
    assert [w.amount for w in lost] == [20_000]
    state = new_state(3)
    to_second_bet(state, tickets={0: ALL_PLACES})
    state.bank, extra = 0, state.bank
    state.cash[1] += extra  # direct set-up: the bank has given everything away
    pass_window(state)
    write_tickets(state)
    finish_race(state)
    assert state.stage == "over" and state.ended_early and state.race == 1
    assert state.history[0]["forfeited"][0]["amount"] == 4000
    assert state.result() is not None


def test_wt_10_3_unlimited_bank_always_pays() -> None:
    """Ruling 13 option: an unlimited bank pays every win; no early end."""
    state = new_state(3, unlimited_bank=True)
    to_second_bet(state, tickets={0: ALL_PLACES})
    state.bank = 0
    pass_window(state)
    write_tickets(state)
    finish_race(state)
    assert state.history[0]["forfeited"] == [] and state.race == 2


def test_wt_10_4_a_broke_player_is_topped_up_to_the_next_minimum() -> None:
    """WT 10.4 / ruling 15: after payout, cash below the next race's minimum is
    topped up to it; the 'gift' option gives the full minimum instead."""
    for option, expected in (("to_minimum", 1000), ("gift_minimum", 1500)):
        state = new_state(3, top_up=option)
        to_second_bet(state)
        force_cash(state, [500, 10_000, 10_000])
        pass_window(state)
        write_tickets(state)
        finish_race(state)
        assert state.history[0]["top_ups"][0] == expected - 500
        assert state.cash[0] == expected


def test_wt_11_1_between_races_every_card_is_collected_and_dealt_anew() -> None:
    """WT 11.1: all race and action cards back, reshuffled; six and three dealt; the
    minimum stake rises; horses back behind the line."""
    state = new_state(3)
    to_neck_and_neck(state, race={s: [EVEN[s]] for s in range(3)})
    for horse in ("Queen", "Raider", "Lucky Slevin", "Joker"):
        put_horse(state, horse, 30 - "QRLJ".index(horse[0]))
    play_round(state, {s: EVEN[s] for s in range(3)})
    pass_window(state)
    assert state.race == 2 and state.stage == "deal" and state.turn().chance
    assert state.hands == [[], [], []] and state.discard == []
    deal(state)
    held = [c for hand in state.hands for c in hand]
    assert sorted(held + state.pile) == sorted(state._all_race_cards)
    assert [len(h) for h in state.hands] == [6, 6, 6] and len(state.action_pile) == 28 - 9
    assert state.position == [0, 0, 0, 0] and state.min_stake == 1000
    assert events(state, "race")[-1] == {"kind": "race", "race": 2, "minimum_stake": 1000}


def test_wt_11_2_the_game_ends_after_race_five_most_money_wins() -> None:
    """WT 11.2-11.3 / ruling 20: five payouts, then the richest win (ties share)."""
    state = new_state(4)
    rng = random.Random(3)
    while not state.is_over:
        step_random(state, rng)
    assert [e["race"] for e in events(state, "payout")] == [1, 2, 3, 4, 5] or state.ended_early
    result = state.result()
    assert result is not None
    assert set(result.winners) == {s for s, c in enumerate(state.cash) if c == max(state.cash)}


def test_wt_10_4_no_top_up_after_the_last_race() -> None:
    """Ruling 15: after race 5 nobody is topped up; the game is over."""
    state = new_state(3)
    to_second_bet(state)
    state.race = 5  # direct set-up: this is the last race
    force_cash(state, [0, 10_000, 10_000])
    pass_window(state)
    write_tickets(state)
    while state.stage != "over":
        play_round(state)
        pass_window(state)
    assert state.history[-1]["top_ups"] == [0, 0, 0] and state.cash[0] == 0
    result = state.result()
    assert result is not None and result.winners == (1, 2)
