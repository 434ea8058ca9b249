"""Horse Fever (Cranio Creations, 2009): the Board Game and the Family Game for 2 to 5
betting stable owners, and the proposed Party Game for 2 to 20.

The rules, in the order of docs/rules/horse-fever.md (functions over the state):

- ``state.py``: ``HorseFeverState`` (and ``PartyState``), the game's data, the core
  contract dispatching on the phase (``phases.py``) and the shared queries;
- ``decks.py``: the face-down stacks (HF 0.4);
- ``setup.py``: HF 0 Preparation and the start of every round (FG 1, PG 0.3);
- ``purchase.py``: HF 1 Purchase Phase and the Starting Lineup (1.3);
- ``betting.py``: HF 2 Betting Phase: first bet, race-fixing, second bet;
- ``race_phase.py``: HF 3.1-3.2 the race on the state; ``race.py`` its pure arithmetic;
- ``payoffs.py``: HF 3.3 Payoffs and 3.4 New odds;
- ``auction.py``: HF 4 Auction Phase and the end of the round (4.3);
- ``final_stage.py``: HF 5 Final Stage, a player losing the game, the winner;
- ``party.py``: PG, the Party Game's secret bets and winner;
- ``views.py``: what each seat may know.

Beside them: ``data.py`` (cards and board), ``moves.py``, ``options.py``, ``bots.py``,
``render.py`` (terminal), ``narration.py`` (the log and moves in words)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from tote.core.bot import BotFactory, RandomBot
from tote.core.errors import OptionsError
from tote.core.game import Game, engine_before
from tote.core.moves import Move
from tote.core.result import Result
from tote.core.standings import Standings
from tote.games.horse_fever import narration
from tote.games.horse_fever.bots import OddsBot
from tote.games.horse_fever.data import board, cards
from tote.games.horse_fever.options import HorseFeverOptions
from tote.games.horse_fever.standings import standings as final_standings
from tote.games.horse_fever.state import HorseFeverState, PartyState
from tote.games.horse_fever.tote_board import HorseFeverMarkets

BOARD_MAX_PLAYERS = 5
"""HF 0.1 / FG 0: the Board Game and the Family Game seat 2 to 5 players."""


class HorseFever(Game):
    id = "horse-fever"
    title = "Horse Fever"
    min_players = 2
    max_players = 20
    """PG 0.1: the Party Game seats up to 20; the other modes 5 (checked with the mode)."""
    players_note = "2-5 (board, family), 2-20 (party)"
    options_model = HorseFeverOptions
    variants: ClassVar[dict[str, tuple[str, dict[str, Any]]]] = {
        "advanced": (
            "the starred cards: 4 more Action cards and 6 advanced Characters",
            {"advanced": True},
        ),
        "family": (
            "the Family Game (reconstructed): two free Action cards a round, no purchases,"
            " auctions, loans, Assistants, Targets or Horses",
            {"mode": "family"},
        ),
        "party": (
            "the Party Game (proposed): up to 20 players, 1000 D of chips, one secret"
            " bet a race, the richest wins",
            {"mode": "party"},
        ),
        "short": ("Table 1, short game", {"length": "short"}),
        "long": ("Table 1, long game", {"length": "long"}),
    }
    markets = HorseFeverMarkets()
    bots: ClassVar[dict[str, BotFactory]] = {"random": RandomBot, "odds": OddsBot}
    default_bot = "odds"

    def upgrade_options(self, options: dict[str, Any], written_by: str) -> dict[str, Any]:
        """Engines before 0.2.0 took ``rounds`` from 1 to 20 with no house rule: such a
        record asked for what the house rule ``any_rounds`` now names."""
        if engine_before(written_by, "0.2.0"):
            rounds = options.get("rounds")
            if isinstance(rounds, int) and not 3 <= rounds <= 10:
                return {**options, "any_rounds": True}
        return options

    def _new_state(self, options: HorseFeverOptions, num_players: int) -> HorseFeverState:
        """HF 0.1 / PG 0.1: the player count is checked against the mode's limit."""
        if options.mode != "party" and num_players > BOARD_MAX_PLAYERS:
            raise OptionsError(
                f"{self.title}'s {options.mode} game takes 2 to {BOARD_MAX_PLAYERS} players,"
                f" not {num_players} (the party game takes up to {self.max_players})"
            )
        state_type = PartyState if options.mode == "party" else HorseFeverState
        return state_type(
            options,
            num_players,
            cards(options.cards_file, options.changes_to("cards")),
            board(options.board_file, options.changes_to("board")),
        )

    def _standings(self, state: HorseFeverState, result: Result) -> Standings:
        return final_standings(state, result)

    def describe_move(self, move: Move) -> str:
        """A move in words, cards by their printed names (issue 15)."""
        return narration.describe_move(move.to_json()) or super().describe_move(move)

    def describe_event(self, event: dict[str, Any], names: Sequence[str]) -> str:
        return narration.describe_event(event, names)


GAME = HorseFever()
