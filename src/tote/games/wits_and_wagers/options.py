"""Wits & Wagers options: teams, the betting mode, rulings and time limits."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from tote.core.data import DataPath
from tote.core.game import GameOptions

NAME_LENGTH = 40
"""Longest team or member name, in characters (a seat's name at a server table, too)."""
MOST_SECONDS = 24 * 60 * 60
"""Longest time limit of a step: a day, for correspondence play."""


class Member(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str = Field(min_length=1, max_length=NAME_LENGTH)
    age: int | None = Field(default=None, ge=0, le=150)
    """Ages break a final tie (rulebook, Winning the Game)."""


class Team(BaseModel):
    """One seat at the table: a player, or a team of 1 to 3 (Playing in Teams)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str = Field(min_length=1, max_length=NAME_LENGTH)
    members: tuple[Member, ...] = Field(min_length=1, max_length=3)


class WitsAndWagersOptions(GameOptions):
    teams: tuple[Team, ...] = Field(default=(), max_length=7)
    """The seats' teams, seat 0 first. Empty: every seat is one player (no ages)."""
    betting: Literal["open", "secret"] = "open"
    """Open: bets are visible and may be moved until each seat locks them (the
    rulebook's timer). Secret: bets are hidden and revealed together (the
    variant the rulebook refers to)."""
    chip_back_in_points: bool = False
    """Ruling B4-1. Default: a winning bet earns odds x stake in new chips and its
    poker chips back (a bare chip on 2 to 1 earns 2). House rule: the betting
    chip's point is paid as well (a bare chip on 2 to 1 earns 3)."""
    question_pack: DataPath | None = None
    """A CSV or JSON pack of your own questions instead of the shipped bank."""
    answer_seconds: int | None = Field(default=30, ge=1, le=MOST_SECONDS)
    """Step 1: 30 seconds to answer. ``None``: no time limit."""
    bet_seconds: int | None = Field(default=30, ge=1, le=MOST_SECONDS)
    """Step 3: 30 seconds to bet. ``None``: no time limit."""
    team_extra_seconds: int = Field(default=0, ge=0, le=60)
    """Playing in Teams: 10 to 20 extra seconds when teams have several players."""
