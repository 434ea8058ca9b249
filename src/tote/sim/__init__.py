"""Simulation: many bot-only games, one row per game, summarised.

Front ends call :func:`run_games` (a summary), :func:`iter_rows` (every game's row,
in game order) or :func:`games_frame` (the rows as a polars DataFrame).
"""

from tote.sim.game_stats import GameAccumulator, GameStats, Scalar, StatTable, game_stats
from tote.sim.runner import (
    GameRow,
    GameSpec,
    SimPlan,
    games_frame,
    iter_rows,
    plan_games,
    play_bots,
    play_bots_recorded,
    play_row,
    run_games,
    run_plan,
)
from tote.sim.stats import SimSummary

__all__ = [
    "GameAccumulator",
    "GameRow",
    "GameSpec",
    "GameStats",
    "Scalar",
    "SimPlan",
    "SimSummary",
    "StatTable",
    "game_stats",
    "games_frame",
    "iter_rows",
    "plan_games",
    "play_bots",
    "play_bots_recorded",
    "play_row",
    "run_games",
    "run_plan",
]
