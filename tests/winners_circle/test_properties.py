"""Property tests: random Winner's Circle games with random variants and table sizes."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tote.core import CHANCE, Match, Record
from tote.games.winners_circle import GAME
from tote.games.winners_circle.track import space_of

from .wc_helpers import hidden_chip_leaks, new_state, step_random

MOVE_BOUND = 3000
"""Far above any game seen (at most 470 moves, chance included, in 4,000 random games):
3 races of at most 21 draws, 1 first-bettor draw, 24 bets and the running moves."""

VARIANTS = ("hidden_bets", "crowded_field", "alternative_payouts", "royal_turf")

PROPERTY_SETTINGS = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


@st.composite
def game_setups(draw: Any, hidden: bool | None = None) -> tuple[dict[str, Any], int, int]:
    options: dict[str, Any] = {name: draw(st.booleans()) for name in VARIANTS}
    if hidden is not None:
        options["hidden_bets"] = hidden
    options["last_place_tie"] = draw(st.sampled_from(["all", "least_recent"]))
    players = draw(st.integers(min_value=2, max_value=6))
    seed = draw(st.integers(min_value=0, max_value=2**32 - 1))
    return options, players, seed


def check_step_invariants(state: Any) -> None:
    money = state.money
    assert min(money) >= 0, f"WC 5.4: money went negative: {money}"
    turn = state.turn()
    if turn.seats:
        assert state.legal_moves(turn.seats[0]), "WC 4.5: a seat to act always has a move"
    if state.phase in ("roll", "move") and not state.options.crowded_field:
        running = [h for h in range(7) if h not in state.finished]
        spaces = [space_of(state.progress[h]) for h in running]
        assert len(spaces) == len(set(spaces)), f"WC 4.6: two horses on a space: {spaces}"
    assert len(state.finished) <= 3


@PROPERTY_SETTINGS
@given(game_setups())
def test_random_games_end_and_money_never_goes_negative(
    setup: tuple[dict[str, Any], int, int],
) -> None:
    """WC 1.3, 4.5, 4.6, 5.4 on random games: every game ends within the move bound after
    exactly three payouts; money is never negative; a seat to act always has a legal
    move; without Crowded Field no two running horses share a space."""
    options, players, seed = setup
    state = new_state(players, **options)
    rng = random.Random(seed)
    moves = 0
    while not state.is_over:
        step_random(state, rng)
        moves += 1
        assert moves <= MOVE_BOUND
        check_step_invariants(state)
    payouts = [e for e in state.log if e.kind == "payout"]
    assert [e.public["race"] for e in payouts] == [1, 2, 3]
    result = state.result()
    assert result is not None and list(result.scores) == state.money
    assert set(result.winners) == {s for s, m in enumerate(state.money) if m == max(state.money)}


@PROPERTY_SETTINGS
@given(game_setups())
def test_records_replay_identically(setup: tuple[dict[str, Any], int, int]) -> None:
    """Records: a seeded match replays from its JSON record to the same public view and
    result (and without its seed, from the chance moves it writes out)."""
    options, players, seed = setup
    match = Match(GAME, players, options, seed=seed)
    rng = random.Random(seed ^ 0x5EED)
    while not match.state.is_over:
        seat = match.state.turn().seats[0]
        match.play(seat, match.state.random_move(seat, rng))
    record = match.record()
    again = Match.replay(Record.from_json(json.loads(record.to_json_text())))
    view = json.dumps(match.state.view(None), sort_keys=True)
    assert json.dumps(again.state.view(None), sort_keys=True) == view
    assert again.state.result() == match.state.result()
    unseeded = Match.replay(record.model_copy(update={"seed": None}))
    assert json.dumps(unseeded.state.view(None), sort_keys=True) == view
    assert any(m.by == CHANCE for m in record.moves)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_setups(hidden=True))
def test_hidden_bets_views_never_show_other_seats_chips(
    setup: tuple[dict[str, Any], int, int],
) -> None:
    """WC 6.1 on random Hidden Bets games: after every move, no seat's view nor the
    spectators' shows another seat's face-down chip (bets list, chips in hand, log),
    and each seat sees its own."""
    options, players, seed = setup
    state = new_state(players, **options)
    rng = random.Random(seed)
    assert hidden_chip_leaks(state) == []
    while not state.is_over:
        step_random(state, rng)
        assert hidden_chip_leaks(state) == []
