"""CC 1 and CB 1: the material, the start tile, the stack and the chips."""

from __future__ import annotations

from pathlib import Path

import pytest

from tote.core import CHANCE, IllegalMove, OptionsError
from tote.games.carcassonne import GAME
from tote.games.carcassonne.data import bookmaker_tiles, chip_set, land_tiles
from tote.games.carcassonne.moves import DrawTile, NoMeeple, PlaceTile
from tote.games.carcassonne.tiles import CITY, FIELD, MONASTERY, ROAD, forms_of

from .cc_helpers import new_state, play, some_tiles


def test_cc_1_1_two_to_five_players_with_seven_meeples_and_no_points() -> None:
    """CC 1.1: 2-5 players, seven meeples in supply each, no points."""
    for players in (2, 5):
        state = new_state(players)
        assert state.supply == [7] * players
        assert state.scores == [0] * players
    for players in (1, 6):
        with pytest.raises(OptionsError):
            GAME.new_state({}, players)


def test_cc_1_2_start_tile_d_lies_alone_in_the_middle() -> None:
    """CC 1.2: one D tile is the start tile, face up on (0, 0) before anyone moves."""
    state = new_state()
    ((x, y, form, _),) = state.board.placed
    assert (x, y, form.tile, form.rotation) == (0, 0, "D", 0)
    assert state.view(None)["state"]["tiles"][0]["tile"] == "D"


def test_cc_1_3_the_other_71_tiles_are_drawn_by_chance() -> None:
    """CC 1.3: the 72 land tiles less the start tile form the stack; each draw is a
    chance move weighted by the tiles left, and no seat may draw."""
    state = new_state(bets=False)
    assert len(state.stack) == 71
    assert state.turn().chance
    outcomes = dict((m.tile, p) for m, p in state.chance_outcomes())  # type: ignore[attr-defined]
    assert outcomes["V"] == pytest.approx(9 / 71)
    assert outcomes["D"] == pytest.approx(3 / 71)
    assert sum(outcomes.values()) == pytest.approx(1)
    with pytest.raises(IllegalMove):
        state.apply(0, DrawTile("V"))
    with pytest.raises(IllegalMove):
        state.apply(CHANCE, DrawTile("nope"))


def test_cc_1_3_a_scripted_draw_of_a_tile_no_longer_in_the_stack_says_why(
    tmp_path: Path,
) -> None:
    """CC 1.3: a draw the stack cannot give (every U already drawn) is refused, and the
    refusal says why; nothing changes."""
    state = new_state(bets=False, tiles_file=some_tiles(tmp_path, {"U": 1, "V": 1}))
    play(state, "U", 1, 0, 0)
    with pytest.raises(IllegalMove, match=r"CC 1\.3: no 'U' is left in the stack"):
        state.apply(CHANCE, DrawTile("U"))
    assert state.stack == ["V"] and state.turn().chance


def test_cc_1_3_a_scripted_draw_of_a_tile_not_in_the_game_says_why() -> None:
    """CC 1.3: a tile id that is no tile of the game is refused as such."""
    state = new_state(bets=False)
    with pytest.raises(IllegalMove, match=r"there is no tile 'nope' in this game"):
        state.apply(CHANCE, DrawTile("nope"))


def test_cc_1_3_a_chance_move_is_a_tile_draw() -> None:
    """CC 1.3: the only chance move is a tile draw; another move by chance is refused."""
    state = new_state(bets=False)
    with pytest.raises(IllegalMove, match=r"CC 1\.3: a chance move here is the draw of a tile"):
        state.apply(CHANCE, NoMeeple())


def test_cb_1_1_no_bookmaker_tile_is_drawn_without_the_bets() -> None:
    """CB 1.1: the bookmaker tiles are in the stack only with The Bets; a scripted draw of
    one in the plain base game says so."""
    state = new_state(bets=False)
    with pytest.raises(IllegalMove, match=r"CB 1\.1: this game is played without The Bets"):
        state.apply(CHANCE, DrawTile("BK1"))


def test_cc_1_4_seat_0_begins_and_turns_go_clockwise() -> None:
    """CC 1.4: seat 0 plays the first tile, then seat 1, ... and back to seat 0."""
    state = new_state(3, bets=False)
    seen = []
    for x in (1, 2, 3, 4):
        state.apply(CHANCE, DrawTile("U"))
        seen.append(state.turn().seats)
        state.apply(state.active, PlaceTile(x, 0, 0))
        if state.phase == "meeple":
            state.apply(state.active, {"type": "no_meeple"})
    assert seen == [(0,), (1,), (2,), (0,)]


def test_data_base_tiles_are_the_72_of_the_tile_table() -> None:
    """CC 1.5 (data): 24 types A-X, 72 tiles, 6 monasteries, 10 pennants, all original."""
    tiles = land_tiles().tiles
    assert [t.id for t in tiles] == [chr(c) for c in range(ord("A"), ord("X") + 1)]
    assert sum(t.count for t in tiles) == 72
    assert sum(t.count for t in tiles if t.monastery) == 6
    assert sum(t.count for t in tiles for c in t.cities if c.pennant) == 10
    assert all(t.source == "original" for t in tiles)
    edges = {t.id: t.edge_kinds() for t in tiles}
    assert edges["D"] == "CRFR" and edges["X"] == "RRRR" and edges["S"] == "CCRC"


def test_data_each_rotation_turns_edges_and_fields_clockwise() -> None:
    """CC 2.2: turning a tile 90 degrees moves N to E; half-edges follow (NL to EL)."""
    spec = next(t for t in land_tiles().tiles if t.id == "K")
    forms = forms_of(spec)
    assert [f.edges for f in forms] == ["CFRR", "RCFR", "RRCF", "FRRC"]
    assert [s.label for s in forms[1].segments] == [
        "city:E",
        "road:N.W",
        "field:NR.SL.SR.WL",
        "field:NL.WR",
    ]
    kinds = [
        s.kind for s in forms_of(next(t for t in land_tiles().tiles if t.id == "A"))[0].segments
    ]
    assert kinds == [ROAD, FIELD, MONASTERY]
    assert forms[0].segments[0].kind == CITY


def test_cb_1_1_bookmaker_tiles_and_six_chips_each() -> None:
    """CB 1.1: with The Bets the 10 bookmaker tiles join the stack (81 to draw) and each
    player has six chips; the game without The Bets has neither."""
    state = new_state(3)
    assert len(state.stack) == 81
    assert sum(1 for t in state.stack if t.startswith("BK")) == 10
    assert all(len(chips) == 6 for chips in state.chips)
    plain = new_state(3, bets=False)
    assert not any(t.startswith("BK") for t in plain.stack)
    assert plain.chips == [[], [], []]


def test_cb_1_2_bookmaker_tiles_are_proposed_with_an_office_in_a_field() -> None:
    """CB 1.2 (data): ten bookmaker tiles, base-game edges, each with a road or a city
    and its betting office in a field; marked proposed, like all but the "4" chip."""
    tiles = bookmaker_tiles().tiles
    assert len(tiles) == 10 and sum(t.count for t in tiles) == 10
    for tile in tiles:
        assert tile.source == "proposed"
        assert tile.cities or tile.roads
        form = forms_of(tile)[0]
        assert form.segments[form.office].kind == FIELD
        assert set(form.edges) <= set("CRF")
    chips = chip_set().chips
    assert len(chips) == 6
    four = [c for c in chips if c.source == "original"]
    assert [c.id for c in four] == ["4"]


def test_data_a_replacement_file_is_checked(tmp_path: object) -> None:
    """Data files are replaceable; a file whose edges do not add up is refused in one line."""
    import json
    from pathlib import Path

    path = Path(str(tmp_path)) / "bad.json"
    bad = {"tiles": [{"id": "Z", "count": 1, "start": 1, "cities": [{"edges": "N"}], "fields": []}]}
    path.write_text(json.dumps(bad), encoding="utf-8")
    with pytest.raises(OptionsError, match="half-edge"):
        GAME.new_state({"tiles_file": str(path)}, 2)
