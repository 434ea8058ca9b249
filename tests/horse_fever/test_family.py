"""FG: the Family Game as game-data section 6 reconstructs it (mode ``family``)."""

from __future__ import annotations

import pytest

from tote.core import OptionsError
from tote.games.horse_fever import GAME
from tote.games.horse_fever.moves import Pass, PlayActionCard, SkipBet
from tote.games.horse_fever.state import HorseFeverState

from .hf_helpers import assert_refused, bet, draw, new_state, set_up


def family(players: int = 3, **options: object) -> HorseFeverState:
    state = new_state(players, mode="family", **options)
    set_up(state)
    return state


def test_fg_0_no_starred_cards_and_basic_characters() -> None:
    """FG 0: only Movement, Action, Stable Owner and Character cards, no starred ones; each
    player has 1 VP, the character's Danari and Stable."""
    with pytest.raises(OptionsError):
        GAME.options({"mode": "family", "advanced": True})
    state = family(3)
    assert state.vp == [1, 1, 1] and state.money == [3400, 3600, 3800]
    assert len(state.decks["action"]) == 18


def test_fg_1_two_free_action_cards_a_round_and_no_purchases() -> None:
    """FG 1: every player is dealt two Action cards free, in turn order from the First
    Player; there is no Purchase Phase: the first bet follows."""
    state = family(3)
    assert state.phase == "draw" and state.drawing == (0, "action", 2)
    draw(state, "A01", "A02", "A03", "A04", "A05", "A06")
    assert state.hand == [["A01", "A02"], ["A03", "A04"], ["A05", "A06"]]
    assert state.money == [3400, 3600, 3800]
    assert state.phase == "first_bet" and state.turn().seats == (0,)
    assert_refused(state, 0, Pass(), "HF 2.0 betting phase")


def test_fg_2_betting_race_fixing_and_no_auction() -> None:
    """FG 2: first bet, race-fixing, second bet, race, payoffs, new odds; then the next
    round at once (no Auction Phase), the First Player passing left."""
    state = family(2)
    draw(state, "A01", "A02", "A03", "A04")
    bet(state, 0, "white", "show", 200)
    bet(state, 1, "yellow", "show", 200)
    for seat, card in ((0, "A01"), (1, "A03"), (0, "A02"), (1, "A04")):
        state.apply(seat, PlayActionCard(card, "red"))
    state.apply(1, SkipBet())
    state.apply(0, SkipBet())
    for place, colour in enumerate(("black", "blue", "green", "red", "yellow", "white")):
        state.positions[state.lane_of[colour]] = 100 - 10 * place
    state.apply("chance", state.chance_outcomes()[0][0])
    state.apply("chance", state.chance_outcomes()[0][0])
    assert state.round == 2 and state.first_player == 1
    assert state.phase == "draw" and state.drawing is not None and state.drawing[0] == 1


def test_fg_4_rounds_from_the_family_table() -> None:
    """FG 4 (2nd edition / PoliMi table): 2p 6, 3p 6, 4p 4, 5p 5 rounds."""
    assert [new_state(n, mode="family").rounds for n in (2, 3, 4, 5)] == [6, 6, 4, 5]
