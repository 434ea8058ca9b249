"""Search bots at a server table (issues 12 and 25): every bot that searches, under any
name a host may pick (``hard`` is ``strong``), thinks in a worker thread so the server
keeps answering; and its fixed budget is cut short at a table's time cap, so that a
costly position (Carcassonne, Horse Fever) never keeps the players waiting long."""

from __future__ import annotations

import pytest

from tote.bots import bots_for, make_bot
from tote.bots.budget import Budget
from tote.bots.search import SearchFactory
from tote.bots.strong import SETTINGS, StrongSettings
from tote.core.registry import all_games
from tote.server.bots import SEARCH_BOTS, TABLE_BUDGET, TABLE_THINK_SECONDS

GAMES = [game.id for game in all_games()]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_searching_bot_name_thinks_off_the_event_loop(game_id: str) -> None:
    """A level that names a search bot (``hard``) was run on the event loop because the
    server knew only ``strong``: every name whose factory searches is a search bot."""
    game = next(g for g in all_games() if g.id == game_id)
    searching = {name for name, f in bots_for(game).items() if isinstance(f, SearchFactory)}
    assert "hard" in searching and "strong" in searching
    assert searching <= SEARCH_BOTS


@pytest.mark.parametrize("game_id", GAMES)
def test_a_tables_hard_bot_keeps_its_fixed_budget_capped_in_time(game_id: str) -> None:
    game = next(g for g in all_games() if g.id == game_id)
    bot = make_bot(game, "hard", 7, 1, budget=TABLE_BUDGET)
    fixed = SETTINGS.get(game_id, StrongSettings()).iterations
    assert (bot.iterations, bot.seconds) == (fixed, TABLE_THINK_SECONDS)  # type: ignore[attr-defined]


def test_a_time_budget_alone_lifts_the_iteration_cap_unless_fixed_first() -> None:
    """``--think`` (issue 25): the time alone stops the search; a table's cap keeps the
    fixed default and only cuts a long decision short."""
    assert Budget(seconds=2.0).iterations_or(60) == 1_000_000
    assert Budget(seconds=2.0, fixed_first=True).iterations_or(60) == 60
    assert Budget(iterations=9, seconds=2.0, fixed_first=True).iterations_or(60) == 9
