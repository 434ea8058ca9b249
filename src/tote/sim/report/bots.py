"""The report's "Bots" section (issue 29): each bot's win share and rating, with 95%
intervals by bootstrap over games, at every player count asked.

- **Win share** of a bot: the seat-games it won over the seat-games it played (a shared
  win counts), the bots turned one seat each game.
- **Rating**: the Elo-scale Bradley-Terry fit of :func:`tote.sim.tournament.elo_ratings`
  (every pair of seats held by different bots in a game is one match; mean 1500).
- **Intervals**: percentile bootstrap over games: the games are drawn again with
  replacement :data:`SHARE_RESAMPLES` times for the shares (``scipy.stats.bootstrap``)
  and :data:`RATING_RESAMPLES` times for the ratings, from
  ``numpy.random.default_rng(seed)``, so a report's intervals are the same for the same
  seed. Drawing whole games keeps the seats of one
  game together (they are not independent).
- **Flag**: the bots are told apart when the best bot's win-share interval lies wholly
  above the worst's; when they overlap, the game rewards the better bot's play little
  at these numbers of games (or the bots play alike).
- A bot that never (or always) won has a bootstrap interval of no width; its share's
  interval is then the 95% Wilson interval.

- **Review accuracy**: the mean, over a bot's seat-games in the reviewed games, of the
  accuracy issue 26's review gives the seat (docs/review.md), with a bootstrap interval
  over games (:mod:`tote.sim.report.accuracy`).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from tote.core.tote_board import wilson
from tote.sim.report.figures import PANELS_PER_ROW, game_title, panel_grid, percent_axis, to_report
from tote.sim.report.section import Flag, ReportFigure, ReportTable, Section, share_range
from tote.sim.runner import GameRow
from tote.sim.tournament import elo_ratings

SHARE_RESAMPLES = 2000
RATING_RESAMPLES = 200


def _percent(accuracy: float) -> str:
    """An accuracy (the review's 0 to 100) as "85%"."""
    return f"{accuracy:.0f}%"


def _percent_range(a: Mapping[str, float]) -> str:
    return f"{a['low']:.0f}%-{a['high']:.0f}%"


def review_lines(accuracy: Mapping[str, Any] | None) -> list[str]:
    """The summary's words on review accuracy (none asked: how to ask)."""
    if not accuracy or not accuracy["games"]:
        return [
            "Review accuracy (how close each bot's bets come to the best the tote board "
            "finds, from what its seat knew; docs/review.md) was not measured: ask for it "
            "with --review-games N."
        ]
    ranked = sorted(accuracy["bots"].items(), key=lambda item: -item[1]["mean"])
    listed = "; ".join(f"{bot} {_percent(a['mean'])} ({_percent_range(a)})" for bot, a in ranked)
    return [
        f"Review accuracy over {accuracy['games']} reviewed games of {accuracy['players']} "
        f"players (each decision's value against the best, from what the seat knew then; "
        f"100% plays the board's best every time, docs/review.md): {listed}."
    ]


def _accuracy_table(accuracy: Mapping[str, Any] | None) -> list[ReportTable]:
    if not accuracy or not accuracy["bots"]:
        return []
    table = ReportTable(
        title="Review accuracy per bot",
        columns=["Bot", "Seat-games reviewed", "Accuracy", "95% interval"],
        note=f"{accuracy['games']} games of {accuracy['players']} players reviewed whole "
        f"(tote review); interval: percentile bootstrap over games ({accuracy['resamples']} "
        "resamples).",
    )
    for bot, a in sorted(accuracy["bots"].items(), key=lambda item: -item[1]["mean"]):
        table.rows.append([bot, a["seat_games"], _percent(a["mean"]), _percent_range(a)])
    return [table]


def bot_names(rows: Sequence[GameRow]) -> list[str]:
    """The bots that played, in the order they first sat."""
    return list(dict.fromkeys(bot for row in rows for bot in row.bots))


def _pair_points(row: GameRow, index: Mapping[str, int], size: int) -> tuple[Any, Any]:
    import numpy as np

    points = np.zeros((size, size))
    matches = np.zeros((size, size))
    for i, j in itertools.combinations(range(len(row.bots)), 2):
        a, b = index[row.bots[i]], index[row.bots[j]]
        if a == b:
            continue
        ranks = row.ranking[i], row.ranking[j]
        got = 1.0 if ranks[0] < ranks[1] else 0.5 if ranks[0] == ranks[1] else 0.0
        points[a, b] += got
        points[b, a] += 1.0 - got
        matches[a, b] += 1
        matches[b, a] += 1
    return points, matches


def share_interval(wins: Any, seat_games: Any, rng: Any) -> tuple[Any, Any]:
    """Each bot's 95% percentile bootstrap interval of its win share, whole games drawn
    again (``scipy.stats.bootstrap``, paired: a game's wins and seat-games together;
    issue 29, "Statistics from a library"). ``wins`` and ``seat_games``: games x bots."""
    import numpy as np
    from scipy import stats

    def share(w: Any, g: Any, axis: int = -1) -> Any:
        return w.sum(axis=axis) / np.maximum(g.sum(axis=axis), 1)

    if len(wins) < 2:
        value = share(wins, seat_games, axis=0)
        return value, value
    result = stats.bootstrap(
        (wins, seat_games),
        share,
        n_resamples=SHARE_RESAMPLES,
        paired=True,
        vectorized=True,
        axis=0,
        confidence_level=0.95,
        method="percentile",
        random_state=rng,
    )
    return result.confidence_interval.low, result.confidence_interval.high


def _never_or_always(wins: int, games: int) -> dict[str, float]:
    """A bot that never (or always) won has a bootstrap interval of no width: every
    resample says the same. Its interval is then Wilson's, which says how high (or low)
    the share may still be."""
    if 0 < wins < games:
        return {}
    rate = wilson(wins, games)
    return {"share_low": rate.low, "share_high": rate.high}


def _ratings(names: Sequence[str], points: Any, matches: Any) -> list[float]:
    pts = {(a, b): float(points[i, j]) for i, a in enumerate(names) for j, b in enumerate(names)}
    mts = {(a, b): int(matches[i, j]) for i, a in enumerate(names) for j, b in enumerate(names)}
    fitted = elo_ratings(pts, mts, names)
    return [fitted[name] for name in names]


def bots_of(rows: Sequence[GameRow], players: int, seed: int) -> dict[str, Any]:
    """One player count's numbers: per bot seat-games, wins, share and rating, each
    with its bootstrap interval."""
    import numpy as np

    names = bot_names(rows)
    index = {name: k for k, name in enumerate(names)}
    size = len(names)
    n = len(rows)
    seat_games = np.zeros((n, size))
    wins = np.zeros((n, size))
    points = np.zeros((n, size, size))
    matches = np.zeros((n, size, size))
    for g, row in enumerate(rows):
        for seat, bot in enumerate(row.bots):
            seat_games[g, index[bot]] += 1
            wins[g, index[bot]] += seat in row.winners
        points[g], matches[g] = _pair_points(row, index, size)
    shares = wins.sum(0) / np.maximum(seat_games.sum(0), 1)
    ratings = _ratings(names, points.sum(0), matches.sum(0))
    rng = np.random.default_rng(seed)
    share_low, share_high = share_interval(wins, seat_games, rng)
    rating_draws = []
    for _ in range(RATING_RESAMPLES):
        weights = np.bincount(rng.integers(0, n, size=n), minlength=n).astype(float)
        rating_draws.append(
            _ratings(names, np.tensordot(weights, points, 1), np.tensordot(weights, matches, 1))
        )
    rating_low, rating_high = np.percentile(np.array(rating_draws), [2.5, 97.5], axis=0)
    bots: list[dict[str, Any]] = [
        {
            "bot": name,
            "seat_games": int(seat_games[:, k].sum()),
            "wins": int(wins[:, k].sum()),
            "share": float(shares[k]),
            "share_low": float(share_low[k]),
            "share_high": float(share_high[k]),
            **_never_or_always(int(wins[:, k].sum()), int(seat_games[:, k].sum())),
            "rating": ratings[k],
            "rating_low": float(rating_low[k]),
            "rating_high": float(rating_high[k]),
        }
        for k, name in enumerate(names)
    ]
    bots.sort(key=lambda b: (-b["rating"], b["bot"]))
    told_apart = len(bots) > 1 and bots[0]["share_low"] > bots[-1]["share_high"]
    return {"players": players, "games": n, "bots": bots, "told_apart": told_apart}


def _flag(entry: Mapping[str, Any]) -> Flag:
    best, worst = entry["bots"][0], entry["bots"][-1]
    n = entry["players"]
    text = (
        f"{n} players: {best['bot']} wins {best['share']:.1%} "
        f"({share_range(best['share_low'], best['share_high'])}), {worst['bot']} "
        f"{worst['share']:.1%} ({share_range(worst['share_low'], worst['share_high'])})"
    )
    if entry["told_apart"]:
        return Flag("ok", text + ": the intervals do not overlap, the better play shows.")
    return Flag(
        "warn",
        text + ": the intervals overlap, so at this many games the game does not tell the "
        "bots apart (threshold: the best bot's interval wholly above the worst's).",
    )


def _figure(entries: Sequence[Mapping[str, Any]], game_id: str) -> ReportFigure:
    fig, axes = panel_grid(len(entries))
    for ax, entry in zip(axes, entries, strict=True):
        bots = entry["bots"]
        values = [b["share"] for b in bots]
        errors = [
            [b["share"] - b["share_low"] for b in bots],
            [b["share_high"] - b["share"] for b in bots],
        ]
        ax.bar([b["bot"] for b in bots], values, yerr=errors, capsize=3, color="#6a9a58")
        ax.axhline(1 / entry["players"], color="#c0504d", linestyle="--", linewidth=1)
        ax.set_title(f"{entry['players']} players", fontsize="medium")
        ax.set_xlabel("bot")
        ax.tick_params(axis="x", labelrotation=20)
        percent_axis(ax)
    for ax in axes[::PANELS_PER_ROW]:
        ax.set_ylabel("win share of seat-games (95%)")
    fig.suptitle(f"{game_title(game_id)}: win share per bot, bots rotated")
    return to_report(
        fig,
        "Win share per bot",
        "Bars: each bot's share of its seat-games won, with 95% bootstrap intervals, one "
        "panel per player count; the dashed line is one game in N players.",
    )


def bots_section(
    game_id: str,
    rows: Mapping[int, Sequence[GameRow]],
    *,
    seed: int = 0,
    accuracy: Mapping[str, Any] | None = None,
) -> Section:
    """The section, from the battery's rows per player count (bootstrap seeded by
    ``seed``) and the review accuracy measured on some of them
    (:func:`tote.sim.report.accuracy.review_accuracy`), if asked."""
    named = list(dict.fromkeys(bot for n in rows for bot in bot_names(rows[n])))
    if len(named) < 2:
        return Section(
            id="bots",
            title="Bots",
            summary=[
                f"Only one bot ({', '.join(named) or 'none'}) played every seat, so there is "
                "nothing to compare: name two or more with --bots (e.g. --bots odds,random) "
                "to see each bot's win share and rating.",
                *review_lines(accuracy),
            ],
            tables=_accuracy_table(accuracy),
            data={"bots": named, "by_players": [], "review_accuracy": accuracy},
        )
    entries = [bots_of(rows[n], n, seed) for n in sorted(rows) if rows[n]]
    table = ReportTable(
        title="Win share and rating per bot",
        columns=[
            "Players",
            "Bot",
            "Seat-games",
            "Win share",
            "95% interval",
            "Rating",
            "95% interval",
        ],
        note=f"Intervals: percentile bootstrap over games ({SHARE_RESAMPLES} resamples for "
        f"shares, {RATING_RESAMPLES} for ratings); for a bot that never or always won, "
        "Wilson's interval. Rating: Elo scale, mean 1500, fitted "
        "to every pair of seats of different bots in every game; 200 points apart is "
        "about 3 to 1.",
    )
    for entry in entries:
        for b in entry["bots"]:
            table.rows.append(
                [
                    entry["players"],
                    b["bot"],
                    b["seat_games"],
                    f"{b['share']:.1%}",
                    share_range(b["share_low"], b["share_high"]),
                    f"{b['rating']:.0f}",
                    f"{b['rating_low']:.0f}-{b['rating_high']:.0f}",
                ]
            )
    summary = [
        "How each bot fares when the bots take turns in every seat: the share of the "
        "seat-games it won and its rating on the Elo scale. A game that rewards good play "
        "lets the stronger bot win clearly more often; if even a strong and a random bot "
        "are hard to tell apart, chance decides most games.",
        *review_lines(accuracy),
    ]
    return Section(
        id="bots",
        title="Bots",
        summary=summary,
        tables=[table, *_accuracy_table(accuracy)],
        figures=[_figure(entries, game_id)] if entries else [],
        flags=[_flag(e) for e in entries],
        data={
            "bots": named,
            "resamples": {"share": SHARE_RESAMPLES, "rating": RATING_RESAMPLES},
            "seed": seed,
            "by_players": entries,
            "review_accuracy": accuracy,
        },
    )
