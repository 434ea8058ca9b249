"""Carcassonne in a terminal: the board as a grid of small tiles, the players, the
tile to place, the log as sentences, and what a human types.

This is the game's hook for front ends such as the CLI (see ``tote.cli.board``).
It reads only a view (``state.view(seat)`` plus ``"names"``), never the state: a
chip on a betting office shows its face only in its owner's view.

Every tile is 5 characters wide and 3 high: ``C`` city, ``│ ─`` road, ``·`` field,
``M`` monastery, ``$`` betting office, ``*`` pennant, ``≈`` water (The River), ``g``
garden (The Abbot); a meeple is its owner's number where it stands, an abbot ``A``
in its owner's colour. ``?`` marks where the drawn tile fits.

What a human types (:func:`parse_input`, explained by :func:`input_help`), besides a
move's number from the list:

* place the tile: ``place 3 -1 r90`` (or ``3 -1 90``; rotation clockwise, default 0);
* then the meeple: ``meeple city N``, ``road E``, ``field NL``, ``monastery`` -- any
  edge or half-edge of the feature after rotation -- or ``none``; The Abbot:
  ``abbot monastery`` / ``abbot garden``, or ``return abbot`` to take it back;
* settle a stack of chips: ``settle road`` / ``settle city N``;
* bet: ``chip 3/4`` (or just ``3/4``) or ``none``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tote.games.carcassonne.narration import describe_event, tile_words

SEAT_STYLES = (
    "bold white on red",
    "bold white on blue",
    "bold black on green",
    "bold black on yellow",
    "bold white on magenta",
)
CITY = "yellow"
ROAD = "bright_white"
FIELD = "green"
WATER = "bold bright_blue"
GARDEN = "bold bright_green"
EDGE_AT = {"N": (0, 2), "E": (1, 4), "S": (2, 2), "W": (1, 0)}
HALF_AT = {
    "NL": (0, 1),
    "NR": (0, 3),
    "EL": (0, 4),
    "ER": (2, 4),
    "SL": (2, 3),
    "SR": (2, 1),
    "WL": (2, 0),
    "WR": (0, 0),
}
CURVES = {
    frozenset("NS"): "│",
    frozenset("EW"): "─",
    frozenset("NE"): "└",
    frozenset("NW"): "┘",
    frozenset("SE"): "┌",
    frozenset("SW"): "┐",
}
PHASES = {
    "draw": "drawing a tile",
    "place": "placing the tile",
    "meeple": "placing a meeple",
    "settle": "choosing what the chips settle against",
    "bet": "betting on the new office",
    "over": "game over",
}
NONE_WORDS = frozenset({"none", "no", "skip", "pass", "no meeple", "no chip", "nothing"})
RECENT_LOG = 8
_PLACE = re.compile(r"^(?:place\s+)?(-?\d+)[\s,]+(-?\d+)(?:[\s,]+r?(\d+))?$")


def _names(view: dict[str, Any]) -> list[str]:
    names = view.get("names")
    if isinstance(names, list) and len(names) == view["players"]:
        return [str(n) for n in names]
    return [f"Player {s + 1}" for s in range(view["players"])]


def rotate(edges: str, rotation: int) -> str:
    """Edges N E S W after turning ``rotation`` degrees clockwise."""
    r = rotation // 90
    return "".join(edges[(k - r) % 4] for k in range(4))


def turn_face(face: dict[str, Any], rotation: int) -> dict[str, Any]:
    """A drawn tile's face (unrotated) turned ``rotation`` degrees clockwise: its
    edges, water and garden (what :func:`tile_cells` reads of it)."""
    r = rotation // 90
    halves = list(HALF_AT)
    garden = face.get("garden")
    if garden:
        where = garden.partition(":")[2].split(".")
        garden = "field:" + ".".join(halves[(halves.index(h) + 2 * r) % 8] for h in where)
    return {
        **face,
        "edges": rotate(face["edges"], rotation),
        "river": ["NESW"[("NESW".index(e) + r) % 4] for e in face.get("river") or ()],
        "garden": garden,
    }


def tile_cells(tile: dict[str, Any]) -> list[list[tuple[str, str]]]:
    """A placed (or drawn) tile as 3 rows of 5 (character, style) cells."""
    edges = tile["edges"]
    cells = [[("·", FIELD) for _ in range(5)] for _ in range(3)]
    roads = {d for d, e in zip("NESW", edges, strict=True) if e == "R"}
    for d, e in zip("NESW", edges, strict=True):
        row, col = EDGE_AT[d]
        if e == "C":
            for r, c in (
                ((row, 1), (row, 2), (row, 3)) if d in "NS" else ((0, col), (1, col), (2, col))
            ):
                cells[r][c] = ("C", CITY)
        elif e == "R":
            cells[row][col] = ("│" if d in "NS" else "─", ROAD)
    if "W" in roads:
        cells[1][1] = ("─", ROAD)
    if "E" in roads:
        cells[1][3] = ("─", ROAD)
    for d in tile.get("river") or ():
        row, col = EDGE_AT[d]
        cells[row][col] = ("≈", WATER)
        if d in "EW":
            cells[1][col + (1 if d == "W" else -1)] = ("≈", WATER)
    if tile.get("river") and cells[1][2][1] == FIELD:
        cells[1][2] = ("≈", WATER)
    cities = edges.count("C")
    if tile.get("cities") and len(tile["cities"]) > 1:
        cities = 0  # separate city caps (H, I): no city in the middle
    if len(roads) == 2:
        cells[1][2] = (CURVES[frozenset(roads)], ROAD)
    elif len(roads) >= 3:
        cells[1][2] = ("┼", ROAD)
    elif cities >= 3 or any("." in c for c in tile.get("cities", [])):
        cells[1][2] = ("C", CITY)
    cloister = _monastery_at(tile)
    if tile.get("monastery"):
        cells[cloister[0]][cloister[1]] = ("M", "bold red")
    if tile.get("office"):
        at = (2, 1) if edges[2] != "F" or roads else (1, 2)
        if tile.get("monastery"):
            at = (2, 1)
        cells[at[0]][at[1]] = ("$", "bold magenta")
    if tile.get("pennant"):
        cells[1][3] = ("*", "bold yellow")
    garden = tile.get("garden")
    if garden:
        row, col = _meeple_at(garden)
        cells[row][col] = ("g", GARDEN)
    for meeple in tile.get("meeples", []):
        feature = meeple["feature"]
        row, col = (
            cloister
            if feature == "monastery"
            else _meeple_at(garden if feature == "garden" else feature)
        )
        seat = meeple["seat"]
        mark = "A" if meeple.get("abbot") else str(seat + 1)
        cells[row][col] = (mark, SEAT_STYLES[seat % len(SEAT_STYLES)])
    return cells


def _monastery_at(tile: dict[str, Any]) -> tuple[int, int]:
    """The middle, or on a river tile the cell towards its field edge (off the water)."""
    fields = [d for d, e in zip("NESW", tile["edges"], strict=True) if e == "F"]
    if not tile.get("river") or not fields:
        return (1, 2)
    return {"N": (0, 2), "E": (1, 3), "S": (2, 2), "W": (1, 1)}[fields[0]]


def _meeple_at(feature: str | None) -> tuple[int, int]:
    if feature is None or feature == "monastery":
        return (1, 2)
    kind, _, where = feature.partition(":")
    first = where.split(".")[0]
    if kind == "field":
        return HALF_AT.get(first, (1, 2))
    return EDGE_AT.get(first, (1, 2))


def _placements(view: dict[str, Any]) -> set[tuple[int, int]]:
    return {
        (m["x"], m["y"]) for m in view.get("legal_moves") or () if m.get("type") == "place_tile"
    }


def board_text(view: dict[str, Any]) -> Text:
    """The board: one 5x3 block per place, with x above and y to the left."""
    state = view["state"]
    tiles = {(t["x"], t["y"]): t for t in state["tiles"]}
    fits = _placements(view)
    places = set(tiles) | fits
    xs = [p[0] for p in places]
    ys = [p[1] for p in places]
    last = tuple(state["last_placed"])
    text = Text("     ")
    for x in range(min(xs), max(xs) + 1):
        text.append(f"{x:^5}", style="dim")
    text.append("\n")
    for y in range(min(ys), max(ys) + 1):
        rows = [Text("    " if r != 1 else f"{y:>3} ", style="dim") for r in range(3)]
        for x in range(min(xs), max(xs) + 1):
            tile = tiles.get((x, y))
            if tile is None:
                for r in range(3):
                    mark = " ? " if (x, y) in fits and r == 1 else "   "
                    rows[r].append(f" {mark} ", style="bold cyan" if (x, y) in fits else "")
                continue
            cells = tile_cells(tile)
            for r in range(3):
                for char, style in cells[r]:
                    rows[r].append(char, style=style + (" underline" if (x, y) == last else ""))
        for r in range(3):
            text.append_text(rows[r])
            text.append("\n")
    text.rstrip()
    return text


def _players(view: dict[str, Any], names: Sequence[str]) -> Table:
    state = view["state"]
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("")
    table.add_column("player")
    table.add_column("points", justify="right")
    table.add_column("meeples", justify="right")
    if state.get("abbot"):
        table.add_column("abbot")
    if state["bets"]:
        table.add_column("chips")
    for seat, name in enumerate(names):
        mark = "▶" if seat == state["active"] and state["phase"] != "over" else ""
        you = " (you)" if seat == view["seat"] else ""
        row: list[str | Text] = [
            mark,
            Text(f"{seat + 1} {name}{you}", style=SEAT_STYLES[seat % len(SEAT_STYLES)]),
            str(state["scores"][seat]),
            str(state["meeples"][seat]),
        ]
        if state.get("abbot"):
            row.append("in supply" if state["abbots"][seat] else "on the board")
        if state["bets"]:
            chips = state["chips"][seat]
            row.append(" ".join(chips) if isinstance(chips, list) else f"{chips} face down")
        table.add_row(*row)
    return table


def _drawn(state: dict[str, Any]) -> Text | None:
    """The drawn tile in its four rotations, side by side."""
    face = state["drawn_tile"]
    if face is None:
        return None
    text = Text(f"Tile to place: {tile_words(face['tile'])}\n", style="bold")
    turned = [tile_cells(turn_face(face, r)) for r in (0, 90, 180, 270)]
    text.append("  ".join(f"{'r' + str(r):^5}" for r in (0, 90, 180, 270)) + "\n", style="dim")
    for row in range(3):
        for i, cells in enumerate(turned):
            if i:
                text.append("  ")
            for char, style in cells[row]:
                text.append(char, style=style)
        text.append("\n")
    text.rstrip()
    return text


def _offices(state: dict[str, Any], names: Sequence[str]) -> Text | None:
    lines = []
    for tile in state["tiles"]:
        chips = tile.get("chips")
        if not chips:
            continue
        faces = ", ".join(
            f"{names[c['seat']]}: {c['chip'] if c['chip'] is not None else 'face down'}"
            for c in chips
        )
        lines.append(f"Betting office on {tile['x']} {tile['y']}: {faces}")
    return Text("\n".join(lines)) if lines else None


def render(view: dict[str, Any]) -> RenderableType:
    names = _names(view)
    state = view["state"]
    parts: list[RenderableType] = []
    modules = [
        name for name, on in (("The Bets", state["bets"]), ("The River", state.get("river"))) if on
    ]
    if state.get("abbot"):
        modules.append("The Abbot")
    joined = " and ".join(", ".join(modules).rsplit(", ", 1))
    header = Text(f"Carcassonne{' with ' + joined if modules else ''} -- ", style="bold")
    if state["phase"] == "over":
        header.append("game over", style="bold")
    else:
        header.append(f"{names[state['active']]}'s turn, {PHASES[state['phase']]}")
    header.append(f"   tiles left: {state['stack_size']}", style="dim")
    if state["discarded"]:
        header.append(f", discarded: {' '.join(state['discarded'])}", style="dim")
    parts.append(header)
    parts.append(board_text(view))
    parts.append(_players(view, names))
    for extra in (_drawn(state), _offices(state, names)):
        if extra is not None:
            parts.append(extra)
    if state["phase"] == "settle":
        settle = state["settle"]
        choices = ", ".join(f"{f['feature']} ({f['tiles']} tiles)" for f in settle["features"])
        parts.append(
            Text(
                f"{names[settle['chooser']]} chooses what the chips on {settle['x']} "
                f"{settle['y']} settle against: {choices}"
            )
        )
    log = view.get("log") or []
    if log:
        recent = [describe_event(e, names) for e in log[-RECENT_LOG:]]
        parts.append(Text("\n".join(line for line in recent if line), style="dim"))
    return Group(*parts)


def input_help(view: dict[str, Any]) -> str:
    phase = view["state"]["phase"]
    if phase == "place":
        return "Type 'place X Y rR' (e.g. 'place 1 0 r90'); '?' on the board marks where it fits."
    if phase == "meeple":
        text = "Type 'meeple city N' / 'road E' / 'field NL' / 'monastery', or 'none'."
        kinds = {m["type"] for m in view.get("legal_moves") or ()}
        if "place_abbot" in kinds:
            text += " 'abbot garden' / 'abbot monastery' puts your abbot there."
        if "return_abbot" in kinds:
            text += " 'return abbot' takes it back for its points."
        return text
    if phase == "settle":
        return "Type 'settle road' or 'settle city' (add an edge if needed, e.g. 'settle city N')."
    if phase == "bet":
        return "Type 'chip 3/4' (a chip of yours) or 'none'."
    return "Nothing to type now."


def _match_feature(words: list[str], labels: Sequence[str]) -> str:
    """The one label among ``labels`` of the named kind touching every named edge."""
    kind = words[0]
    where = {w.upper() for w in words[1:]}
    found = []
    for label in labels:
        lkind, _, lwhere = label.partition(":")
        if lkind != kind:
            continue
        parts = set(lwhere.split(".")) if lwhere else set()
        halves_edges = parts | {p[0] for p in parts}
        if where <= halves_edges:
            found.append(label)
    if len(found) == 1:
        return found[0]
    if not found:
        raise ValueError(f"no free {kind} there; choose one of: {', '.join(labels) or 'none'}")
    raise ValueError(f"which {kind}? add an edge: {', '.join(found)}")


def parse_input(text: str, view: dict[str, Any]) -> dict[str, Any] | None:
    """Typed text as a move in JSON form (see the module docstring)."""
    raw = " ".join(text.strip().split())
    if not raw or raw.startswith("{"):
        return None
    lower = raw.lower()
    state = view["state"]
    phase = state["phase"]
    legal = view.get("legal_moves") or []
    if phase == "place":
        if " meeple" in lower:
            raise ValueError("place the tile first ('place X Y rR'); the meeple is asked next")
        m = _PLACE.match(lower)
        if not m:
            return None
        return {
            "type": "place_tile",
            "x": int(m.group(1)),
            "y": int(m.group(2)),
            "rotation": int(m.group(3) or 0),
        }
    if phase == "meeple":
        if lower in NONE_WORDS:
            return {"type": "no_meeple"}
        if lower in ("return", "return abbot", "abbot back", "take back", "take the abbot back"):
            return {"type": "return_abbot"}
        if lower.startswith("abbot"):
            where = lower.removeprefix("abbot").split()
            spots = [m["feature"] for m in legal if m["type"] == "place_abbot"]
            if where:
                spots = [f for f in spots if f == where[-1]]
            if len(spots) != 1:
                raise ValueError("the abbot goes on this tile's monastery or garden, if free")
            return {"type": "place_abbot", "feature": spots[0]}
        words = lower.removeprefix("meeple ").split()
        if words and words[0] in ("city", "road", "field", "monastery"):
            labels = [m["feature"] for m in legal if m["type"] == "place_meeple"]
            return {"type": "place_meeple", "feature": _match_feature(words, labels)}
        return None
    if phase == "settle":
        words = lower.removeprefix("settle ").split()
        if words and words[0] in ("city", "road"):
            labels = [m["feature"] for m in legal if m["type"] == "settle_bets"]
            return {"type": "settle_bets", "feature": _match_feature(words, labels)}
        return None
    if phase == "bet":
        if lower in NONE_WORDS:
            return {"type": "no_chip"}
        chip = raw.split(" ", 1)[1] if lower.split()[0] in ("chip", "bet") and " " in raw else raw
        return {"type": "place_chip", "chip": chip}
    return None
