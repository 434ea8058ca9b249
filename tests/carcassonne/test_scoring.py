"""CC 4: scoring completed features; CC 5: the end of the game and the final scoring."""

from __future__ import annotations

import random
from pathlib import Path

from tote.core import CHANCE
from tote.games.carcassonne.board import AROUND, Board

from .cc_helpers import new_state, play, scores_by_event, some_tiles


def test_cc_4_4_a_two_tile_city_scores_4_and_the_meeple_comes_back() -> None:
    """CC 4.1 / 4.4 / 4.6: closing the start tile's city with a cap makes a complete
    2-tile city: 2 points per tile, 4; the knight goes back to supply."""
    state = new_state(bets=False)
    play(state, "E", 0, -1, 180, meeple="city:S")
    assert state.scores == [4, 0]
    assert state.supply == [7, 7]
    (event,) = scores_by_event(state, "feature_scored")
    assert (event["feature"], event["tiles"], event["points"], event["seats"]) == (
        "city",
        2,
        4,
        [0],
    )


def test_cc_4_4_pennants_score_2_each() -> None:
    """CC 4.4: a completed city scores 2 per tile and 2 per pennant: D + M (pennant) + E = 8."""
    state = new_state(bets=False)
    play(state, "M", 0, -1, 180, meeple="city:E.S")
    play(state, "E", 1, -1, 270)
    assert state.scores == [8, 0]


def test_cc_4_2_a_road_scores_1_per_tile() -> None:
    """CC 4.2: a road closed at both ends (junctions) scores 1 per tile."""
    state = new_state(bets=False)
    play(state, "W", 1, 0, 0, meeple="road:W")
    assert state.scores == [0, 0]
    play(state, "W", -1, 0, 0)
    assert state.scores == [3, 0]


def test_cc_4_1_a_road_loop_is_complete() -> None:
    """CC 4.1 / 4.2: a road closing on itself is complete: four curves, 4 points."""
    state = new_state(bets=False)
    play(state, "V", 0, 1, 270, meeple="road:E.S")
    play(state, "V", 1, 1, 0)
    play(state, "V", 1, 2, 90)
    assert state.scores == [0, 0]
    play(state, "V", 0, 2, 180)
    assert state.scores == [4, 0]


def test_cc_4_3_a_surrounded_monastery_scores_9() -> None:
    """CC 4.3: a monastery with all eight places around it filled scores 9."""
    state = new_state(bets=False)
    play(state, "B", 0, 1, 0, meeple="monastery")
    for tile, x, y, rotation in [
        ("U", 1, 0, 0),
        ("U", -1, 0, 0),
        ("B", 1, 1, 0),
        ("B", -1, 1, 0),
        ("E", -1, 2, 180),
        ("E", 0, 2, 180),
    ]:
        play(state, tile, x, y, rotation)
    assert state.scores == [0, 0]
    play(state, "E", 1, 2, 180)
    assert state.scores[0] == 9
    assert state.supply[0] == 7


def walked_cloisters(board: Board, index: int) -> list[tuple[tuple[int, int], int]]:
    """The monasteries, then the gardens, that tile ``index`` completes, found by
    walking its place and the eight around it (from the north-west, clockwise)."""
    x, y = board.placed[index][:2]
    return [
        (pos, where[pos])
        for where in (board.monasteries, board.gardens)
        for pos in [(x + dx, y + dy) for dx, dy in ((0, 0), *AROUND)]
        if pos in where and board.surrounded(pos) == 8
    ]


def test_cc_4_3_a_tile_completes_the_monasteries_and_gardens_around_it_now_surrounded() -> None:
    """CC 4.3, CA 2.1: what a tile completes among the monasteries and gardens is each
    one on it or on the eight places around it whose eight neighbours are now all
    placed, monasteries first, each kind in the order of the places around the tile;
    at every tile of seeded games with The Abbot (2 seats)."""
    completed = 0
    for seed in range(12):
        state = new_state(2, abbot=True)
        rng = random.Random(seed)
        placed = 1
        while not state.is_over:
            if len(state.board.placed) > placed:
                placed = len(state.board.placed)
                walked = walked_cloisters(state.board, state.last)
                assert state.board.completed_by(state.last)[1] == walked
                completed += len(walked)
            turn = state.turn()
            if turn.chance:
                state.apply(CHANCE, state.sample_chance(rng))
            else:
                state.apply(turn.seats[0], state.random_move(turn.seats[0], rng))
    assert completed > 0


def test_cc_4_3_one_tile_completes_two_monasteries_and_a_garden_in_order() -> None:
    """CC 4.3, CA 2.1: the tile that fills the last place next to two monasteries and a
    garden completes all three: the monasteries in the order of the places around it
    (the north-east one before the west one, which a walk by position would swap), then
    the garden."""
    state = new_state(2, abbot=True)
    forms = state.data.catalog.forms
    board = Board(state.data.catalog)
    cloisters = {(2, 0): forms["B"][0], (0, 1): forms["B"][0], (1, 2): forms["Eg"][0]}
    around = {(x + dx, y + dy) for x, y in cloisters for dx, dy in AROUND} - set(cloisters)
    last = (1, 1)
    for pos in [*cloisters, *sorted(around - {last})]:
        board.place(*pos, cloisters.get(pos, forms["E"][0]))
        assert board.completed_by(len(board.placed) - 1)[1] == []
    index = board.place(*last, forms["E"][0])
    garden = board.placed[2][3] + forms["Eg"][0].garden
    assert board.completed_by(index)[1] == [
        ((2, 0), board.monasteries[(2, 0)]),
        ((0, 1), board.monasteries[(0, 1)]),
        ((1, 2), garden),
    ]
    assert board.completed_by(index)[1] == walked_cloisters(board, index)


def test_cc_4_5_majority_scores_and_ties_score_in_full() -> None:
    """CC 4.5: two separately claimed cities joined by a tile: one knight each, a tie:
    both players score the full 8 points."""
    state = new_state(bets=False)
    play(state, "N", 0, -1, 180, meeple="city:E.S")
    play(state, "U", 1, 0)
    play(state, "U", 2, 0)
    play(state, "E", 2, -1, 270, meeple="city:W")
    play(state, "G", 1, -1)
    assert state.scores == [8, 8]
    assert state.supply == [7, 7]


def test_cc_4_5_the_minority_scores_nothing() -> None:
    """CC 4.5: R joins three claimed cities; seat 0 has two knights in the whole city,
    seat 1 one: only seat 0 scores (5 tiles, 10 points)."""
    state = new_state(bets=False)
    play(state, "N", 0, -1, 180, meeple="city:E.S")  # seat 0
    play(state, "U", 1, 0)  # seat 1
    play(state, "U", 2, 0)  # seat 0
    play(state, "B", 0, -2)  # seat 1
    play(state, "E", 2, -1, 270, meeple="city:W")  # seat 0
    play(state, "E", 1, -2, 180, meeple="city:S")  # seat 1
    assert state.scores == [0, 0]
    play(state, "R", 1, -1)  # seat 0
    assert state.scores == [10, 0]
    assert state.supply == [7, 7]


def test_cc_4_6_an_unoccupied_completed_feature_scores_nothing() -> None:
    """CC 4.6: nobody scores a completed city without knights."""
    state = new_state(bets=False)
    play(state, "E", 0, -1, 180)
    assert state.scores == [0, 0]
    assert scores_by_event(state, "feature_scored") == []


def test_cc_4_7_one_tile_completing_a_road_and_a_city_scores_both() -> None:
    """CC 4.7: L closes a city (2 tiles, 4) and a road (5 tiles, 5) at once."""
    state = new_state(bets=False)
    play(state, "D", 0, 1, 180)  # seat 0
    play(state, "W", -1, 1, 0, meeple="road:E")  # seat 1
    play(state, "V", 1, 1, 0)  # seat 0
    play(state, "V", 1, 2, 90)  # seat 1
    play(state, "L", 0, 2, 0, meeple="city:N")  # seat 0
    assert state.scores == [4, 5]
    assert state.supply == [7, 7]


def test_cc_5_1_incomplete_features_score_at_the_end(tmp_path: Path) -> None:
    """CC 5.1: after the last tile, an incomplete city scores 1 per tile and pennant,
    a road 1 per tile, a monastery 1 plus 1 per tile around it."""
    state = new_state(bets=False, tiles_file=some_tiles(tmp_path, {"M": 1, "U": 1, "B": 1}))
    play(state, "M", 0, -1, 180, meeple="city:E.S")
    play(state, "U", 1, 0, 0, meeple="road:E.W")
    play(state, "B", 0, 1, 0, meeple="monastery")
    assert state.is_over
    # Seat 0: city D+M (2 tiles + 1 pennant) 3, monastery (D and U around it) 3; seat 1: road 2.
    assert state.scores == [6, 2]
    result = state.result()
    assert result is not None and result.winners == (0,)


def test_cc_5_2_a_city_counts_for_each_field_it_borders(tmp_path: Path) -> None:
    """CC 5.2: the completed city D+E borders two separate fields; the farmer on each
    scores 3 for it."""
    state = new_state(bets=False, tiles_file=some_tiles(tmp_path, {"E": 1, "V": 1}))
    play(state, "E", 0, -1, 180, meeple="field:NL.NR.EL.ER.WL.WR")
    play(state, "V", 1, 0, 0, meeple="field:NL.NR.EL.ER.SL.WR")
    assert state.is_over
    assert state.scores == [3, 3]
    farms = [e for e in scores_by_event(state, "feature_scored") if e["feature"] == "field"]
    assert len(farms) == 2


def test_cc_5_2_a_city_counts_once_per_field_and_tied_farmers_both_score(
    tmp_path: Path,
) -> None:
    """CC 5.2 / 4.5: B joins the two fields; the joined field touches the city along two
    tiles but counts it once: 3 points, to both tied farmers; farmers stay till the end."""
    state = new_state(bets=False, tiles_file=some_tiles(tmp_path, {"E": 1, "V": 1, "B": 1}))
    play(state, "E", 0, -1, 180, meeple="field:NL.NR.EL.ER.WL.WR")
    play(state, "V", 1, 0, 0, meeple="field:NL.NR.EL.ER.SL.WR")
    assert state.supply == [6, 6]
    play(state, "B", 1, -1, 0)
    assert state.is_over
    assert state.scores == [3, 3]
    (farm,) = [e for e in scores_by_event(state, "feature_scored") if e["feature"] == "field"]
    assert farm["points"] == 3 and farm["seats"] == [0, 1]
    result = state.result()
    assert result is not None and result.winners == (0, 1), "CC 5.3: equal points share"


def test_cc_5_2_an_incomplete_city_gives_farmers_nothing(tmp_path: Path) -> None:
    """CC 5.2: only completed cities count for farmers."""
    state = new_state(bets=False, tiles_file=some_tiles(tmp_path, {"V": 1}))
    play(state, "V", 1, 0, 0, meeple="field:NL.NR.EL.ER.SL.WR")
    assert state.is_over
    assert state.scores == [0, 0]


def test_cc_5_2_farmers_stay_on_the_board_and_are_not_back_in_supply(tmp_path: Path) -> None:
    """CC 5.2: farmers score at the end where they lie and are not returned: the view
    at the end shows them in their fields, and the supply does not count them."""
    state = new_state(bets=False, tiles_file=some_tiles(tmp_path, {"E": 1, "V": 1}))
    play(state, "E", 0, -1, 180, meeple="field:NL.NR.EL.ER.WL.WR")
    play(state, "V", 1, 0, 0, meeple="field:NL.NR.EL.ER.SL.WR")
    assert state.is_over
    assert state.scores == [3, 3]
    assert state.supply == [6, 6]
    view = state.view(None)["state"]
    assert view["meeples"] == [6, 6]
    farmers = [(t["tile"], m["seat"], m["feature"]) for t in view["tiles"] for m in t["meeples"]]
    assert sorted(farmers) == [
        ("E", 0, "field:NL.NR.EL.ER.WL.WR"),
        ("V", 1, "field:NL.NR.EL.ER.SL.WR"),
    ]
