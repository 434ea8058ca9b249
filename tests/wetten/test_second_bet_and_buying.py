"""WT 5 (Second Bet) and WT 6 (buying race cards)."""

from __future__ import annotations

from tote.games.wetten.moves import BuyRaceCard, Pass, SecondBet

from .wt_helpers import (
    assert_refused,
    bets,
    deal,
    draw_any,
    events,
    force_cash,
    new_state,
    pass_window,
    play_round,
    to_second_bet,
    to_start,
    write_tickets,
)


def test_wt_5_1_second_bet_is_written_like_the_first() -> None:
    """WT 5.1: after Start everyone writes a Second Bet ticket, in secret, with the
    same minimum stake and cash limit; the money goes to the bank at once."""
    state = new_state(3)
    to_second_bet(state)
    pass_window(state)
    assert state.stage == "second_bet" and state.turn().simultaneous
    assert_refused(state, 0, SecondBet(bets(("Queen", 1, 500))), "WT 2.3")
    assert_refused(state, 0, SecondBet(bets(("Queen", 1, 11_000))), "WT 2.4")
    write_tickets(state, {0: [("Queen", 1, 2000)]})
    assert state.cash[0] == 8000
    assert state.view(1)["state"]["tickets"][0]["second_bet"] is None
    assert state.view(0)["state"]["tickets"][0]["second_bet"][0]["stake"] == 2000
    assert state.stage == "play"


def test_wt_5_2_second_bet_pays_twice_the_stake() -> None:
    """WT 5.2: a correct Second Bet pays 2x; a Set-the-Stakes bet on the same cell 4x."""
    state = new_state(3)
    to_second_bet(state, tickets={1: [("Queen", 1, 1000)]})
    pass_window(state)
    write_tickets(state, {0: [(h, 1, 1000) for h in ("Queen", "Raider", "Lucky Slevin", "Joker")]})
    while state.race == 1:
        play_round(state)
        pass_window(state)
    winner = next(h for h, p in state.history[0]["places"].items() if p == 1)
    paid = {(p["seat"], p["ticket"]): p["amount"] for p in state.history[0]["paid"]}
    assert paid[(0, "second_bet")] == 2000
    assert state.history[0]["cash"][0] == 10_000 - 4000 + 2000
    if winner == "Queen":
        assert paid[(1, "set_the_stakes")] == 4000


def test_wt_6_1_race_cards_can_be_bought_in_every_window() -> None:
    """WT 6.1 (ruling): 'any time' is any action window, from before the tickets on."""
    state = new_state(3)
    deal(state)
    assert state.timing == "stakes"
    seat = state.turn().seats[0]
    top = state.pile[-1]
    state.apply(seat, BuyRaceCard())
    assert state.hands[seat][-1] == top  # the top card of the pile
    assert len(state.hands[seat]) == 7 and state.turn().seats == (seat,)
    bought = [e for e in state.log if e.kind == "race_card_drawn"][-1]
    assert "card" not in bought.for_seat(None) and bought.for_seat(seat)["card"] == top


def test_wt_6_2_prices_double_per_player_and_reset_each_race() -> None:
    """WT 6.2 / ruling 8: 1000, 2000, 4000 for one player; another still pays 1000;
    the price is 1000 again in the next race."""
    state = new_state(3)
    deal(state)
    seat = state.turn().seats[0]
    for _ in range(3):
        state.apply(seat, BuyRaceCard())
        draw_any(state)
    paid = [e["price"] for e in events(state, "race_card_bought")]
    assert paid == [1000, 2000, 4000]
    assert state.cash[seat] == 3000
    assert state.view(None)["state"]["card_price"][seat] == 8000
    state.apply(seat, Pass())
    other = state.turn().seats[0]
    assert state.price(other) == 1000
    pass_window(state)
    write_tickets(state)
    while state.race == 1:
        pass_window(state)
        if state.stage == "second_bet":
            write_tickets(state)
        if state.stage == "play":
            play_round(state)
    assert state.price(seat) == 1000


def test_wt_6_3_no_purchase_without_the_money() -> None:
    """WT 6.3: buying needs the price in cash; it is then not a legal move."""
    state = new_state(3)
    deal(state)
    seat = state.turn().seats[0]
    cash = [10_000] * 3
    cash[seat] = 500
    force_cash(state, cash)
    assert_refused(state, seat, BuyRaceCard(), "WT 6.3")
    assert BuyRaceCard() not in (state.legal_moves(seat) or [])


def test_wt_6_1_no_purchase_between_laying_and_revealing() -> None:
    """Ruling 8: between committing a face-down card and the reveal, nobody buys."""
    state = new_state(3)
    to_start(state)
    assert_refused(state, 0, BuyRaceCard(), "WT 3.1")
