"""Wetten! (hda board game workshop): bets on a four-horse race, five races.

The rules, in the order of the rulebook (``docs/rules/wetten.md``):

- ``state.py``: ``WettenState``, the game's data, the core contract and its
  dispatch on the race's stage (``phases.py``: the stages and shared moves);
- ``setup.py``: WT 1, a race set up, the decks shuffled and dealt, cards drawn;
- ``stakes.py``: WT 2, Phase 1 Set the Stakes (the secret tickets);
- ``rounds.py``: WT 3-4, the race rounds (Start, Neck-and-Neck) and the finish,
  on the pure ``race.py`` (movement, modifiers, finishing order);
- ``second_bet.py``: WT 5, Phase 3 the Second Bet;
- ``windows.py``: WT 6 buying race cards, WT 7.3 the action windows (ruling 12);
- ``action_cards.py``: WT 7-8, action cards announced and resolved;
- ``pro_rule.py``: WT 9, the Pro-Rule "No chance...";
- ``payout.py``: WT 10-11, Phase 5 Payout, the next race and the end;
- ``views.py``: what each seat may know.

Around them: ``moves.py``, ``options.py``, ``data.py`` (+ ``data/*.json``),
``bots.py``, ``render.py``, ``narration.py`` (the log and moves in words).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from tote.core.bot import BotFactory, RandomBot
from tote.core.game import Game
from tote.core.moves import Move
from tote.core.result import Result
from tote.core.standings import Standings
from tote.games.wetten import narration
from tote.games.wetten.bots import TipsterBot
from tote.games.wetten.data import action_deck, board, race_deck
from tote.games.wetten.options import WettenOptions
from tote.games.wetten.standings import standings as final_standings
from tote.games.wetten.state import WettenState
from tote.games.wetten.tote_board import WettenMarkets


class Wetten(Game):
    id = "wetten"
    title = "Wetten!"
    min_players = 3
    max_players = 5
    options_model = WettenOptions
    variants: ClassVar[dict[str, tuple[str, dict[str, Any]]]] = {
        "beginners": ('no Pro-Rules: "No chance..." is never played', {"pro_rules": "none"}),
        "make-it-professional": (
            '"Make it professional!": the Pro-Rule "No chance..." from race 4 on',
            {"pro_rules": "from_race_4"},
        ),
        "unlimited-bank": ("the bank never runs out of money", {"unlimited_bank": True}),
        "track-by-players": (
            "proposed track length by player count (3: 26, 4: 32, 5: 38 fields)",
            {"track_by_players": True},
        ),
    }
    markets = WettenMarkets()
    bots: ClassVar[dict[str, BotFactory]] = {"random": RandomBot, "tipster": TipsterBot}
    default_bot = "tipster"

    def _new_state(self, options: WettenOptions, num_players: int) -> WettenState:
        return WettenState(
            options,
            num_players,
            race_deck(options.race_cards_file, options.changes_to("race_cards")),
            action_deck(options.action_cards_file, options.changes_to("action_cards")),
            board(options.board_file, options.changes_to("board")),
        )

    def _standings(self, state: WettenState, result: Result) -> Standings:
        return final_standings(state, result)

    def describe_move(self, move: Move) -> str:
        """A move in words: horses by name, places as ordinals, cards by what they show
        (issue 15)."""
        return narration.describe_move(move.to_json()) or super().describe_move(move)

    def describe_event(self, event: dict[str, Any], names: Sequence[str]) -> str:
        return narration.describe_event(event, names)


GAME = Wetten()
