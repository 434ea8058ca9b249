"""The balance report's "What decides it" (issue 29): how much of who wins is the chance
elements (cards, decks, tiles) and how much the players' choices, and which single draw
moves the win chances most.

The battery plays ``K`` chance seeds, each with ``M`` line-ups of the same bots
(:mod:`tote.sim.report.replays`: the same chance stream, the bots turned one seat and
given new streams). The measure is seat 0's win (1, or 1/k in a k-way shared win). Its
variance over the ``K x M`` games splits, by a two-way analysis of variance without
replication (method-of-moments components, negative estimates set to 0), into:

- **chance**: between seeds, what the draws alone decide;
- **line-up**: between line-ups, which bot sits in seat 0 (the players' skill);
- **play**: the rest, how the same players played the same draws differently (their
  own randomness and how their choices meet the draws).

The three shares add up to 1; their 95% intervals are percentiles of a seeded
bootstrap over chance seeds. Choices are line-up and play together.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from tote.core.errors import OptionsError
from tote.core.game import GameOptions
from tote.core.registry import get_game
from tote.sim.play import seat_bots
from tote.sim.report.replays import Replay, replays
from tote.sim.report.section import Cell, Flag, ReportTable, Section
from tote.sim.report.section_figures import shares_figure

LINEUPS = 4
"""Line-ups played per chance seed (M)."""
MAX_GAMES = 100_000
"""The most games the section plays."""
BOOTSTRAP = 200
"""Bootstrap resamples of the chance seeds for the shares' intervals."""
CHANCE_DECIDES = 0.8
"""Flagged: chance explains more than this share of seat 0's wins."""
DRAW_EFFECT = 0.15
"""Flagged: a single draw moves seat 0's win share by more than this (and its
Bonferroni-corrected interval excludes 0)."""
SAME_CHANCE_NEEDED = 0.5
"""Below this share of replays that drew what their seed's first game drew, the same
seed is not the same chance, and the split is reported as not measured."""
MIN_GAMES = 5
"""A draw is compared only with this many games on each side."""
SHOWN = 10
"""Draws listed in the table."""


@dataclass(frozen=True)
class Shares:
    chance: float
    lineup: float
    play: float


def win_share(winners: Sequence[int], seat: int = 0) -> float:
    """A seat's part of the win: 1, 1/k of a k-way shared win, or 0."""
    return 1 / len(winners) if seat in winners else 0.0


def decompose(y: Sequence[Sequence[float]]) -> Shares | None:
    """The chance, line-up and play shares of the variance of ``y[seed][lineup]``
    (see the module's docstring); None when nothing varies or the table is too small."""
    k, m = len(y), len(y[0]) if y else 0
    if k < 2 or m < 2:
        return None
    mean = sum(map(sum, y)) / (k * m)
    seeds = [sum(r) / m for r in y]
    lineups = [sum(r[j] for r in y) / k for j in range(m)]
    ss_seed = m * sum((a - mean) ** 2 for a in seeds)
    ss_line = k * sum((b - mean) ** 2 for b in lineups)
    ss_res = sum((y[i][j] - seeds[i] - lineups[j] + mean) ** 2 for i in range(k) for j in range(m))
    ms_res = ss_res / ((k - 1) * (m - 1))
    chance = max(0.0, (ss_seed / (k - 1) - ms_res) / m)
    lineup = max(0.0, (ss_line / (m - 1) - ms_res) / k)
    total = chance + lineup + ms_res
    if total <= 0:
        return None
    return Shares(chance / total, lineup / total, ms_res / total)


def bootstrap(y: Sequence[Sequence[float]], seed: int) -> dict[str, tuple[float, float]]:
    """95% percentile intervals of the shares, resampling chance seeds."""
    rng = random.Random(seed)
    found: dict[str, list[float]] = {"chance": [], "lineup": [], "play": []}
    for _ in range(BOOTSTRAP):
        shares = decompose([y[rng.randrange(len(y))] for _ in y])
        if shares is not None:
            for name in found:
                found[name].append(getattr(shares, name))
    out = {}
    for name, values in found.items():
        values.sort()
        if values:
            out[name] = (values[int(0.025 * len(values))], values[int(0.975 * len(values)) - 1])
    return out


def draw_effects(games: Sequence[Replay]) -> list[dict[str, Any]]:
    """For every drawn item, seat 0's win share when it is drawn early (in the first
    quarter of the game's chance moves) against when it is not, with a 95% interval
    corrected for the number of items compared (Bonferroni), largest effect first."""
    early: list[set[str]] = []
    every: set[str] = set()
    for g in games:
        first = max(1, math.ceil(len(g.tokens) / 4))
        early.append({t for move in g.tokens[:first] for t in move})
        every |= {t for move in g.tokens for t in move}
    wins = [win_share(g.winners) for g in games]
    candidates = []
    for token in every:
        on = [w for w, e in zip(wins, early, strict=True) if token in e]
        off = [w for w, e in zip(wins, early, strict=True) if token not in e]
        if len(on) >= MIN_GAMES and len(off) >= MIN_GAMES:
            candidates.append((token, on, off))
    if not candidates:
        return []
    z = statistics.NormalDist().inv_cdf(1 - 0.025 / len(candidates))
    effects: list[dict[str, Any]] = []
    for token, on, off in candidates:
        d = statistics.fmean(on) - statistics.fmean(off)
        se = math.sqrt(statistics.variance(on) / len(on) + statistics.variance(off) / len(off))
        effects.append(
            {
                "draw": token,
                "games_early": len(on),
                "games_not": len(off),
                "difference": d,
                "low": d - z * se,
                "high": d + z * se,
            }
        )
    effects.sort(key=lambda e: (-abs(float(e["difference"])), str(e["draw"])))
    return effects


def decides_section(
    game_id: str,
    players: int,
    options: GameOptions,
    bots: Sequence[str],
    games: int,
    seed: int,
    workers: int,
) -> Section:
    """Play about ``games`` games (``games // LINEUPS`` chance seeds from ``seed``, each
    with :data:`LINEUPS` line-ups of ``bots``) and say what decides them (issue 29,
    "What decides it")."""
    game = get_game(game_id)
    game.check_players(players)
    if not 2 * LINEUPS <= games <= MAX_GAMES:
        raise OptionsError(
            f"What decides it needs {2 * LINEUPS} to {MAX_GAMES:,} games, not {games}"
        )
    seats = seat_bots(list(bots), players)
    seeds = [seed + i for i in range(games // LINEUPS)]
    played = [
        g for batch in replays(game_id, options, seats, seeds, LINEUPS, workers) for g in batch
    ]
    y = [
        [win_share(g.winners) for g in played[i * LINEUPS : (i + 1) * LINEUPS]]
        for i in range(len(seeds))
    ]
    shares = decompose(y)
    intervals = bootstrap(y, seed)
    same = _same_chance(played)
    effects = draw_effects(played)
    per_bot = _per_bot(played, len(seeds), seats)
    summary = [
        f"{len(seeds)} chance seeds were each played by {LINEUPS} line-ups of the bots "
        f"({', '.join(seats)}), turned one seat each time and with fresh choices: "
        f"{len(played)} games. In {same:.0%} of the replays every chance draw was the same "
        "as in the seed's first game"
        + (
            "."
            if same == 1
            else "; in the others the players' moves changed which draws were made, and "
            "the same random numbers were read against what they left."
        )
    ]
    flags: list[Flag] = []
    rows: list[list[str | int | float | None]] = []
    if shares is None:
        summary.append("Seat 0's result never varied, so there is nothing to split.")
    elif same < SAME_CHANCE_NEEDED:
        summary.append(
            f"So chance and choices cannot be told apart in this game: with only {same:.0%} "
            "of the replays drawing what their seed's first game drew, the 'same chance' "
            "differs from game to game and the analysis counts most of chance as the "
            f"players' (it finds chance {shares.chance:.0%}, choices "
            f"{shares.lineup + shares.play:.0%}). Read it as a floor for chance, not as "
            "its share; the draws that move the win chances are still compared below."
        )
        flags.append(
            Flag(
                "warn",
                f"Chance against choices is not measured: only {same:.0%} of the replays kept "
                f"their seed's draws (threshold {SAME_CHANCE_NEEDED:.0%}), because the "
                "players' moves decide which draws are made (e.g. which horse a die moves).",
            )
        )
    else:
        choices = shares.lineup + shares.play
        summary.append(
            f"Chance explains {shares.chance:.0%} of the variation in whether seat 0 wins, "
            f"the players' choices {choices:.0%}: {shares.lineup:.0%} is who sits there "
            f"(the bots' strength) and {shares.play:.0%} how the same players played the "
            "same draws."
        )
        for name, label in (
            ("chance", "chance (between seeds)"),
            ("lineup", "line-up (which bot sits in seat 0)"),
            ("play", "play (same draws, same bots, other choices)"),
        ):
            low, high = intervals.get(name, (None, None))
            rows.append([label, round(getattr(shares, name), 3), _round(low), _round(high)])
        level: Literal["ok", "warn"] = "warn" if shares.chance > CHANCE_DECIDES else "ok"
        flags.append(
            Flag(
                level,
                f"Chance explains {shares.chance:.0%} of seat 0's wins "
                f"({'above' if level == 'warn' else 'not above'} the {CHANCE_DECIDES:.0%} "
                "threshold for a game the players hardly decide).",
            )
        )
    big = [
        e for e in effects if abs(e["difference"]) > DRAW_EFFECT and (e["low"] > 0 or e["high"] < 0)
    ]
    for e in big[:3]:
        flags.append(
            Flag(
                "warn",
                f"Drawing {e['draw']} early moves seat 0's win share by "
                f"{e['difference']:+.0%} ({e['low']:+.0%} to {e['high']:+.0%}), more than "
                f"{DRAW_EFFECT:.0%} (Bonferroni-corrected 95% interval).",
            )
        )
    if effects:
        top = effects[0]
        clear = top["low"] > 0 or top["high"] < 0
        summary.append(
            f"The single draw that moves the win chances most: {top['draw']} drawn early "
            f"changes seat 0's win share by {top['difference']:+.0%} "
            f"({top['low']:+.0%} to {top['high']:+.0%})"
            + (
                "."
                if clear
                else "; its interval includes no change, so no single draw stands out "
                "in these games."
            )
        )
    rows_bot: list[list[Cell]] = [
        [bot, round(b.chance, 3), round(b.lineup, 3), round(b.play, 3)]
        for bot, b in per_bot.items()
    ]
    measured = shares is not None and same >= SAME_CHANCE_NEEDED
    if not measured:
        per_bot = {}
    if per_bot:
        for bot, b in per_bot.items():
            summary.append(
                f"Whether {bot} wins: chance {b.chance:.0%}, the seats it sits in "
                f"{b.lineup:.0%}, how the same players played the same draws {b.play:.0%}."
            )
    tables = [
        ReportTable(
            "Where the variation in seat 0's wins comes from",
            ["part", "share", "low 95%", "high 95%"],
            rows,
            f"Two-way analysis of variance of seat 0's win; intervals: {BOOTSTRAP} "
            "bootstrap resamples of the chance seeds (seeded), percentiles.",
        ),
        ReportTable(
            "Draws that move seat 0's win share most",
            ["draw (early)", "games early", "games not", "difference", "low", "high"],
            [
                [
                    e["draw"],
                    e["games_early"],
                    e["games_not"],
                    *(round(e[k], 3) for k in ("difference", "low", "high")),
                ]
                for e in effects[:SHOWN]
            ],
            "Early: in the first quarter of the game's chance draws. Intervals are 95%, "
            "Bonferroni-corrected for the number of draws compared.",
        ),
    ]
    if per_bot:
        tables.insert(
            1,
            ReportTable(
                "Where the variation in each bot's wins comes from",
                ["bot", "chance", "seats", "play"],
                rows_bot,
                "The same analysis of each bot's win (its part, over the seats it holds); "
                "line-up here is which seats the bot sits in.",
            ),
        )
    data: dict[str, Any] = {
        "games": len(played),
        "chance_seeds": len(seeds),
        "lineups": LINEUPS,
        "bots": list(seats),
        "same_chance_share": same,
        "measured": measured,
        "shares": None
        if shares is None
        else {"chance": shares.chance, "lineup": shares.lineup, "play": shares.play},
        "intervals": {k: list(v) for k, v in intervals.items()},
        "per_bot": {
            bot: {"chance": b.chance, "lineup": b.lineup, "play": b.play}
            for bot, b in per_bot.items()
        },
        "draws": effects,
        "method": "two-way ANOVA variance components; bootstrap over chance seeds",
    }
    figures = []
    if measured:
        drawn = shares_figure(game.title, data["shares"], intervals)
        if drawn is not None:
            figures.append(drawn)
    return Section(
        id="decides",
        title="What decides it",
        summary=summary,
        tables=tables,
        figures=figures,
        flags=flags,
        data=data,
    )


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 3)


def _same_chance(played: Sequence[Replay]) -> float:
    """The share of replays (line-up 1 on) whose chance draws are all those of line-up 0."""
    first = {g.seed: g.draws for g in played if g.lineup == 0}
    others = [g for g in played if g.lineup != 0]
    if not others:
        return 1.0
    return sum(g.draws == first[g.seed] for g in others) / len(others)


def _per_bot(played: Sequence[Replay], seeds: int, seats: Sequence[str]) -> dict[str, Shares]:
    """Each bot's shares (when the seats hold more than one bot): the bot's win is its
    part of the win, summed over the seats it holds in a game."""
    names = sorted(set(seats))
    if len(names) < 2:
        return {}
    out = {}
    for name in names:
        y = [
            [
                sum(win_share(g.winners, s) for s, bot in enumerate(g.bots) if bot == name)
                for g in played[i * LINEUPS : (i + 1) * LINEUPS]
            ]
            for i in range(seeds)
        ]
        shares = decompose(y)
        if shares is not None:
            out[name] = shares
    return out
