"""Records: a finished Carcassonne match replays to the identical game."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tote.core import Match, Record
from tote.games.carcassonne import GAME
from tote.sim.runner import random_match


def all_views(match: Match) -> list[str]:
    seats: list[int | None] = [None, *range(match.state.num_players)]
    return [json.dumps(match.state.view(s), sort_keys=True) for s in seats]


@pytest.mark.parametrize(
    "options",
    [{}, {"bets": False}, {"river": True, "abbot": True}],
    ids=["bets", "base", "river-abbot"],
)
def test_seeded_record_replays_to_the_identical_game(options: dict[str, Any]) -> None:
    """A seeded match's record, through its JSON text, replays to the same views and result."""
    match = random_match(GAME, 3, options, 7)
    record = match.record()
    assert record.result is not None
    text = record.to_json_text()
    again = Match.replay(Record.from_json(json.loads(text)))
    assert all_views(again) == all_views(match)
    assert again.state.result() == match.state.result()


def test_record_without_seed_replays_from_its_chance_moves() -> None:
    """Every tile drawn is a chance move in the record: without the seed the game replays."""
    match = random_match(GAME, 2, {}, 11)
    data = json.loads(match.record().to_json_text())
    data["seed"] = None
    again = Match.replay(Record.from_json(data))
    assert again.state.result() == match.state.result()
