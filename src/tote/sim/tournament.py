"""A round robin of bots: ``tote tournament GAME --bots a,b,c``.

**Tables.** With at least as many bots as seats, every set of ``players`` different
bots meets at one table; with fewer, one table seats them all, cycled round the seats
(``a,b`` at three seats: ``a, b, a``). Each table plays its games with the runner's
rotation (:attr:`tote.sim.runner.SimPlan.rotate`): game ``i`` turns the bots ``i``
seats, and the games per table are a multiple of the seats, so every bot sits in
every seat equally often. Every table plays the same seeds (common random numbers:
the bots meet the same deals).

**Win rate**: a bot's seat-games won (a shared win counts), with its 95% Wilson
interval.

**Rating**: the Elo scale fitted to the whole tournament, not updated game by game
(an Elo run over a fixed set of games depends on their order; this does not).
Every game is read as one match between each pair of seats held by different bots:
1 to the better-ranked, 0.5 each for equal ranks. The ratings ``R`` are the maximum
likelihood ones of the Bradley-Terry model on the Elo scale,

    P(a beats b) = 1 / (1 + 10 ** ((R_b - R_a) / 400)),

found with ``scipy.optimize`` (:func:`tote.sim.scistats.bradley_terry`; scipy has
no Bradley-Terry model of its own); the mean rating is 1500. Every pair of bots
starts with one drawn match (a prior), so a bot that never loses still gets a finite
rating. Two bots where ``a`` took 3 points of 4 have
``R_a - R_b = 400 log10(3.5 / 1.5) = 147.2``.

**Rating interval** (issue 29): the 95% percentile bootstrap over the games (every
table's games drawn with replacement, the ratings refitted each time), seeded with
the tournament's seed so it is the same run after run
(:func:`tote.sim.scistats.bootstrap_ratings`).
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tote.bots import Budget
from tote.core.errors import OptionsError
from tote.core.game import Game
from tote.core.tote_board import Estimate, wilson
from tote.sim.runner import GameRow, SimPlan, plan_games, run_plan
from tote.sim.scistats import bootstrap_ratings, bradley_terry, scipy_stats
from tote.sim.tournament_keep import KeptGames, tournament_header

BASE = 1500.0
PRIOR_DRAWS = 1.0
"""Drawn matches every pair of bots starts with."""
MAX_TABLES = 1000
MAX_BOTS = 20

TableProgress = Callable[[int, int, int, int], None]
"""Called after each game with (table, tables, games done at that table, its games); and,
as ``kept_progress``, once with the games of a table read from a kept file, not played."""


def tables_for(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The round robin's tables, each a seating for game 0 of that table."""
    if len(bots) <= players:
        return [tuple(bots[seat % len(bots)] for seat in range(players))]
    return list(itertools.combinations(bots, players))


def games_per_table(games: int, players: int) -> int:
    """``games`` rounded up to a multiple of the seats, so the rotation is complete."""
    return -(-games // players) * players


def elo_ratings(
    points: Mapping[tuple[str, str], float],
    matches: Mapping[tuple[str, str], int],
    bots: Sequence[str],
    *,
    prior: float = PRIOR_DRAWS,
) -> dict[str, float]:
    """Bradley-Terry ratings on the Elo scale (see the module's docstring).

    ``points[a, b]`` is what ``a`` scored against ``b`` over ``matches[a, b]`` (the same
    as ``matches[b, a]``) matches.
    """
    names = list(dict.fromkeys(bots))
    if len(names) < 2:
        return dict.fromkeys(names, BASE)
    won = [[0.0 if a == b else points.get((a, b), 0.0) + prior / 2 for b in names] for a in names]
    played = [[0.0 if a == b else matches.get((a, b), 0) + prior for b in names] for a in names]
    return dict(zip(names, bradley_terry(won, played, BASE), strict=True))


@dataclass
class _BotSums:
    games: int = 0
    wins: int = 0
    score: float = 0.0


@dataclass
class TournamentResult:
    game: str
    players: int
    games_per_table: int
    seed: int
    bots: tuple[str, ...]
    tables: list[tuple[str, ...]]
    options: dict[str, Any]
    sums: dict[str, _BotSums] = field(default_factory=dict)
    points: dict[tuple[str, str], float] = field(default_factory=dict)
    matches: dict[tuple[str, str], int] = field(default_factory=dict)
    seat_games: dict[tuple[str, int], int] = field(default_factory=dict)
    """(bot, seat) -> games: every bot sits in every seat equally often."""
    game_pairs: list[tuple[tuple[int, int, float], ...]] = field(default_factory=list)
    """Per game, its matches as (bot a, bot b, a's points): what the bootstrap resamples."""
    intervals_cache: dict[int, dict[str, tuple[float, float]]] = field(default_factory=dict)

    def add(self, row: GameRow) -> None:
        """Count one game: each seat for its bot, each pair of different bots as a match."""
        for seat, bot in enumerate(row.bots):
            sums = self.sums.setdefault(bot, _BotSums())
            sums.games += 1
            sums.wins += seat in row.winners
            sums.score += row.scores[seat]
            self.seat_games[bot, seat] = self.seat_games.get((bot, seat), 0) + 1
        index = {bot: k for k, bot in enumerate(self.bots)}
        pairs: list[tuple[int, int, float]] = []
        for i, j in itertools.combinations(range(len(row.bots)), 2):
            a, b = row.bots[i], row.bots[j]
            if a == b:
                continue
            ra, rb = row.ranking[i], row.ranking[j]
            got = 1.0 if ra < rb else 0.5 if ra == rb else 0.0
            pairs.append((index[a], index[b], got))
            self.points[a, b] = self.points.get((a, b), 0.0) + got
            self.points[b, a] = self.points.get((b, a), 0.0) + 1.0 - got
            self.matches[a, b] = self.matches.get((a, b), 0) + 1
            self.matches[b, a] = self.matches.get((b, a), 0) + 1
        self.game_pairs.append(tuple(pairs))

    def win_rate(self, bot: str) -> Estimate:
        sums = self.sums.get(bot, _BotSums())
        return wilson(sums.wins, sums.games)

    def ratings(self) -> dict[str, float]:
        return elo_ratings(self.points, self.matches, self.bots)

    def rating_intervals(self) -> dict[str, tuple[float, float]]:
        """Each bot's 95% bootstrap interval of its rating (the module's docstring);
        computed once per number of games counted."""
        cached = self.intervals_cache.get(len(self.game_pairs))
        if cached is not None:
            return cached
        bounds = bootstrap_ratings(self.game_pairs, len(self.bots), PRIOR_DRAWS, BASE, self.seed)
        intervals = dict(zip(self.bots, bounds, strict=True))
        self.intervals_cache = {len(self.game_pairs): intervals}
        return intervals

    def standings(self) -> list[str]:
        """The bots, best rating first (ties by name)."""
        ratings = self.ratings()
        return sorted(self.bots, key=lambda b: (-ratings[b], b))

    def _repr_html_(self) -> str:
        """How Jupyter shows it: tables and a plot (:mod:`tote.sim.notebook`; issue 29)."""
        from tote.sim.notebook import tournament_html

        return tournament_html(self)

    def to_json(self) -> dict[str, Any]:
        ratings = self.ratings()
        intervals = self.rating_intervals()
        return {
            "tournament": True,
            "game": self.game,
            "players": self.players,
            "games_per_table": self.games_per_table,
            "seed": self.seed,
            "options": self.options,
            "tables": [list(t) for t in self.tables],
            "rating": "Bradley-Terry maximum likelihood on the Elo scale (mean 1500), "
            "one drawn match between every pair as a prior",
            "bots_stats": [
                {
                    "bot": bot,
                    "games": self.sums[bot].games,
                    "wins": self.sums[bot].wins,
                    "win_rate": self.win_rate(bot).to_json(),
                    "mean_score": self.sums[bot].score / self.sums[bot].games,
                    "rating": ratings[bot],
                    "rating_interval": {"low": intervals[bot][0], "high": intervals[bot][1]},
                    "seats": [self.seat_games.get((bot, s), 0) for s in range(self.players)],
                }
                for bot in self.standings()
                if bot in self.sums
            ],
            "pairwise": {
                a: {
                    b: {"points": self.points.get((a, b), 0.0), "matches": self.matches[a, b]}
                    for b in self.bots
                    if (a, b) in self.matches
                }
                for a in self.bots
            },
        }


@dataclass(frozen=True)
class TournamentPlan:
    """A checked round robin, ready to play: every refusal has already happened."""

    bots: tuple[str, ...]
    tables: list[tuple[str, ...]]
    plans: list[SimPlan]


def plan_tournament(
    game: Game | str,
    players: int,
    games: int,
    bots: Sequence[str],
    *,
    seed: int = 0,
    variants: Sequence[str] = (),
    options: Mapping[str, Any] | None = None,
    budget: Budget | None = None,
) -> TournamentPlan:
    """Check the round robin (bots, options, table count) and plan each table's batch."""
    names = list(dict.fromkeys(bots))
    if len(names) < 2:
        raise OptionsError("a tournament needs at least two different bots (--bots a,b)")
    scipy_stats("a tournament's ratings")
    if len(names) > MAX_BOTS:
        raise OptionsError(f"at most {MAX_BOTS} bots in a tournament, not {len(names)}")
    if games < 1:
        raise OptionsError(f"cannot play {games} games per table")
    tables = tables_for(names, players)
    if len(tables) > MAX_TABLES:
        raise OptionsError(
            f"{len(tables)} tables of {players} among {len(names)} bots; at most {MAX_TABLES}"
        )
    per_table = games_per_table(games, players)
    plans = [
        plan_games(
            game,
            players,
            per_table,
            seed=seed,
            bots=table,
            variants=variants,
            options=options,
            rotate=True,
            budget=budget,
        )
        for table in tables
    ]
    return TournamentPlan(tuple(names), tables, plans)


def play_tournament(
    plan: TournamentPlan,
    *,
    workers: int = 1,
    progress: TableProgress | None = None,
    keep: Path | None = None,
    kept_progress: TableProgress | None = None,
) -> TournamentResult:
    """Play every table of a planned round robin, in order, each on ``workers`` processes.

    With ``keep``, every finished game is kept in that file as it ends, and the games
    the file already holds are counted, not played again (:mod:`tote.sim.tournament_keep`):
    the result is the one a single run gives; they are reported to ``kept_progress`` (or,
    without one, to ``progress``) when read."""
    first = plan.plans[0]
    result = TournamentResult(
        game=first.game.id,
        players=first.players,
        games_per_table=first.games,
        seed=first.seed,
        bots=plan.bots,
        tables=plan.tables,
        options=first.options.model_dump(),
    )
    kept = (
        None if keep is None else KeptGames(keep, tournament_header(plan.bots, plan.tables, first))
    )
    try:
        for number, table in enumerate(plan.plans):
            reports = (progress, kept_progress or progress)
            _play_table(result, table, number, len(plan.plans), workers, reports, kept)
    finally:
        if kept is not None:
            kept.close()
    return result


def _play_table(
    result: TournamentResult,
    table: SimPlan,
    number: int,
    tables: int,
    workers: int,
    reports: tuple[TableProgress | None, TableProgress | None],
    kept: KeptGames | None,
) -> None:
    """One table's games into ``result``: those ``kept`` holds, then the rest played.
    The rest starts at the first game the file lacks, its seats turned as far as that
    game's place in the rotation, so each game keeps its seed and seating and no kept
    game is played again. ``reports`` are the progress of games played and of games
    read."""
    progress, read = reports
    done = [] if kept is None else kept.done(number, table.games)
    for row in done:
        result.add(row)
    if read is not None and done:
        read(number, tables, len(done), table.games)
    start = len(done)
    if start >= table.games:
        return
    turned = start % table.players
    rest = dataclasses.replace(
        table,
        seed=table.seed + start,
        games=table.games - start,
        bots=table.bots[turned:] + table.bots[:turned],
    )

    def add(row: GameRow) -> None:
        row = dataclasses.replace(row, index=start + row.index)
        result.add(row)
        if kept is not None:
            kept.add(number, row)

    def advance(played: int, total: int) -> None:
        if progress is not None:
            progress(number, tables, start + played, table.games)

    run_plan(rest, advance, workers=workers, sinks=[add])


def run_tournament(
    game: Game | str,
    players: int,
    games: int,
    bots: Sequence[str],
    *,
    seed: int = 0,
    variants: Sequence[str] = (),
    options: Mapping[str, Any] | None = None,
    workers: int = 1,
    progress: TableProgress | None = None,
) -> TournamentResult:
    """Plan and play the round robin (see the module's docstring); every refusal comes
    before the first game."""
    plan = plan_tournament(
        game, players, games, bots, seed=seed, variants=variants, options=options
    )
    return play_tournament(plan, workers=workers, progress=progress)
