"""HF 0: Preparation."""

from __future__ import annotations

import pytest

from tote.core import CHANCE, Match, Record
from tote.core.errors import OptionsError
from tote.games.horse_fever import GAME
from tote.games.horse_fever.moves import ChooseFirstPlayer, DealCharacter, PlaceStableToken
from tote.sim.runner import random_match

from .hf_helpers import chance_refusal, new_state, set_up, started


def test_hf_0_6_stable_tokens_placed_one_at_a_time_from_1_7_up_to_1_2() -> None:
    """HF 0.6: the first token drawn goes on 1:7, the last on 1:2, one per row."""
    state = new_state(3)
    for colour, odds in (("red", 7), ("white", 6), ("blue", 5), ("black", 4), ("green", 3)):
        state.apply(CHANCE, PlaceStableToken(colour))
        assert state.odds(state.lane_of[colour]) == odds
    assert [m.stable for m, _ in state.chance_outcomes()] == ["yellow"]  # type: ignore[attr-defined]
    state.apply(CHANCE, PlaceStableToken("yellow"))
    assert state.odds(state.lane_of["yellow"]) == 2
    assert state.phase == "setup_characters"


def test_hf_0_3_and_0_7_characters_give_danari_a_stable_and_one_vp() -> None:
    """HF 0.3: one starting VP each; HF 0.7 / game-data 3a: the character's Danari and the
    Stable on its printed odds row, which counts as a VP (Minimum Bet 200 D)."""
    state = started(4)
    assert state.money == [3400, 3600, 3800, 4000]
    assert state.vp == [1, 1, 1, 1]
    assert [state.colours[lane] for lane in state.stables_of(0)] == ["black"]  # on 1:2
    assert [state.colours[lane] for lane in state.stables_of(3)] == ["red"]  # on 1:5
    assert state.minimum_bet(0) == 200


def test_hf_0_4_starred_cards_are_out_unless_advanced() -> None:
    """HF 0.4: for first games the starred cards go back into the box."""
    basic = new_state(2)
    assert not any(c.starred for c in basic.actions.values())
    assert len(basic.decks["action"]) == 18
    assert all(not c.starred for c in basic.characters.values())
    advanced = new_state(2, advanced=True)
    assert len(advanced.decks["action"]) == 22
    assert len(advanced.characters) == 12


def test_hf_0_5_bet_tokens_are_players_minus_one_per_colour() -> None:
    """HF 0.5: e.g. with five players four tokens of each colour."""
    for players in (2, 3, 4, 5):
        state = started(players)
        assert state.tokens_left == [players - 1] * 6


def test_hf_0_9_rounds_from_table_1_or_agreed() -> None:
    """HF 0.9 / Table 1 (proposed values): rounds by players and length; an agreed number
    overrides the table."""
    assert new_state(4).rounds == 4
    assert new_state(2).rounds == 6
    assert new_state(5, length="long").rounds == 10
    assert new_state(3, length="short").rounds == 3
    assert new_state(3, rounds=7).rounds == 7


def test_hf_0_8_the_first_player_starts_the_first_purchase_phase() -> None:
    """HF 0.8 / 1.0: the purchases start with the First Player."""
    state = new_state(3)
    set_up(state, first=2)
    assert state.round == 1 and state.phase == "purchase"
    assert state.turn().seats == (2,)
    assert state.queue == [2, 0, 1]


def test_characters_are_dealt_without_repetition() -> None:
    """HF 0.7: each player draws a different Character card."""
    state = new_state(2)
    for colour in ("black", "blue", "green", "red", "yellow", "white"):
        state.apply(CHANCE, PlaceStableToken(colour))
    state.apply(CHANCE, DealCharacter("C75"))
    assert "C75" not in [m.character for m, _ in state.chance_outcomes()]  # type: ignore[attr-defined]


def test_hf_0_9_an_agreed_number_of_rounds_is_3_to_10_unless_the_house_rule_says_so() -> None:
    """HF 0.9: Table 1 ranges from 3 to 10 rounds, so an agreed number is refused outside
    that range, naming the rule; the house rule ``any_rounds`` allows 1 to 20."""
    for rounds in (1, 2, 11, 20):
        with pytest.raises(OptionsError, match=r"HF 0\.9.*any_rounds"):
            GAME.options({"rounds": rounds})
    assert new_state(3, rounds=10).rounds == 10
    assert new_state(3, rounds=1, any_rounds=True).rounds == 1
    assert new_state(3, rounds=20, any_rounds=True).rounds == 20
    with pytest.raises(OptionsError, match="rounds"):
        GAME.options({"rounds": 21, "any_rounds": True})


def test_hf_0_9_a_record_of_an_older_engine_with_one_round_still_replays() -> None:
    """Records are a public contract: engines before 0.2.0 took ``rounds`` from 1 to 20
    with no house rule, and such a record replays as the house rule ``any_rounds``."""
    match = random_match("horse-fever", 2, seed=4, options={"rounds": 1, "any_rounds": True})
    old = match.record().model_dump()
    old["engine"] = "0.1.0"
    old["options"].pop("any_rounds")
    again = Match.replay(Record.from_json(old))
    assert again.state.rounds == 1 and again.options.any_rounds
    assert again.state.view(None) == match.state.view(None)
    new = {**old, "engine": "0.2.0"}
    with pytest.raises(OptionsError, match=r"HF 0\.9"):
        Match.replay(Record.from_json(new))


def test_hf_0_6_a_stable_token_already_placed_is_refused_saying_so() -> None:
    """HF 0.6: each Stable token is drawn once; a colour that is no Stable is refused too,
    and so is the outcome of another chance event."""
    state = new_state(3)
    state.apply(CHANCE, PlaceStableToken("red"))
    message = chance_refusal(state, PlaceStableToken("red"))
    assert "the red Stable token is already on the Blackboard at 1:7" in message
    assert "no Stable 'purple'" in chance_refusal(state, PlaceStableToken("purple"))
    message = chance_refusal(state, DealCharacter("C71"))
    assert "the pending chance event is the next Stable token drawn (HF 0.6)" in message


def test_hf_0_7_a_character_already_dealt_is_refused_saying_so() -> None:
    """HF 0.7: each player draws a Character from the stack: one already dealt cannot be
    drawn again; HF 0.4: a starred one is out of a basic game."""
    state = new_state(3)
    for colour in ("red", "white", "blue", "black", "green", "yellow"):
        state.apply(CHANCE, PlaceStableToken(colour))
    state.apply(CHANCE, DealCharacter("C71"))
    message = chance_refusal(state, DealCharacter("C71"))
    assert "(C71) is already dealt to seat 0" in message
    starred = next(c.id for c in state.cards.characters if c.starred)
    assert "starred Character" in chance_refusal(state, DealCharacter(starred))
    assert "no Character 'C00'" in chance_refusal(state, DealCharacter("C00"))


def test_hf_0_8_a_first_player_who_is_not_a_seat_is_refused_saying_so() -> None:
    """HF 0.8: the First Player is one of the players."""
    state = new_state(3)
    for colour in ("red", "white", "blue", "black", "green", "yellow"):
        state.apply(CHANCE, PlaceStableToken(colour))
    for character in ("C71", "C72", "C73"):
        state.apply(CHANCE, DealCharacter(character))
    message = chance_refusal(state, ChooseFirstPlayer(3))
    assert "seat 3 is not at the table" in message and "seats 0 to 2" in message
