"""Winner's Circle (Reiner Knizia): 7 horses, show bets, the pace horse, three races.

The rules (``docs/rules/winners-circle.md``), in the rulebook's order:

- ``data.py``, ``options.py``, ``moves.py``: WC 1 the material, the variants' options
  (WC 6), the moves;
- ``state.py``: the game's data and the core contract, dispatching to the phases;
  ``phases.py``: the phases' names and the counts the rules fix;
- ``race_preparation.py``: WC 2 The Race Preparation (horse cards onto the gates);
- ``bets.py``: WC 3 The Bets (the first bettor, one chip per turn);
- ``running.py``: WC 4 Running the Race (the die, moving horses, the pace horse), on
  the track of ``track.py``;
- ``paying_out.py``: WC 5 Paying Out, with the arithmetic in ``payout.py``;
- ``views.py``: what each seat may know (WC 6.1 hides face-down chips);
- ``sampling.py``, ``tote_board.py``: worlds a seat cannot tell from the real one, and
  the markets of the tote board (issue 12); ``fast_race.py``: the bets and the race
  played at random in one tight loop, drawing what the rules loop draws, for rollouts;
- ``bots.py``, ``render.py``, ``narration.py``: the bots, the terminal board, the log in
  words.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from tote.core.bot import BotFactory, RandomBot
from tote.core.game import Game
from tote.core.moves import Move
from tote.core.narration import a_or_an
from tote.core.result import Result
from tote.core.standings import Standings
from tote.games.winners_circle import narration
from tote.games.winners_circle.bots import OddsBot
from tote.games.winners_circle.data import horse_data, payout_table
from tote.games.winners_circle.moves import MoveHorse, PlaceBet
from tote.games.winners_circle.options import WinnersCircleOptions
from tote.games.winners_circle.standings import standings as final_standings
from tote.games.winners_circle.state import WinnersCircleState
from tote.games.winners_circle.tote_board import WinnersCircleMarkets


class WinnersCircle(Game):
    id = "winners-circle"
    title = "Winner's Circle"
    min_players = 2
    max_players = 6
    options_model = WinnersCircleOptions
    variants: ClassVar[dict[str, tuple[str, dict[str, Any]]]] = {
        "hidden-bets": (
            "chips 0,1,1,2 placed face down over four rounds, revealed after the race",
            {"hidden_bets": True},
        ),
        "crowded-field": (
            "any number of horses on a space; all start on space 36",
            {"crowded_field": True},
        ),
        "alternative-payouts": (
            "the payout column counts chips, not bets",
            {"alternative_payouts": True},
        ),
        "royal-turf": (
            "21 Royal Turf cards, each belonging to one horse",
            {"royal_turf": True},
        ),
    }
    bots: ClassVar[dict[str, BotFactory]] = {"random": RandomBot, "odds": OddsBot}
    default_bot = "odds"
    markets = WinnersCircleMarkets()

    def _new_state(self, options: WinnersCircleOptions, num_players: int) -> WinnersCircleState:
        return WinnersCircleState(
            options,
            num_players,
            horse_data(options.horse_cards_file, options.changes_to("horse_cards")),
            payout_table(options.payouts_file, options.changes_to("payouts")),
        )

    def _standings(self, state: WinnersCircleState, result: Result) -> Standings:
        return final_standings(state, result)

    def describe_move(self, move: Move) -> str:
        if isinstance(move, PlaceBet):
            chip = a_or_an(narration.chip(move.chip))
            return f"bet {chip} on {narration.horse(move.horse)}"
        if isinstance(move, MoveHorse):
            return f"move {narration.horse(move.horse)}"
        return super().describe_move(move)

    def describe_event(self, event: dict[str, Any], names: Sequence[str]) -> str:
        return narration.describe_event(event, names)


GAME = WinnersCircle()
