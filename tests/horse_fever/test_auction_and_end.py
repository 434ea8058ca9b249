"""HF 4: the Auction Phase and the end of the round; HF 5: the Final Stage."""

from __future__ import annotations

from tote.core import CHANCE
from tote.games.horse_fever.moves import Accept, Refuse
from tote.games.horse_fever.state import HorseFeverState

from .hf_helpers import assert_refused, at_race, events, force_money, force_vp

JOHN, JACK, JAMES, JIM = 0, 1, 2, 3


def at_auction(players: int = 4, **options: object) -> HorseFeverState:
    """A round played to the Dutch auction, the race won far ahead by no one's bet."""
    state = at_race(players, **options)  # type: ignore[arg-type]
    for place, colour in enumerate(("black", "blue", "green", "red", "yellow", "white")):
        state.positions[state.lane_of[colour]] = 100 - 10 * place
    state.apply(CHANCE, state.chance_outcomes()[0][0])
    state.apply(CHANCE, state.chance_outcomes()[0][0])
    assert state.phase == "dutch_auction"
    return state


def answer(state: HorseFeverState, *answers: tuple[int, bool]) -> None:
    for seat, accept in answers:
        assert state.turn().seats == (seat,)
        state.apply(seat, Accept() if accept else Refuse())


def test_hf_4_1_example_dutch_auction_john_jack_james_jim() -> None:
    """HF 4.1 example: John accepts 1000, Jack refuses, James 900, Jim leaves, John 800,
    James 700, John refuses 600: James loses one VP and receives 700 D."""
    state = at_auction(4)
    money, vp = list(state.money), list(state.vp)
    assert state.view(None)["state"]["auction"]["price"] == 1000
    answer(state, (JOHN, True), (JACK, False), (JAMES, True), (JIM, False))
    assert state.auction_price == 800
    answer(state, (JOHN, True), (JAMES, True), (JOHN, False))
    assert state.vp[JAMES] == vp[JAMES] - 1 and state.money[JAMES] == money[JAMES] + 700
    assert [state.money[s] for s in (JOHN, JACK, JIM)] == [money[0], money[1], money[3]]
    assert events(state, "dutch_auction")[0] == {
        "kind": "dutch_auction",
        "seller": JAMES,
        "price": 700,
    }
    assert state.phase == "english_auction"


def test_hf_4_1_refused_players_cannot_join_again() -> None:
    state = at_auction(3)
    answer(state, (0, False), (1, True), (2, True), (1, True))
    assert state.turn().seats == (2,)  # seat 0 is never asked again


def test_hf_4_1_no_bids_no_sale_and_stable_vp_not_for_sale() -> None:
    """HF 4.1: the auction may end for lack of bids; only VP tokens can be sold, a Stable
    Owner card's VP cannot (a player with no token is not asked)."""
    state = at_auction(3)
    force_vp(state, 1, 0)
    state.auction_active.remove(1)  # as if set at the start: seat 1 had only its Stable
    vp = list(state.vp)
    answer(state, (0, False), (2, False))
    assert state.vp == vp and state.phase == "english_auction"
    assert events(state, "dutch_auction")[0]["seller"] is None
    state2 = at_race(3)
    force_vp(state2, 1, 0)
    for place, colour in enumerate(("black", "blue", "green", "red", "yellow", "white")):
        state2.positions[state2.lane_of[colour]] = 100 - 10 * place
    state2.apply(CHANCE, state2.chance_outcomes()[0][0])
    state2.apply(CHANCE, state2.chance_outcomes()[0][0])
    assert state2.auction_active == [0, 2]


def test_hf_4_2_english_auction_highest_bid_buys_one_vp() -> None:
    """HF 4.2: from 1000 D up by 100 D; passing is for good; the last bidder pays."""
    state = at_auction(4)
    answer(state, (0, False), (1, False), (2, False), (3, False))  # no Dutch sale
    assert state.phase == "english_auction"
    vp, money = list(state.vp), list(state.money)
    answer(state, (0, False), (1, True), (2, True), (3, False), (1, True), (2, False))
    assert state.vp[1] == vp[1] + 1 and state.money[1] == money[1] - 1200
    assert events(state, "english_auction")[0] == {
        "kind": "english_auction",
        "buyer": 1,
        "price": 1200,
    }


def test_hf_4_2_a_player_who_cannot_pay_the_ask_is_out() -> None:
    """Ruling R16: the English auction skips a player who cannot pay the asked sum."""
    state = at_auction(3)
    answer(state, (0, False), (1, False), (2, False))
    force_money(state, 1, 1000)
    answer(state, (0, True))
    assert state.turn().seats == (2,)  # seat 1 cannot pay 1100 D


def test_hf_4_3_first_player_card_passes_left_and_new_round() -> None:
    """HF 4.3: after the auctions the First Player card passes to the left; a new round
    starts with a Purchase Phase; the Hourglass counts the rounds."""
    state = at_auction(3)
    answer(state, (0, False), (1, False), (2, False), (0, False), (1, False), (2, False))
    assert state.round == 2 and state.first_player == 1 and state.phase == "purchase"
    assert state.turn().seats == (1,)
    assert state.bets == [] and state.tokens_left == [2] * 6


def test_hf_4_auction_answers_are_accept_or_refuse() -> None:
    from tote.games.horse_fever.moves import Pass

    state = at_auction(3)
    assert_refused(state, 0, Pass(), "HF 4.1 dutch auction")


def last_round(players: int = 3) -> HorseFeverState:
    state = at_auction(players, rounds=1, any_rounds=True)
    return state


def end_auctions(state: HorseFeverState) -> None:
    while not state.is_over:
        state.apply(state.turn().seats[0], Refuse())


def test_hf_5_1_loans_are_repaid_or_the_player_loses() -> None:
    """HF 5.1: loans paid back with interest (Bank 2500 D proposed); a player who cannot
    pay loses: not ranked, VP not counted."""
    state = last_round(3)
    state.loans[0] = ["bank"]
    state.loans[1] = ["mob"]
    force_money(state, 0, 3000)
    force_money(state, 1, 4900)
    end_auctions(state)
    assert state.money[0] == 500 and not state.eliminated[0]
    assert state.eliminated[1]
    result = state.result()
    assert result is not None and result.ranking[1] == 3 and 1 not in result.winners


def test_hf_5_2_targets_score_and_most_vp_wins() -> None:
    """HF 5.2 with ruling R17: a fulfilled Target (+Danari: the most Danari) scores 3 VP;
    a copy of the same Target scores nothing; most VP wins."""
    state = last_round(3)
    state.owned_targets[0] = ["T09", "T10"]  # both "+danari"
    force_money(state, 0, 9000)
    end_auctions(state)
    assert state.fulfilled[0] == ["T09"]
    assert state.total_vp(0) == 1 + 1 + 3
    result = state.result()
    assert result is not None and result.winners == (0,)


def test_hf_5_2_tie_on_vp_goes_to_most_danari() -> None:
    """Ruling R19: a VP tie goes to the most Danari (for the tie-breaker table)."""
    state = last_round(2)
    force_money(state, 0, 100)
    force_money(state, 1, 900)
    end_auctions(state)
    result = state.result()
    assert result is not None and state.total_vp(0) == state.total_vp(1)
    assert result.winners == (1,) and result.scores == (2, 2)
