"""Issue 15: Carcassonne names places from the start tile, never by coordinates; the
browser's bet labels follow the same rule, so it is pinned here offset by offset."""

from __future__ import annotations

import pytest

from tote.games.carcassonne import GAME
from tote.games.carcassonne.moves import PlaceChip, PlaceMeeple, PlaceTile
from tote.games.carcassonne.narration import feature_words, position_phrase, tile_words
from tote.games.carcassonne.tiles import STEPS

NAMES = ["Ann", "Bob"]


@pytest.mark.parametrize(
    ("dx", "dy", "phrase"),
    [
        (0, 0, "the start tile"),
        (0, -1, "the tile north of the start tile"),
        (0, 1, "the tile south of the start tile"),
        (1, 0, "the tile east of the start tile"),
        (-1, 0, "the tile west of the start tile"),
        (0, -2, "the tile 2 north of the start tile"),
        (-3, 0, "the tile 3 west of the start tile"),
        (1, -2, "the tile 2 north and 1 east of the start tile"),
        (-2, -1, "the tile 1 north and 2 west of the start tile"),
        (1, 1, "the tile 1 south and 1 east of the start tile"),
        (-10, 12, "the tile 12 south and 10 west of the start tile"),
    ],
)
def test_positions_are_named_from_the_start_tile(dx: int, dy: int, phrase: str) -> None:
    """Issue 15: "the tile <A>[ and <B>] of the start tile", north/south first, a lone 1
    left out, both counts written when there are two parts."""
    assert position_phrase(dx, dy) == phrase


def test_north_is_the_direction_of_the_n_edge() -> None:
    """North in words is where a tile's N edge leads (``tiles.STEPS``)."""
    assert position_phrase(*STEPS[0]) == "the tile north of the start tile"
    assert position_phrase(*STEPS[1]) == "the tile east of the start tile"


def test_log_and_moves_show_no_coordinates() -> None:
    """Issue 15: "coordinates never appear in the log or in bets"; a feature reads "the
    city on the tile 2 north of the start tile"."""
    chip = {"kind": "chip_placed", "seat": 0, "x": 0, "y": -2}
    assert GAME.describe_event(chip, NAMES) == (
        "Ann bets a chip face down on the tile 2 north of the start tile."
    )
    placed = {"kind": "meeple_placed", "seat": 1, "x": 1, "y": 0, "feature": "city:N"}
    assert GAME.describe_event(placed, NAMES) == (
        "Bob puts a meeple on the city on the north edge of the tile east of the start tile."
    )
    tile = {"kind": "tile_placed", "seat": 0, "tile": "D", "x": -1, "y": 2, "rotation": 90}
    assert GAME.describe_event(tile, NAMES) == (
        "Ann places a tile showing a city and a road on the space 2 south and 1 west of"
        " the start tile, turned 90 degrees."
    )
    assert GAME.describe_move(PlaceTile(2, -1, 0)) == (
        "place the tile on the space 1 north and 2 east of the start tile, not turned"
    )
    assert GAME.describe_move(PlaceMeeple("road:E.W")) == (
        "put a meeple on the road on the east and west edges"
    )
    assert GAME.describe_move(PlaceChip("5/6")) == "bet the 5/6 chip"


def test_tiles_and_fields_are_told_by_what_they_show() -> None:
    """Tile letters are codes: a tile is told by its cities, roads and monastery."""
    assert tile_words("A") == "a tile showing a road and a monastery"
    assert tile_words("C") == "a tile showing a city with a pennant"
    assert feature_words("field:NL.NR.EL") == (
        "the field along the north edge and the east edge's left half"
    )
    assert feature_words("monastery") == "the monastery"
