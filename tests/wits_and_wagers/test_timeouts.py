"""WW 7.1-7.2: time limits are options; a timeout is a move the server plays."""

from __future__ import annotations

from typing import Any

import pytest

from tote.core import OptionsError
from tote.games.wits_and_wagers import GAME
from tote.games.wits_and_wagers.moves import Guess, LockBets, NoGuess, PlaceBets, Wager

from .ww_helpers import Script, new_state, points, public


def play_by_timeouts(game: Script) -> None:
    """Every seat to act times out, until the next question must be drawn (or the end)."""
    state = game.state
    while state.turn().seats:
        seat = state.turn().seats[0]
        move = state.timeout_move(seat)
        assert move is not None
        game.apply(seat, move)


# ------------------------------------------------------------ WW 7.1 time limits
def test_ww_7_1_thirty_seconds_to_answer_and_to_bet(pack: str) -> None:
    """WW 7.1: by default 30 seconds for each step; none while a question is drawn."""
    game = Script(4, question_pack=pack)
    assert public(game.state)["time_limit"] is None
    game.draw("a45")
    assert public(game.state)["time_limit"] == 30
    game.answer({0: "5"})
    assert public(game.state)["time_limit"] == 30


def test_ww_7_1_time_limits_are_options(pack: str) -> None:
    """WW 7.1: the two limits are options; ``untimed`` removes both."""
    game = Script(4, question_pack=pack, answer_seconds=45, bet_seconds=20)
    game.draw("a45")
    assert public(game.state)["time_limit"] == 45
    game.answer({})
    assert public(game.state)["time_limit"] == 20
    untimed: dict[str, Any] = dict(GAME.options({"question_pack": pack}, ["untimed"]))
    game = Script(4, **untimed)
    game.draw("a45")
    assert public(game.state)["time_limit"] is None


def test_ww_7_1_larger_teams_get_extra_time(pack: str) -> None:
    """WW 7.1: with teams of several players, 10 to 20 extra seconds (an option); teams of
    one get none."""
    big = [
        {"name": "A", "members": [{"name": "a1"}, {"name": "a2"}, {"name": "a3"}]},
        {"name": "B", "members": [{"name": "b1"}]},
    ]
    game = Script(2, question_pack=pack, teams=big, team_extra_seconds=15)
    game.draw("a45")
    assert public(game.state)["time_limit"] == 45
    solo = Script(4, question_pack=pack, team_extra_seconds=15)
    solo.draw("a45")
    assert public(solo.state)["time_limit"] == 30


@pytest.mark.parametrize(
    "options",
    [{"answer_seconds": 0}, {"bet_seconds": -5}, {"team_extra_seconds": 61}],
)
def test_ww_7_1_impossible_time_limits_are_refused(options: dict[str, Any]) -> None:
    """WW 7.1: a limit must be at least a second; extra time at most a minute."""
    with pytest.raises(OptionsError):
        new_state(4, **options)


# ------------------------------------------------------------ WW 7.2 timeouts
def test_ww_7_2_timeout_while_answering_is_a_blank_card(pack: str) -> None:
    """WW 7.2: a seat out of time in Step 1 leaves its card blank; playing it works."""
    game = Script(4, question_pack=pack)
    game.draw("a45")
    game.apply(0, Guess("40"))
    assert game.state.timeout_move(1) == NoGuess()
    assert game.state.timeout_move(0) is None  # already written
    for seat in (1, 2, 3):
        game.apply(seat, game.state.timeout_move(seat))  # type: ignore[arg-type]
    assert game.state.phase == "bet"
    assert public(game.state)["mat"][4]["guess"] == "40"
    assert game.state.log[-1].public["blank"] == [1, 2, 3]


def test_ww_7_2_open_betting_timeout_locks_the_bets_as_they_stand(pack: str) -> None:
    """WW 7.2 (open): out of time, the seat's bets stand as placed: the timeout is
    ``LockBets``; a locked seat has no timeout any more."""
    game = Script(4, question_pack=pack)
    game.to_betting("a45", {0: "40"})
    game.apply(2, PlaceBets((Wager(4, 0), Wager(0, 0))))
    assert game.state.timeout_move(2) == LockBets()
    play_by_timeouts(game)
    assert game.state.timeout_move(2) is None
    assert points(game.state) == [3, 0, 2, 0]


def test_ww_7_2_secret_betting_timeout_places_no_bets(pack: str) -> None:
    """WW 7.2 (secret): a seat that has not committed has no bets yet, so its timeout is
    ``PlaceBets(())``; seats that have committed have none."""
    game = Script(4, question_pack=pack, betting="secret")
    game.to_betting("a45", {0: "40"})
    game.apply(1, PlaceBets((Wager(4, 0),)))
    assert game.state.timeout_move(0) == PlaceBets(())
    assert game.state.timeout_move(1) is None
    play_by_timeouts(game)
    assert points(game.state) == [3, 2, 0, 0]


def test_ww_7_2_no_timeout_while_a_question_is_drawn_or_after_the_end(pack: str) -> None:
    """WW 7.2: nobody's clock runs while the question is drawn, nor after question 7."""
    game = Script(4, question_pack=pack)
    assert all(game.state.timeout_move(s) is None for s in range(4))
    for qid in ("a5", "a15", "a25", "a35", "a45", "a55", "a65"):
        game.draw(qid)
        play_by_timeouts(game)
    assert game.state.is_over
    assert all(game.state.timeout_move(s) is None for s in range(4))


@pytest.mark.parametrize("betting", ["open", "secret"])
def test_ww_7_2_a_game_of_timeouts_only_ends_level(pack: str, betting: str) -> None:
    """WW 7.2: if every seat always times out, every card is blank and no bet is made:
    seven questions, All Guesses Too High every time, everyone on 0, a shared win."""
    game = Script(5, question_pack=pack, betting=betting)
    for qid in ("a5", "a15", "a25", "a35", "a45", "a55", "a65"):
        game.draw(qid)
        play_by_timeouts(game)
    result = game.state.result()
    assert result is not None
    assert list(result.scores) == [0] * 5 and result.winners == (0, 1, 2, 3, 4)
    assert [q["winning_slot"] for q in game.state.history] == [0] * 7


def test_ww_7_2_no_timeout_move_when_the_game_is_untimed(pack: str) -> None:
    """WW 7.2 with WW 7.1: with no time limit there is no timeout."""
    game = Script(4, question_pack=pack, answer_seconds=None, bet_seconds=None)
    game.draw("a45")
    assert public(game.state)["time_limit"] is None
    assert game.state.timeout_move(0) is None


def test_ww_7_1_a_time_limit_is_at_most_a_day() -> None:
    """WW 7.1 time limits are options, bounded like every input (issue 18, defect 4):
    ``answer_seconds`` of 1 followed by 400 zeros once crashed a server's clock; now it
    is refused naming the option, and a day is the most."""
    for key in ("answer_seconds", "bet_seconds"):
        with pytest.raises(OptionsError, match=key):
            GAME.options({key: 10**400})
        assert getattr(GAME.options({key: 24 * 60 * 60}), key) == 86_400


def test_ww_7_1_a_record_of_an_older_engine_with_a_longer_limit_still_replays() -> None:
    """Records of engines before 0.2.0 (no upper bound) replay with the limit read as a
    day; a record of this engine with a longer one is refused."""
    from tote.core import Match, Record
    from tote.sim.runner import random_match

    match = random_match("wits-and-wagers", 4, seed=2, options={"answer_seconds": 86_400})
    old = match.record().model_dump()
    old["engine"], old["options"]["answer_seconds"] = "0.1.0", 10**400
    again = Match.replay(Record.from_json(old))
    assert again.options.answer_seconds == 86_400  # type: ignore[attr-defined]
    assert again.state.view(None) == match.state.view(None)
    with pytest.raises(OptionsError, match="answer_seconds"):
        Match.replay(Record.from_json({**old, "engine": "0.2.0"}))
