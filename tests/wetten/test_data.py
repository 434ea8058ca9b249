"""The data files: what is original, what proposed, and that users can replace them."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from tote.core import OptionsError
from tote.games.wetten.data import action_deck, board, race_deck

from .wt_helpers import deal, new_state


def test_race_deck_is_60_proposed_cards_holding_the_rulebook_examples() -> None:
    """Game Materials: 60 race cards, each with a number for every horse. The deck is
    proposed (3a); the four cards of the rulebook's example are in it."""
    deck = race_deck()
    assert len(deck.cards) == 60
    assert {c.source for c in deck.cards} == {"proposed"}
    values = [tuple(c.values) for c in deck.cards]
    for example in ((3, 2, 2, 1), (1, 2, 1, 4), (1, 2, 2, 1), (1, 1, 3, 1)):
        assert example in values
    assert {sum(v) for v in values} == {6, 7, 8}
    per_horse = [Counter(v[h] for v in values) for h in range(4)]
    assert all(c == per_horse[0] for c in per_horse)
    assert per_horse[0] == Counter({1: 28, 2: 19, 3: 9, 4: 4})
    assert [h.source for h in deck.horses] == ["original"] * 4


def test_action_cards_14_kinds_2_copies_doping_and_accident_original() -> None:
    """Game Materials: 28 action cards, 14 actions x 2; only Doping (+2) and Accident
    (-2) are original."""
    deck = action_deck()
    assert len(deck.cards) == 14 and len(deck.copies) == 28
    original = {c.id: c.amount for c in deck.cards if c.source == "original"}
    assert original == {"doping": 2, "accident": -2}


def test_board_banknotes_total_824000_and_track_proposed() -> None:
    """Game Materials: 28x1000, 28x2000, 28x5000, 20x10000, 8x50000 = 824,000
    (original); the 32-field track is proposed."""
    data = board()
    assert data.total_money == 824_000 and data.banknotes.source == "original"
    assert data.track.fields == 32 and data.track.source == "proposed"
    assert data.minimum_stakes.source == "original"


def test_a_user_file_replaces_the_race_deck(tmp_path: Path) -> None:
    """A user with the printed game passes their own deck (same schema)."""
    cards = [{"id": f"X{i}", "values": [1, 1, 1, 1], "source": "original"} for i in range(40)]
    path = tmp_path / "deck.json"
    horses = json.loads(
        Path(__file__).parents[2].joinpath("src/tote/games/wetten/data/race_cards.json").read_text()
    )["horses"]
    path.write_text(json.dumps({"horses": horses, "cards": cards}))
    state = new_state(3, race_cards_file=str(path))
    deal(state)
    assert all(c.startswith("X") for hand in state.hands for c in hand)


def test_a_bad_data_file_is_one_clear_refusal(tmp_path: Path) -> None:
    """A broken or unknown-effect file is refused with the file named."""
    path = tmp_path / "actions.json"
    path.write_text(
        json.dumps(
            {
                "cards": [
                    {"id": "x", "name": "X", "when": ["start"], "effect": "teleport", "copies": 20}
                ]
            }
        )
    )
    with pytest.raises(OptionsError, match=r"actions\.json"):
        new_state(3, action_cards_file=str(path))
    with pytest.raises(OptionsError, match="cannot read"):
        new_state(3, board_file=str(tmp_path / "missing.json"))


def test_moves_round_trip_through_json() -> None:
    """Every move's JSON form parses back to the same move (records, the server)."""
    from tote.core.moves import Move as BaseMove
    from tote.games.wetten.moves import (
        CODEC,
        Bet,
        Cell,
        PlayActionCard,
        PlayRaceCard,
        SecondBet,
        SetTheStakes,
    )

    bets = (Bet("Queen", 1, 2000), Bet("Joker", 4, 1000))
    moves: list[BaseMove] = [
        SetTheStakes(bets),
        SecondBet(bets, Cell("Joker", 4)),
        SecondBet(),
        PlayRaceCard("R01"),
        PlayRaceCard(None),
        PlayActionCard("hedge-1", horse="Queen", place=1),
    ]
    for move in moves:
        assert CODEC.parse(json.loads(json.dumps(move.to_json()))) == move
        assert move.to_json() == BaseMove.to_json(move)
