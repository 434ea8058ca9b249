"""WT 1 (setup and material) and the minimum stakes of WT 2.3."""

from __future__ import annotations

import random

import pytest

from tote.core import CHANCE, OptionsError
from tote.games.wetten import GAME
from tote.games.wetten.moves import Pass, ShuffleDecks, ShuffleDiscards

from .wt_helpers import HORSES, assert_refused, deal, new_state


@pytest.mark.parametrize("players", [2, 6])
def test_wt_1_1_three_to_five_players(players: int) -> None:
    """WT 1.1: Wetten! is for 3 to 5 players."""
    with pytest.raises(OptionsError):
        GAME.new_state(None, players)


def test_wt_1_1_four_horses_behind_the_start_line() -> None:
    """WT 1.1: four horses, numbered 1 to 4, all behind the line (0 fields moved)."""
    horses = new_state(3).view(None)["state"]["horses"]
    assert [(h["number"], h["name"], h["position"]) for h in horses] == [
        (1, "Queen", 0),
        (2, "Raider", 0),
        (3, "Lucky Slevin", 0),
        (4, "Joker", 0),
    ]
    assert [h["name"] for h in horses] == list(HORSES)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_wt_1_2_ten_thousand_each_and_the_bank_holds_the_rest(players: int) -> None:
    """WT 1.2 / ruling 13: 10,000 each; the bank holds 824,000 minus that."""
    view = new_state(players).view(None)["state"]
    assert view["cash"] == [10_000] * players
    assert view["bank"] == 824_000 - 10_000 * players


def test_wt_1_2_unlimited_bank_option() -> None:
    """Ruling 13 option: an unlimited bank shows no reserve."""
    assert new_state(3, unlimited_bank=True).view(None)["state"]["bank"] is None


def test_wt_1_3_six_race_cards_and_three_action_cards_dealt_in_secret() -> None:
    """WT 1.3: both decks are shuffled (one chance move) and every player is dealt six
    race cards and three action cards from the top, each seeing only their own."""
    state = new_state(4)
    assert state.turn().chance
    deal(state)
    view = state.view(1)["state"]
    assert view["hand_sizes"] == [6, 6, 6, 6]
    assert view["action_counts"] == [3, 3, 3, 3]
    assert len(view["hand"]) == 6 and len(view["action_cards"]) == 3
    assert view["pile"] == 60 - 24
    dealt = next(e for e in state.log if e.kind == "dealt")
    assert "race_cards" not in str(dealt.for_seat(None).get("race_cards"))
    mine = dealt.for_seat(1)
    assert mine["race_cards"] == state.hands[1]
    assert dealt.for_seat(2)["race_cards"] != mine["race_cards"]


def test_wt_1_3_a_shuffle_must_be_a_permutation_of_the_decks() -> None:
    """WT 1.3: the shuffle's outcome holds every card exactly once; anything else is
    refused; a random shuffle is always accepted."""
    state = new_state(3)
    cards = state._all_race_cards
    actions = state._all_action_cards
    assert_refused(state, CHANCE, ShuffleDecks(tuple(cards[:-1]), tuple(actions)), "chance")
    twice = (cards[0], *cards[:-1])
    assert_refused(state, CHANCE, ShuffleDecks(twice, tuple(actions)), "chance")
    state.apply(CHANCE, state.sample_chance(random.Random(1)))
    assert not state.turn().chance


def test_wt_1_3_a_refused_deck_shuffle_says_why() -> None:
    """WT 1.3: a scripted shuffle of the decks that is refused says what is wrong
    with it: a card twice, a card missing, a card of no deck, or the wrong shuffle."""
    state = new_state(3)
    cards = state._all_race_cards
    actions = tuple(state._all_action_cards)
    why = {
        "twice": ShuffleDecks((cards[0], *cards[:-1]), actions),
        "missing": ShuffleDecks(tuple(cards[:-1]), actions),
        "unknown": ShuffleDecks((*cards[:-1], "no-such-card"), actions),
        "action twice": ShuffleDecks(tuple(cards), (actions[0], *actions[:-1])),
        "discards": ShuffleDiscards(tuple(cards)),
    }
    said = {k: assert_refused(state, CHANCE, move, "chance").message for k, move in why.items()}
    assert said["twice"].endswith(
        f"race card {cards[0]!r} appears 2 times; the race deck holds it once"
    )
    assert said["missing"].endswith(
        f"race card {cards[-1]!r} is missing (1 of the race deck left out)"
    )
    assert said["unknown"].endswith("race card 'no-such-card' is not in the race deck")
    assert said["action twice"].endswith(
        f"action card {actions[0]!r} appears 2 times; the action deck holds it once"
    )
    assert said["discards"].endswith(
        "the pending chance event is the shuffle of both decks (WT 1.3), not of the discards"
    )


def test_wt_1_3_nobody_acts_during_the_deal() -> None:
    """WT 1.3: during the deal only chance moves."""
    state = new_state(3)
    assert_refused(state, 0, Pass(), "turn order")


def test_wt_2_3_minimum_stakes_by_race() -> None:
    """WT 2.3: minimum stakes 1000, 1000, 2000, 2000, 3000 (board data, original)."""
    state = new_state(3)
    assert [state.min_stakes[r] for r in range(5)] == [1000, 1000, 2000, 2000, 3000]
    assert state.view(None)["state"]["minimum_stake"] == 1000


def test_wt_1_1_track_length_options() -> None:
    """Ruling on 3b: 32 fields; by player count 26/32/38 as an option; any length."""
    assert new_state(3).track == 32
    assert new_state(3, track_by_players=True).track == 26
    assert new_state(5, track_by_players=True).track == 38
    assert new_state(4, track_length=40).track == 40
