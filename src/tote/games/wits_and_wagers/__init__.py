"""Wits & Wagers (North Star Games, 2nd edition): numeric trivia, bets on the guesses.

The rules (``docs/rules/wits-and-wagers.md``), in the rulebook's order:

- ``options.py``, ``moves.py``, ``questions.py``, ``numbers.py``: the teams and
  variants, the moves, the question packs, exact numbers;
- ``state.py``: the game's data and the core contract, dispatching to the steps;
  ``phases.py``: the steps as phases, and who acts in each;
- ``setup.py``: WW 1 the game and its material (chips, seven questions, the winner);
- ``answering.py``: WW 2, Steps 1-2 (the question drawn, guesses, sorting), on the
  mat of ``mat.py``;
- ``betting.py``: WW 3, Step 3 (open or secret bets, poker chips);
- ``paying_out.py``: WW 4-6, Steps 4-6 (the winning slot, the bonus, the payout);
- ``timeouts.py``: WW 7 time limits and timeouts;
- ``views.py``: what each seat may know;
- ``bots.py``, ``render.py`` (with ``typing_input.py``), ``narration.py``: the bots, the
  terminal, the log and moves in words.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, partial
from typing import Any, ClassVar

from tote.core.bot import BotFactory, RandomBot
from tote.core.errors import OptionsError
from tote.core.game import Game, engine_before
from tote.core.moves import Move
from tote.core.result import Result
from tote.core.standings import Standings
from tote.games.wits_and_wagers import narration
from tote.games.wits_and_wagers.bots import EXPERT_SPREAD, NOVICE_SPREAD, BettingBot
from tote.games.wits_and_wagers.options import (
    MOST_SECONDS,
    Member,
    Team,
    WitsAndWagersOptions,
)
from tote.games.wits_and_wagers.questions import question_bank
from tote.games.wits_and_wagers.setup import QUESTIONS_PER_GAME
from tote.games.wits_and_wagers.standings import standings as final_standings
from tote.games.wits_and_wagers.state import WitsAndWagersState
from tote.games.wits_and_wagers.tote_board import WitsAndWagersMarkets

MIN_PEOPLE = 4
MAX_PEOPLE = 20


class WitsAndWagers(Game):
    id = "wits-and-wagers"
    title = "Wits & Wagers"
    min_players = 2
    max_players = 7
    players_note = "4-20 people in 2-7 seats (teams of 1-3 with --option teams=...)"
    options_model = WitsAndWagersOptions
    variants: ClassVar[dict[str, tuple[str, dict[str, Any]]]] = {
        "secret-betting": (
            "bets hidden and revealed together instead of open, movable bets",
            {"betting": "secret"},
        ),
        "chip-back": (
            "house rule: a winning betting chip also earns its own point (2 to 1 pays 3)",
            {"chip_back_in_points": True},
        ),
        "untimed": ("no time limits", {"answer_seconds": None, "bet_seconds": None}),
    }
    markets = WitsAndWagersMarkets()
    bots: ClassVar[dict[str, BotFactory]] = {
        "random": RandomBot,
        "bettor": BettingBot,
        "expert": partial(BettingBot, spread=EXPERT_SPREAD),
        "novice": partial(BettingBot, spread=NOVICE_SPREAD),
    }
    default_bot = "bettor"

    def upgrade_options(self, options: dict[str, Any], written_by: str) -> dict[str, Any]:
        """Engines before 0.2.0 set no upper bound on a step's seconds: a longer time
        than a day is read as a day (the limit now), so such records still replay."""
        if not engine_before(written_by, "0.2.0"):
            return options
        upgraded = dict(options)
        for key in ("answer_seconds", "bet_seconds"):
            seconds = upgraded.get(key)
            if isinstance(seconds, int) and seconds > MOST_SECONDS:
                upgraded[key] = MOST_SECONDS
        return upgraded

    def check_players(self, num_players: int) -> None:
        """Seats are players or teams (WW 1.1): 2 to 7 of them."""
        if num_players > self.max_players:
            raise OptionsError(
                f"Wits & Wagers seats at most {self.max_players} players or teams, not"
                f" {num_players}: more than 7 people play in teams of 1 to 3, e.g."
                ' --players 5 --option teams=\'[{"name": "Reds", "members": [{"name": "Ann"},'
                ' {"name": "Bo"}]}, ...]\''
            )
        super().check_players(num_players)

    def _new_state(self, options: WitsAndWagersOptions, num_players: int) -> WitsAndWagersState:
        teams = options.teams or one_player_teams(num_players)
        if len(teams) != num_players:
            raise OptionsError(
                f"the teams option names {len(teams)} teams for {num_players} seats;"
                " give one team per seat"
            )
        people = sum(len(team.members) for team in teams)
        if not MIN_PEOPLE <= people <= MAX_PEOPLE:
            hint = (
                "; with fewer than 4 seats, name each team's members with the teams option"
                if not options.teams
                else ""
            )
            raise OptionsError(
                f"Wits & Wagers takes {MIN_PEOPLE} to {MAX_PEOPLE} players, not {people}{hint}"
            )
        bank = question_bank(options.question_pack)
        if len(bank) < QUESTIONS_PER_GAME:
            raise OptionsError(
                f"a game asks {QUESTIONS_PER_GAME} questions; the pack holds {len(bank)}"
            )
        return WitsAndWagersState(options, num_players, teams, bank)

    def _standings(self, state: WitsAndWagersState, result: Result) -> Standings:
        return final_standings(state, result)

    def describe_move(self, move: Move) -> str:
        """A move in words: slots with their odds, guesses as numbers (issue 15)."""
        return narration.describe_move(move.to_json()) or super().describe_move(move)

    def describe_event(self, event: dict[str, Any], names: Sequence[str]) -> str:
        return narration.describe_event(event, names)


@cache
def one_player_teams(num_players: int) -> tuple[Team, ...]:
    """Every seat one player, "Player 1" to "Player n", with no age (WW 1.1, when no
    teams are named). Made once per table size: a team is immutable, and a simulation
    starts thousands of games (issue 24)."""
    return tuple(
        Team(name=f"Player {seat + 1}", members=(Member(name=f"Player {seat + 1}"),))
        for seat in range(num_players)
    )


GAME = WitsAndWagers()
