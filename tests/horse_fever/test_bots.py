"""The bots: legal moves only, from the seat's observation; the odds bot beats random."""

from __future__ import annotations

from tote.games.horse_fever import GAME
from tote.games.horse_fever.bots import place_chances
from tote.sim import run_games


def test_odds_bot_games_end_with_legal_moves_only() -> None:
    """Every seat an odds bot, with and without the starred cards: the games end (an
    illegal bot move would raise)."""
    for variants in ([], ["advanced"]):
        summary = run_games(GAME.id, 3, 6, seed=11, bots=["odds"], variants=variants)
        assert summary.games == 6


def test_odds_bot_beats_random_players() -> None:
    summary = run_games(GAME.id, 4, 40, seed=1, bots=["odds", "random"])
    odds_wins = summary.wins[0] + summary.wins[2]
    random_wins = summary.wins[1] + summary.wins[3]
    assert odds_wins > 2 * random_wins


def test_estimated_chances_favour_the_higher_odds() -> None:
    """HF 0.10: horses on high odds are likelier to win; chances sum to 1 (win) and 3
    (first three)."""
    wins, shows = place_chances((0, 1, 2, 3, 4, 5))
    assert wins[0] > wins[5] and shows[0] > shows[5]
    assert abs(sum(wins) - 1) < 1e-9 and abs(sum(shows) - 3) < 1e-9
