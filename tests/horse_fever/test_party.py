"""PG: the Party Game as game-data section 6 proposes it (mode ``party``)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tote.core import CHANCE, IllegalMove, OptionsError
from tote.games.horse_fever import GAME
from tote.games.horse_fever.moves import (
    ChooseFirstPlayer,
    DrawCard,
    PlaceBet,
    PlaceStableToken,
    PlayActionCard,
    SkipBet,
)
from tote.games.horse_fever.state import HorseFeverState

from .hf_helpers import ODDS, assert_refused, events, new_state, set_up


def party(players: int = 3, first: int = 0, **options: Any) -> HorseFeverState:
    """A Party Game after its Preparation: Stable tokens on the helpers' odds (black 1:2
    ... white 1:7), ``first`` as First Player."""
    state = new_state(players, mode="party", **options)
    set_up(state, characters=(), first=first)
    return state


def secret_bets(state: HorseFeverState, bets: dict[int, tuple[str, str, int]]) -> None:
    for seat, (stable, kind, amount) in bets.items():
        state.apply(seat, PlaceBet(stable, kind, amount))  # type: ignore[arg-type]


def finish_race(state: HorseFeverState, order: list[str]) -> None:
    """The horses finish in ``order``: they stand 10 squares apart past the line when
    the first Movement card is revealed."""
    for place, colour in enumerate(order):
        state.positions[state.lane_of[colour]] = 100 - 10 * place
    state.apply(CHANCE, state.chance_outcomes()[0][0])
    state.apply(CHANCE, state.chance_outcomes()[0][0])
    assert events(state, "payoffs")[-1]["ranking"] == order


ORDER = ["black", "blue", "green", "red", "yellow", "white"]


def test_pg_0_1_two_to_twenty_players_and_the_other_modes_two_to_five() -> None:
    """PG 0.1: the Party Game seats 2 to 20; the Board and Family Games refuse a sixth
    player with a message naming the mode's limit (HF 0.1, FG 0)."""
    assert new_state(20, mode="party").num_players == 20
    assert new_state(2, mode="party").num_players == 2
    for mode in ("board", "family"):
        with pytest.raises(OptionsError, match=f"{mode} game takes 2 to 5 players, not 6"):
            GAME.new_state({"mode": mode}, 6)
    with pytest.raises(OptionsError, match="2 to 20"):
        GAME.new_state({"mode": "party"}, 21)
    with pytest.raises(OptionsError):
        GAME.new_state({"mode": "party"}, 1)


def test_pg_0_1_party_options_are_refused_elsewhere() -> None:
    """PG 0.1 / 0.3: no Characters nor starred cards in the Party Game; ``party_actions``
    belongs to the Party Game."""
    with pytest.raises(OptionsError):
        GAME.options({"mode": "party", "advanced": True})
    with pytest.raises(OptionsError):
        GAME.options({"mode": "board", "party_actions": True})


def test_pg_0_2_chips_no_vp_no_characters_and_odds_as_usual() -> None:
    """PG 0.2: Stable tokens are placed as HF 0.6; then the First Player is chosen (no
    Character is dealt); each player has 1000 D of chips and no VP."""
    state = new_state(4, mode="party")
    for colour in sorted(ODDS, key=lambda c: -ODDS[c]):
        state.apply(CHANCE, PlaceStableToken(colour))
    assert state.phase == "setup_first_player"
    state.apply(CHANCE, ChooseFirstPlayer(2))
    assert state.money == [1000] * 4 and state.vp == [0] * 4
    assert state.character == [None] * 4 and state.owner == [None] * 6
    assert [state.odds(state.lane_of[c]) for c in ORDER] == [2, 3, 4, 5, 6, 7]
    assert state.rounds == 5 and state.round == 1


def test_pg_2_1_bets_are_secret_and_revealed_together() -> None:
    """PG 2.1: every player chooses a horse, Win or Show and a stake in secret, in one
    simultaneous turn; nobody sees another's bet until all have bet; a second bet is
    refused; then the bets are revealed together and the race starts."""
    state = party(3)
    turn = state.turn()
    assert state.phase == "secret_bet" and turn.simultaneous and turn.seats == (0, 1, 2)
    state.apply(1, PlaceBet("white", "win", 300))
    assert state.turn().seats == (0, 2)
    assert state.view(1)["my_commitment"] == {
        "type": "place_bet",
        "stable": "white",
        "bet": "win",
        "amount": 300,
    }
    for viewer in (None, 0, 2):
        text = json.dumps(state.view(viewer))
        assert '"white", "bet": "win"' not in text and '"amount": 300' not in text
        assert state.view(viewer)["committed"] == [1]
    assert state.money == [1000] * 3 and state.bets == []
    with pytest.raises(IllegalMove, match="already committed"):
        state.apply(1, PlaceBet("black", "show", 100))
    secret_bets(state, {0: ("black", "show", 100), 2: ("blue", "win", 1000)})
    assert state.phase == "movement"
    assert state.money == [900, 700, 0]
    assert [(b.seat, state.colours[b.lane], b.kind, b.amount) for b in state.bets] == [
        (0, "black", "show", 100),
        (1, "white", "win", 300),
        (2, "blue", "win", 1000),
    ]
    assert len(events(state, "bet", None)) == 3


def test_pg_2_1_other_views_do_not_depend_on_a_secret_bet() -> None:
    """PG 2.1: what seat 0 committed changes nothing in the views and logs of the
    other seats and spectators."""
    one, two = party(3), party(3)
    one.apply(0, PlaceBet("black", "show", 100))
    two.apply(0, PlaceBet("white", "win", 1000))
    for viewer in (None, 1, 2):
        assert json.dumps(one.view(viewer), sort_keys=True) == json.dumps(
            two.view(viewer), sort_keys=True
        )


def test_pg_2_2_stakes_no_minimum_but_a_banknote_and_no_token_limit() -> None:
    """PG 2.2: no Minimum Bet beyond the least stake, 100 D (R6, R7); stakes are whole
    100 D banknotes up to one's chips; one bet only, no skipping; no Bet-token limit:
    all four players may bet on one horse to Win (the Board Game has three tokens)."""
    state = party(4)
    assert_refused(state, 0, PlaceBet("red", "win", 0), "HF 2.1 minimum bet")
    assert_refused(state, 0, PlaceBet("red", "win", 150), "HF 2.0 banknotes")
    assert_refused(state, 0, PlaceBet("red", "win", 1100), "HF 2.0 how to bet")
    assert_refused(state, 0, SkipBet(), "PG 2.1 secret bet")
    secret_bets(state, {s: ("red", "win", 100) for s in range(4)})
    assert [b.lane for b in state.bets] == [state.lane_of["red"]] * 4


def test_pg_3_1_win_pays_stake_times_odds_show_twice_and_no_vp() -> None:
    """PG 3.1: Win pays stake x odds, Show pays stake x 2 (the stake is the Bank's when
    bet, as HF 3.3); no VP; losing stakes stay with the Bank; new odds as HF 3.4."""
    state = party(3)
    secret_bets(state, {0: ("red", "win", 200), 1: ("blue", "show", 300), 2: ("white", "win", 100)})
    finish_race(state, ["red", "green", "blue", "black", "yellow", "white"])
    assert state.money == [800 + 200 * 5, 700 + 600, 900]
    assert state.vp == [0, 0, 0]
    assert state.round == 2 and state.first_player == 1 and state.phase == "secret_bet"
    assert state.odds(state.lane_of["red"]) == 4 and state.odds(state.lane_of["white"]) == 7


def test_pg_4_1_a_fixed_number_of_races_then_the_richest_wins() -> None:
    """PG 4.1 / 4.2: five races by default (``rounds`` agrees another number); the
    richest player wins, scores are Danari; equal Danari share the place."""
    assert new_state(8, mode="party").rounds == 5
    state = party(3, rounds=1, any_rounds=True)
    secret_bets(
        state, {0: ("black", "win", 100), 1: ("black", "win", 100), 2: ("red", "show", 100)}
    )
    finish_race(state, ORDER)
    result = state.result()
    assert state.phase == "over" and result is not None
    assert result.scores == (1100, 1100, 900)
    assert result.ranking == (1, 1, 3) and result.winners == (0, 1)


def test_pg_4_1_the_game_ends_after_the_race_that_leaves_a_player_broke() -> None:
    """PG 4.1: or until one player is broke (fewer Danari than the least stake)."""
    state = party(3)
    secret_bets(
        state, {0: ("white", "win", 1000), 1: ("black", "show", 100), 2: ("blue", "show", 100)}
    )
    finish_race(state, ORDER)
    result = state.result()
    assert state.round == 1 and result is not None
    assert result.scores == (0, 1100, 1100) and result.winners == (1, 2)


def test_pg_0_3_party_actions_one_card_each_played_in_secret_before_the_bets() -> None:
    """PG 0.3 (optional rule): each player is dealt one Action card a race and plays it
    face down, all at once in secret; the lanes show when all have played, the cards
    only at the race (HF 3.1); then the secret bets."""
    state = party(2, party_actions=True)
    assert state.phase == "draw" and state.drawing == (0, "action", 1)
    state.apply(CHANCE, DrawCard("A01"))
    state.apply(CHANCE, DrawCard("A02"))
    assert state.hand == [["A01"], ["A02"]]
    turn = state.turn()
    assert state.phase == "race_fixing" and turn.simultaneous and turn.seats == (0, 1)
    state.apply(0, PlayActionCard("A01", "red"))
    assert "red" not in json.dumps(state.view(1)["state"]["action_cards"])
    state.apply(1, PlayActionCard("A02", "blue"))
    assert state.phase == "secret_bet"
    cards = state.view(1)["state"]["action_cards"]
    assert cards == [
        {"seat": 0, "stable": "red", "card": None},
        {"seat": 1, "stable": "blue", "card": "A02"},
    ]
    secret_bets(state, {0: ("red", "win", 100), 1: ("blue", "win", 100)})
    assert {c["card"] for c in state.view(1)["state"]["action_cards"]} == {"A01", "A02"}


def test_pg_0_3_with_more_players_than_cards_the_last_get_none() -> None:
    """PG 0.3: when the 18 Action cards run out, the last players in turn order get no
    card and play none."""
    state = party(20, party_actions=True)
    for card in sorted(state.actions):
        state.apply(CHANCE, DrawCard(card))
    assert state.phase == "race_fixing" and state.turn().seats == tuple(range(18))


def test_ruling_r27_timeout_moves_are_the_least_committal() -> None:
    """R27: a timed-out Party Game seat bets 100 D to Show on the favourite; only seats
    to act get a timeout move."""
    state = party(3)
    assert state.timeout_move(0) == PlaceBet("black", "show", 100)
    state.apply(0, PlaceBet("red", "win", 100))
    assert state.timeout_move(0) is None
    state.apply(1, state.timeout_move(1))  # type: ignore[arg-type]
