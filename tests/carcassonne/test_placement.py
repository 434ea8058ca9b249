"""CC 2: drawing and placing a tile; CC 3: placing a meeple."""

from __future__ import annotations

import random
from itertools import product
from pathlib import Path

import pytest

from tote.core import CHANCE, IllegalMove
from tote.games.carcassonne import meeples
from tote.games.carcassonne.moves import DrawTile, NoMeeple, PlaceMeeple, PlaceTile

from .cc_helpers import edge_mismatches, new_state, play, write_tiles


def test_cc_2_1_the_drawn_tile_is_shown_to_everyone() -> None:
    """CC 2.1: the tile drawn is public: every view and the log show it."""
    state = new_state(3)
    state.apply(CHANCE, DrawTile("K"))
    for seat in (None, 0, 1, 2):
        assert state.view(seat)["state"]["drawn"] == "K"
    assert state.log[-1].for_seat(None) == {"kind": "tile_drawn", "seat": 0, "tile": "K"}


def test_cc_2_2_every_legal_placement_touches_and_matches() -> None:
    """CC 2.2: the legal placements are exactly the empty places next to a tile where
    every touching edge matches; each one leaves no mismatched edge."""
    state = new_state(bets=False)
    state.apply(CHANCE, DrawTile("K"))
    moves = state.legal_moves(0)
    assert moves
    for move in moves:
        assert isinstance(move, PlaceTile)
        trial = state.clone()
        trial.apply(0, move)
        assert not edge_mismatches(trial.board)
    # K (C F R R) north of D: its south edge must be a city: only when turned 180.
    north = sorted(m.rotation for m in moves if (m.x, m.y) == (0, -1))  # type: ignore[attr-defined]
    assert north == [180]
    # East of D (a road edge): the west edge must be a road: K turned 0 or 90.
    east = sorted(m.rotation for m in moves if (m.x, m.y) == (1, 0))  # type: ignore[attr-defined]
    assert east == [0, 90]


def test_cc_2_2_the_fit_tables_hold_exactly_the_rotations_whose_edges_match() -> None:
    """CC 2.2, issue 24: the rotations the placements read for a neighbourhood (the
    catalogue's tables, written in at set-up) are those whose every edge is the
    neighbour's, or faces no neighbour (``?``), for every pattern of edges and every
    tile type, river and gardens included."""
    state = new_state(3, river=True, abbot=True)
    catalog = state.data.catalog
    letters = sorted({e for forms in catalog.forms.values() for f in forms for e in f.edges})
    assert letters == ["C", "F", "R", "W"]
    for tile, fits in catalog.fit_tables.items():
        for pattern in map("".join, product([*letters, "?"], repeat=4)):
            edge_by_edge = tuple(
                r
                for r, form in enumerate(fits.forms)
                if all(p in ("?", e) for p, e in zip(pattern, form.edges, strict=True))
            )
            assert fits[pattern] == edge_by_edge, (tile, pattern)
            assert catalog.fit_counts[tile][pattern] == len(edge_by_edge), (tile, pattern)


def test_cc_2_2_mismatching_detached_or_covered_places_are_refused() -> None:
    """CC 2.2: a tile must touch a placed tile edge to edge, on an empty place, and
    match every neighbour; a refused move changes nothing."""
    state = new_state(bets=False)
    state.apply(CHANCE, DrawTile("K"))
    before = state.view(0)
    with pytest.raises(IllegalMove, match=r"CC 2.2 matching edges"):
        state.apply(0, PlaceTile(0, -1, 0))
    with pytest.raises(IllegalMove, match=r"CC 2.2 next to a placed tile"):
        state.apply(0, PlaceTile(1, 1, 0))
    with pytest.raises(IllegalMove, match=r"CC 2.2 empty place"):
        state.apply(0, PlaceTile(0, 0, 0))
    with pytest.raises(IllegalMove, match=r"CC 2.2 rotation"):
        state.apply(0, PlaceTile(0, -1, 45))
    assert state.view(0) == before


def test_cc_2_3_a_tile_that_fits_nowhere_is_discarded_and_another_drawn(tmp_path: Path) -> None:
    """CC 2.3: a drawn tile that fits nowhere is put out of the game; the same player
    draws again. When it was the last tile, the game ends."""
    tiles = [
        {
            "id": "B",
            "count": 2,
            "start": 1,
            "fields": [{"halves": "NL NR EL ER SL SR WL WR"}],
            "monastery": True,
        },
        {"id": "C", "count": 1, "cities": [{"edges": "N E S W", "pennant": True}]},
        {
            "id": "E",
            "count": 1,
            "cities": [{"edges": "N"}],
            "fields": [{"halves": "EL ER SL SR WL WR", "cities": [0]}],
        },
    ]
    state = new_state(2, bets=False, tiles_file=write_tiles(tmp_path, tiles))
    state.apply(CHANCE, DrawTile("C"))
    assert state.discarded == ["C"]
    assert state.turn().chance and state.active == 0
    assert state.log[-1].for_seat(None) == {"kind": "tile_discarded", "seat": 0, "tile": "C"}
    play(state, "E", 0, 1, 180)
    play(state, "B", 1, 0)
    assert state.is_over
    assert len(state.board.placed) + len(state.discarded) == 4


def test_cc_3_1_one_optional_meeple_on_the_tile_just_placed() -> None:
    """CC 3.1: after placing, the player may put one meeple on any feature of that tile
    (or none); a feature of another tile is refused."""
    state = new_state(bets=False)
    state.apply(CHANCE, DrawTile("J"))
    state.apply(0, PlaceTile(1, 0, 90))
    labels = {m.feature for m in state.legal_moves(0) if isinstance(m, PlaceMeeple)}
    assert labels == {"city:E", "road:S.W", "field:NL.NR.SL.WR", "field:SR.WL"}
    assert NoMeeple() in state.legal_moves(0)
    with pytest.raises(IllegalMove, match=r"CC 3.1"):
        state.apply(0, PlaceMeeple("city:N"))
    state.apply(0, PlaceMeeple("road:S.W"))
    assert state.supply == [6, 7]
    assert state.view(None)["state"]["tiles"][1]["meeples"] == [{"seat": 0, "feature": "road:S.W"}]


def test_cc_3_1_the_meeple_step_is_skipped_exactly_when_it_offers_nothing() -> None:
    """CC 3.1 / 3.3, CA 1.2 / 2.2: the check after every tile placed (``has_choice``,
    which stops at the first free segment) says what the meeple, abbot and abbot-back
    options say together, at every position of seeded games with and without The
    Abbot, supplies run low included (2 seats, 70-odd tiles each game)."""
    seen = {True: 0, False: 0}
    for seed, options in enumerate([{}, {"abbot": True}, {"abbot": True, "river": True}]):
        state = new_state(2, **options)
        rng = random.Random(seed)
        while not state.is_over:
            if state.board.placed and state.last >= 0:
                options_now = bool(
                    meeples.meeple_options(state)
                    or meeples.abbot_options(state)
                    or meeples.abbot_out(state)
                )
                assert meeples.has_choice(state) == options_now
                seen[options_now] += 1
            turn = state.turn()
            if turn.chance:
                state.apply(CHANCE, state.sample_chance(rng))
            else:
                state.apply(turn.seats[0], state.random_move(turn.seats[0], rng))
    assert seen[True] > 100 and seen[False] > 100


def test_cc_3_2_no_meeple_on_a_feature_already_occupied_further_along() -> None:
    """CC 3.2: a feature connected to one holding any meeple (one's own too) is closed."""
    state = new_state(bets=False)
    play(state, "U", 1, 0, 0, meeple="road:E.W")
    state.apply(CHANCE, DrawTile("U"))
    state.apply(1, PlaceTile(-1, 0, 0))
    assert PlaceMeeple("road:E.W") not in state.legal_moves(1)
    with pytest.raises(IllegalMove, match=r"CC 3.2 occupied feature"):
        state.apply(1, PlaceMeeple("road:E.W"))
    state.apply(1, PlaceMeeple("field:NL.NR.EL.WR"))
    # Seat 0's own road is closed to seat 0 too.
    state.apply(CHANCE, DrawTile("U"))
    state.apply(0, PlaceTile(2, 0, 0))
    assert PlaceMeeple("road:E.W") not in state.legal_moves(0)


def test_cc_3_3_no_meeple_step_without_meeples_in_supply() -> None:
    """CC 3.3: a player whose seven meeples are all out places none: the step is skipped."""
    state = new_state(bets=False)
    for x, tile in enumerate("EEEEEAA"):
        meeple = "city:S" if tile == "E" else "monastery"
        play(state, tile, x, 1, 180 if tile == "E" else 0, meeple=meeple)
        play(state, "U", x + 1, 0)
    assert state.supply == [0, 7]
    state.apply(CHANCE, DrawTile("B"))
    state.apply(0, PlaceTile(7, 1, 0))
    assert state.phase == "draw"
