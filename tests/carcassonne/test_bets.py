"""CB: the mini-expansion The Bets, and its rulings B1-B9 (options)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tote.core import CHANCE, IllegalMove
from tote.games.carcassonne.data import bookmaker_tiles, chip_set
from tote.games.carcassonne.moves import DrawTile, NoChip, PlaceChip, SettleBets

from .cc_helpers import bet, new_state, play, scores_by_event, some_tiles, write_tiles

RED, BLUE, GREEN = 0, 1, 2


def small_game(tmp_path: Path, land: dict[str, int], bookmakers: list[str], **options: Any) -> Any:
    """A game with the start tile D, ``land`` counts of other land tiles and the named
    bookmaker tiles: it ends after a few turns."""
    chosen = [
        t.model_dump(exclude_none=True) for t in bookmaker_tiles().tiles if t.id in bookmakers
    ]
    return new_state(
        2,
        tiles_file=some_tiles(tmp_path, land),
        bookmaker_tiles_file=write_tiles(tmp_path, chosen, "bookmakers.json"),
        **options,
    )


def worked_example(players: int = 3, meeple: bool = True, **options: Any) -> Any:
    """Red extends the start tile's city with M (pennant) and a knight; blue places the
    bookmaker tile BK5 into it; everyone bets; green plays elsewhere. Red's next tile
    will close the city: 4 tiles, 1 pennant."""
    state = new_state(players, **options)
    play(state, "M", 0, -1, 180, meeple="city:E.S" if meeple else None)  # red
    play(state, "BK5", 1, -1, 0)  # blue
    assert state.phase == "bet"
    bet(state, {RED: "5/6", BLUE: "3/4", GREEN: "4"})
    play(state, "U", 1, 0, 0)  # green
    return state


def test_cb_3_3_the_worked_example_blue_scores_4_and_green_8() -> None:
    """CB 3.1-3.4, the rulebook's example: red ("you") finishes the city and scores 10 for
    its 4 tiles and pennant; then the chips are flipped: blue's "3/4" wins 4, green's
    "4" chip 8, red's "5/6" nothing; every chip goes back to its owner."""
    state = worked_example()
    assert state.scores == [0, 0, 0]
    play(state, "E", 1, -2, 180)  # red closes the city
    assert state.scores == [10, 4, 8]
    assert all(len(chips) == 6 for chips in state.chips)
    assert state.offices == {}
    assert [e.kind for e in state.log[-2:]] == ["feature_scored", "bets_settled"]
    (settled,) = scores_by_event(state, "bets_settled")
    assert settled["tiles"] == 4
    assert settled["chips"] == [
        {"seat": RED, "chip": "5/6", "points": 0},
        {"seat": BLUE, "chip": "3/4", "points": 4},
        {"seat": GREEN, "chip": "4", "points": 8},
    ]


def test_cb_3_3_chip_faces_pay_as_printed() -> None:
    """CB 3.3: a matching number pays itself; the "4" chip pays 8 on exactly 4; a "+"
    number wins at that size or more and pays the number."""
    chips = {c.id: c for c in chip_set().chips}
    four = chips["4"]
    assert [four.payout(n) for n in (3, 4, 5)] == [0, 8, 0]
    assert [chips["2/3"].payout(n) for n in (1, 2, 3, 4)] == [0, 2, 3, 0]
    assert [chips["6/7+"].payout(n) for n in (5, 6, 7, 11)] == [0, 6, 7, 7]
    assert [chips["7/8+"].payout(n) for n in (7, 8, 20)] == [7, 8, 8]


def test_cb_2_1_everyone_bets_secretly_and_simultaneously() -> None:
    """CB 2.1 / 2.4: after the bookmaker tile's turn all seats with chips commit at once;
    nobody sees another's chip, in views or in the log, before it is settled."""
    state = new_state(3)
    play(state, "M", 0, -1, 180)
    play(state, "BK5", 1, -1, 0)
    turn = state.turn()
    assert turn.simultaneous and turn.seats == (0, 1, 2)
    assert PlaceChip("4") in state.legal_moves(2) and NoChip() in state.legal_moves(2)
    state.apply(RED, PlaceChip("5/6"))
    state.apply(BLUE, NoChip())
    for seat in (BLUE, GREEN, None):
        others = [e for e in state.view(seat)["log"] if e.get("seat") == RED]
        assert others and all("chip" not in e and "move" not in e for e in others)
    state.apply(GREEN, PlaceChip("4"))
    office = state.view(None)["state"]["tiles"][2]["chips"]
    assert office == [{"seat": RED, "chip": None}, {"seat": GREEN, "chip": None}]
    assert state.view(RED)["state"]["tiles"][2]["chips"][0] == {"seat": RED, "chip": "5/6"}
    assert state.view(BLUE)["state"]["chips"] == [5, state.chips[BLUE], 5]
    state.apply(CHANCE, DrawTile("E"))
    with pytest.raises(IllegalMove, match=r"CB 2.1 betting"):
        state.apply(state.active, PlaceChip("4"))


def test_cb_2_1_a_chip_you_do_not_have_is_refused() -> None:
    """CB 2.1 / ruling B6: only a chip from your own supply can be placed."""
    state = new_state(2)
    play(state, "BK2", 1, 0, 0)
    with pytest.raises(IllegalMove, match=r"CB 2.1 your own chips"):
        state.apply(0, PlaceChip("9/10"))


def test_cb_2_1_a_second_chip_on_one_office_is_refused_citing_the_rule() -> None:
    """CB 2.1 / issue 27 item 7: one chip (or none) per player on an office; a second
    is refused naming the rule of The Bets, and nothing changes."""
    state = new_state(2)
    play(state, "BK2", 1, 0, 0)
    state.apply(0, PlaceChip("4"))
    before = state.view(0)
    for second in (PlaceChip("2/3"), NoChip()):
        with pytest.raises(IllegalMove, match=r"CB 2\.1 one chip per office") as refused:
            state.apply(0, second)
        assert "already bet on this betting office" in refused.value.message
    assert state.view(0) == before


def test_cb_2_2_no_bets_when_the_tiles_roads_and_cities_are_finished() -> None:
    """CB 2.2, ruling B2 ``tile``: BK4 closes the start tile's city, its only feature:
    no betting. With ``board`` the open road elsewhere keeps betting open."""
    state = new_state(2)
    play(state, "BK4", 0, -1, 180)
    assert state.phase == "draw"
    board = new_state(2, finished_scope="board")
    play(board, "BK4", 0, -1, 180)
    assert board.phase == "bet"


def test_cb_2_3_no_bets_on_the_last_tile(tmp_path: Path) -> None:
    """CB 2.3: the last tile of the game holds no chips even if it is a bookmaker tile."""
    state = small_game(tmp_path, {}, ["BK2"])
    play(state, "BK2", 1, 0, 0)
    assert state.is_over
    assert scores_by_event(state, "chip_placed") == []


def test_cb_3_1_ruling_b1_an_unoccupied_city_settles_its_chips() -> None:
    """Ruling B1 (default): completing a city nobody occupies still settles the chips.
    Off: the chips stay on the office."""
    state = worked_example(meeple=False)
    play(state, "E", 1, -2, 180)
    assert state.scores == [0, 4, 8]
    strict = worked_example(meeple=False, settle_unoccupied=False)
    play(strict, "E", 1, -2, 180)
    assert strict.scores == [0, 0, 0]
    assert len(strict.offices) == 1


def test_ruling_b8_chips_pay_without_meeples_unless_the_option_says_so() -> None:
    """Ruling B8 (default): a chip pays whether or not its owner has a meeple there;
    with ``pay_without_meeple`` off only red (the knight) could win."""
    state = worked_example(pay_without_meeple=False)
    play(state, "E", 1, -2, 180)
    assert state.scores == [10, 0, 0]


def l_scenario(chips: dict[int, str | None], **options: Any) -> Any:
    """BK1 (city cap and straight road) south of the start tile; after four more tiles
    L closes its city (2 tiles) and its road (5 tiles) in one turn."""
    state = new_state(2, **options)
    play(state, "BK1", 0, 1, 180)  # seat 0
    bet(state, chips)
    play(state, "W", -1, 1, 0, meeple="road:E")  # seat 1
    play(state, "V", 1, 1, 0)  # seat 0
    play(state, "V", 1, 2, 90)  # seat 1
    play(state, "L", 0, 2, 0, meeple="city:N")  # seat 0 closes both
    return state


def test_cb_3_5_the_active_player_chooses_which_feature_the_chips_follow() -> None:
    """CB 3.5 / rulings B3, B9: both of the bookmaker tile's features are scored in the
    same turn: first the usual scoring, then the active player (seat 0) picks which
    one the stack settles against, before the chips are flipped."""
    state = l_scenario({0: "5/6", 1: "2/3"})
    assert state.scores == [4, 5]
    assert state.phase == "settle" and state.turn().seats == (0,)
    options = {m.feature for m in state.legal_moves(0)}  # type: ignore[attr-defined]
    assert options == {"city:S", "road:E.W"}
    assert state.view(1)["state"]["settle"]["features"][0]["tiles"] in (2, 5)
    with pytest.raises(IllegalMove, match="turn order"):
        state.apply(1, SettleBets("city:S"))
    with pytest.raises(IllegalMove, match=r"CB 3.5"):
        state.apply(0, SettleBets("field:NL.NR"))
    state.apply(0, SettleBets("road:E.W"))
    assert state.scores == [4 + 5, 5]
    assert state.phase == "draw"


def test_cb_3_5_choosing_the_city_settles_on_its_size() -> None:
    """CB 3.5: the same stack settled against the 2-tile city instead; ruling B4: the
    stack is gone and never settles again."""
    state = l_scenario({0: "5/6", 1: "2/3"})
    state.apply(0, SettleBets("city:S"))
    assert state.scores == [4, 5 + 2]
    assert state.offices == {}


def test_cb_4_1_chips_left_settle_first_at_the_end_on_the_current_size(tmp_path: Path) -> None:
    """CB 4.1 / CC 5.3: at the end, chips still out settle against the current tile count
    (a 3-tile open road), then the usual final scoring (the road: 3 to its thief)."""
    state = small_game(tmp_path, {"U": 1}, ["BK2"])
    play(state, "BK2", 1, 0, 0)  # seat 0
    bet(state, {0: "2/3", 1: "3/4"})
    play(state, "U", 2, 0, 0, meeple="road:E.W")  # seat 1: the last tile
    assert state.is_over
    assert state.scores == [3, 3 + 3]
    tail = [e.kind for e in state.log]
    end = tail[tail.index("final_scoring") :]
    assert end == ["final_scoring", "bets_settled", "feature_scored", "game_over"]


def final_choice(tmp_path: Path, **options: Any) -> Any:
    state = small_game(tmp_path, {"U": 1}, ["BK1"], **options)
    play(state, "BK1", 0, 1, 180)  # seat 0: city S (1 tile), road E-W
    bet(state, {0: "2/3", 1: "4"})
    play(state, "U", 1, 1, 0)  # seat 1, last tile: the road has 2 tiles
    return state


def test_cb_4_1_ruling_b5_the_last_player_chooses_at_the_end(tmp_path: Path) -> None:
    """CB 4.1 / ruling B5 (default): with two open features on the bookmaker tile, the
    player who placed the last tile chooses, for the whole stack."""
    state = final_choice(tmp_path)
    assert state.phase == "settle" and state.turn().seats == (1,)
    state.apply(1, SettleBets("road:E.W"))
    assert state.is_over
    assert state.scores == [2, 0]


def test_ruling_b5_chip_owner_each_owner_chooses_for_their_chip(tmp_path: Path) -> None:
    """Ruling B5 ``chip_owner``: each owner chooses the feature for their own chip."""
    state = final_choice(tmp_path, final_chooser="chip_owner")
    assert state.turn().seats == (0,)
    state.apply(0, SettleBets("road:E.W"))
    assert state.turn().seats == (1,)
    state.apply(1, SettleBets("city:S"))
    assert state.is_over
    assert state.scores == [2, 0]


def test_ruling_b6_a_player_without_chips_cannot_bet(tmp_path: Path) -> None:
    """Ruling B6: with a one-chip set, a player whose chip is out sits the betting out."""
    chips = {"chips": [{"id": "4", "numbers": [{"size": 4, "points": 8}]}]}
    path = tmp_path / "chips.json"
    path.write_text(json.dumps(chips), encoding="utf-8")
    state = new_state(2, chips_file=str(path))
    play(state, "BK2", 1, 0, 0)
    bet(state, {0: "4", 1: None})
    play(state, "BK3", 2, 0, 0)
    assert state.turn().seats == (1,)


def test_ruling_b7_every_chip_settles_on_its_own() -> None:
    """Ruling B7: on exactly 4 tiles a "3/4" chip and the "4" chip both win (the example)."""
    state = worked_example()
    play(state, "E", 1, -2, 180)
    assert state.scores[BLUE] == 4 and state.scores[GREEN] == 8


def test_cb_plain_base_game_has_no_bookmakers_or_bets() -> None:
    """Option ``bets`` off: the plain base game: no bookmaker tile can be drawn."""
    state = new_state(2, bets=False)
    assert all(not t.startswith("BK") for t in state.stack)
    assert state.view(0)["state"]["chips"] == [[], 0]
