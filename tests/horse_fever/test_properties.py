"""Property tests: random Horse Fever games in every mode (board, with and without the
starred cards, family, and party with and without Action cards).

The shared tests (:mod:`tests.properties`) run on what this game declares: its set-ups,
its secrets (Action cards in hand or face down, Targets, the cards drawn from), the
Danari and VP it conserves, and its checks after every move and at the end.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from hypothesis import strategies as st

from tote.core.moves import Actor, Move
from tote.core.state import State
from tote.games.horse_fever import GAME
from tote.games.horse_fever.state import HorseFeverState

from ..properties import GameProperties, Setup
from .hf_helpers import leaks, new_state, step_random


@st.composite
def game_setups(draw: Any) -> Setup:
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


class TestHorseFeverProperties(GameProperties):
    """HF 0.2, 1.1, 2.2, PG 0.3 and 2.1 on random games of every mode."""

    game = GAME
    move_bound = 20_000
    """Far above any game seen (about 400 moves, chance included, in 1,000 random games)."""
    examples = {
        "test_random_games_end_and_conserve": 40,
        "test_records_replay_identically": 40,
        "test_a_sampled_world_looks_the_same_to_its_seat": 8,
        "test_sampling_never_reads_what_the_seat_cannot_see": 10,
        "test_what_the_seat_cannot_see_really_varies": 10,
    }
    sample_every = 12

    def hidden_parts(self, state: State, seat: int | None) -> Any:
        """HF 1.1, 2.2: the other players' Action cards in hand or face down, and their
        Target cards, once some player other than ``seat`` holds any."""
        assert isinstance(state, HorseFeverState)
        others = [s for s in range(state.num_players) if s != seat]
        hands = [sorted(state.hand[s]) for s in others]
        targets = [sorted(state.owned_targets[s]) for s in others]
        if not any(hands) and not any(targets):
            return None
        return {"hands": hands, "targets": targets}

    def setups(self) -> st.SearchStrategy[Setup]:
        return game_setups()

    def secrets_shown(self, state: State) -> list[str]:
        """HF 1.1 / 2.2: another player's Action cards in hand or face down, its Target
        cards, or the cards it draws from."""
        assert isinstance(state, HorseFeverState)
        return leaks(state)

    def conserved(self, state: State) -> Mapping[str, int]:
        """HF 0.2: Danari move only between players and the Bank, VP between players and
        the reserve."""
        assert isinstance(state, HorseFeverState)
        return {
            "Danari": sum(state.money) + state.bank,
            "VP": sum(state.vp) + state.vp_reserve,
        }

    def check_step(self, state: State, actor: Actor, move: Move) -> None:
        assert isinstance(state, HorseFeverState)
        assert min(state.money) >= 0 and min(state.vp) >= 0

    def check_end(self, state: State, options: dict[str, Any], players: int) -> None:
        """HF 0.1 / 5: the game ends after its last round, or when fewer than two players
        are left, or (Party Game) when a player is broke."""
        assert isinstance(state, HorseFeverState)
        assert (
            state.round == state.rounds
            or sum(not e for e in state.eliminated) < 2
            or (state.party and any(state.broke(s) for s in range(players)))
        )


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
