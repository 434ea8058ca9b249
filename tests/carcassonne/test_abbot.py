"""CA: The Abbot -- one abbot each, on a monastery or a garden; taken back for points."""

from __future__ import annotations

from pathlib import Path

import pytest

from tote.core import CHANCE, IllegalMove
from tote.games.carcassonne.data import land_tiles
from tote.games.carcassonne.moves import (
    DrawTile,
    NoMeeple,
    PlaceAbbot,
    PlaceMeeple,
    PlaceTile,
    ReturnAbbot,
)

from .cc_helpers import new_state, play, scores_by_event, some_tiles


def test_ca_1_1_one_abbot_each_and_the_garden_tiles_told_apart() -> None:
    """CA 1.1: with The Abbot every player has one abbot in supply besides the seven
    meeples, and the eight land tiles with a garden are drawn as garden tiles (``Eg``);
    without it a garden is plain field and no tile is told apart."""
    state = new_state(3, bets=False, abbot=True)
    assert state.view(1)["state"]["abbots"] == [True, True, True]
    assert state.supply == [7, 7, 7]
    gardens = sorted(t for t in state.stack if t.endswith("g"))
    assert gardens == ["Eg", "Hg", "Ig", "Mg", "Ng", "Rg", "Ug", "Vg"]
    assert len(state.stack) == 71
    plain = new_state(3, bets=False)
    assert not any(t.endswith("g") for t in plain.stack)
    assert plain.view(1)["state"]["abbots"] == []


def test_ca_1_1_no_garden_tile_is_drawn_without_the_abbot() -> None:
    """CA 1.1: without The Abbot a garden is plain field and no tile is told apart: a
    scripted draw of ``Eg`` is refused and names the tile to draw instead."""
    state = new_state(bets=False)
    with pytest.raises(IllegalMove, match=r"CA 1\.1: without The Abbot .* drawn as 'E'"):
        state.apply(CHANCE, DrawTile("Eg"))
    with_abbot = new_state(bets=False, abbot=True)
    with_abbot.apply(CHANCE, DrawTile("Eg"))


def test_ca_1_1_data_gardens_on_eight_land_tiles() -> None:
    """CA 1.1 (data): one tile each of E, H, I, M, N, R, U, V shows a garden (2nd
    edition); where a tile has two fields, the field holding it is marked proposed."""
    tiles = {t.id: t for t in land_tiles().tiles if t.gardens}
    assert {tid: t.gardens for tid, t in tiles.items()} == dict.fromkeys("EHIMNRUV", 1)
    assert {tid for tid, t in tiles.items() if t.garden_source == "proposed"} == {"U", "V"}


def test_ca_1_2_the_abbot_goes_on_a_garden_or_a_monastery_a_meeple_not_on_a_garden() -> None:
    """CA 1.2 / 1.3: on a tile with a garden the player may put the abbot there (or a
    meeple elsewhere); a meeple on the garden and the abbot on a city are refused.
    A farmer may still go on the garden's field: the garden does not split it."""
    state = new_state(bets=False, abbot=True)
    state.apply(CHANCE, DrawTile("Ug"))
    state.apply(0, PlaceTile(0, 1, 0))
    legal = state.legal_moves(0)
    assert PlaceAbbot("garden") in legal and NoMeeple() in legal
    assert PlaceMeeple("garden") not in legal
    assert PlaceMeeple("field:NL.NR.EL.WR") in legal
    with pytest.raises(IllegalMove, match=r"CA 1.3 garden"):
        state.apply(0, PlaceMeeple("garden"))
    with pytest.raises(IllegalMove, match=r"CA 1.2 monastery or garden"):
        state.apply(0, PlaceAbbot("road:E.W"))
    state.apply(0, PlaceAbbot("garden"))
    assert state.supply == [7, 7]
    tile = state.view(None)["state"]["tiles"][1]
    assert tile["garden"] == "field:NL.NR.EL.WR"
    assert tile["meeples"] == [{"seat": 0, "feature": "garden", "abbot": True}]
    assert state.view(0)["state"]["abbots"] == [False, True]
    play(state, "B", 0, 2, 0, meeple=PlaceAbbot("monastery"))
    assert state.view(0)["state"]["abbots"] == [False, False]
    # Seat 0's abbot is out: no abbot for the next monastery, a meeple (monk) is fine.
    state.apply(CHANCE, DrawTile("B"))
    state.apply(0, PlaceTile(0, 3, 0))
    assert PlaceAbbot("monastery") not in state.legal_moves(0)
    with pytest.raises(IllegalMove, match=r"CA 1.1 abbot"):
        state.apply(0, PlaceAbbot("monastery"))
    state.apply(0, PlaceMeeple("monastery"))
    assert state.supply == [6, 7]


def test_ca_2_1_a_surrounded_garden_scores_9_and_the_abbot_comes_back() -> None:
    """CA 2.1: a garden scores like a monastery: 9 when the eight places around it are
    filled; the abbot goes back to its owner's supply (not the meeple supply)."""
    state = new_state(bets=False, abbot=True)
    play(state, "Ug", 0, 1, 0, meeple=PlaceAbbot("garden"))
    for tile, x, y, rotation in [
        ("U", 1, 0, 0),
        ("U", -1, 0, 0),
        ("U", 1, 1, 0),
        ("U", -1, 1, 0),
        ("E", -1, 2, 180),
        ("E", 0, 2, 180),
    ]:
        play(state, tile, x, y, rotation)
    assert state.scores == [0, 0]
    play(state, "E", 1, 2, 180)
    assert state.scores == [9, 0]
    assert state.supply == [7, 7]
    assert state.view(0)["state"]["abbots"] == [True, True]
    (scored,) = scores_by_event(state, "feature_scored")
    assert (scored["feature"], scored["points"], scored["complete"]) == ("garden", 9, True)


def test_ca_2_2_instead_of_a_meeple_the_abbot_comes_back_and_scores_its_current_value() -> None:
    """CA 2.2: on a later turn, instead of placing a meeple, the player takes the
    abbot back and scores its monastery at once as at the final scoring: 1 + the
    tiles around it (here the start tile and two U's: 4). No meeple that turn."""
    state = new_state(bets=False, abbot=True)
    play(state, "B", 0, 1, 0, meeple=PlaceAbbot("monastery"))
    play(state, "U", 1, 0, 0)
    state.apply(CHANCE, DrawTile("U"))
    state.apply(0, PlaceTile(-1, 0, 0))
    assert ReturnAbbot() in state.legal_moves(0)
    state.apply(0, ReturnAbbot())
    assert state.scores == [4, 0]
    assert state.supply == [7, 7]
    assert state.view(1)["state"]["abbots"] == [True, True]
    assert state.view(None)["state"]["tiles"][1]["meeples"] == []
    (back,) = scores_by_event(state, "abbot_returned")
    assert (back["seat"], back["feature"], back["points"]) == (0, "monastery", 4)
    # Seat 1 has no abbot out: taking it back is refused.
    state.apply(CHANCE, DrawTile("U"))
    state.apply(1, PlaceTile(2, 0, 0))
    assert ReturnAbbot() not in state.legal_moves(1)
    with pytest.raises(IllegalMove, match=r"CA 2.2"):
        state.apply(1, ReturnAbbot())


def test_ca_3_1_an_abbot_still_out_scores_at_the_end_like_a_monk(tmp_path: Path) -> None:
    """CA 3.1: at the final scoring an abbot on an unfinished monastery scores 1 plus 1
    per tile around it, as a monk would (here the start tile and W: 3)."""
    tiles = some_tiles(tmp_path, {"B": 1, "W": 1})
    state = new_state(bets=False, abbot=True, tiles_file=tiles)
    play(state, "B", 0, 1, 0, meeple=PlaceAbbot("monastery"))
    play(state, "W", 1, 0, 0)
    assert state.is_over
    assert state.scores == [3, 0]
    (scored,) = scores_by_event(state, "feature_scored")
    assert (scored["feature"], scored["final"], scored["complete"]) == ("monastery", True, False)
