"""Issue 24, 2: Wits & Wagers' quiet whole-game loop (``fast_game``), which ``tote
simulate`` plays when every seat is a random bot, draws from every stream exactly what
the rules loop draws, in the same order, and ends the game in the same state, the log
events it does not write aside; on every variant and option the loop reads (open and
secret betting, the chip-back payout, teams, 2 to 7 seats, a pack of decimal, negative,
zero and year answers), from the start and from positions under way."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from tote.games.wits_and_wagers import GAME, fast_game
from tote.games.wits_and_wagers.numbers import NotANumber
from tote.games.wits_and_wagers.state import WitsAndWagersState
from tote.sim.games.wits_and_wagers import WitsAndWagersStats

from ..quiet_games import any_seat_moves, play_both, rules_loop, streams
from .test_fast_paths import VARIANTS
from .ww_helpers import QUESTIONS, write_pack

TEAMS = [
    {"name": "Reds", "members": [{"name": "Ann", "age": 9}, {"name": "Bo"}]},
    {"name": "Blues", "members": [{"name": "Cy", "age": 9}, {"name": "Di", "age": 40}]},
]
"""Two seats of two people (WW 1.1, teams), ages that break a tie (WW 1.5)."""

ODD_ANSWERS: dict[str, object] = {
    **QUESTIONS,
    "zero": 0,
    "tiny": "0.004",
    "big": 7_000_000_000,
    "minus": "-273.15",
    "year": 1969,
}
"""A pack of answers whose guesses are written each way :func:`answering.noisy_guess`
writes them: whole numbers, decimals, negatives, zero."""


def same_games(slow: WitsAndWagersState, fast: WitsAndWagersState) -> None:
    """Every field the same, the log's kept events the same, and the numbers read from
    the end: the result, the standings, the simulator's columns."""
    assert {k: v for k, v in vars(fast).items() if k != "log"} == {
        k: v for k, v in vars(slow).items() if k != "log"
    }
    kept = [e for e in slow.log if e.kind not in fast_game.QUIET_EVENTS]
    assert fast.log == kept
    assert len(kept) < len(slow.log)
    assert fast.result() == slow.result()
    if fast.is_over:
        assert GAME.standings(fast) == GAME.standings(slow)
        assert WitsAndWagersStats().columns(fast) == WitsAndWagersStats().columns(slow)


def check(options: dict[str, Any], players: int, seed: int) -> None:
    slow = GAME.new_state(options, players)
    fast = GAME.new_state(options, players)
    assert isinstance(slow, WitsAndWagersState) and isinstance(fast, WitsAndWagersState)
    play_both(slow, fast, seed)
    same_games(slow, fast)


@pytest.mark.parametrize("options", VARIANTS)
def test_the_quiet_game_ends_where_the_rules_loop_ends(options: dict[str, Any]) -> None:
    """Issue 24, one source of truth: the same moves and chance moves counted, every
    field, the result, the standings, the statistics' columns, the streams left at the
    same point; 4 to 7 seats."""
    for seed in range(8):
        check(options, 4 + seed % 4, seed)


@pytest.mark.parametrize("betting", ["open", "secret"])
def test_the_quiet_game_with_teams(betting: str) -> None:
    """Two seats of two people each (WW 1.1), ages breaking a tie (WW 1.5)."""
    for seed in range(6):
        check({"teams": TEAMS, "betting": betting}, 2, seed)


@pytest.mark.parametrize("betting", ["open", "secret"])
def test_the_quiet_game_with_a_pack_of_every_kind_of_answer(tmp_path: Path, betting: str) -> None:
    """A custom pack (decimals, negatives, zero, a year, billions): each guess is read
    as the rules read the written guess, whole or not."""
    pack = write_pack(tmp_path, ODD_ANSWERS)
    for seed in range(10):
        check({"question_pack": pack, "betting": betting}, 4 + seed % 3, seed)


def test_a_guess_too_large_to_read_is_refused_either_way(tmp_path: Path) -> None:
    """A pack whose answer is near the largest guess (``numbers.LARGEST``, WW 2.2): a
    random guess above it cannot be read, in the quiet loop as in the simulator's
    unchecked rules loop (``NotANumber``)."""
    pack = write_pack(tmp_path, {f"huge{i}": 9 * 10**30 for i in range(7)})
    for seed in range(3):
        slow, fast = (GAME.new_state({"question_pack": pack}, 4) for _ in range(2))
        with pytest.raises(NotANumber):
            rules_loop(slow, *streams(4, seed), checked=False)
        with pytest.raises(NotANumber):
            fast.play_random(*streams(4, seed))


def test_a_game_under_way_is_played_on_from_where_it_stands() -> None:
    """From any moment (a question just drawn, guesses half written, bets half placed
    or half committed, between questions), every variant, 4 to 7 seats; seats acting
    out of turn order where the rules let them (simultaneous turns, open betting)."""
    started: set[str] = set()
    for seed in range(32):
        players = 4 + seed % 4
        options = VARIANTS[seed % len(VARIANTS)]
        state = GAME.new_state(options, players)
        assert isinstance(state, WitsAndWagersState)
        rng = random.Random(seed)
        seat_rng = random.Random(seed + 1)
        moves = rng.randrange(90)
        between = seed % 4 == 0  # go on to the end of the question under way
        while moves > 0 or (between and state.phase != "draw"):
            moves -= 1
            if state.is_over:
                break
            any_seat_moves(state, rng, seat_rng)
        started.add(
            "committed"
            if state._pending
            else "half locked"
            if state.phase == "bet" and state.locked
            else state.phase
        )
        slow, fast = state.clone(), state.clone()
        play_both(slow, fast, seed + 7)
        assert fast.is_over
        assert {k: v for k, v in vars(fast).items() if k != "log"} == {
            k: v for k, v in vars(slow).items() if k != "log"
        }, seed
        start = len(state.log)
        kept = [e for e in slow.log[start:] if e.kind not in fast_game.QUIET_EVENTS]
        assert fast.log[:start] == state.log[:start]
        tail = fast.log[start:]
        # seats still to commit when the loop started are committed by the rules
        assert [e for e in tail if e.kind not in fast_game.QUIET_EVENTS] == kept
    assert started >= {"committed", "half locked", "draw", "answer", "bet"}
