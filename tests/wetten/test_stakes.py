"""WT 2: Phase 1, Set the Stakes."""

from __future__ import annotations

from tote.games.wetten.moves import Bet, Pass, SetTheStakes
from tote.games.wetten.state import WettenState

from .wt_helpers import assert_refused, bets, deal, events, new_state, pass_window


def at_stakes(players: int = 3) -> WettenState:
    state = new_state(players)
    deal(state)
    pass_window(state)
    assert state.stage == "set_the_stakes"
    return state


def test_wt_2_1_tickets_are_written_simultaneously_and_in_secret() -> None:
    """WT 2.1: everyone writes at once; a written ticket shows to others only as
    'committed' until all are in."""
    state = at_stakes()
    assert state.turn().simultaneous and state.turn().seats == (0, 1, 2)
    state.apply(0, SetTheStakes(bets(("Queen", 1, 2000))))
    assert state.turn().seats == (1, 2)
    assert state.view(1)["my_commitment"] is None
    for seat in (1, None):
        committed = [e for e in state.view(seat)["log"] if e["kind"] == "committed"]
        assert committed == [{"kind": "committed", "seat": 0}]
        assert state.view(seat)["state"]["tickets"][0]["set_the_stakes"] is None
    assert state.view(0)["my_commitment"]["bets"][0]["horse"] == "Queen"


def test_wt_2_2_rulebook_example_ticket_and_several_places_for_one_horse() -> None:
    """WT 2.2: the rulebook's ticket (6000 in four bets) and two places for one horse."""
    state = at_stakes()
    example = bets(("Queen", 3, 1000), ("Raider", 1, 2000), ("Lucky Slevin", 2, 2000))
    state.apply(0, SetTheStakes((*example, Bet("Joker", 4, 1000))))
    state.apply(1, SetTheStakes(bets(("Joker", 1, 1000), ("Joker", 2, 1000))))
    state.apply(2, SetTheStakes())
    assert state.cash == [4000, 8000, 10000]
    assert events(state, "tickets")[0]["totals"] == [6000, 2000, 0]


def test_wt_2_2_one_amount_per_cell() -> None:
    """WT 2.2 / ruling 2: a cell of the grid holds one amount."""
    state = at_stakes()
    twice = SetTheStakes(bets(("Queen", 1, 1000), ("Queen", 1, 1000)))
    assert_refused(state, 0, twice, "WT 2.2")


def test_wt_2_2_only_horses_and_places_of_the_grid() -> None:
    """WT 2.2: four horses, places 1 to 4."""
    state = at_stakes()
    assert_refused(state, 0, SetTheStakes(bets(("Pegasus", 1, 1000))), "WT 2.2")
    assert_refused(state, 0, SetTheStakes(bets(("Queen", 5, 1000))), "WT 2.2")


def test_wt_2_3_each_bet_at_least_the_minimum_in_thousands() -> None:
    """WT 2.3 / ruling 2: each bet at least the race's minimum, in multiples of 1000."""
    state = at_stakes()
    assert_refused(state, 0, SetTheStakes(bets(("Queen", 1, 500))), "WT 2.3")
    assert_refused(state, 0, SetTheStakes(bets(("Queen", 1, 1500))), "WT 2.3")


def test_wt_2_4_never_more_than_the_cash_in_hand() -> None:
    """WT 2.4: a ticket's total may not exceed the player's cash."""
    state = at_stakes()
    over = SetTheStakes(bets(("Queen", 1, 6000), ("Raider", 1, 5000)))
    assert_refused(state, 0, over, "WT 2.4")
    state.apply(0, SetTheStakes(bets(("Queen", 1, 10_000))))


def test_wt_2_5_the_stake_goes_to_the_bank_at_once() -> None:
    """WT 2.5 / ruling 1: the money leaves the player and joins the bank on writing."""
    state = at_stakes()
    bank = state.bank
    state.apply(0, SetTheStakes(bets(("Queen", 1, 3000))))
    state.apply(1, SetTheStakes())
    state.apply(2, SetTheStakes(bets(("Joker", 4, 1000))))
    assert state.cash == [7000, 10000, 9000]
    assert state.bank == bank + 4000


def test_wt_2_6_own_ticket_seen_by_its_owner_others_see_only_the_total() -> None:
    """WT 2.6: the ticket lies face down with its money on top."""
    state = at_stakes()
    state.apply(0, SetTheStakes(bets(("Queen", 1, 3000))))
    state.apply(1, SetTheStakes())
    state.apply(2, SetTheStakes())
    mine = state.view(0)["state"]["tickets"][0]
    theirs = state.view(1)["state"]["tickets"][0]
    public = state.view(None)["state"]["tickets"][0]
    assert mine["set_the_stakes"] == [{"horse": "Queen", "place": 1, "stake": 3000}]
    assert theirs["set_the_stakes"] is None and public["set_the_stakes"] is None
    assert theirs["stakes_total"] == public["stakes_total"] == 3000


def test_wt_2_1_only_tickets_now() -> None:
    """WT 2.1: in Set the Stakes every player writes a ticket, nothing else."""
    state = at_stakes()
    assert_refused(state, 0, Pass(), "WT 2.1")
