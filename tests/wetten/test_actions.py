"""WT 7 (action cards: timing, windows, order, fees) and WT 8 (their effects)."""

from __future__ import annotations

from typing import Any

from tote.games.wetten.moves import Cell, KeepCard, Pass, PlayActionCard, SecondBet

from .wt_helpers import (
    EVEN,
    assert_refused,
    bets,
    deal,
    draw_any,
    events,
    force_cash,
    in_order,
    new_state,
    pass_window,
    play_round,
    put_horse,
    to_neck_and_neck,
    to_second_bet,
    to_start,
    write_tickets,
)

Doping = "doping-1"


def nn_window(actions: dict[int, list[str]], **kwargs: Any) -> Any:
    """Three players, Neck-and-Neck, after a round of (2,2,2,2) cards: every running
    horse is to move 6; the action window is open."""
    state = new_state(3)
    to_neck_and_neck(state, race={s: [EVEN[s]] for s in range(3)}, actions=actions, **kwargs)
    play_round(state, {s: EVEN[s] for s in range(3)})
    assert state.timing == "neck_and_neck"
    return state


def resolved_movement(state: Any) -> list[int]:
    pass_window(state)
    return list(events(state, "horses_moved")[-1]["movement"])


# ------------------------------------------------------------------ WT 7
def test_wt_7_2_a_card_only_at_its_named_time() -> None:
    """WT 7.2: Lost Horseshoe (Neck-and-Neck) cannot be played in the Start window,
    Flying Start (Start) not in Neck-and-Neck."""
    state = new_state(3)
    to_start(state, actions={s: ["lost_horseshoe-1", "flying_start-1"] for s in (0,)})
    play_round(state)
    assert state.timing == "start"
    in_order(state, [])
    seat = 0
    while state.turn().seats != (seat,):
        state.apply(state.turn().seats[0], Pass())
    assert_refused(state, 0, PlayActionCard("lost_horseshoe-1", horse="Queen"), "WT 7.2")
    state.apply(0, PlayActionCard("flying_start-1", horse="Queen"))
    pass_window(state)
    assert state.position[0] >= 3


def test_wt_7_3_priority_rotates_and_the_window_closes_after_everyone_passes() -> None:
    """WT 7.3 / ruling 12: each window starts one seat further on; one announcement
    per priority turn (then the next seat); all passing in a row closes it."""
    state = nn_window({0: [Doping, "doping-2"]})
    first = state.priority
    assert first == (state.windows_opened - 1) % 3
    in_order(state, [(0, PlayActionCard(Doping, horse="Queen"))])
    assert state.turn().seats == (1,)
    state.apply(1, Pass())
    state.apply(2, Pass())
    assert state.stage == "window"  # seat 0 has not passed since its announcement
    state.apply(0, Pass())
    assert state.stage != "window" or state.timing != "neck_and_neck"


def test_wt_7_4_effects_in_the_order_announced() -> None:
    """WT 7.4: Doping then Lost Horseshoe: (6+2)/2 = 4; the other order: 6/2+2 = 5."""
    state = nn_window({0: [Doping], 1: ["lost_horseshoe-1"]})
    in_order(
        state,
        [
            (0, PlayActionCard(Doping, horse="Queen")),
            (1, PlayActionCard("lost_horseshoe-1", horse="Queen")),
        ],
    )
    assert resolved_movement(state)[0] == 4
    state = nn_window({0: [Doping], 1: ["lost_horseshoe-1"]})
    in_order(
        state,
        [
            (1, PlayActionCard("lost_horseshoe-1", horse="Queen")),
            (0, PlayActionCard(Doping, horse="Queen")),
        ],
    )
    assert resolved_movement(state)[0] == 5


def test_wt_7_5_first_card_free_second_3x_third_5x_minimum() -> None:
    """WT 7.5 / ruling 11: fees 0, 3 x 1000, 5 x 1000 in race 1."""
    state = nn_window({0: [Doping, "doping-2", "accident-1"]})
    cash = state.cash[0]
    plays = [
        PlayActionCard(Doping, horse="Queen"),
        PlayActionCard("doping-2", horse="Queen"),
        PlayActionCard("accident-1", horse="Raider"),
    ]
    fees = []
    for move in plays:
        in_order(state, [(0, move)])
        fees.append(cash - state.cash[0])
        cash = state.cash[0]
    assert fees == [0, 3000, 5000]
    assert [e["fee"] for e in events(state, "action_announced")] == [0, 3000, 5000]


def test_wt_7_5_no_card_without_the_fee() -> None:
    """WT 7.5: a second card needs 3x the minimum stake in cash."""
    state = nn_window({0: [Doping, "doping-2"]})
    in_order(state, [(0, PlayActionCard(Doping, horse="Queen"))])
    force_cash(state, [2000, 10_000, 10_000])
    while state.turn().seats != (0,):
        state.apply(state.turn().seats[0], Pass())
    assert_refused(state, 0, PlayActionCard("doping-2", horse="Queen"), "WT 7.5")


def test_wt_7_6_played_cards_are_discarded() -> None:
    """WT 7.6: a played card leaves the hand for the action discard pile."""
    state = nn_window({0: [Doping]})
    in_order(state, [(0, PlayActionCard(Doping, horse="Queen"))])
    pass_window(state)
    assert Doping not in state.actions[0] and Doping in state.action_discard
    assert state.view(1)["state"]["action_counts"][0] == 2


def test_wt_7_1_only_your_own_action_cards() -> None:
    """WT 7.1: a player plays only the action cards dealt to them."""
    state = nn_window({1: [Doping]})
    while state.turn().seats != (0,):
        state.apply(state.turn().seats[0], Pass())
    assert_refused(state, 0, PlayActionCard(Doping, horse="Queen"), "WT 7.1")


# ------------------------------------------------------------------ WT 8
def test_wt_8_1_move_cards_and_never_below_zero() -> None:
    """WT 8.1 / ruling 16: Doping +2, Accident -2 (twice: 6 -> 2); a horse that would
    move 1 moves 0 after an Accident, never backwards."""
    state = nn_window({0: [Doping, "accident-1"], 1: ["accident-2"]})
    in_order(
        state,
        [
            (0, PlayActionCard(Doping, horse="Queen")),
            (1, PlayActionCard("accident-2", horse="Raider")),
            (0, PlayActionCard("accident-1", horse="Raider")),
        ],
    )
    assert resolved_movement(state)[:2] == [8, 2]
    state = nn_window({0: ["accident-1"]})
    state.movement[1] = 1
    in_order(state, [(0, PlayActionCard("accident-1", horse="Raider"))])
    assert resolved_movement(state)[1] == 0


def test_wt_8_2_lost_horseshoe_halves_rounding_down() -> None:
    """WT 8.2: 7 -> 3."""
    state = nn_window({0: ["lost_horseshoe-1"]})
    state.movement[2] = 7
    in_order(state, [(0, PlayActionCard("lost_horseshoe-1", horse="Lucky Slevin"))])
    assert resolved_movement(state)[2] == 3


def test_wt_8_3_muddy_track_caps_every_horse_at_five() -> None:
    """WT 8.3: no horse moves more than 5 this round."""
    state = nn_window({0: ["muddy_track-1"]})
    state.movement[3] = 4
    in_order(state, [(0, PlayActionCard("muddy_track-1"))])
    assert resolved_movement(state) == [5, 5, 5, 4]


def test_wt_8_4_jockey_swap_exchanges_two_movements() -> None:
    """WT 8.4: two different running horses swap this round's movement."""
    state = nn_window({0: ["jockey_swap-1"]})
    state.movement[0] = 9
    while state.turn().seats != (0,):
        state.apply(state.turn().seats[0], Pass())
    same = PlayActionCard("jockey_swap-1", horse="Queen", other_horse="Queen")
    assert_refused(state, 0, same, "WT 8.4")
    in_order(state, [(0, PlayActionCard("jockey_swap-1", horse="Queen", other_horse="Joker"))])
    assert resolved_movement(state)[0::3] == [6, 9]


def test_wt_8_5_second_wind_only_on_the_last_horse() -> None:
    """WT 8.5: +3 for a horse in last place among the running horses."""
    state = nn_window({0: ["second_wind-1"]})
    put_horse(state, "Joker", 1)
    while state.turn().seats != (0,):
        state.apply(state.turn().seats[0], Pass())
    assert_refused(state, 0, PlayActionCard("second_wind-1", horse="Queen"), "WT 8.5")
    in_order(state, [(0, PlayActionCard("second_wind-1", horse="Joker"))])
    assert resolved_movement(state)[3] == 9


def test_wt_8_6_paddock_tip_look_at_three_keep_one() -> None:
    """WT 8.6: before the Start cards are chosen, look at the top 3 race cards (only
    you), keep 1, put 2 under the pile (drawn after the rest)."""
    state = new_state(3)
    deal(state, actions={1: ["paddock_tip-1"]})
    pass_window(state)
    write_tickets(state)
    assert state.timing == "start_before"
    top = state.pile[-3:][::-1]
    in_order(state, [(1, PlayActionCard("paddock_tip-1"))])
    pass_window(state)
    assert state.turn().seats == (1,)
    looked = [c["card"] for c in state.view(1)["state"]["looking_at"]]
    assert looked == top and state.view(0)["state"]["looking_at"] is None
    assert_refused(state, 1, KeepCard(state.hands[0][0]), "WT 8.6")
    state.apply(1, KeepCard(looked[1]))
    assert looked[1] in state.hands[1]
    assert state.pile[:2] == [looked[2], looked[0]]  # the bottom: drawn last
    assert state.stage == "play"


def test_wt_8_7_insider_tip_shows_one_opponent_hand_to_the_player_only() -> None:
    """WT 8.7: in Second Bet, look at one opponent's race cards."""
    state = new_state(3)
    to_second_bet(state, actions={0: ["insider_tip-1"]})
    assert_refused_self = PlayActionCard("insider_tip-1", opponent=0)
    while state.turn().seats != (0,):
        state.apply(state.turn().seats[0], Pass())
    assert_refused(state, 0, assert_refused_self, "WT 8.7")
    in_order(state, [(0, PlayActionCard("insider_tip-1", opponent=2))])
    pass_window(state)
    seen = state.view(0)["state"]["insider_tip"]
    assert seen["opponent"] == 2
    assert [c["card"] for c in seen["cards"]] == state.hands[2]
    assert state.view(1)["state"]["insider_tip"] is None
    resolved = [e for e in state.view(1)["log"] if e["kind"] == "action_resolved"]
    assert "cards" not in resolved[-1]


def test_wt_8_8_long_odds_marks_a_second_bet_on_the_last_horse_at_4x() -> None:
    """WT 8.8: a Second Bet on a horse now in last place, marked, pays 4x."""
    state = new_state(3)
    to_second_bet(state, actions={0: ["long_odds-1"]})
    in_order(state, [(0, PlayActionCard("long_odds-1"))])
    pass_window(state)
    last = state.horse_names[state.last_place()[0]]
    leader = max(range(4), key=lambda h: state.position[h])
    if state.position[leader] != state.position[state.last_place()[0]]:
        wrong = SecondBet(
            bets((state.horse_names[leader], 1, 1000)), Cell(state.horse_names[leader], 1)
        )
        assert_refused(state, 0, wrong, "WT 8.8")
    assert_refused(state, 1, SecondBet(bets((last, 4, 1000)), Cell(last, 4)), "WT 8.8")
    state.apply(0, SecondBet(bets(*[(last, p, 1000) for p in (1, 2, 3, 4)]), Cell(last, 4)))
    write_tickets_rest(state)
    while state.race == 1:
        play_round(state)
        pass_window(state)
    place = state.history[0]["places"][last]
    paid = [p for p in state.history[0]["paid"] if p["seat"] == 0]
    assert paid[0]["quota"] == (4 if place == 4 else 2)


def write_tickets_rest(state: Any) -> None:
    for seat in state.turn().seats:
        state.apply(seat, SecondBet())


def test_wt_8_9_hedge_cancels_a_set_the_stakes_bet_for_half_back() -> None:
    """WT 8.9: cancel one own Set-the-Stakes bet; the bank refunds half (3000 -> 1000,
    rounded down to 1000s); others do not learn which bet."""
    state = new_state(3)
    to_second_bet(state, actions={0: ["hedge-1"]}, tickets={0: [("Queen", 1, 3000)]})
    cash = state.cash[0]
    while state.turn().seats != (0,):
        state.apply(state.turn().seats[0], Pass())
    assert_refused(state, 0, PlayActionCard("hedge-1", horse="Queen", place=2), "WT 8.9")
    in_order(state, [(0, PlayActionCard("hedge-1", horse="Queen", place=1))])
    assert state.view(1)["state"]["announced"][0]["horse"] is None
    pass_window(state)
    assert state.cash[0] == cash + 1000
    assert state.stakes[0] == {}
    public = [e for e in state.view(1)["log"] if e["kind"] == "action_resolved"][-1]
    assert public.get("horse_name") is None and public["horse"] is None


def test_wt_8_10_lucky_draw_two_free_cards_price_unchanged() -> None:
    """WT 8.10: two race cards for free; the purchase price stays."""
    state = new_state(3)
    to_second_bet(state, actions={2: ["lucky_draw-1"]})
    size = len(state.hands[2])
    in_order(state, [(2, PlayActionCard("lucky_draw-1"))])
    pass_window(state)
    draw_any(state)
    assert len(state.hands[2]) == size + 2 and state.price(2) == 1000


def test_wt_8_11_stewards_inquiry_cancels_the_card_just_announced() -> None:
    """WT 8.11: straight after another player's card, cancel it; both discarded, the
    fee not refunded; not against one's own card."""
    state = nn_window({0: [Doping], 1: ["stewards_inquiry-1"]})
    while state.turn().seats != (1,):
        state.apply(state.turn().seats[0], Pass())
    assert_refused(state, 1, PlayActionCard("stewards_inquiry-1"), "WT 8.11")
    in_order(
        state,
        [(0, PlayActionCard(Doping, horse="Queen")), (1, PlayActionCard("stewards_inquiry-1"))],
    )
    assert resolved_movement(state)[0] == 6
    assert events(state, "action_cancelled")[0]["card"] == Doping
    assert state.played_actions[0] == 1  # ruling 11: the cancelled card still counts
    assert {Doping, "stewards_inquiry-1"} <= set(state.action_discard)


def test_wt_8_11_an_inquiry_against_the_inquiry_restores_the_card() -> None:
    """WT 8.11: cancellations resolve last to first: Inquiry on an Inquiry saves Doping."""
    state = nn_window({0: [Doping], 1: ["stewards_inquiry-1"], 2: ["stewards_inquiry-2"]})
    in_order(
        state,
        [
            (0, PlayActionCard(Doping, horse="Queen")),
            (1, PlayActionCard("stewards_inquiry-1")),
            (2, PlayActionCard("stewards_inquiry-2")),
        ],
    )
    assert resolved_movement(state)[0] == 8


def test_wt_8_finished_horses_cannot_be_targeted() -> None:
    """WT 3.6 / ruling 17: no action card targets a horse on the podium."""
    state = nn_window({0: [Doping]})
    state.places[0] = 1
    while state.turn().seats != (0,):
        state.apply(state.turn().seats[0], Pass())
    assert_refused(state, 0, PlayActionCard(Doping, horse="Queen"), "WT 3.6")
