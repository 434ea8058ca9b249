"""Issue 15: the end of a Carcassonne game shows each seat's points by roads, cities,
monasteries and fields, hand-checked on the rulebook's final scoring."""

from __future__ import annotations

from pathlib import Path

from tote.games.carcassonne import GAME
from tote.games.carcassonne.state import CarcassonneState

from .cc_helpers import new_state, play, some_tiles


def lines_of(state: CarcassonneState) -> list[list[tuple[str, int]]]:
    standings = GAME.standings(state)
    assert standings is not None
    return [[(line.label, line.points) for line in s.lines] for s in standings.seats]


def test_cc_5_1_unfinished_features_by_kind(tmp_path: Path) -> None:
    """CC 5.1: after the last tile seat 0's city (2 tiles and a pennant) scores 3 and its
    monastery (2 tiles around it) 3; seat 1's road of 2 tiles scores 2."""
    state = new_state(bets=False, tiles_file=some_tiles(tmp_path, {"M": 1, "U": 1, "B": 1}))
    play(state, "M", 0, -1, 180, meeple="city:E.S")
    play(state, "U", 1, 0, 0, meeple="road:E.W")
    play(state, "B", 0, 1, 0, meeple="monastery")
    assert lines_of(state) == [
        [("Cities unfinished at the end", 3), ("Monasteries unfinished at the end", 3)],
        [("Roads unfinished at the end", 2)],
    ]


def test_cc_5_2_tied_farmers_both_score_their_field(tmp_path: Path) -> None:
    """CC 5.2 / 4.5: one field touching the completed city: both tied farmers score 3;
    CC 5.3: equal points share the win."""
    state = new_state(bets=False, tiles_file=some_tiles(tmp_path, {"E": 1, "V": 1, "B": 1}))
    play(state, "E", 0, -1, 180, meeple="field:NL.NR.EL.ER.WL.WR")
    play(state, "V", 1, 0, 0, meeple="field:NL.NR.EL.ER.SL.WR")
    play(state, "B", 1, -1, 0)
    assert lines_of(state) == [[("Fields (farmers)", 3)], [("Fields (farmers)", 3)]]
    standings = GAME.standings(state)
    assert standings is not None and [s.winner for s in standings.seats] == [True, True]
