"""WW 3.1-3.6: the bets. Open and secret betting, poker chips, two bets at most."""

from __future__ import annotations

import pytest

from tote.core import MalformedMove
from tote.games.wits_and_wagers.moves import Guess, LockBets, PlaceBets, Wager

from .ww_helpers import Script, assert_refused, bet_facts, events, points, public, snapshot


def after_question_one(pack: str, betting: str = "open") -> Script:
    """Question 1 ("a45"): guesses 10, 20, 30, 40 on slots 2, 3, 5, 6; 40 (seat 3, on
    4 to 1) wins. Seat 0 had both chips on it (+8), seat 1 one chip (+4), seat 3 the
    bonus (+3): points [8, 4, 0, 3]. Then question 2 ("a25") is asked and answered with
    10, 20, 30 on slots 3, 4, 5 (20, seat 1's guess on 2 to 1, will win); seat 3 blank."""
    game = Script(4, question_pack=pack, betting=betting)
    game.question("a45", {0: "10", 1: "20", 2: "30", 3: "40"}, {0: [(6, 0), (6, 0)], 1: [(6, 0)]})
    assert points(game.state) == [8, 4, 0, 3]
    game.to_betting("a25", {0: "10", 1: "20", 2: "30"})
    return game


# ------------------------------------------------------------ WW 3.1 one slot or two
def test_ww_3_1_both_betting_chips_on_the_same_slot_pay_twice(pack: str) -> None:
    """WW 3.1: both chips on one slot are two bets, each paid (here 2 to 1: 2 + 2)."""
    game = after_question_one(pack)
    game.bet({2: [(4, 0), (4, 0)]})
    assert points(game.state) == [8, 4 + 3, 0 + 4, 3]
    won = bet_facts(b for b in game.state.history[-1]["bets"] if b["seat"] == 2)
    assert won == [{"seat": 2, "slot": 4, "chips": 0, "odds": 2, "won": 2}] * 2


def test_ww_3_1_chips_split_between_two_slots(pack: str) -> None:
    """WW 3.1: one chip on each of two slots: the winning one pays, the other is a
    losing bet (a bare chip loses nothing)."""
    game = after_question_one(pack)
    game.bet({2: [(4, 0), (0, 0)]})
    assert points(game.state)[2] == 2
    summary = bet_facts(b for b in game.state.history[-1]["bets"] if b["seat"] == 2)
    assert summary == [
        {"seat": 2, "slot": 4, "chips": 0, "odds": 2, "won": 2},
        {"seat": 2, "slot": 0, "chips": 0, "odds": 6, "lost": 0},
    ]


# ------------------------------------------------------------ WW 3.2 any guess
def test_ww_3_2_a_seat_need_not_bet_on_its_own_guess(pack: str) -> None:
    """WW 3.2: seat 0 (guess 10) bets on seat 1's guess and wins; seat 1 (the winning
    guess) bets on All Guesses Too High and still gets the bonus."""
    game = after_question_one(pack)
    game.bet({0: [(4, 0)], 1: [(0, 0)]})
    assert points(game.state) == [8 + 2, 4 + 3, 0, 3]


# ------------------------------------------------------------ WW 3.3 which slots
@pytest.mark.parametrize("slot", [1, 2, 6, 7])
def test_ww_3_3_a_slot_without_a_guess_takes_no_bet(pack: str, slot: int) -> None:
    """WW 3.3: only slots with a guess, and All Guesses Too High, take bets."""
    game = after_question_one(pack)
    error = assert_refused(game.state, 0, PlaceBets((Wager(slot, 0),)), "WW 3.3 payout slots")
    assert "holds no guess" in error.message


def test_ww_3_3_all_guesses_too_high_and_occupied_slots_take_bets(pack: str) -> None:
    """WW 3.3: All Guesses Too High is always open; so is every slot with a guess."""
    game = after_question_one(pack)
    for slot in (0, 3, 4, 5):
        game.apply(0, PlaceBets((Wager(slot, 0),)))
        assert public(game.state)["bets"]["0"][0]["slot"] == slot


def test_ww_3_3_the_2_to_1_slot_is_closed_when_it_is_empty(pack: str) -> None:
    """WW 3.3 with WW 2.4: four unique guesses leave 2 to 1 empty, so it takes no bet."""
    game = Script(4, question_pack=pack)
    game.to_betting("a45", {0: "1", 1: "2", 2: "3", 3: "4"})
    assert_refused(game.state, 0, PlaceBets((Wager(4, 0),)), "WW 3.3 payout slots")


@pytest.mark.parametrize("slot", [8, 9, -1])
def test_ww_3_3_there_are_only_slots_0_to_7(pack: str, slot: int) -> None:
    """WW 3.3: a slot number off the mat is refused."""
    game = after_question_one(pack)
    assert_refused(game.state, 0, PlaceBets((Wager(slot, 0),)), "WW 3.3 payout slots")


# ------------------------------------------------------------ WW 3.4 open betting
def test_ww_3_4_open_bets_are_visible_to_everyone(pack: str) -> None:
    """WW 3.4 (open): a bet lies face up: every seat and the spectators see it at once."""
    game = after_question_one(pack)
    game.apply(0, PlaceBets((Wager(4, 3), Wager(0, 1))))
    expected = [{"slot": 4, "chips": 3, "odds": 2}, {"slot": 0, "chips": 1, "odds": 6}]
    for seat in (None, 0, 1, 2, 3):
        shown = game.state.view(seat)["state"]["bets"]
        assert list(shown) == ["0"] and bet_facts(shown["0"]) == expected
    logged = events(game.state, "bets", 2)[-1]
    assert logged["seat"] == 0 and bet_facts(logged["bets"]) == expected


def test_ww_3_4_open_bets_may_be_moved_until_locked(pack: str) -> None:
    """WW 3.4 (open): placing again replaces the seat's bets; only the last ones count."""
    game = after_question_one(pack)
    game.apply(0, PlaceBets((Wager(5, 8),)))
    game.apply(0, PlaceBets((Wager(3, 1),)))
    game.apply(0, PlaceBets((Wager(4, 2), Wager(4, 0))))
    assert bet_facts(public(game.state)["bets"]["0"]) == [
        {"slot": 4, "chips": 2, "odds": 2},
        {"slot": 4, "chips": 0, "odds": 2},
    ]
    game.bet()
    # 2 to 1 wins: (1 + 2) x 2 + 1 x 2 = 8 more; seat 1 the bonus.
    assert points(game.state) == [16, 7, 0, 3]


def test_ww_3_4_a_locked_seat_can_no_longer_move_its_bets(pack: str) -> None:
    """WW 3.4 (open): once the seat's time is up (locked) its bets stand; the others may
    still bet, and the question is settled when every seat has locked."""
    game = after_question_one(pack)
    game.apply(0, PlaceBets((Wager(4, 0),)))
    game.apply(0, LockBets())
    assert public(game.state)["locked"] == [0]
    assert game.state.turn().seats == (1, 2, 3)
    assert not game.state.turn().simultaneous
    assert_refused(game.state, 0, PlaceBets((Wager(0, 0),)), "turn order")
    assert_refused(game.state, 0, LockBets(), "turn order")
    game.apply(1, PlaceBets((Wager(0, 0),)))
    game.apply(1, PlaceBets((Wager(3, 0),)))
    for seat in (1, 2, 3):
        game.apply(seat, LockBets())
    assert points(game.state) == [10, 7, 0, 3]


def test_ww_3_4_open_seats_bet_in_any_order(pack: str) -> None:
    """WW 3.4 (open): everyone bets at the same time, not in turn: any unlocked seat may
    act."""
    game = after_question_one(pack)
    assert game.state.turn().seats == (0, 1, 2, 3)
    game.apply(3, PlaceBets((Wager(5, 0),)))
    game.apply(1, LockBets())
    game.apply(3, LockBets())
    assert game.state.turn().seats == (0, 2)


# ------------------------------------------------------------ WW 3.4 secret betting
def test_ww_3_4_secret_bets_show_only_as_committed(pack: str) -> None:
    """WW 3.4 (secret): the others see only that a seat has bet; the seat sees its bets."""
    game = after_question_one(pack, "secret")
    game.apply(0, PlaceBets((Wager(4, 5), Wager(0, 2))))
    for seat in (None, 1, 2, 3):
        view = game.state.view(seat)
        assert view["committed"] == [0]
        assert view["state"]["bets"] == {}
        assert view["my_commitment"] is None
        assert all(e["kind"] != "bets" for e in view["log"][-3:])
        others = [e for e in view["log"] if e["kind"] == "committed" and e["seat"] != seat]
        assert others and all("move" not in e for e in others)
    mine = game.state.view(0)
    assert mine["my_commitment"] == {
        "type": "place_bets",
        "bets": [{"slot": 4, "chips": 5}, {"slot": 0, "chips": 2}],
    }


def test_ww_3_4_secret_bets_are_revealed_together_and_final(pack: str) -> None:
    """WW 3.4 (secret): a commitment cannot be changed; when the last seat has bet,
    all bets are revealed together and paid."""
    game = after_question_one(pack, "secret")
    game.apply(0, PlaceBets((Wager(4, 5),)))
    assert_refused(game.state, 0, PlaceBets((Wager(3, 0),)), "simultaneous moves")
    assert_refused(game.state, 1, LockBets(), "WW 3.4 secret betting")
    assert game.state.turn().simultaneous
    log_size = len(game.state.log)
    for seat in (1, 2, 3):
        game.apply(seat, PlaceBets((Wager(0, 0),)) if seat == 2 else PlaceBets(()))
    revealed = [e.public for e in game.state.log[log_size:] if e.kind == "bets"]
    assert [r["seat"] for r in revealed] == [0, 1, 2, 3]
    assert all(e.kind == "committed" for e in game.state.log[log_size : log_size + 2])
    # 2 to 1 wins: seat 0 staked 1 + 5 -> +12; seat 1 wrote 20 -> +3.
    assert points(game.state) == [20, 7, 0, 3]


# ------------------------------------------------------------ WW 3.5 poker chips
def test_ww_3_5_question_one_has_no_poker_chips(pack: str) -> None:
    """WW 3.5 / ruling B4-6: poker chips are won from question 2 on; in question 1 only
    the betting chips can be bet."""
    game = Script(4, question_pack=pack)
    game.to_betting("a45", {0: "10"})
    error = assert_refused(game.state, 0, PlaceBets((Wager(4, 1),)), "WW 3.5 poker chips")
    assert "own 0" in error.message
    game.apply(0, PlaceBets((Wager(4, 0), Wager(0, 0))))


def test_ww_3_5_any_amount_the_seat_owns_under_its_betting_chips(pack: str) -> None:
    """WW 3.5: no limit but what the seat owns, spread over its two bets; the bank makes
    change (5 points staked as 3 + 2)."""
    game = after_question_one(pack)
    game.apply(0, PlaceBets((Wager(4, 8),)))
    game.apply(0, PlaceBets((Wager(4, 3), Wager(5, 5))))
    assert_refused(game.state, 0, PlaceBets((Wager(4, 9),)), "WW 3.5 poker chips")
    assert_refused(game.state, 0, PlaceBets((Wager(4, 5), Wager(5, 4))), "WW 3.5 poker chips")
    assert_refused(game.state, 2, PlaceBets((Wager(4, 1),)), "WW 3.5 poker chips")
    game.bet()
    # 2 to 1 wins: (1 + 3) x 2 = 8 more; the 5 under the 3 to 1 chip are lost.
    assert points(game.state) == [8 + 8 - 5, 7, 0, 3]


def test_ww_3_5_a_negative_amount_is_refused(pack: str) -> None:
    """WW 3.5: poker chips are counted, never negative."""
    game = after_question_one(pack)
    assert_refused(game.state, 0, PlaceBets((Wager(4, -1),)), "WW 3.5 poker chips")
    assert_refused(game.state, 0, PlaceBets((Wager(4, 3), Wager(0, -3))), "WW 3.5 poker chips")


def test_ww_3_5_poker_chips_always_lie_under_a_betting_chip(pack: str) -> None:
    """WW 3.5: a bet is a betting chip with poker chips under it; there is no way to
    bet poker chips alone, and a move naming only chips is malformed."""
    game = after_question_one(pack)
    before = snapshot(game.state)
    with pytest.raises(MalformedMove, match="slot"):
        game.state.apply(0, {"type": "place_bets", "bets": [{"chips": 3}]})
    assert snapshot(game.state) == before


# ------------------------------------------------------------ WW 3.6 two bets at most
def test_ww_3_6_three_bets_are_refused(pack: str) -> None:
    """WW 3.6: two betting chips, so at most two bets a question (even from question 2)."""
    game = after_question_one(pack)
    error = assert_refused(
        game.state,
        0,
        PlaceBets((Wager(4, 0), Wager(3, 0), Wager(0, 0))),
        "WW 3.6 two bets at most",
    )
    assert "not 3" in error.message


def test_ww_3_6_zero_one_or_two_bets(pack: str) -> None:
    """WW 3.6 / ruling: betting is optional: no bet, one bet and two bets are all legal."""
    game = after_question_one(pack)
    game.apply(0, PlaceBets(()))
    game.apply(1, PlaceBets((Wager(4, 0),)))
    game.apply(2, PlaceBets((Wager(4, 0), Wager(4, 0))))
    game.bet()
    assert points(game.state) == [8, 4 + 3 + 2, 4, 3]


def test_ww_3_bets_only_while_betting(pack: str) -> None:
    """WW 3: once the guesses are on the mat, a guess is no longer a move."""
    game = after_question_one(pack)
    assert_refused(game.state, 3, Guess("22"), "WW 3 bet")
