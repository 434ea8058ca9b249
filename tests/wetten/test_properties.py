"""Property tests: random Wetten! games with random options and table sizes.

The shared tests (:mod:`tests.properties`) run on what this game declares: its set-ups,
its secrets (hands, action cards, unrevealed tickets, the pile's order), the money it
conserves, and its checks at the end.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from hypothesis import strategies as st

from tote.core.moves import Actor, Move
from tote.core.state import State
from tote.games.wetten import GAME, views
from tote.games.wetten.state import WettenState

from ..properties import GameProperties, SecretWatch, Setup


@st.composite
def game_setups(draw: Any) -> Setup:
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


class TestWettenProperties(GameProperties):
    """WT 1.2, 1.3, 2.5, 2.6, 3.1, 8.6, 8.7, 8.9, 10 and 11.2 on random games."""

    game = GAME
    move_bound = 5000
    """Far above any game seen (at most 499 moves, chance included, in 300 random games
    of 3 to 5 players): 5 races of one shuffle each, the windows and the rounds."""
    examples = {
        "test_random_games_end_and_conserve": 30,
        "test_no_view_shows_a_secret": 12,
        "test_secret_moves_stay_secret_until_all_commit": 8,
        "test_a_sampled_world_looks_the_same_to_its_seat": 6,
        "test_sampling_never_reads_what_the_seat_cannot_see": 8,
        "test_what_the_seat_cannot_see_really_varies": 8,
    }
    sample_every = 16

    def setups(self) -> st.SearchStrategy[Setup]:
        return game_setups()

    def hidden_parts(self, state: State, seat: int | None) -> Any:
        """WT 1.3: the other players' race cards in hand and the pile, while the pile
        holds several cards."""
        assert isinstance(state, WettenState)
        if len(state.pile) < 2:
            return None
        others = [sorted(h) for s, h in enumerate(state.hands) if s != seat]
        return {"hands": others, "pile": list(state.pile)}

    def secrets_shown(self, state: State) -> list[str]:
        assert isinstance(state, WettenState)
        return secrets_shown(state)

    def secret_watch(self) -> SecretWatch:
        """The oracle after every fifth move, and after every move while tickets are
        written (it reads every view: checking each of ~400 moves would be slow)."""
        steps = 0

        def watch(state: State, actor: Actor, move: Move) -> list[str]:
            nonlocal steps
            steps += 1
            assert isinstance(state, WettenState)
            if steps % 5 == 0 or state.stage in ("set_the_stakes", "second_bet"):
                return secrets_shown(state)
            return []

        return watch

    def conserved(self, state: State) -> Mapping[str, int]:
        """WT 1.2: the bank's and the players' cash add up to 824,000."""
        assert isinstance(state, WettenState)
        return {"cash": state.bank + sum(state.cash)}

    def check_step(self, state: State, actor: Actor, move: Move) -> None:
        assert isinstance(state, WettenState)
        assert min(state.cash) >= 0, f"cash went negative: {state.cash}"

    def check_end(self, state: State, options: dict[str, Any], players: int) -> None:
        """WT 10, 11.2: payouts numbered 1 to 5 unless the bank ran short; the score is cash."""
        assert isinstance(state, WettenState)
        assert state.bank + sum(state.cash) == 824_000
        races = [e.public["race"] for e in state.log if e.kind == "payout"]
        assert races == list(range(1, len(races) + 1))
        assert len(races) == 5 or state.ended_early
        result = state.result()
        assert result is not None and list(result.scores) == state.cash
