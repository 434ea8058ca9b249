"""Property tests: random Wetten! games with random options and table sizes."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tote.core import CHANCE, Match, Record
from tote.games.wetten import GAME, views
from tote.games.wetten.state import WettenState

from .wt_helpers import new_state, step_random

MOVE_BOUND = 5000
"""Far above any game seen (at most 499 moves, chance included, in 300 random games
of 3 to 5 players): 5 races of one shuffle each, the windows and the rounds."""

PROPERTY_SETTINGS = settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@st.composite
def game_setups(draw: Any) -> tuple[dict[str, Any], int, int]:
    options: dict[str, Any] = {
        "pro_rules": draw(st.sampled_from(["all", "from_race_4", "none"])),
        "unlimited_bank": draw(st.booleans()),
        "track_by_players": draw(st.booleans()),
        "top_up": draw(st.sampled_from(["to_minimum", "gift_minimum"])),
    }
    players = draw(st.integers(min_value=3, max_value=5))
    seed = draw(st.integers(min_value=0, max_value=2**32 - 1))
    return options, players, seed


def secrets_shown(state: WettenState) -> list[str]:
    """Where a view shows what its seat may not know: another player's race or action
    cards in hand, another's unrevealed ticket, a private log entry, or the pile's
    order. The state itself is the oracle. Empty when nothing leaks."""
    problems: list[str] = []
    for seat in [None, *range(state.num_players)]:
        view = state.view(seat)
        mine = view["state"]
        shown = dict(mine)
        shown.pop("revealed")  # cards laid this round may be back in a hand after a reshuffle
        text = json.dumps(shown)
        peeked = state.peeks.get(seat, {}).get("opponent") if seat is not None else None
        for other in range(state.num_players):
            if other == seat:
                continue
            for card in state.actions[other]:
                if f'"{card}"' in text:
                    problems.append(f"view {seat}: seat {other}'s action card {card}")
            if other != peeked:
                for card in state.hands[other]:
                    if f'"{card}"' in text:
                        problems.append(f"view {seat}: seat {other}'s race card {card}")
            ticket = mine["tickets"][other]
            if ticket["second_bet"] is not None:
                problems.append(f"view {seat}: seat {other}'s Second Bet ticket")
            if ticket["set_the_stakes"] is not None and state.no_chance[other] is None:
                problems.append(f"view {seat}: seat {other}'s unshown Set-the-Stakes ticket")
        for entry in view["log"]:
            if entry["kind"] == "dealt" and seat is None and entry["race_cards"] != 6:
                problems.append("spectator sees a dealt hand")
            private_kinds = ("race_card_drawn", "paddock_tip_kept")
            if entry["kind"] in private_kinds and entry["seat"] != seat and "card" in entry:
                problems.append(f"view {seat}: another seat's drawn card in the log")
            if entry["kind"] == "committed" and entry["seat"] != seat and "move" in entry:
                problems.append(f"view {seat}: another seat's secret move in the log")
            if entry["kind"] == "tickets" and "bets" in entry and seat is None:
                problems.append("spectator sees ticket cells")
        if seat is not None and mine["hand"] != views.cards_view(state, state.hands[seat]):
            problems.append(f"view {seat}: its own hand is not shown")
        if "pile" in mine and not isinstance(mine["pile"], int):
            problems.append(f"view {seat}: the pile's order is shown")
    return problems


@PROPERTY_SETTINGS
@given(game_setups())
def test_random_games_end_and_money_is_conserved(setup: tuple[dict[str, Any], int, int]) -> None:
    """WT 1.2, 2.5, 10, 11.2 on random games: every game ends within the move bound;
    bank + players' cash never changes (824,000); no cash goes negative; a seat to act
    always has a move; payouts are numbered 1 to 5 unless the bank ran short."""
    options, players, seed = setup
    state = new_state(players, **options)
    total = state.bank + sum(state.cash)
    assert total == 824_000
    rng = random.Random(seed)
    moves = 0
    while not state.is_over:
        turn = state.turn()
        if turn.seats:
            assert state.legal_moves(turn.seats[0]) != []
        step_random(state, rng)
        moves += 1
        assert moves <= MOVE_BOUND
        assert state.bank + sum(state.cash) == total
        assert min(state.cash) >= 0
    races = [e.public["race"] for e in state.log if e.kind == "payout"]
    assert races == list(range(1, len(races) + 1))
    assert len(races) == 5 or state.ended_early
    result = state.result()
    assert result is not None and list(result.scores) == state.cash


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_setups())
def test_no_view_shows_another_players_secrets(setup: tuple[dict[str, Any], int, int]) -> None:
    """WT 1.3, 2.6, 3.1, 8.6, 8.7, 8.9 on random games: after every move no seat's view
    (nor the spectators') shows another seat's hand, action cards or unrevealed
    tickets, nor a private log entry; each seat sees its own hand."""
    options, players, seed = setup
    state = new_state(players, **options)
    rng = random.Random(seed)
    step = 0
    while not state.is_over:
        step_random(state, rng)
        step += 1
        if step % 5 == 0 or state.stage in ("set_the_stakes", "second_bet"):
            assert secrets_shown(state) == []


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
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
