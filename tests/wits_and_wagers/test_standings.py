"""Issue 15: the end of a Wits & Wagers game shows each team's points question by
question: the bonus for writing the winning guess, bets won and poker chips lost."""

from __future__ import annotations

from tote.games.wits_and_wagers import GAME

from .ww_helpers import Script, seven


def test_seven_questions_hand_checked(pack: str) -> None:
    """WW 5.1 (3 points to the writers of the winning guess), WW 6.1 (a losing bet's
    poker chips go to the bank), WW 6.2 (a winning bet is paid odds x stake): question 1
    pays every bare chip on 70 (5 to 1) 5; question 2 pays seat 6's stake of 2 on 40
    (2 to 1) 4 and takes seat 0's 2 poker chips; questions 3-6 go to All Guesses Too
    High (no bonus, WW 4.2); in question 7 the 70 of seat 6 wins again."""
    game = Script(7, question_pack=pack)
    game.question("a75", seven(), {s: [(7, 0), (7, 0)] for s in range(7)})
    game.question("a45", seven(), {6: [(4, 1)], 0: [(1, 2)]})
    for question in ("a5", "cold", "third", "tenths", "a100"):
        game.question(question, seven())
    assert game.state.is_over
    standings = GAME.standings(game.state)
    assert standings is not None
    lines = [[(line.label, line.points) for line in s.lines] for s in standings.seats]
    assert lines[6] == [
        ("Question 1: bonus for the winning guess", 3),
        ("Question 1: bets won", 10),
        ("Question 2: bets won", 4),
        ("Question 7: bonus for the winning guess", 3),
    ]
    assert lines[0] == [("Question 1: bets won", 10), ("Question 2: chips lost", -2)]
    assert lines[3] == [
        ("Question 1: bets won", 10),
        ("Question 2: bonus for the winning guess", 3),
    ]
    assert [s.score for s in standings.seats] == [8, 10, 10, 13, 10, 10, 20]
    assert [s.rank for s in standings.seats] == [7, 3, 3, 2, 3, 3, 1]
    assert "youngest" in (standings.tie_break or "")


def test_ww_1_5_a_tie_for_first_goes_to_the_youngest_player(pack: str) -> None:
    """WW 1.5: four teams end level (every card blank, so All Guesses Too High wins every
    question and nobody scores); every team gave ages, so the team with the youngest
    player wins, and the standings show each team's youngest age."""
    ages = [30, 12, 40, 50]
    teams = [
        {"name": f"Team {i}", "members": [{"name": f"P{i}", "age": age}]}
        for i, age in enumerate(ages)
    ]
    game = Script(4, question_pack=pack, teams=teams)
    for question in ("a5", "a15", "a25", "a35", "a45", "a55", "a65"):
        game.question(question, {})
    standings = GAME.standings(game.state)
    assert standings is not None
    assert [s.score for s in standings.seats] == [0, 0, 0, 0]
    assert [s.winner for s in standings.seats] == [False, True, False, False]
    assert [s.rank for s in standings.seats] == [2, 1, 2, 2]
    assert [s.note for s in standings.seats] == [f"Youngest player: {a}" for a in ages]
