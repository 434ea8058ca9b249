"""Property tests: random Horse Fever games in every mode (board, with and without the
starred cards, family, and party with and without Action cards)."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tote.core import CHANCE, Match, Record
from tote.games.horse_fever import GAME

from .hf_helpers import leaks, new_state, step_random

MOVE_BOUND = 20_000
"""Far above any game seen (about 400 moves, chance included, in 1,000 random games)."""

PROPERTY_SETTINGS = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@st.composite
def game_setups(draw: Any) -> tuple[dict[str, Any], int, int]:
    mode = draw(st.sampled_from(["board", "family", "party"]))
    options = {
        "mode": mode,
        "advanced": mode == "board" and draw(st.booleans()),
        "length": draw(st.sampled_from(["short", "medium", "long"])),
        "party_actions": mode == "party" and draw(st.booleans()),
    }
    players = draw(st.integers(min_value=2, max_value=20 if mode == "party" else 5))
    seed = draw(st.integers(min_value=0, max_value=2**32 - 1))
    return options, players, seed


@PROPERTY_SETTINGS
@given(game_setups())
def test_random_board_games_end_and_conserve_danari_and_vp(
    setup: tuple[dict[str, Any], int, int],
) -> None:
    """Every random game ends within the bound; after every move the Danari of players and
    Bank, and the VP of players and reserve, add up to what they were; nobody's Danari or
    VP go negative; a seat to act always has a move."""
    options, players, seed = setup
    state = new_state(players, **options)
    rng = random.Random(seed)
    danari = sum(state.money) + state.bank
    vp = sum(state.vp) + state.vp_reserve
    moves = 0
    while not state.is_over:
        step_random(state, rng)
        moves += 1
        assert moves <= MOVE_BOUND
        assert sum(state.money) + state.bank == danari
        assert sum(state.vp) + state.vp_reserve == vp
        assert min(state.money) >= 0 and min(state.vp) >= 0
        turn = state.turn()
        if turn.seats and state.legal_moves(turn.seats[0]) is not None:
            assert state.legal_moves(turn.seats[0])
    result = state.result()
    assert result is not None
    assert (
        state.round == state.rounds
        or sum(not e for e in state.eliminated) < 2
        or (state.party and any(state.broke(s) for s in range(players)))
    )


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_setups())
def test_no_view_shows_another_players_secrets(setup: tuple[dict[str, Any], int, int]) -> None:
    """HF 1.1 / 2.2: no seat's view (nor the spectators') shows another player's Action
    cards in hand or face down, Target cards, or the cards they draw from."""
    options, players, seed = setup
    state = new_state(players, **options)
    rng = random.Random(seed)
    while not state.is_over:
        step_random(state, rng)
        assert leaks(state) == []


@PROPERTY_SETTINGS
@given(game_setups())
def test_records_replay_identically(setup: tuple[dict[str, Any], int, int]) -> None:
    """A seeded match replays from its JSON record to the same view and result."""
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
    assert any(m.by == CHANCE for m in record.moves)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_setups())
def test_no_view_depends_on_another_seats_secret_move(
    setup: tuple[dict[str, Any], int, int],
) -> None:
    """PG 2.1 / 0.3: in every simultaneous turn, what one seat commits in secret (its
    bet, its face-down card) changes nothing in the views and logs of the others or the
    spectators until all have committed: two different commitments look the same."""
    options, players, seed = setup
    state = new_state(players, **options)
    rng = random.Random(seed)
    checked = 0
    while not state.is_over:
        turn = state.turn()
        if turn.simultaneous and len(turn.seats) > 1:
            seat = turn.seats[0]
            moves = {state.random_move(seat, rng) for _ in range(8)}
            clones = []
            for move in list(moves)[:2]:
                clone = state.clone()
                clone.apply(seat, move)
                clones.append(clone)
            for viewer in (None, *(s for s in range(players) if s != seat)):
                seen = {json.dumps(c.view(viewer), sort_keys=True) for c in clones}
                assert len(seen) == 1
            checked += 1
        step_random(state, rng)
    assert checked or options["mode"] != "party"


def test_deck_order_is_in_no_view() -> None:
    """Chance is explicit: the order of the undrawn cards is nobody's knowledge; views
    hold only the decks' sizes."""
    state = new_state(3)
    rng = random.Random(3)
    while state.round < 2:
        step_random(state, rng)
    for seat in (None, 0, 1, 2):
        decks = state.view(seat)["state"]["decks"]
        assert all(isinstance(size, int) for size in decks.values())


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_setups())
def test_a_clone_plays_on_without_touching_the_original(
    setup: tuple[dict[str, Any], int, int],
) -> None:
    """Bots and search clone states: playing a clone to the end leaves the original's
    views unchanged, and the original then plays the same game."""
    options, players, seed = setup
    state = new_state(players, **options)
    rng = random.Random(seed)
    for _ in range(int(rng.random() * 300)):
        if state.is_over:
            break
        step_random(state, rng)
    before = json.dumps([state.view(s) for s in (None, *range(players))], sort_keys=True)
    clone = state.clone()
    clone_rng = random.Random(seed + 1)
    while not clone.is_over:
        step_random(clone, clone_rng)
    assert json.dumps([state.view(s) for s in (None, *range(players))], sort_keys=True) == before
