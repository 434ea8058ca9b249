"""HF 1: the Purchase Phase and the Starting Lineup."""

from __future__ import annotations

from tote.core import CHANCE
from tote.games.horse_fever.moves import (
    AnswerOffer,
    BuyActionCards,
    BuyCard,
    BuyFromPlayer,
    BuyStable,
    DrawCard,
    EndLineup,
    KeepCard,
    LineUpHorse,
    Pass,
    TakeLoan,
)
from tote.games.horse_fever.state import HorseFeverState

from .hf_helpers import (
    assert_refused,
    chance_refusal,
    draw,
    events,
    force_money,
    new_state,
    pass_all,
    set_up,
)

ODDS_JOHN = {"black": 2, "yellow": 3, "blue": 4, "green": 5, "red": 6, "white": 7}


def test_hf_1_1_example_john_buys_the_yellow_stable_at_1_3_for_1900() -> None:
    """HF 1.1 example: yellow on 1:3; John pays the Bank 1900 D and owns yellow, which
    counts as 1 VP at once."""
    state = new_state(4)
    set_up(state, odds=ODDS_JOHN, characters=("C71", "C73", "C74", "C75"))
    john = 0
    before, bank = state.money[john], state.bank
    vp = state.total_vp(john)
    state.apply(john, BuyStable("yellow"))
    assert state.money[john] == before - 1900
    assert state.bank == bank + 1900
    assert state.owner[state.lane_of["yellow"]] == john
    assert state.total_vp(john) == vp + 1


def test_hf_1_1_one_stable_per_purchase_phase(game4: HorseFeverState) -> None:
    """HF 1.1: at most one Stable Owner card per Purchase Phase."""
    game4.apply(0, BuyStable("white"))
    pass_round = [1, 2, 3]
    for seat in pass_round:
        game4.apply(seat, Pass())
    assert_refused(game4, 0, BuyStable("yellow"), "HF 1.1 one stable per phase")


def test_hf_1_1_owned_stable_cannot_be_bought_from_the_bank(game4: HorseFeverState) -> None:
    assert_refused(game4, 0, BuyStable("blue"), "HF 1.1 stable owner")


def test_hf_1_1_two_action_cards_for_400_in_both_steps(game4: HorseFeverState) -> None:
    """HF 1.1: 400 D for two Action cards, the only purchase allowed in both steps; the
    cards go to the hand, unseen by others."""
    game4.apply(0, BuyActionCards())
    draw(game4, "A01", "A08")
    assert game4.hand[0] == ["A01", "A08"]
    assert game4.money[0] == 3000
    for seat in (1, 2, 3):
        game4.apply(seat, Pass())
    game4.apply(0, BuyActionCards())
    draw(game4, "A02", "A03")
    assert len(game4.hand[0]) == 4 and game4.money[0] == 2600
    assert "A01" not in str(game4.view(1)["state"])
    assert "A01" not in str(game4.view(None)["state"])


def test_hf_1_1_draw_four_keep_one_rest_under_the_deck(game4: HorseFeverState) -> None:
    """HF 1.1 Assistant: pay 400 D, draw four, keep one, the other three go under the
    deck (they come back only after the rest of the deck)."""
    game4.apply(0, BuyCard("assistant"))
    draw(game4, "S23", "S24", "S25", "S26")
    assert game4.legal_moves(0) == [KeepCard(c) for c in ("S23", "S24", "S25", "S26")]
    game4.apply(0, KeepCard("S25"))
    assert game4.owned_assistants[0] == ["S25"]
    assert game4.money[0] == 3000
    deck = game4.decks["assistant"]
    assert deck.bottom == ["S23", "S24", "S26"]
    assert len(deck.top) == 10 and not set(deck.top) & {"S23", "S24", "S25", "S26"}


def test_hf_1_1_one_of_each_kind_per_phase(game4: HorseFeverState) -> None:
    """HF 1.1: at most one Target (Assistant, Horse) card per Purchase Phase."""
    game4.apply(0, BuyCard("target"))
    draw(game4, "T01", "T03", "T05", "T07")
    game4.apply(0, KeepCard("T05"))
    for seat in (1, 2, 3):
        game4.apply(seat, Pass())
    assert_refused(game4, 0, BuyCard("target"), "HF 1.1 one target per phase")
    game4.apply(0, BuyCard("assistant"))  # another kind is fine


def test_hf_1_1_targets_are_face_down_but_counted(game4: HorseFeverState) -> None:
    """HF 1.1 Target: face down, everyone sees how many; never shown to others."""
    game4.apply(0, BuyCard("target"))
    draw(game4, "T01", "T03", "T05", "T07")
    game4.apply(0, KeepCard("T07"))
    assert game4.view(1)["state"]["players"][0]["targets"] == 1
    assert "T07" not in str(game4.view(1))
    assert "T07" in str(game4.view(0)["state"]["my_targets"])


def test_hf_1_1_horse_cards_only_for_stable_owners() -> None:
    """HF 1.1 Attention: Horse cards only for a player with a Stable Owner card."""
    state = new_state(2, advanced=True)
    set_up(state, characters=("C81", "C82"))  # advanced characters own no stable
    assert_refused(state, 0, BuyCard("horse"), "HF 1.1 horse cards")


def test_hf_1_1_pass_gives_400(game4: HorseFeverState) -> None:
    """HF 1.1 Passing: the Bank gives 400 D; allowed in both steps."""
    game4.apply(0, Pass())
    for seat in (1, 2, 3):
        game4.apply(seat, Pass())
    game4.apply(0, Pass())
    assert game4.money[0] == 3400 + 800


def test_hf_1_1_loans_from_the_bank_or_the_mob(game4: HorseFeverState) -> None:
    """HF 1.1 Loan (amounts proposed): Bank 2000 D, Mob 4000 D; one per phase."""
    game4.apply(0, TakeLoan("mob"))
    game4.apply(1, TakeLoan("bank"))
    assert game4.money[0] == 3400 + 4000 and game4.loans[0] == ["mob"]
    assert game4.money[1] == 3600 + 2000 and game4.loans_left == 4
    game4.apply(2, Pass())
    game4.apply(3, Pass())
    assert_refused(game4, 0, TakeLoan("bank"), "HF 1.1 one loan per phase")


def test_hf_1_1_buy_from_player_at_twice_the_value_with_consent(game4: HorseFeverState) -> None:
    """HF 1.1 Buy from player: the seller must agree; the price, twice the original
    value, goes to the former owner (a Stable: twice its Blackboard price)."""
    force_money(game4, 0, 5000)
    game4.apply(0, BuyFromPlayer(1, "blue"))  # blue on 1:3: 1900 D, twice = 3800
    game4.apply(1, AnswerOffer("blue"))
    assert game4.owner[game4.lane_of["blue"]] == 0
    assert game4.money[0] == 5000 - 3800 and game4.money[1] == 3600 + 3800


def test_hf_1_1_refused_offer_makes_no_purchase(game4: HorseFeverState) -> None:
    """HF 1.1: without the seller's consent the purchase is not possible; ruling R9: the
    buyer makes another purchase in the same step, but no second offer."""
    game4.apply(0, Pass())
    game4.apply(1, BuyCard("target"))
    draw(game4, "T01", "T03", "T05", "T07")
    game4.apply(1, KeepCard("T03"))
    game4.apply(2, BuyFromPlayer(1, "target"))
    assert game4.turn().seats == (1,)
    game4.apply(1, AnswerOffer(None))
    assert game4.turn().seats == (2,) and game4.owned_targets[1] == ["T03"]
    assert_refused(game4, 2, BuyFromPlayer(1, "target"), "HF 1.1 buy from player")
    game4.apply(2, Pass())


def test_hf_1_1_the_seller_chooses_which_target_is_sold(game4: HorseFeverState) -> None:
    """HF 1.1: for a Target card, the seller decides which one is sold."""
    game4.apply(0, BuyCard("target"))
    draw(game4, "T01", "T03", "T05", "T07")
    game4.apply(0, KeepCard("T01"))
    game4.apply(1, BuyFromPlayer(0, "target"))
    assert game4.legal_moves(0) == [AnswerOffer(None), AnswerOffer("T01")]
    game4.apply(0, AnswerOffer("T01"))
    assert game4.owned_targets[1] == ["T01"] and game4.money[1] == 3600 - 800
    assert events(game4, "sold", None)[0]["card"] == "target"


def test_hf_1_1_action_cards_cannot_be_bought_from_players(game4: HorseFeverState) -> None:
    game4.apply(0, BuyActionCards())
    draw(game4, "A01", "A02")
    assert_refused(game4, 1, BuyFromPlayer(0, "A01"), "HF 1.1 buy from player")


def test_hf_1_2_second_step_in_the_same_order(game4: HorseFeverState) -> None:
    """HF 1.2: after the first step a second one in the same player order."""
    order = []
    while game4.phase == "purchase":
        seat = game4.turn().seats[0]
        order.append(seat)
        game4.apply(seat, Pass())
    assert order == [0, 1, 2, 3, 0, 1, 2, 3]
    assert game4.phase == "first_bet"


def test_hf_1_3_starting_lineup_on_own_stable_lanes(game4: HorseFeverState) -> None:
    """HF 1.3: a Horse card only on a lane of a Stable you own, one per Stable."""
    game4.apply(0, BuyCard("horse"))
    draw(game4, "H36", "H37", "H38", "H40")
    game4.apply(0, KeepCard("H40"))
    pass_all(game4)
    assert game4.phase == "lineup" and game4.turn().seats == (0,)
    assert game4.legal_moves(0) == [EndLineup(), LineUpHorse("H40", "black")]
    assert_refused(game4, 0, LineUpHorse("H40", "white"), "HF 1.3 starting lineup")
    game4.apply(0, LineUpHorse("H40", "black"))
    assert game4.lane_horse[0] == "H40" and game4.phase == "first_bet"


def test_hf_1_1_purchases_must_be_paid(game4: HorseFeverState) -> None:
    force_money(game4, 0, 300)
    assert_refused(game4, 0, BuyActionCards(), "HF 1.1 action cards")
    assert game4.legal_moves(0)[0] == Pass()
    assert game4.turn().seats == (0,) and not game4.turn().chance
    assert CHANCE not in game4.turn().seats  # nothing was drawn
    assert DrawCard("A01") not in (game4.legal_moves(0) or [])


def test_hf_1_1_a_card_not_in_the_deck_is_refused_saying_so(game4: HorseFeverState) -> None:
    """HF 1.1 draw four keep one: a card already drawn is not in the deck; the cards put
    under it come up only after the cards on top, and then in the order they went under;
    a card of another deck is not drawn from this one."""
    game4.apply(0, BuyCard("assistant"))
    draw(game4, "S23", "S24", "S25", "S26")
    game4.apply(0, KeepCard("S25"))
    game4.apply(1, BuyCard("assistant"))
    assert "S25 is not in the assistant deck: it was already drawn" in chance_refusal(
        game4, DrawCard("S25")
    )
    message = chance_refusal(game4, DrawCard("S24"))
    assert "S24 was put under the assistant deck" in message and "after the cards" in message
    message = chance_refusal(game4, DrawCard("T01"))
    assert "T01 is a target card; this draw is from the assistant deck" in message
    game4.decks["assistant"].top = []
    assert "S24 is not the next" in chance_refusal(game4, DrawCard("S24"))
