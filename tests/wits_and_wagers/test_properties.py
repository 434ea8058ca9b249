"""Property tests: random Wits & Wagers games (4 to 7 seats, both betting modes).

The shared tests (:mod:`tests.properties`) run on what this game declares: its set-ups,
its random players, its secrets (guesses before the reveal, secret bets before they are
revealed together, watched by ``ww_helpers.SecrecyWatch``), the points it conserves,
and its checks at the end.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tote.core import CHANCE, Match, Record
from tote.core.moves import Actor, Move
from tote.core.state import State
from tote.games.wits_and_wagers import GAME
from tote.games.wits_and_wagers.moves import DrawQuestion, Guess, PlaceBets, Wager
from tote.games.wits_and_wagers.state import WitsAndWagersState

from ..properties import GameProperties, SecretWatch, Setup
from .ww_helpers import Script, SecrecyWatch, new_state, random_step


@st.composite
def game_setups(draw: Any) -> Setup:
    players = draw(st.integers(min_value=4, max_value=7))
    options = {
        "betting": draw(st.sampled_from(["open", "secret"])),
        "chip_back_in_points": draw(st.booleans()),
    }
    seed = draw(st.integers(min_value=0, max_value=2**32 - 1))
    return options, players, seed


class TestWitsAndWagersProperties(GameProperties):
    """WW 1.3, 1.4, 2.1, 3.4, 3.5, 6.1-6.2 on random games of both betting modes."""

    game = GAME
    move_bound = 7 * (1 + 7 + 7 * 12)
    """Per question: a draw, 7 guesses, and in open betting each seat moves its bets a few
    times (random_step locks with probability 0.3 per move once it has bet)."""
    examples = {
        "test_random_games_end_and_conserve": 30,
        "test_no_view_shows_a_secret": 30,
        "test_secret_moves_stay_secret_until_all_commit": 8,
    }

    def setups(self) -> st.SearchStrategy[Setup]:
        return game_setups()

    def hidden_parts(self, state: State, seat: int | None) -> Any:
        """WW 2.1, 4.1: the answer, while the question is being guessed and bet on."""
        assert isinstance(state, WitsAndWagersState)
        if state.phase not in ("answer", "bet"):
            return None
        return str(state.answer)

    def step(self, state: State, rng: random.Random) -> tuple[Actor, Move]:
        assert isinstance(state, WitsAndWagersState)
        return random_step(state, rng)

    def secret_watch(self) -> SecretWatch:
        """WW 2.1, 3.4: no view depends on another seat's guess before the reveal, or on
        its secret bets before they are revealed together (a counterfactual oracle)."""
        watch = SecrecyWatch()

        def observe(state: State, actor: Actor, move: Move) -> list[str]:
            assert isinstance(state, WitsAndWagersState)
            return watch.observe(state, actor, move)

        return observe

    def conserved(self, state: State) -> Mapping[str, int]:
        """Points come from the bank: the seats' points are what it paid minus what it
        collected."""
        bank = state.view(None, log=False)["state"]["bank"]
        points = state.view(None, log=False)["state"]["points"]
        return {"points the bank did not pay": sum(points) - (bank["paid"] - bank["collected"])}

    def check_step(self, state: State, actor: Actor, move: Move) -> None:
        public = state.view(None, log=False)["state"]
        assert min(public["points"]) >= 0, f"WW 3.5: points went negative: {public['points']}"
        assert public["number"] <= 7

    def check_end(self, state: State, options: dict[str, Any], players: int) -> None:
        """WW 1.3, 6.1-6.2: seven different questions, numbered 1 to 7; the winners have
        the most points."""
        assert isinstance(state, WitsAndWagersState)
        drawn = [e.public["id"] for e in state.log if e.kind == "question"]
        assert len(drawn) == 7 and len(set(drawn)) == 7, "WW 1.3: seven different questions"
        history = state.view(None)["state"]["history"]
        assert [q["number"] for q in history] == [1, 2, 3, 4, 5, 6, 7]
        result = state.result()
        assert result is not None and list(result.scores) == state.points
        best = max(state.points)
        assert set(result.winners) == {s for s, p in enumerate(state.points) if p == best}


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
    setup: Setup,
) -> None:
    """Records: any random game of this game's own random players (bets moved and
    locked), written out with its question draws and no seed, replays to the same view
    for every seat and the spectators."""
    options, players, seed = setup
    game = Script(players, **options)
    rng = random.Random(seed)
    while not game.state.is_over:
        game.moves.append(random_step(game.state, rng))
    again = Match.replay(Record.from_json(json.loads(game.record().to_json_text())))
    for seat in (None, *range(players)):
        assert again.state.view(seat) == game.state.view(seat)
