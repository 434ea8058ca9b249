"""Simulation: many bot-only games, summarised. Front ends call :func:`run_games`."""

from tote.sim.runner import (
    SimPlan,
    SimSummary,
    plan_games,
    play_bots,
    play_bots_recorded,
    record_path,
    run_games,
    run_plan,
)

__all__ = [
    "SimPlan",
    "SimSummary",
    "plan_games",
    "play_bots",
    "play_bots_recorded",
    "record_path",
    "run_games",
    "run_plan",
]
