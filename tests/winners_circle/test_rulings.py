"""Rulings where the rulebook is silent (game-data A7/A9), options, and the data files."""

from __future__ import annotations

import json
from importlib.resources import files
from pathlib import Path

import pytest

from tote.core import OptionsError
from tote.games.winners_circle import GAME
from tote.games.winners_circle.data import PayoutTable, horse_data
from tote.games.winners_circle.moves import PlaceBet

from .wc_helpers import new_state, place_bets, prepare, run_to_finish


def data_file(name: str) -> dict[str, object]:
    text = files("tote.games.winners_circle").joinpath("data", name).read_text("utf-8")
    data = json.loads(text)
    assert isinstance(data, dict)
    return data


# ------------------------------------------------------------- ruling A7
def test_ruling_a7_everyone_starts_with_no_money() -> None:
    """Ruling A7: the rulebook gives no starting money; everyone starts at 0."""
    assert new_state(5).money == [0] * 5


def test_ruling_a7_starting_money_is_an_option() -> None:
    """Ruling A7: ``starting_money`` gives everyone the same sum; negative is refused."""
    assert new_state(3, starting_money=500).money == [500, 500, 500]
    with pytest.raises(OptionsError):
        GAME.options({"starting_money": -50})


def test_options_refuse_unknown_names_and_values() -> None:
    """Unknown options and unknown last-place tie rulings are refused in one line."""
    with pytest.raises(OptionsError):
        GAME.options({"royal_turf_cards": True})
    with pytest.raises(OptionsError):
        GAME.options({"last_place_tie": "photo_finish"})
    with pytest.raises(OptionsError):
        GAME.options({}, ["blind-bets"])


# ------------------------------------------------------------ ruling A9-15
def test_ruling_a9_15_base_cards_belong_to_no_horse() -> None:
    """Ruling A9-15: base-game horse cards are generic (the gate decides the horse);
    only Royal Turf cards name a horse."""
    data = horse_data()
    assert all(card.horse is None for card in data.horse_cards)
    assert all(card.horse is not None for card in data.royal_turf_cards)


# ------------------------------------------------------------ state copies
def test_a_clone_plays_on_independently() -> None:
    """A cloned state (used by bots and search) plays on by itself; the original is
    unchanged."""
    state = new_state(3)
    prepare(state)
    copy = state.clone()
    before = json.dumps(state.view(None), sort_keys=True)
    copy.apply(0, PlaceBet("red", 2))
    assert json.dumps(state.view(None), sort_keys=True) == before
    assert copy.view(None)["state"]["bets"] == [{"seat": 0, "horse": "red", "chip": 2}]


# ------------------------------------------------------------- data files
def test_data_original_payout_cells_are_in_the_loaded_table(table: PayoutTable) -> None:
    """Data: the cells payouts.json marks original are the rulebook's example 3 values
    and agree with the loaded table."""
    data = data_file("payouts.json")
    cells = {(c["row"], c["bets"], c["amount"]) for c in data["original_cells"]}  # type: ignore[attr-defined]
    assert cells == {("win", 2, 350), ("place", 4, 150), ("show", 1, 250)}
    for row, bets, amount in cells:
        assert getattr(table, row)[bets - 1] == amount


def test_data_proposed_table_is_long_enough_for_six_players(table: PayoutTable) -> None:
    """Data: six players with a 2-chip each on one horse make 12 bets: 12 columns."""
    assert len(table.win) == len(table.place) == len(table.show) >= 12


def test_data_die_and_cards_are_labelled() -> None:
    """Data: the die (3 heads, cap, saddle, shoe) is original; every card is labelled
    proposed, and keeps the predecessor's invariant 3*head + cap + saddle + shoe = 30."""
    data = horse_data()
    assert data.die.faces == {"head": 3, "cap": 1, "saddle": 1, "shoe": 1}
    for card in data.horse_cards + data.royal_turf_cards:
        assert card.source == "proposed"
        assert 3 * card.head + card.cap + card.saddle + card.shoe == 30, card.id
        assert min(card.values) >= 1, card.id


def test_data_payouts_file_can_be_replaced(tmp_path: Path) -> None:
    """Data: a replacement payouts file (same schema) is used for the payout."""
    data = data_file("payouts.json")
    data["win"] = [1000] * 12
    path = tmp_path / "payouts.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    state = new_state(2, payouts_file=str(path))
    prepare(state)
    place_bets(
        state,
        {
            0: [("red", 1), ("yellow", 1), ("purple", 2)],
            1: [("yellow", 1), ("purple", 1), ("orange", 2)],
        },
    )
    run_to_finish(state)
    assert state.money == [1000 + 100, 0]


def test_data_a_bad_file_is_refused_naming_the_field(tmp_path: Path) -> None:
    """Data: a replacement file that breaks the schema is refused with the field named."""
    data = data_file("payouts.json")
    data["place"] = [100, 50]
    path = tmp_path / "payouts.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(OptionsError, match="win, place and show rows"):
        new_state(2, payouts_file=str(path))
    cards = data_file("horse_cards.json")
    cards["horses"] = cards["horses"][:6]  # type: ignore[index]
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(cards), encoding="utf-8")
    with pytest.raises(OptionsError, match="7 horses"):
        new_state(2, horse_cards_file=str(path))
