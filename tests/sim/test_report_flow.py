"""Issue 29, "How the game goes": lead changes and decisiveness (Ludii's LeadChange and
DecisivenessMoves) on hand-made score sequences, and the section's numbers against an
independent count from the rows."""

from __future__ import annotations

import statistics

import pytest

from tote.core.registry import get_game
from tote.sim.report.battery import plan_battery, run_battery
from tote.sim.report.game_flow import (
    decided_at,
    decisiveness_threshold,
    game_flow_section,
    lead_change_rate,
    lead_changes,
    score_trace,
)
from tote.sim.runner import GameRow

TRACE = [
    [0, 0, 0],  # s0: everyone level
    [5, 0, 0],  # seat 0 leads (change 1)
    [5, 7, 0],  # seat 1 leads (change 2)
    [5, 7, 8],  # seat 2 leads (change 3)
    [9, 7, 8],  # seat 0 leads (change 4); seat 0 is above 8, all a loser ever has
    [12, 7, 8],
]


def test_lead_changes_on_a_hand_made_game() -> None:
    """Issue 29, lead changes: a state whose leaders differ from the previous state's
    counts; the rate is over the T steps (here 4 of 5)."""
    assert lead_changes(TRACE) == 4
    assert lead_change_rate(TRACE) == pytest.approx(4 / 5)
    assert lead_changes([[1, 1], [1, 1], [2, 2]]) == 0


def test_decisiveness_on_a_hand_made_game() -> None:
    """Issue 29, decisiveness (Ludii's DecisivenessMoves): the threshold is the most any
    non-winner ever had (8); seat 0 is first above it before move 4 of 5: 4/5."""
    assert decisiveness_threshold(TRACE, (0,)) == 8
    assert decided_at(TRACE, (0,)) == pytest.approx(4 / 5)
    # The winner above the threshold from the start: decided at 0.
    assert decided_at([[3, 0], [3, 2], [4, 2]], (0,)) == 0.0
    # Only at the end (the final state is not counted, as in Ludii): 1.
    assert decided_at([[0, 0], [0, 1], [2, 1]], (0,)) == 1.0
    # Nobody won, or everybody did: none.
    assert decided_at(TRACE, ()) is None
    assert decided_at(TRACE, (0, 1, 2)) is None


@pytest.fixture(scope="module")
def rows() -> dict[int, list[GameRow]]:
    plan = plan_battery("horse-fever", players=[2, 3], games=10, seed=2, bots=["random"])
    return run_battery(plan).rows


def test_score_trace_ends_on_the_final_standings(rows: dict[int, list[GameRow]]) -> None:
    """Issue 29: replaying a row's record reads every seat's score after every move; the
    last state is the finished game's."""
    game = get_game("horse-fever")
    row = rows[3][0]
    assert row.record is not None
    trace = score_trace(game, row.record)
    assert len(trace) == row.moves + row.chance_moves + 1
    assert all(len(state) == 3 for state in trace)


def test_game_flow_section_matches_a_count_by_hand(rows: dict[int, list[GameRow]]) -> None:
    """Issue 29, How the game goes: length, no-winner and shared-win shares, eliminations
    and score spread recounted from the rows; lead and decisiveness from the traces."""
    section = game_flow_section("horse-fever", rows)
    assert section.title == "How the game goes"
    game = get_game("horse-fever")
    for entry in section.data["by_players"]:
        games = rows[entry["players"]]
        assert entry["moves"]["mean"] == pytest.approx(statistics.fmean(r.moves for r in games))
        assert entry["no_winner"]["games"] == sum(1 for r in games if not r.winners)
        assert entry["shared_wins"]["games"] == sum(1 for r in games if len(r.winners) > 1)
        assert entry["eliminations"]["games"] == sum(1 for r in games if r.columns["eliminated"])
        assert entry["score_spread"]["mean"] == pytest.approx(
            statistics.fmean(max(r.scores) - min(r.scores) for r in games)
        )
        traces = [(score_trace(game, r.record or b""), r.winners) for r in games]
        decided = [d for t, w in traces if (d := decided_at(t, w)) is not None]
        assert entry["decided_at"]["n"] == len(decided)
        if decided:
            assert entry["decided_at"]["mean"] == pytest.approx(statistics.fmean(decided))
        assert entry["lead_changes"]["mean"] == pytest.approx(
            statistics.fmean(lead_changes(t) for t, _ in traces)
        )
    assert "moves_values" not in section.data["by_players"][0]


def test_nobody_wins_is_flagged_over_five_percent(rows: dict[int, list[GameRow]]) -> None:
    """Issue 29: nobody winning in more than 5% of games is flagged (Horse Fever's random
    bots are often all eliminated)."""
    section = game_flow_section("horse-fever", rows)
    for entry in section.data["by_players"]:
        share = entry["no_winner"]["value"]
        text = f"{entry['players']} players: nobody wins"
        flag = next(f for f in section.flags if f.text.startswith(text))
        assert flag.level == ("warn" if share > 0.05 else "ok")
