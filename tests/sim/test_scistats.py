"""Issue 29, "Statistics from a library": the chi-square tail and the Bradley-Terry fit
come from scipy, agree with independent reference values and with the hand fit they
replace, and ratings carry seeded bootstrap intervals."""

from __future__ import annotations

import builtins
import itertools
import math
import random
import warnings
from typing import Any

import pytest

from tote.core.errors import ToteError
from tote.sim import run_games
from tote.sim.scistats import chi2_survival
from tote.sim.tournament import elo_ratings, plan_tournament, run_tournament

# Upper-tail chi-square values from printed tables (Pearson and Hartley) and R's
# pchisq(x, dof, lower.tail = FALSE).
CHI2_TABLE = [
    (3.841459, 1, 0.05),
    (6.634897, 1, 0.01),
    (9.210340, 2, 0.01),
    (10.0, 3, 0.01856614),
    (14.067140, 7, 0.05),
    (18.307038, 10, 0.05),
    (31.410433, 20, 0.05),
    (2.0, 5, 0.8491450),
]


@pytest.mark.parametrize(("x", "dof", "p"), CHI2_TABLE)
def test_chi_square_tail_is_the_tables(x: float, dof: int, p: float) -> None:
    """scipy.stats.chi2.sf against published values, to 1e-6."""
    assert chi2_survival(x, dof) == pytest.approx(p, abs=1e-6)


def hunter_mm(
    points: dict[tuple[str, str], float], matches: dict[tuple[str, str], int], names: list[str]
) -> dict[str, float]:
    """The hand fit tote used before issue 29 (Hunter's MM iteration, prior one drawn
    match per pair, mean 1500): the reference the scipy fit must agree with."""
    score = {a: sum(points.get((a, b), 0.0) + 0.5 for b in names if b != a) for a in names}
    played = {(a, b): matches.get((a, b), 0) + 1.0 for a in names for b in names if a != b}
    gamma = dict.fromkeys(names, 1.0)
    for _ in range(100_000):
        new = {
            a: score[a] / sum(played[a, b] / (gamma[a] + gamma[b]) for b in names if b != a)
            for a in names
        }
        mean_log = sum(math.log(g) for g in new.values()) / len(new)
        new = {a: g / math.exp(mean_log) for a, g in new.items()}
        done = max(abs(math.log(new[a] / gamma[a])) for a in names) < 1e-13
        gamma = new
        if done:
            break
    return {a: 1500 + 400 * math.log10(gamma[a]) for a in names}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_bradley_terry_from_scipy_agrees_with_the_hand_fit(seed: int) -> None:
    """Five bots, random results: scipy.optimize's ratings equal the MM fit's to 1e-6."""
    rng = random.Random(seed)
    names = list("abcde")
    points: dict[tuple[str, str], float] = {}
    matches: dict[tuple[str, str], int] = {}
    for a, b in itertools.combinations(names, 2):
        n = rng.randint(0, 40)
        won = rng.randint(0, 2 * n) / 2
        points[a, b], points[b, a] = won, n - won
        matches[a, b] = matches[b, a] = n
    fitted = elo_ratings(points, matches, names)
    reference = hunter_mm(points, matches, names)
    for name in names:
        assert fitted[name] == pytest.approx(reference[name], abs=1e-6)


def test_a_lopsided_table_fits_without_a_warning_and_as_the_hand_fit() -> None:
    """A Wits & Wagers table of 100 games where one bot won 81 (2026-11-29): the fit
    printed numpy's "invalid value encountered in scalar divide" under the table.
    It is silent now, and still the MM fit's to 1e-4 rating points."""
    names = ["hard", "normal", "easy", "random"]
    won = [[0, 83, 91, 95.5], [17, 0, 63, 59.5], [9, 37, 0, 48], [4.5, 40.5, 52, 0]]
    points = {(a, b): float(won[i][j]) for i, a in enumerate(names) for j, b in enumerate(names)}
    matches = {(a, b): 100 for a in names for b in names if a != b}
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        fitted = elo_ratings(points, matches, names)
    reference = hunter_mm(points, matches, names)
    for name in names:
        assert fitted[name] == pytest.approx(reference[name], abs=1e-4)


def test_a_seeded_tournament_rates_as_before_with_intervals() -> None:
    """A seeded round robin: the ratings are the hand fit's on its matches (1e-6), each
    has a 95% bootstrap interval around it, and the interval is the same on a rerun."""
    result = run_tournament("winners-circle", 3, 12, ["odds", "random"], seed=3)
    data = result.to_json()
    reference = hunter_mm(result.points, result.matches, list(result.bots))
    again = run_tournament("winners-circle", 3, 12, ["odds", "random"], seed=3)
    for entry, rerun in zip(data["bots_stats"], again.to_json()["bots_stats"], strict=True):
        assert entry["rating"] == pytest.approx(reference[entry["bot"]], abs=1e-6)
        bounds = entry["rating_interval"]
        assert bounds["low"] < entry["rating"] < bounds["high"]
        assert rerun["rating_interval"] == bounds


def test_without_scipy_the_lab_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    """scipy is only imported by the lab, lazily: without it a run still plays (its
    seat-order p-value is None) and a tournament is refused naming tote[lab]."""
    real_import = builtins.__import__

    def no_scipy(name: str, *args: Any, **kwargs: Any) -> Any:
        if name.split(".")[0] == "scipy":
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_scipy)
    summary = run_games("winners-circle", 2, 3)
    assert summary.seat_order is not None and summary.seat_order.p_value is None
    with pytest.raises(ToteError, match=r"needs scipy: pip install 'tote\[lab\]'"):
        plan_tournament("winners-circle", 2, 2, ["odds", "random"])
