"""Refusals: every illegal or malformed move names its rule and changes nothing
(not the state, not any seat's view, not the spectators' view, not the log)."""

from __future__ import annotations

from typing import Any

import pytest

from tote.core import CHANCE, IllegalMove, MalformedMove, Match
from tote.games.wits_and_wagers import GAME
from tote.games.wits_and_wagers.moves import (
    DrawQuestion,
    Guess,
    LockBets,
    NoGuess,
    PlaceBets,
    Wager,
)
from tote.games.wits_and_wagers.state import WitsAndWagersState

from .ww_helpers import Script, assert_refused, snapshot


def betting(pack: str, betting: str = "open") -> WitsAndWagersState:
    """Question 2 betting: seat 0 owns 8 points, seat 1 4, seat 3 3; guesses 10, 20, 30
    on slots 3, 4, 5; seat 1 has placed a bet (open) and seat 2 has locked."""
    game = Script(4, question_pack=pack, betting=betting)
    game.question("a45", {0: "10", 1: "20", 2: "30", 3: "40"}, {0: [(6, 0), (6, 0)], 1: [(6, 0)]})
    game.to_betting("a25", {0: "10", 1: "20", 2: "30"})
    game.apply(1, PlaceBets((Wager(4, 0),)))
    if betting == "open":
        game.apply(2, LockBets())
    return game.state


BETTING_REFUSALS = [
    (0, PlaceBets((Wager(1, 0),)), "WW 3.3 payout slots"),
    (0, PlaceBets((Wager(4, 0), Wager(7, 0))), "WW 3.3 payout slots"),
    (0, PlaceBets((Wager(9, 0),)), "WW 3.3 payout slots"),
    (0, PlaceBets((Wager(-1, 0),)), "WW 3.3 payout slots"),
    (0, PlaceBets((Wager(4, 0), Wager(4, 0), Wager(0, 0))), "WW 3.6 two bets at most"),
    (0, PlaceBets((Wager(4, 9),)), "WW 3.5 poker chips"),
    (0, PlaceBets((Wager(4, 5), Wager(0, 4))), "WW 3.5 poker chips"),
    (0, PlaceBets((Wager(4, -2),)), "WW 3.5 poker chips"),
    (3, PlaceBets((Wager(4, 4),)), "WW 3.5 poker chips"),
    (0, Guess("22"), "WW 3 bet"),
    (0, NoGuess(), "WW 3 bet"),
    (2, PlaceBets((Wager(4, 0),)), "turn order"),
    (CHANCE, DrawQuestion("a35"), "turn order"),
    (7, LockBets(), "seats"),
]
BETTING_IDS = [
    "WW 3.3 empty slot",
    "WW 3.3 one of two bets on an empty slot",
    "WW 3.3 slot 9",
    "WW 3.3 slot -1",
    "WW 3.6 three bets",
    "WW 3.5 more chips than owned",
    "WW 3.5 more chips than owned over two bets",
    "WW 3.5 negative chips",
    "WW 3.5 seat with 3 points stakes 4",
    "WW 3 guess while betting",
    "WW 3 blank card while betting",
    "WW 3.4 locked seat",
    "WW 1.3 draw while betting",
    "no such seat",
]


@pytest.mark.parametrize(("actor", "move", "rule"), BETTING_REFUSALS, ids=BETTING_IDS)
def test_refused_bets_name_their_rule_and_change_nothing(
    pack: str, actor: Any, move: Any, rule: str
) -> None:
    """Open betting: each refusal is an IllegalMove naming the rule; as a move and as
    its JSON, nothing observable changes."""
    state = betting(pack)
    assert_refused(state, actor, move, rule)
    assert_refused(state, actor, move.to_json(), rule)


@pytest.mark.parametrize(
    ("actor", "move", "rule"),
    [
        (0, LockBets(), "WW 3.4 secret betting"),
        (1, PlaceBets((Wager(3, 0),)), "simultaneous moves"),
        (0, PlaceBets((Wager(2, 0),)), "WW 3.3 payout slots"),
        (0, PlaceBets((Wager(4, 1), Wager(3, 1), Wager(5, 1))), "WW 3.6 two bets at most"),
        (0, PlaceBets((Wager(4, 100),)), "WW 3.5 poker chips"),
    ],
    ids=["WW 3.4 lock", "WW 3.4 second commitment", "WW 3.3", "WW 3.6", "WW 3.5"],
)
def test_refused_secret_bets_change_nothing(pack: str, actor: Any, move: Any, rule: str) -> None:
    """Secret betting: the same refusals, plus locking and committing twice."""
    assert_refused(betting(pack, "secret"), actor, move, rule)


def answering(pack: str) -> WitsAndWagersState:
    game = Script(4, question_pack=pack)
    game.draw("a45")
    game.apply(0, Guess("10"))
    return game.state


@pytest.mark.parametrize(
    ("actor", "move", "rule"),
    [
        (1, PlaceBets(()), "WW 2.1 answer first"),
        (1, LockBets(), "WW 2.1 answer first"),
        (1, Guess("lots"), "WW 2.2 guesses are numbers"),
        (1, Guess(""), "WW 2.2 guesses are numbers"),
        (1, Guess("1/0"), "WW 2.2 guesses are numbers"),
        (0, Guess("11"), "simultaneous moves"),
        (CHANCE, DrawQuestion("a35"), "turn order"),
        (4, NoGuess(), "seats"),
    ],
    ids=["bets first", "lock first", "lots", "empty", "1/0", "twice", "draw", "seat 4"],
)
def test_refused_guesses_change_nothing(pack: str, actor: Any, move: Any, rule: str) -> None:
    """Step 1 refusals: out of phase, not a number, twice, no such seat."""
    state = answering(pack)
    assert_refused(state, actor, move, rule)
    assert_refused(state, actor, move.to_json(), rule)


def test_refused_moves_while_drawing_and_after_the_end(pack: str) -> None:
    """No seat acts while a question is drawn; nothing is played after question 7."""
    game = Script(4, question_pack=pack)
    assert_refused(game.state, 0, Guess("1"), "turn order")
    assert_refused(game.state, CHANCE, DrawQuestion("nope"), "chance")
    for qid in ("a5", "a15", "a25", "a35", "a45", "a55", "a65"):
        game.question(qid, {})
    assert_refused(game.state, 0, Guess("1"), "game over")
    assert_refused(game.state, 0, LockBets(), "game over")
    assert_refused(game.state, CHANCE, DrawQuestion("a75"), "turn order")


@pytest.mark.parametrize(
    "data",
    [
        {"type": "bet"},
        {"type": "guess"},
        {"type": "guess", "value": None},
        {"type": "guess", "value": [1]},
        {"type": "guess", "value": "5", "extra": 1},
        {"type": "place_bets", "bets": "all"},
        {"type": "place_bets", "bets": [{"slot": "middle"}]},
        {"type": "place_bets", "bets": [{"chips": 3}]},
        {"type": "place_bets", "bets": [{"slot": 4, "chips": 1.5}]},
        pytest.param(
            {"type": "place_bets", "bets": [{"slot": 4, "chips": 0, "colour": "blue"}]},
            id="unknown field in a wager",
        ),
        {"bets": []},
        "place_bets",
        ["guess", 4],
        None,
    ],
)
def test_malformed_moves_are_refused_and_change_nothing(pack: str, data: Any) -> None:
    """Malformed JSON is a MalformedMove (rule ``move format``), in either step."""
    for state in (answering(pack), betting(pack)):
        before = snapshot(state)
        with pytest.raises(MalformedMove) as info:
            state.apply(1, data)
        assert info.value.rule == "move format"
        assert snapshot(state) == before


def test_refusal_through_a_match_changes_nothing(pack: str) -> None:
    """Through a Match: a refused move is not recorded and changes nothing."""
    match = Match(GAME, 4, {"question_pack": pack}, seed=2)
    before, moves = snapshot(match.state), len(match.moves)  # type: ignore[arg-type]
    for bad in ({"type": "guess", "value": "lots"}, {"type": "place_bets"}, {"type": "x"}):
        with pytest.raises(IllegalMove):
            match.play(0, bad)
    assert snapshot(match.state) == before  # type: ignore[arg-type]
    assert len(match.moves) == moves


def test_actor_must_be_a_seat_number_or_chance(pack: str) -> None:
    """A move is made by a seat number or chance."""
    state = answering(pack)
    before = snapshot(state)
    for actor in ("0", 1.0, True, None):
        with pytest.raises(IllegalMove):
            state.apply(actor, NoGuess())  # type: ignore[arg-type]
    assert snapshot(state) == before
