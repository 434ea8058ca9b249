"""Carcassonne's log and moves in words (issue 15): no coordinates, no tile letters.

A position is named relative to the start tile (:func:`position_phrase`), the rule the
browser's bet labels follow too; a tile by what it shows ("a tile with a city and a
road"), a feature by its kind and the edges it touches ("the city on the north edge"),
a betting chip by its printed face ("the 5/6 chip"). North is the direction of a tile's
N edge (``tiles.STEPS``: y grows to the south, x to the east).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from tote.core.narration import (
    Who,
    a_or_an,
    count_noun,
    join_words,
    narrate,
)
from tote.games.carcassonne.data import TileSpec, bookmaker_tiles, land_tiles, river_tiles
from tote.games.carcassonne.tiles import GARDEN_SUFFIX

EDGE_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}
SIDE_WORDS = {"L": "left", "R": "right"}
LABELS = (
    *("tile", "tiles", "point", "points", "road", "roads", "city", "cities", "chip", "degrees"),
    *("north", "south", "east", "west"),
)
"""The words a number may stand next to in this game's sentences (besides positions)."""


def offset_words(dx: int, dy: int) -> str:
    """The way from the start tile to ``(dx, dy)``: "north", "2 north and 1 east" ("" for
    the start tile itself). North first, then east or west; a lone 1 is left out, and
    with two parts both counts are written."""
    parts = []
    if dy:
        parts.append((abs(dy), "north" if dy < 0 else "south"))
    if dx:
        parts.append((abs(dx), "east" if dx > 0 else "west"))
    if len(parts) == 1:
        count, word = parts[0]
        return word if count == 1 else f"{count} {word}"
    return " and ".join(f"{count} {word}" for count, word in parts)


def position_phrase(dx: int, dy: int) -> str:
    """The tile at offset ``(dx, dy)`` from the start tile, in words (issue 15):
    "the start tile", "the tile north of the start tile", "the tile 2 north and 1 east
    of the start tile". The browser's bet labels use the same rule."""
    if (dx, dy) == (0, 0):
        return "the start tile"
    return f"the tile {offset_words(dx, dy)} of the start tile"


def space_phrase(dx: int, dy: int) -> str:
    """Where a tile is put: "on the space 2 north and 1 east of the start tile"."""
    if (dx, dy) == (0, 0):
        return "on the start tile's space"
    return f"on the space {offset_words(dx, dy)} of the start tile"


def feature_words(label: str) -> str:
    """A feature of a tile in words: "the city on the north edge", "the road on the east
    and west edges", "the field along the north edge and the east edge's left half",
    "the monastery", "the garden"."""
    kind, _, where = label.partition(":")
    if not where:
        return f"the {kind}"
    if kind == "field":
        halves = where.split(".")
        parts = []
        for edge in "NESW":
            mine = [h for h in halves if h[0] == edge]
            if len(mine) == 2:
                parts.append(f"the {EDGE_WORDS[edge]} edge")
            elif mine:
                parts.append(f"the {EDGE_WORDS[edge]} edge's {SIDE_WORDS[mine[0][1]]} half")
        return f"the field along {join_words(parts)}"
    edges = [EDGE_WORDS[e] for e in where.split(".") if e in EDGE_WORDS]
    noun = "edge" if len(edges) == 1 else "edges"
    return f"the {kind} on the {join_words(edges)} {noun}"


@cache
def _specs() -> dict[str, TileSpec]:
    specs: dict[str, TileSpec] = {}
    for tile_set in (land_tiles(), bookmaker_tiles(), river_tiles()):
        for spec in tile_set.tiles:
            specs[spec.id] = spec
    return specs


def tile_words(tile: str) -> str:
    """A tile by what it shows (the shipped tiles): "a tile showing a city and a road",
    "a river tile showing a monastery", "the river's spring"."""
    garden = tile.endswith(GARDEN_SUFFIX) and tile.removesuffix(GARDEN_SUFFIX) in _specs()
    spec = _specs().get(tile.removesuffix(GARDEN_SUFFIX) if garden else tile)
    if spec is None:
        return "a tile"
    parts = []
    for city in spec.cities:
        parts.append("a city with a pennant" if city.pennant else "a city")
    if spec.roads:
        parts.append("a road" if len(spec.roads) == 1 else count_noun(len(spec.roads), "road"))
    if spec.monastery:
        parts.append("a monastery")
    if spec.office is not None:
        parts.append("a betting office")
    if garden:
        parts.append("a garden")
    water = spec.river.split()
    if len(water) == 1:
        noun = "the river's spring" if spec.id == river_tiles().tiles[0].id else "the river's lake"
    else:
        noun = "a river tile" if water else "a tile"
    if not parts:
        return noun if water else "a tile of fields only"
    return f"{noun} showing {join_words(parts)}"


def chip_words(chip: str) -> str:
    """A betting chip by its printed face: "the 5/6 chip"."""
    return f"the {chip} chip"


def turned(rotation: int) -> str:
    return "not turned" if rotation == 0 else f"turned {rotation} degrees"


def describe_event(event: dict[str, Any], names: Sequence[str]) -> str:
    """One log entry as a sentence; a face-down chip only in its owner's log."""
    return narrate(event, names, _SIMPLE)


def _scored(e: dict[str, Any], who: Who) -> str:
    winners = join_words(who(s) for s in e["seats"])
    verb = "scores" if len(e["seats"]) == 1 else "each score"
    points = count_noun(e["points"], "point")
    if e["feature"] == "field":
        return f"{winners} {verb} {points} for a field (farmers)"
    if e["feature"] == "monastery":
        what = "a complete monastery" if e["complete"] else "an incomplete monastery"
        return f"{winners} {verb} {points} for {what} of {count_noun(e['tiles'], 'tile')}"
    what = e["feature"] if e["complete"] else f"incomplete {e['feature']}"
    return f"{winners} {verb} {points} for {a_or_an(what)} of {count_noun(e['tiles'], 'tile')}"


def _settled(e: dict[str, Any], who: Who) -> str:
    where = feature_words(e.get("label") or e["feature"])
    chips = join_words(
        f"{who(c['seat'])} gets {count_noun(c['points'], 'point')} for {chip_words(c['chip'])}"
        for c in e["chips"]
    )
    return (
        f"The chips on {where} of {position_phrase(e['x'], e['y'])} are settled on"
        f" {a_or_an(e['feature'])} of {count_noun(e['tiles'], 'tile')}: {chips}"
    )


def _committed(e: dict[str, Any], who: Who) -> str:
    move = e.get("move")
    if isinstance(move, dict) and move.get("type") == "place_chip":
        return f"{who(e['seat'])} has chosen (yours: {chip_words(str(move.get('chip')))})"
    return f"{who(e['seat'])} has chosen"


def _game_over(e: dict[str, Any], who: Who) -> str:
    scores = join_words(f"{who(s)} {count_noun(p, 'point')}" for s, p in enumerate(e["scores"]))
    return f"The game is over: {scores}"


_SIMPLE = {
    "start_tile": lambda e, who: f"The start tile is {tile_words(e['tile'])}",
    "tile_drawn": lambda e, who: f"{who(e['seat'])} draws {tile_words(e['tile'])}",
    "tile_discarded": lambda e, who: (
        f"{who(e['seat'])} draws {tile_words(e['tile'])}; it fits nowhere and is discarded"
    ),
    "tile_placed": lambda e, who: (
        f"{who(e['seat'])} places {tile_words(e['tile'])}"
        f" {space_phrase(e['x'], e['y'])}, {turned(e['rotation'])}"
    ),
    "meeple_placed": lambda e, who: (
        f"{who(e['seat'])} puts a meeple on {feature_words(e['feature'])}"
        f" of {position_phrase(e['x'], e['y'])}"
    ),
    "abbot_placed": lambda e, who: (
        f"{who(e['seat'])} puts the abbot on {feature_words(e['feature'])}"
        f" of {position_phrase(e['x'], e['y'])}"
    ),
    "abbot_returned": lambda e, who: (
        f"{who(e['seat'])} takes the abbot back from {feature_words(e['feature'])}"
        f" of {position_phrase(e['x'], e['y'])} and scores {count_noun(e['points'], 'point')}"
    ),
    "feature_scored": _scored,
    "chip_placed": lambda e, who: (
        f"{who(e['seat'])} bets a chip face down on {position_phrase(e['x'], e['y'])}"
        + (f" (yours: {chip_words(e['chip'])})" if "chip" in e else "")
    ),
    "committed": _committed,
    "bets_settled": _settled,
    "final_scoring": lambda e, who: "The final scoring begins",
    "game_over": _game_over,
}


def describe_move(move: dict[str, Any]) -> str:
    """A move (its JSON form) in words, as buttons and the terminal list show it."""
    kind = move["type"]
    if kind == "place_tile":
        return f"place the tile {space_phrase(move['x'], move['y'])}, {turned(move['rotation'])}"
    if kind == "place_meeple":
        return f"put a meeple on {feature_words(move['feature'])}"
    if kind == "no_meeple":
        return "place no meeple"
    if kind == "place_abbot":
        return f"put the abbot on {feature_words(move['feature'])}"
    if kind == "return_abbot":
        return "take the abbot back and score it"
    if kind == "settle_bets":
        return f"settle the chips against {feature_words(move['feature'])}"
    if kind == "place_chip":
        return f"bet {chip_words(move['chip'])}"
    if kind == "no_chip":
        return "place no chip"
    return "make this move"
