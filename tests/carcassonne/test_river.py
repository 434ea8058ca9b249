"""CR: The River -- the river tiles come first, water meets water, no immediate U-turn."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tote.core import CHANCE, IllegalMove, OptionsError
from tote.games.carcassonne.data import river_tiles
from tote.games.carcassonne.moves import DrawTile, NoMeeple, PlaceMeeple, PlaceTile
from tote.games.carcassonne.tiles import forms_of

from .cc_helpers import new_state, play


def outcomes(state: object) -> dict[str, float]:
    return {m.tile: p for m, p in state.chance_outcomes()}  # type: ignore[attr-defined]


def test_cr_1_1_the_spring_starts_the_ten_river_tiles_come_first_the_lake_last() -> None:
    """CR 1.1: the spring lies in the middle instead of the start tile; the ten river
    tiles are drawn (by chance) before anything else, the lake after them; then the
    land tiles, the base start tile D among them (72 in all)."""
    state = new_state(bets=False, river=True)
    ((x, y, form, _),) = state.board.placed
    assert (x, y, form.tile, form.edges) == (0, 0, "RS", "FWFF")
    assert state.view(None)["state"]["stack_size"] == 11 + 72
    assert set(outcomes(state)) == {"RA", "RB", "RC", "RD", "RE", "RF", "RG", "RH"}
    assert outcomes(state)["RA"] == pytest.approx(2 / 10)
    for tile, x, rotation in [("RA", 1, 0), ("RF", 2, 90), ("RA", 3, 0), ("RC", 4, 0)]:
        play(state, tile, x, 0, rotation)
    for tile, x, rotation in [("RD", 5, 0), ("RE", 6, 0)]:
        play(state, tile, x, 0, rotation)
    play(state, "RB", 7, 0, 0)  # bends right: the river flows south from here
    play(state, "RG", 7, 1, 270)  # bends left: east again
    play(state, "RH", 8, 1, 0)  # right: south
    assert set(outcomes(state)) == {"RB"}
    play(state, "RB", 8, 2, 180)  # left: east
    assert outcomes(state) == {"RL": 1.0}
    play(state, "RL", 9, 2, 0)
    land = outcomes(state)
    assert sum(state.view(None)["state"]["remaining"].values()) == 72
    assert land["D"] == pytest.approx(4 / 72)
    assert set(land).isdisjoint(t.id for t in river_tiles().tiles)


def test_cr_1_1_no_land_tile_is_drawn_while_the_river_is_laid() -> None:
    """CR 1.1: while the river tiles are drawn, a scripted draw of a land tile (a
    bookmaker tile too, ruling R8) is refused, and the refusal says why."""
    state = new_state(river=True)
    for tile in ("U", "BK1"):
        with pytest.raises(IllegalMove, match=r"CR 1\.1: the river is laid first"):
            state.apply(CHANCE, DrawTile(tile))


def test_cr_1_1_the_lake_is_not_drawn_before_the_other_river_tiles() -> None:
    """CR 1.1: the lake comes after the ten other river tiles."""
    state = new_state(bets=False, river=True)
    with pytest.raises(IllegalMove, match=r"CR 1\.1: the lake is drawn after .* \(10 left\)"):
        state.apply(CHANCE, DrawTile("RL"))
    play(state, "RA", 1, 0, 0)
    with pytest.raises(IllegalMove, match=r"\(9 left\)"):
        state.apply(CHANCE, DrawTile("RL"))


def test_cr_1_1_no_river_tile_is_drawn_once_the_river_is_laid() -> None:
    """CR 1.1: once the lake is drawn, only land tiles are left: a scripted river tile
    is refused, the lake included."""
    state = new_state(bets=False, river=True)
    for tile, x, y, rotation in [
        ("RA", 1, 0, 0),
        ("RF", 2, 0, 90),
        ("RA", 3, 0, 0),
        ("RC", 4, 0, 0),
        ("RD", 5, 0, 0),
        ("RE", 6, 0, 0),
        ("RB", 7, 0, 0),
        ("RG", 7, 1, 270),
        ("RH", 8, 1, 0),
        ("RB", 8, 2, 180),
        ("RL", 9, 2, 0),
    ]:
        play(state, tile, x, y, rotation)
    for tile in ("RA", "RL"):
        with pytest.raises(IllegalMove, match=r"CR 1\.1: the river is laid \(the lake is drawn\)"):
            state.apply(CHANCE, DrawTile(tile))


def test_cr_1_1_the_spring_is_never_drawn() -> None:
    """CR 1.1: the spring lies in the middle from the start."""
    state = new_state(bets=False, river=True)
    with pytest.raises(IllegalMove, match=r"CR 1\.1: the spring lies in the middle"):
        state.apply(CHANCE, DrawTile("RS"))


def test_cr_1_1_no_river_tile_is_drawn_without_the_river() -> None:
    """CR 1.1: without the option ``river`` no river tile is in the game."""
    state = new_state(bets=False)
    for tile in ("RA", "RS", "RL"):
        with pytest.raises(IllegalMove, match=r"CR 1\.1: this game is played without The River"):
            state.apply(CHANCE, DrawTile(tile))


def test_cr_1_2_the_twelve_river_tiles_of_the_table_all_original() -> None:
    """CR 1.2 (data): 12 river tiles; the spring and the lake have one water edge, the
    others two; one of the two bends shows a garden; all original."""
    river = river_tiles()
    tiles = {t.id: t for t in river.tiles}
    assert sum(t.count for t in river.tiles) == 12
    assert (river.spring, river.lake) == ("RS", "RL")
    assert all(t.source == "original" for t in river.tiles)
    for tid, tile in tiles.items():
        assert len(tile.river.split()) == (1 if tid in ("RS", "RL") else 2)
    assert {tid: t.gardens for tid, t in tiles.items() if t.gardens} == {"RB": 1}
    assert forms_of(tiles["RF"])[0].edges == "WRWR"


def test_cr_2_1_water_edges_match_only_water() -> None:
    """CR 2.1: a river edge must touch a river edge: a river tile turned so that its
    field meets the spring's water is refused, and no land tile may ever touch the
    water (the lake's open end is never covered)."""
    state = new_state(bets=False, river=True)
    state.apply(CHANCE, DrawTile("RA"))
    with pytest.raises(IllegalMove, match=r"CC 2.2 matching edges"):
        state.apply(0, PlaceTile(1, 0, 90))
    assert sorted(state.placements) == [(1, 0, 0), (1, 0, 2)]
    board = state.board
    assert all(not board.fits(1, 0, form) for form in state.forms["U"])


def test_cr_2_2_a_river_tile_continues_the_river_at_its_open_end() -> None:
    """CR 2.2: a river tile goes on at the river's open end, not anywhere its edges
    happen to match (beside the spring's field, say)."""
    state = new_state(bets=False, river=True)
    state.apply(CHANCE, DrawTile("RA"))
    assert {(x, y) for x, y, _ in state.placements} == {(1, 0)}
    with pytest.raises(IllegalMove, match=r"CR 2.2 continue the river"):
        state.apply(0, PlaceTile(0, -1, 0))


def test_cr_2_3_the_river_never_bends_the_same_way_twice_in_a_row() -> None:
    """CR 2.3 (ruling R6): no immediate U-turn -- right after a bend, a bend the same
    way is refused; after a straight piece between them it is allowed again."""
    state = new_state(bets=False, river=True)
    play(state, "RB", 1, 0, 0)  # flowing east, bends right: south
    state.apply(CHANCE, DrawTile("RB"))
    assert state.placements == [(1, 1, 2)]  # only the left bend (east)
    with pytest.raises(IllegalMove, match=r"CR 2.3 no U-turn"):
        state.apply(1, PlaceTile(1, 1, 90))

    other = new_state(bets=False, river=True)
    play(other, "RB", 1, 0, 0)
    play(other, "RA", 1, 1, 90)  # straight on, south
    other.apply(CHANCE, DrawTile("RB"))
    assert sorted(other.placements) == [(1, 2, 1), (1, 2, 2)]  # right (west) or left (east)


def test_cr_2_4_a_river_tile_that_fits_nowhere_is_discarded() -> None:
    """CR 2.4: the river bends round so that its open end (0, 1) lies under the
    spring's field: the bend RG, with a city on its outer edges, fits nowhere there;
    it is discarded and the same player draws again; so are the straight tiles
    after it; the lake still fits, and the game goes on."""
    state = new_state(bets=False, river=True)
    for tile, x, y, rotation in [
        ("RD", 1, 0, 0),
        ("RB", 2, 0, 0),  # right: south
        ("RA", 2, 1, 90),
        ("RB", 2, 2, 90),  # right: west
        ("RA", 1, 2, 0),
        ("RH", 0, 2, 180),  # right: north, towards the spring
    ]:
        play(state, tile, x, y, rotation)
    seat = state.active
    state.apply(CHANCE, DrawTile("RG"))
    assert state.discarded == ["RG"]
    assert state.turn().chance and state.active == seat
    for straight in ("RC", "RE", "RF"):  # straight on runs into the spring's field
        state.apply(CHANCE, DrawTile(straight))
    assert state.discarded == ["RG", "RC", "RE", "RF"]
    play(state, "RL", 0, 1, 270)
    assert state.active != seat
    assert "RL" not in state.view(None)["state"]["remaining"]


def test_cr_3_1_the_bets_bookmaker_tiles_come_only_after_the_river() -> None:
    """CR 3.1 (ruling R8): with The Bets, the bookmaker tiles are land tiles: shuffled
    in with them, so none is drawn before the lake; then all 72 + 10 are."""
    state = new_state(river=True)
    assert not any(t.startswith("BK") for t in outcomes(state))
    remaining = state.view(None)["state"]["remaining"]
    assert sum(n for t, n in remaining.items() if t.startswith("BK")) == 10
    assert state.view(None)["state"]["stack_size"] == 11 + 72 + 10


def test_cr_2_5_meeples_go_on_a_river_tiles_features_never_on_the_water() -> None:
    """CR 2.5: on a river tile the meeple step offers its fields (one on each bank:
    the river divides them) and other features, never the water itself."""
    state = new_state(bets=False, river=True)
    state.apply(CHANCE, DrawTile("RA"))
    state.apply(0, PlaceTile(1, 0, 0))
    labels = {m.feature for m in state.legal_moves(0) if isinstance(m, PlaceMeeple)}
    assert labels == {"field:NL.NR.EL.WR", "field:ER.SL.SR.WL"}
    state.apply(0, NoMeeple())
    spring_field = state.board.find(state.board.node(0, 0))
    assert state.board.find(state.board.node(1, 0)) == spring_field  # north bank
    assert state.board.find(state.board.node(1, 1)) == spring_field  # the spring's goes round


def test_cr_1_2_a_replacement_river_file_is_checked(tmp_path: Path) -> None:
    """CR 1.2 (data): the river file is replaceable (option ``river_tiles_file``); a
    file whose spring is missing, or whose middle tile has one water edge, is refused
    in one line; a valid shorter river is played as given."""
    tiles = [t.model_dump(exclude_none=True) for t in river_tiles().tiles]
    by_id = {t["id"]: t for t in tiles}
    short = [by_id["RS"], by_id["RL"], {**by_id["RA"], "count": 1}]
    path = tmp_path / "river.json"
    path.write_text(json.dumps({"spring": "RS", "lake": "RL", "tiles": short}), "utf-8")
    state = new_state(bets=False, river=True, river_tiles_file=str(path))
    assert outcomes(state) == {"RA": 1.0}
    one_sided = {**by_id["RL"], "id": "R9"}
    for name, bad, message in [
        ("a", {"spring": "XX", "lake": "RL", "tiles": short}, "spring"),
        ("b", {"spring": "RS", "lake": "RL", "tiles": [*short, one_sided]}, "runs"),
    ]:
        path = tmp_path / f"bad-{name}.json"
        path.write_text(json.dumps(bad), "utf-8")
        with pytest.raises(OptionsError, match=message):
            new_state(bets=False, river=True, river_tiles_file=str(path))
