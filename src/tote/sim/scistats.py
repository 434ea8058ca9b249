"""The laboratory's statistics from scipy: the chi-square tail, the Bradley-Terry fit
and bootstrap intervals (issue 29, "Statistics from a library").

scipy is in the ``lab`` extra, never needed to play: it is imported here, when a
number needs it, and a missing scipy is a :class:`~tote.core.errors.ToteError`
naming the extra to install. The core keeps its own small Wilson interval
(:func:`tote.core.tote_board.wilson`). This is the one module outside ``tote.envs``
that imports numpy, which scipy brings with it (tests/test_layout.py).

**Bradley-Terry on the Elo scale.** scipy has no Bradley-Terry model, so the
ratings are the minimum of its negative log-likelihood found by
``scipy.optimize.minimize`` (``trust-exact``, with the exact gradient and Hessian;
the term ``(sum x)^2 / 2`` fixes the free shift of every rating, then the mean is
set to 1500). With ``x = R ln(10) / 400``, a match between ``a`` and ``b`` won by
``a`` has probability ``1 / (1 + exp(x_b - x_a))``, and a draw counts half to each.
The likelihood is concave in ``x`` and the prior draw between every pair keeps its
maximum finite, so the optimum is unique; it agrees with Hunter's MM iteration (the
hand fit it replaces) to 1e-6 rating points in tests/sim/test_scistats.py.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from tote.core.errors import ToteError

EXTRA = "pip install 'tote[lab]'"
ELO_SCALE = 400.0 / math.log(10.0)
"""Elo points per natural-log unit of the Bradley-Terry strength."""
BOOTSTRAP_RESAMPLES = 400
"""Resamples of the games behind every bootstrap interval."""


def scipy_stats(purpose: str) -> Any:
    """``scipy.stats``, or a refusal naming what needs it and the extra to install."""
    try:
        import scipy.stats
    except ImportError:
        raise ToteError(f"{purpose} needs scipy: {EXTRA}") from None
    return scipy.stats


def chi2_survival(x: float, dof: int) -> float:
    """P(X >= x) for a chi-square variable with ``dof`` degrees of freedom
    (``scipy.stats.chi2.sf``)."""
    stats = scipy_stats("the seat-order test")
    return float(stats.chi2.sf(x, dof))


def bradley_terry(points: Any, played: Any, base: float) -> list[float]:
    """Ratings on the Elo scale, mean ``base``, from ``points[a][b]`` (what ``a`` took
    from ``b``, prior included) and ``played[a][b]`` (matches, prior included), both
    square numpy arrays with zero diagonals."""
    scipy_stats("the Bradley-Terry ratings")
    import numpy as np
    from scipy.optimize import minimize

    points = np.asarray(points, dtype=float)
    played = np.asarray(played, dtype=float)
    size = points.shape[0]
    ones = np.ones((size, size))

    def parts(x: Any) -> tuple[Any, Any]:
        diff = x[:, None] - x[None, :]
        return diff, -np.logaddexp(0.0, -diff)  # log P(a beats b)

    def objective(x: Any) -> float:
        _, log_p = parts(x)
        return -float((points * log_p).sum()) + 0.5 * float(x.sum()) ** 2

    def gradient(x: Any) -> Any:
        _, log_p = parts(x)
        return -((points - played * np.exp(log_p)).sum(axis=1)) + x.sum()

    def hessian(x: Any) -> Any:
        _, log_p = parts(x)
        p = np.exp(log_p)
        weight = played * p * (1.0 - p)
        return np.diag(weight.sum(axis=1)) - weight + ones

    # trust-exact's step divides 0 by 0 once its region has shrunk to the optimum's
    # neighbourhood (a lopsided table); the step it takes then is sound, so numpy's
    # warning would only alarm the reader of a tournament's table.
    with np.errstate(divide="ignore", invalid="ignore"):
        fit = minimize(
            objective,
            np.zeros(size),
            jac=gradient,
            hess=hessian,
            method="trust-exact",
            options={"gtol": 1e-10, "maxiter": 1000},
        )
    x = fit.x - fit.x.mean()
    return [base + ELO_SCALE * float(v) for v in x]


def bootstrap_ratings(
    game_pairs: Sequence[Sequence[tuple[int, int, float]]],
    size: int,
    prior: float,
    base: float,
    seed: int,
    resamples: int = BOOTSTRAP_RESAMPLES,
) -> list[tuple[float, float]]:
    """95% percentile bootstrap intervals of every bot's rating over the games.

    ``game_pairs[g]`` holds game ``g``'s matches as (bot a, bot b, a's points), bots
    numbered 0 to ``size - 1``; each resample draws the games with replacement
    (numpy's generator seeded with ``seed``, so the intervals are the same run after
    run) and refits."""
    import numpy as np

    count = len(game_pairs)
    if count == 0:
        return [(base, base)] * size
    game_points = np.zeros((count, size, size))
    game_matches = np.zeros_like(game_points)
    for g, pairs in enumerate(game_pairs):
        for a, b, got in pairs:
            game_points[g, a, b] += got
            game_points[g, b, a] += 1.0 - got
            game_matches[g, a, b] += 1
            game_matches[g, b, a] += 1
    rng = np.random.default_rng(seed)
    fits = np.empty((resamples, size))
    for r in range(resamples):
        weights = rng.multinomial(count, np.full(count, 1.0 / count))
        points = np.tensordot(weights, game_points, axes=1) + prior / 2
        played = np.tensordot(weights, game_matches, axes=1) + prior
        np.fill_diagonal(points, 0.0)
        np.fill_diagonal(played, 0.0)
        fits[r] = bradley_terry(points, played, base)
    low, high = np.percentile(fits, [2.5, 97.5], axis=0)
    return [(float(a), float(b)) for a, b in zip(low, high, strict=True)]
