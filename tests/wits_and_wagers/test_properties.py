"""Property tests: random Wits & Wagers games (4 to 7 seats, both betting modes)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tote.core import CHANCE, Match, Record
from tote.games.wits_and_wagers.moves import DrawQuestion, Guess, PlaceBets, Wager
from tote.games.wits_and_wagers.state import WitsAndWagersState

from .ww_helpers import Script, SecrecyWatch, new_state, random_step

MOVE_BOUND = 7 * (1 + 7 + 7 * 12)
"""Per question: a draw, 7 guesses, and in open betting each seat moves its bets a few
times (random_step locks with probability 0.3 per move once it has bet)."""

PROPERTY_SETTINGS = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


@st.composite
def game_setups(draw: Any) -> tuple[int, str, bool, int]:
    players = draw(st.integers(min_value=4, max_value=7))
    betting = draw(st.sampled_from(["open", "secret"]))
    chip_back = draw(st.booleans())
    seed = draw(st.integers(min_value=0, max_value=2**32 - 1))
    return players, betting, chip_back, seed


def check_step(state: WitsAndWagersState) -> None:
    public = state.view(None, log=False)["state"]
    bank, points = public["bank"], public["points"]
    assert sum(points) == bank["paid"] - bank["collected"], "points come from the bank"
    assert min(points) >= 0, f"WW 3.5: points went negative: {points}"
    assert public["number"] <= 7


@PROPERTY_SETTINGS
@given(game_setups())
def test_random_games_end_after_seven_questions_and_conserve_points(
    setup: tuple[int, str, bool, int],
) -> None:
    """WW 1.3, 1.4, 3.5, 6.1-6.2 on random games: every game ends after exactly seven
    different questions; after every move the seats' points equal what the bank paid
    minus what it collected, and no seat's points are negative."""
    players, betting, chip_back, seed = setup
    state = new_state(players, betting=betting, chip_back_in_points=chip_back)
    rng = random.Random(seed)
    moves = 0
    draws: list[str] = []
    check_step(state)
    while not state.is_over:
        actor, move = random_step(state, rng)
        if actor == CHANCE:
            assert isinstance(move, DrawQuestion)
            draws.append(move.question)
        moves += 1
        assert moves <= MOVE_BOUND
        check_step(state)
    assert len(draws) == 7 and len(set(draws)) == 7, "WW 1.3: seven different questions"
    history = state.view(None)["state"]["history"]
    assert [q["number"] for q in history] == [1, 2, 3, 4, 5, 6, 7]
    result = state.result()
    assert result is not None and list(result.scores) == state.points
    assert set(result.winners) == {s for s, p in enumerate(state.points) if p == max(state.points)}


@PROPERTY_SETTINGS
@given(game_setups())
def test_no_view_shows_another_seats_secrets(setup: tuple[int, str, bool, int]) -> None:
    """WW 2.1, 3.4 on random games: after every move, no seat's view nor the spectators'
    depends on another seat's guess before the reveal, or on its secret bets before they
    are revealed together (``ww_helpers.SecrecyWatch``)."""
    players, betting, _, seed = setup
    state = new_state(players, betting=betting)
    rng = random.Random(seed)
    watch = SecrecyWatch()
    checked = 0
    while not state.is_over:
        actor, move = random_step(state, rng)
        problems = watch.observe(state, actor, move)
        assert problems == []
        checked += bool(watch.order)
    assert checked >= 7 * (players - 1), "the watch looked at every commitment but the last"


def test_secrecy_watch_notices_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """The secrecy oracle itself catches a view that shows pending guesses."""
    original = WitsAndWagersState._view

    def leaky(self: WitsAndWagersState, seat: int | None) -> dict[str, Any]:
        data = original(self, seat)
        data["peek"] = {str(s): m.to_json() for s, m in self._pending.items()}
        return data

    monkeypatch.setattr(WitsAndWagersState, "_view", leaky)
    state = new_state(4)
    watch = SecrecyWatch()
    outcome = DrawQuestion(state.unasked[0])
    state.apply(CHANCE, outcome)
    assert watch.observe(state, CHANCE, outcome) == []
    state.apply(0, Guess("12"))
    problems = watch.observe(state, 0, Guess("12"))
    assert len(problems) == 4  # the spectators and seats 1-3 see seat 0's guess
    assert "view 0" not in " ".join(problems)


def test_secrecy_watch_notices_a_secret_bet_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """The oracle catches secret bets shown before the reveal, e.g. in a log entry."""
    state = new_state(4, betting="secret")
    watch = SecrecyWatch()
    outcome = DrawQuestion(state.unasked[0])
    state.apply(CHANCE, outcome)
    watch.observe(state, CHANCE, outcome)
    for seat in range(4):
        state.apply(seat, Guess(str(seat)))
        watch.observe(state, seat, Guess(str(seat)))
    assert state.phase == "bet" and watch.base is not None
    original = WitsAndWagersState._view

    def leaky(self: WitsAndWagersState, seat: int | None) -> dict[str, Any]:
        data = original(self, seat)
        data["bets_so_far"] = json.dumps([m.to_json() for m in self._pending.values()])
        return data

    monkeypatch.setattr(WitsAndWagersState, "_view", leaky)
    move = PlaceBets((Wager(0, 0),))
    state.apply(2, move)
    assert len(watch.observe(state, 2, move)) == 4


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_setups())
def test_random_games_replay_identically_from_their_records(
    setup: tuple[int, str, bool, int],
) -> None:
    """Records: any random game, written out with its question draws and no seed,
    replays to the same view for every seat and the spectators."""
    players, betting, chip_back, seed = setup
    game = Script(players, betting=betting, chip_back_in_points=chip_back)
    rng = random.Random(seed)
    while not game.state.is_over:
        game.moves.append(random_step(game.state, rng))
    again = Match.replay(Record.from_json(json.loads(game.record().to_json_text())))
    for seat in (None, *range(players)):
        assert again.state.view(seat) == game.state.view(seat)
