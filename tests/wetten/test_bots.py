"""The bots: they play whole games from their observation only, and the tipster
beats random play."""

from __future__ import annotations

from tote.sim import run_games


def test_tipster_plays_legal_games_in_every_variant() -> None:
    """Every move a tipster makes is checked like a player's (an illegal one fails)."""
    for variant in ("beginners", "make-it-professional", "unlimited-bank"):
        summary = run_games("wetten", 3, 3, seed=11, bots=["tipster"], variants=[variant])
        assert sum(summary.wins) >= 3


def test_tipster_beats_random_players() -> None:
    """Betting on the horses its hand favours and playing toward its bets wins more
    than the random seats (on fixed seeds)."""
    summary = run_games("wetten", 4, 30, seed=0, bots=["tipster", "random"])
    tipster = summary.wins[0] + summary.wins[2]
    random_seats = summary.wins[1] + summary.wins[3]
    assert tipster > 3 * random_seats
