"""Ruling R27: the moves a server plays for a seat whose clock runs out."""

from __future__ import annotations

from tote.games.horse_fever.moves import (
    AnswerOffer,
    BuyFromPlayer,
    BuyStable,
    Pass,
    PlaceBet,
    Refuse,
    SkipBet,
)

from .hf_helpers import bet, first_bets, pass_all, skip_second_bets, started


def test_ruling_r27_purchase_and_bets_time_out_to_the_least_committal_move() -> None:
    """R27: a pass in the Purchase Phase (HF 1.1); in the mandatory first bet the Minimum
    Bet to Show on the best-odds horse with a Bet token left (HF 2.1, 2.0); the first
    card of the hand in race-fixing (HF 2.2, every card is played); no second bet
    (HF 2.3); seats not to act get none."""
    state = started(3)
    assert state.timeout_move(0) == Pass() and state.timeout_move(1) is None
    pass_all(state)
    for _ in range(2):
        seat = state.turn().seats[0]
        assert state.timeout_move(seat) == PlaceBet("black", "show", state.minimum_bet(seat))
        bet(state, seat, "black", "show", state.minimum_bet(seat))
    seat = state.turn().seats[0]
    assert state.timeout_move(seat) == PlaceBet("blue", "show", state.minimum_bet(seat))
    first_bets(state)
    assert state.phase == "second_bet"
    assert state.timeout_move(state.turn().seats[0]) == SkipBet()


def test_ruling_r27_offers_are_refused_and_auctions_passed() -> None:
    """R27: an offer to buy times out refused (HF 1.1), an auction turn as a refusal
    (HF 4.1 / 4.2)."""
    state = started(2)
    state.apply(0, BuyStable("green"))
    state.apply(1, BuyFromPlayer(0, "green"))
    assert state.phase == "offer" and state.timeout_move(0) == AnswerOffer(None)
    state.apply(0, AnswerOffer(None))
    pass_all(state)
    first_bets(state)
    skip_second_bets(state)
    for place, colour in enumerate(("black", "blue", "green", "red", "yellow", "white")):
        state.positions[state.lane_of[colour]] = 100 - 10 * place
    state.apply("chance", state.chance_outcomes()[0][0])
    state.apply("chance", state.chance_outcomes()[0][0])
    assert state.phase in ("dutch_auction", "english_auction")
    assert state.timeout_move(state.turn().seats[0]) == Refuse()
