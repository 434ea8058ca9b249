"""WW 1: players and teams, chips, the seven questions, winning and ties."""

from __future__ import annotations

from typing import Any

import pytest

from tote.core import CHANCE, Match, OptionsError
from tote.games.wits_and_wagers import GAME
from tote.games.wits_and_wagers.moves import DrawQuestion, Guess, NoGuess
from tote.games.wits_and_wagers.options import Member, Team
from tote.games.wits_and_wagers.setup import BETTING_CHIPS, QUESTIONS_PER_GAME

from .ww_helpers import Script, assert_refused, new_state, public


def teams(*sizes: int, ages: bool = False) -> list[dict[str, Any]]:
    """Teams of the given sizes; with ``ages``, member m of team t is 20 + 10t + m."""
    return [
        {
            "name": f"Team {t}",
            "members": [
                {"name": f"T{t}M{m}", **({"age": 20 + 10 * t + m} if ages else {})}
                for m in range(size)
            ],
        }
        for t, size in enumerate(sizes)
    ]


# ------------------------------------------------------------ WW 1.1 players and teams
@pytest.mark.parametrize("players", [4, 5, 6, 7])
def test_ww_1_1_four_to_seven_players_each_take_a_seat(players: int) -> None:
    """WW 1.1: 4 to 7 players without teams: one seat each."""
    state = new_state(players)
    assert state.num_players == players
    assert [len(t["members"]) for t in public(state)["teams"]] == [1] * players


@pytest.mark.parametrize("players", [2, 3])
def test_ww_1_1_fewer_than_four_people_are_refused(players: int) -> None:
    """WW 1.1: the game needs at least 4 people."""
    with pytest.raises(OptionsError, match="4 to 20 players"):
        new_state(players)


def test_ww_1_1_more_than_seven_seats_are_refused() -> None:
    """WW 1.1 / ruling B4-2: at most 7 seats (seven answer cards); 8 seats are refused,
    never silently cut down."""
    with pytest.raises(OptionsError, match="at most 7 players or teams"):
        new_state(8)
    with pytest.raises(OptionsError):
        Match(GAME, 8, {}, seed=1)


@pytest.mark.parametrize(
    ("sizes", "people"),
    [((2, 1, 1), 4), ((2, 2), 4), ((3, 3, 3, 3, 3, 3, 2), 20), ((1, 1, 1, 1, 1, 1, 3), 9)],
)
def test_ww_1_1_teams_of_one_to_three_seat_four_to_twenty_people(
    sizes: tuple[int, ...], people: int
) -> None:
    """WW 1.1: more people play in up to 7 teams of 1 to 3; a team is one seat and its
    name is on its answer card."""
    state = new_state(len(sizes), teams=teams(*sizes))
    shown = public(state)["teams"]
    assert [t["name"] for t in shown] == [f"Team {t}" for t in range(len(sizes))]
    assert sum(len(t["members"]) for t in shown) == people
    assert state.num_players == len(sizes)


def test_ww_1_1_twenty_one_people_are_refused() -> None:
    """WW 1.1: at most 20 people, even in seven teams of three."""
    with pytest.raises(OptionsError, match="not 21"):
        new_state(7, teams=teams(3, 3, 3, 3, 3, 3, 3))


@pytest.mark.parametrize("sizes", [(4, 1, 1), (0, 2, 2)])
def test_ww_1_1_a_team_has_one_to_three_players(sizes: tuple[int, ...]) -> None:
    """WW 1.1: a team of 4, or of nobody, is refused."""
    with pytest.raises(OptionsError, match="members"):
        new_state(3, teams=teams(*sizes))


def test_ww_1_1_teams_must_match_the_seats() -> None:
    """WW 1.1: one team per seat."""
    with pytest.raises(OptionsError, match="one team per seat"):
        new_state(4, teams=teams(2, 2))


def test_ww_1_1_more_than_seven_people_play_as_teams(pack: str) -> None:
    """WW 1.1: nine people in seven seats; a team acts as one seat (one guess, one set
    of bets), and nine people cannot take nine seats."""
    with pytest.raises(OptionsError):
        new_state(9)
    game = Script(7, question_pack=pack, teams=teams(1, 1, 1, 1, 1, 1, 3))
    game.draw("a45")
    assert game.state.turn().seats == tuple(range(7))
    game.answer({6: "45"})
    assert_refused(game.state, 7, NoGuess(), "seats")


# ------------------------------------------------------------ WW 1.2 chips
def test_ww_1_2_every_seat_starts_with_two_betting_chips_and_no_points() -> None:
    """WW 1.2: two betting chips per seat, no poker chips (points) and an untouched bank."""
    state = new_state(5)
    view = public(state)
    assert view["points"] == [0, 0, 0, 0, 0]
    assert view["bank"] == {"paid": 0, "collected": 0}
    assert BETTING_CHIPS == 2


# ------------------------------------------------------------ WW 1.3 the questions
def test_ww_1_3_each_question_is_a_uniform_chance_draw_among_unasked(pack: str) -> None:
    """WW 1.3: a question is a chance event, every question not yet asked equally likely;
    a seat cannot pick it."""
    state = new_state(4, question_pack=pack)
    assert state.turn().chance
    outcomes = state.chance_outcomes()
    ids = sorted(o.question for o, _ in outcomes)  # type: ignore[attr-defined]
    assert len(ids) == 14
    assert all(p == pytest.approx(1 / 14) for _, p in outcomes)
    assert_refused(state, 0, Guess("5"), "turn order")
    state.apply(CHANCE, DrawQuestion("a45"))
    assert len(state.chance_outcomes()) == 0
    assert public(state)["number"] == 1
    assert public(state)["question"]["id"] == "a45"


def test_ww_1_3_seven_questions_numbered_in_draw_order_never_repeated(pack: str) -> None:
    """WW 1.3: seven questions a game, the k-th drawn is question k; an asked question
    cannot be drawn again."""
    game = Script(4, question_pack=pack)
    order = ["a5", "a15", "a25", "a35", "a45", "a55", "a65"]
    for k, qid in enumerate(order, start=1):
        if k > 1:
            assert_refused(game.state, CHANCE, DrawQuestion(order[k - 2]), "chance")
        game.question(qid, {})
        assert game.state.history[-1]["number"] == k
        assert game.state.history[-1]["id"] == qid
    assert [e["id"] for e in game.state.history] == order
    assert game.state.is_over
    assert QUESTIONS_PER_GAME == 7


def test_ww_1_3_the_question_is_read_without_its_answer(pack: str) -> None:
    """WW 1.3: the question is read out; its answer stays on the card until Step 4."""
    game = Script(4, question_pack=pack)
    game.draw("y1991")
    for seat in (None, 0, 1, 2, 3):
        question = game.state.view(seat)["state"]["question"]
        assert question["text"] == "Test question y1991?"
        assert set(question) == {"id", "text", "unit", "category"}
    game.answer({})
    game.bet()
    assert game.state.history[-1]["answer"] == "1991"


# ------------------------------------------------------------ WW 1.4-1.5 winning
def test_ww_1_4_most_points_after_question_seven_wins(pack: str) -> None:
    """WW 1.4: the game ends after question 7; the seat with most points wins."""
    game = Script(4, question_pack=pack)
    for k, qid in enumerate(["a5", "a15", "a25", "a35", "a45", "a55", "a65"]):
        assert game.state.result() is None
        # Blank cards: All Guesses Too High wins; seat 2 bets on it every time.
        game.question(qid, {}, {2: [(0, 0)], 3: [(0, 0)] if k == 0 else []})
    result = game.state.result()
    assert result is not None
    assert list(result.scores) == [0, 0, 42, 6]
    assert result.winners == (2,)
    assert list(result.ranking) == [3, 3, 1, 2]
    assert game.state.view(None)["over"]


def tie_game(pack: str, team_list: list[dict[str, Any]] | None) -> Script:
    """Seats 0 and 1 tie on 6 points (a bare chip on All Guesses Too High in question 1),
    seats 2 and 3 end on 0."""
    options: dict[str, Any] = {"question_pack": pack}
    if team_list is not None:
        options["teams"] = team_list
    game = Script(4, **options)
    for k, qid in enumerate(["a5", "a15", "a25", "a35", "a45", "a55", "a65"]):
        game.question(qid, {}, {0: [(0, 0)], 1: [(0, 0)]} if k == 0 else {})
    return game


def test_ww_1_5_a_tie_goes_to_the_team_with_the_youngest_player(pack: str) -> None:
    """WW 1.5: seats 0 and 1 tie; seat 1 holds the youngest player of the tied teams, so it
    wins alone (seat 2's even younger player is not in the tie)."""
    team_list = [
        {"name": "A", "members": [{"name": "a1", "age": 40}, {"name": "a2", "age": 12}]},
        {"name": "B", "members": [{"name": "b1", "age": 11}]},
        {"name": "C", "members": [{"name": "c1", "age": 8}]},
        {"name": "D", "members": [{"name": "d1", "age": 30}]},
    ]
    result = tie_game(pack, team_list).state.result()
    assert result is not None
    assert list(result.scores) == [6, 6, 0, 0]
    assert result.winners == (1,)
    assert result.ranking[1] == 1 and result.ranking[0] == 2


def test_ww_1_5_a_tie_is_shared_without_ages(pack: str) -> None:
    """WW 1.5 / ruling B4-8: with no ages given, a tie for first is a shared win."""
    result = tie_game(pack, None).state.result()
    assert result is not None
    assert result.winners == (0, 1)
    assert list(result.ranking) == [1, 1, 3, 3]


def test_ww_1_5_the_tie_break_is_computed_from_members() -> None:
    """WW 1.5 on the team list itself: youngest member of each tied team; equal youngest
    ages still share."""
    from tote.games.wits_and_wagers.setup import tie_broken_by_youngest

    def team(*ages: int) -> Team:
        return Team(name="t", members=tuple(Member(name=f"m{a}", age=a) for a in ages))

    assert tie_broken_by_youngest([5, 5, 1], [team(30, 9), team(10), team(3)]).winners == (0,)
    assert tie_broken_by_youngest([5, 5, 1], [team(30, 9), team(9), team(3)]).winners == (0, 1)
    assert tie_broken_by_youngest([7, 5, 5], [team(99), team(10), team(3)]).winners == (0,)
