"""The data files: every card, the Blackboard, the track and the rounds table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tote.core import OptionsError
from tote.games.horse_fever import GAME
from tote.games.horse_fever.data import board, cards


def test_hf_3_2_movement_deck_column_totals() -> None:
    """Game-data 1: 23 Movement cards, columns 1:2..1:7 total 57/55/52/49/48/45 (306),
    values 0-4 only (HF 3.2 "numbers from 0 to 4"), duplicates 83=98 and 91=92."""
    deck = cards().movement
    assert len(deck) == 23
    totals = [sum(card.values[col] for card in deck) for col in range(6)]
    assert totals == [57, 55, 52, 49, 48, 45]
    assert sum(totals) == 306
    assert {v for card in deck for v in card.values} <= {0, 1, 2, 3, 4}
    by_scan = {card.scan: card.values for card in deck}
    assert by_scan[83] == by_scan[98] and by_scan[91] == by_scan[92]


def test_card_counts_match_the_contents_list() -> None:
    """HF Content: 18 Action (+4 starred), 14 Assistants, 14 Targets, 9 Horses,
    6 Stable Owners, 6 Loans, 12 Characters (6 starred)."""
    data = cards()
    assert len([c for c in data.actions if not c.starred]) == 18
    assert len([c for c in data.actions if c.starred]) == 4
    assert len(data.assistants) == 14
    assert len(data.targets) == 14
    assert len(data.horses) == 9
    assert len(data.stables) == 6
    assert data.loans.cards == 6
    assert len(data.characters) == 12
    assert len([c for c in data.characters if c.starred]) == 6


def test_same_letters_pair_a_positive_with_a_negative_card() -> None:
    """Game-data 2a: letters A-G each on one positive and one negative basic card."""
    letters: dict[str, set[str]] = {}
    for card in cards().actions:
        if card.letter is not None:
            letters.setdefault(card.letter, set()).add(card.kind)
    assert sorted(letters) == list("ABCDEFG")
    assert all(kinds == {"positive", "negative"} for kinds in letters.values())


def test_blackboard_prices_and_track() -> None:
    """Game-data 5: Stable prices 2100..1100 in 200 D steps (1:3 = 1900, the rulebook's
    example), finish line 12 squares, prizes 600/400/200."""
    b = board()
    assert b.stable_prices.values == (2100, 1900, 1700, 1500, 1300, 1100)
    assert b.finish_line.value == 12
    assert b.stable_prizes.values == (600, 400, 200)
    assert b.rounds.table["4"]["medium"] == 4


def test_every_value_says_whether_it_is_original_or_proposed() -> None:
    """Every card and Blackboard entry carries a source, and the icon-only meanings
    (starred cards, assistants, horses, targets, loans, rounds) are marked proposed."""
    raw = json.loads(
        (Path(__file__).parents[2] / "src/tote/games/horse_fever/data/cards.json").read_text()
    )
    for group in ("movement", "actions", "characters", "stables", "assistants", "horses"):
        assert all(card["source"] in ("original", "proposed") for card in raw[group])
    assert all(c["source"] == "proposed" for c in raw["assistants"] + raw["horses"])
    assert all(c["source"] == "proposed" for c in raw["actions"] if c["starred"])
    assert board().rounds.source == "proposed"
    assert board().finish_line.source == "proposed"
    assert board().stable_prices.source == "original"


def test_a_replacement_cards_file_is_used(tmp_path: Path) -> None:
    """Data files are replaceable through the ``cards_file`` option."""
    raw = json.loads(
        (Path(__file__).parents[2] / "src/tote/games/horse_fever/data/cards.json").read_text()
    )
    raw["characters"][0]["danari"] = 9900
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(raw))
    state = GAME.new_state({"cards_file": str(path)}, 2)
    assert state.characters["C71"].danari == 9900  # type: ignore[attr-defined]
    path.write_text("{}")
    with pytest.raises(OptionsError):
        GAME.new_state({"cards_file": str(path) + "x"}, 2)
