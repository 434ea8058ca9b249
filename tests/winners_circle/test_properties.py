"""Property tests: random Winner's Circle games with random variants and table sizes.

The shared tests (:mod:`tests.properties`) run on what this game declares: its set-ups,
its secret (Hidden Bets' face-down chips, WC 6.1), and its checks after every move
and at the end.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from tote.core.moves import Actor, Move
from tote.core.state import State
from tote.games.winners_circle import GAME
from tote.games.winners_circle.state import WinnersCircleState
from tote.games.winners_circle.track import space_of

from ..properties import GameProperties, Setup
from .wc_helpers import hidden_chip_leaks

VARIANTS = ("hidden_bets", "crowded_field", "alternative_payouts", "royal_turf")


@st.composite
def game_setups(draw: Any) -> Setup:
    options: dict[str, Any] = {name: draw(st.booleans()) for name in VARIANTS}
    options["last_place_tie"] = draw(st.sampled_from(["all", "least_recent"]))
    players = draw(st.integers(min_value=2, max_value=6))
    seed = draw(st.integers(min_value=0, max_value=2**32 - 1))
    return options, players, seed


class TestWinnersCircleProperties(GameProperties):
    """WC 1.3, 4.5, 4.6, 5.4 and 6.1 on random games of every variant."""

    game = GAME
    move_bound = 3000
    """Far above any game seen (at most 470 moves, chance included, in 4,000 random games):
    3 races of at most 21 draws, 1 first-bettor draw, 24 bets and the running moves."""
    examples = {"test_random_games_end_and_conserve": 40, "test_no_view_shows_a_secret": 30}

    def setups(self) -> st.SearchStrategy[Setup]:
        return game_setups()

    def secrets_shown(self, state: State) -> list[str]:
        """WC 6.1: no view shows another seat's face-down chip (bets, chips in hand, log)."""
        assert isinstance(state, WinnersCircleState)
        return hidden_chip_leaks(state)

    def hidden_parts(self, state: State, seat: int | None) -> Any:
        """WC 6.1: with Hidden Bets, the values of other seats' chips (laid and in hand)
        while at least one of them has laid a chip (then several deals are likely)."""
        assert isinstance(state, WinnersCircleState)
        if not state.options.hidden_bets or not any(b.seat != seat for b in state.bets):
            return None
        return {
            "bets": [[b.seat, b.horse, b.chip] for b in state.bets if b.seat != seat],
            "hands": [sorted(c) for s, c in enumerate(state.chips) if s != seat],
        }

    def check_step(self, state: State, actor: Actor, move: Move) -> None:
        """WC 5.4 money never negative; WC 4.6 without Crowded Field no two running horses
        share a space; at most three horses finish."""
        assert isinstance(state, WinnersCircleState)
        assert min(state.money) >= 0, f"WC 5.4: money went negative: {state.money}"
        if state.phase in ("roll", "move") and not state.options.crowded_field:
            running = [h for h in range(7) if h not in state.finished]
            spaces = [space_of(state.progress[h]) for h in running]
            assert len(spaces) == len(set(spaces)), f"WC 4.6: two horses on a space: {spaces}"
        assert len(state.finished) <= 3

    def check_end(self, state: State, options: dict[str, Any], players: int) -> None:
        """WC 1.3: exactly three payouts; the winners are the richest."""
        assert isinstance(state, WinnersCircleState)
        payouts = [e for e in state.log if e.kind == "payout"]
        assert [e.public["race"] for e in payouts] == [1, 2, 3]
        result = state.result()
        assert result is not None and list(result.scores) == state.money
        richest = max(state.money)
        assert set(result.winners) == {s for s, m in enumerate(state.money) if m == richest}
