"""What a batch of games comes to: per seat, per bot, seat order, game length, the game's own.

:class:`Tally` is fed every game's :class:`~tote.sim.runner.GameRow` in game order and
keeps only sums (integers, so exact), never the rows: memory stays flat for any number
of games, and the summary is the same whatever the number of workers that played them.

- A **win rate** counts a shared win for each winner (so the seats' rates may add up
  to more than 1), with its 95% Wilson score interval (:func:`tote.core.tote_board.wilson`).
- **Score**: mean, standard deviation (sample, n - 1), lowest and highest final score.
- **Per bot** (when the bots differ): a bot's seat-games over every seat it played;
  the interval treats them as independent, which they are not quite when one bot
  plays several seats of the same game.
- **Seat order**: the win rate by seat position, and a chi-square test of "every
  seat wins equally often" on the seats' win counts (the usual large-sample p for
  games with one winner; shared wins make it only a guide). With the same bot on every seat, or
  with ``rotate`` (every bot in every seat in turn), a small p-value is the seat's
  effect; with fixed different bots it mixes seat and bot.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tote.core.errors import ToteError
from tote.core.tote_board import Estimate, wilson
from tote.sim.finishes import finish_shares
from tote.sim.game_stats import ROUNDS, GameAccumulator, StatTable, game_stats

if TYPE_CHECKING:
    from tote.sim.runner import GameRow


@dataclass(frozen=True)
class Spread:
    """Mean, standard deviation, lowest and highest of a number over the games."""

    mean: float
    sd: float | None
    """Sample standard deviation; None for fewer than two values."""
    low: float
    high: float

    def to_json(self) -> dict[str, Any]:
        return {"mean": self.mean, "sd": self.sd, "min": self.low, "max": self.high}


@dataclass
class _Sums:
    """Exact sums of a number's values (integers stay integers)."""

    n: int = 0
    total: float = 0
    squares: float = 0
    low: float | None = None
    high: float | None = None

    def add(self, value: float) -> None:
        self.n += 1
        self.total += value
        self.squares += value * value
        self.low = value if self.low is None or value < self.low else self.low
        self.high = value if self.high is None or value > self.high else self.high

    def spread(self) -> Spread:
        if self.n == 0:
            return Spread(0.0, None, 0.0, 0.0)
        mean = self.total / self.n
        sd = None
        if self.n > 1:
            variance = (self.squares - self.total * self.total / self.n) / (self.n - 1)
            sd = math.sqrt(max(0.0, variance))
        assert self.low is not None and self.high is not None
        return Spread(mean, sd, float(self.low), float(self.high))


@dataclass(frozen=True)
class SeatStats:
    """One seat's (or one bot's) games: wins with their interval, and final scores."""

    games: int
    """Games played (for a bot: seat-games, one per seat it held in a game)."""
    wins: int
    """Games won; a shared win counts."""
    shared_wins: int
    """Wins shared with another seat."""
    win_rate: Estimate
    score: Spread

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "wins": self.wins,
            "shared_wins": self.shared_wins,
            "win_rate": self.win_rate.to_json(),
            "score": self.score.to_json(),
        }


@dataclass
class _SeatSums:
    games: int = 0
    wins: int = 0
    shared: int = 0
    score: _Sums = field(default_factory=_Sums)

    def add(self, score: int, won: bool, shared: bool) -> None:
        self.games += 1
        self.wins += won
        self.shared += won and shared
        self.score.add(score)

    def stats(self) -> SeatStats:
        return SeatStats(
            self.games, self.wins, self.shared, wilson(self.wins, self.games), self.score.spread()
        )


@dataclass(frozen=True)
class SeatOrder:
    """Whether the seat a player sits in changes its chances."""

    rotated: bool
    """The bots turned one seat each game (``rotate``), so every bot sat everywhere."""
    same_bots: bool
    """Every seat had the same bot: seat order alone differs."""
    win_rate: tuple[Estimate, ...]
    """Win rate by seat position, seat 1 first."""
    chi2: float
    """Chi-square of the seats' win counts against equal shares."""
    dof: int
    p_value: float | None
    """How likely a spread of wins at least this uneven is if every seat wins equally
    often; small (say below 0.01) means the seat order matters. None without scipy
    (``pip install 'tote[lab]'``)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "rotated": self.rotated,
            "same_bots": self.same_bots,
            "win_rate": [rate.to_json() for rate in self.win_rate],
            "chi2": self.chi2,
            "dof": self.dof,
            "p_value": self.p_value,
        }


def chi2_survival(x: float, dof: int) -> float | None:
    """P(X >= x) for a chi-square variable with ``dof`` degrees of freedom, from
    ``scipy.stats`` (issue 29); None when scipy (the lab extra) is not installed, so a
    run still plays and reports everything else."""
    from tote.sim.scistats import chi2_survival as survival

    try:
        return survival(x, dof)
    except ToteError:
        return None


def seat_order(seats: Sequence[SeatStats], *, rotated: bool, same_bots: bool) -> SeatOrder:
    """The seat-order test: the seats' win counts against an equal share of all wins."""
    wins = [seat.wins for seat in seats]
    total = sum(wins)
    dof = max(1, len(seats) - 1)
    if total == 0:
        return SeatOrder(rotated, same_bots, tuple(s.win_rate for s in seats), 0.0, dof, 1.0)
    expected = total / len(seats)
    chi2 = sum((w - expected) ** 2 / expected for w in wins)
    return SeatOrder(
        rotated, same_bots, tuple(s.win_rate for s in seats), chi2, dof, chi2_survival(chi2, dof)
    )


@dataclass(frozen=True)
class SimSummary:
    """What a batch of games came to. Timing and the way it ran are left out of ``==``."""

    game: str
    players: int
    games: int
    seed: int
    bots: tuple[str, ...]
    """The bot playing each seat (in game 0, when rotating)."""
    variants: tuple[str, ...]
    """The variants the options amount to (``Game.active_variants``)."""
    options: dict[str, Any]
    wins: tuple[int, ...]
    """Games won per seat; a shared win counts for each winner."""
    mean_score: tuple[float, ...]
    shared_wins: int
    """Games with more than one winner."""
    seats: tuple[SeatStats, ...] = ()
    by_bot: dict[str, SeatStats] = field(default_factory=dict)
    """Per bot over all its seats; empty when one bot plays every seat."""
    seat_order: SeatOrder | None = None
    length: dict[str, Spread] = field(default_factory=dict)
    """Game length: ``moves`` (the seats'), ``chance_moves`` and, for a game whose
    stats give it, ``rounds``."""
    game_numbers: dict[str, Any] | None = None
    """The game's own numbers (its accumulator's ``to_json()``); None without stats."""
    game_tables: tuple[StatTable, ...] = ()
    rotate: bool = False
    no_winner: int = 0
    """Games nobody won (e.g. every Horse Fever player eliminated); issue 29."""
    winner_score: Spread | None = None
    """The winning score of every game with a winner (the best of a shared win)."""
    elapsed: float = field(default=0.0, compare=False)
    """Wall-clock seconds for the whole batch."""
    workers: int = field(default=1, compare=False)
    """Local processes that played the games (1 on Ray)."""
    ray: bool = field(default=False, compare=False)

    @property
    def games_per_second(self) -> float:
        return self.games / self.elapsed if self.elapsed > 0 else 0.0

    def _repr_html_(self) -> str:
        """How Jupyter shows it: tables and a plot (:mod:`tote.sim.notebook`; issue 29)."""
        from tote.sim.notebook import summary_html

        return summary_html(self)

    def to_json(self) -> dict[str, Any]:
        """The ``tote simulate --json`` object (docs/simulation.md, "--json")."""
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "bots": list(self.bots),
            "rotate": self.rotate,
            "variants": list(self.variants),
            "options": self.options,
            "wins": list(self.wins),
            "mean_score": list(self.mean_score),
            "shared_wins": self.shared_wins,
            "no_winner": {
                "games": self.no_winner,
                "share": wilson(self.no_winner, self.games).to_json(),
            },
            "winner_score": None if self.winner_score is None else self.winner_score.to_json(),
            "seats": [
                {"seat": seat + 1, "bot": self.bots[seat], **stats.to_json()}
                for seat, stats in enumerate(self.seats)
            ],
            "bots_stats": [{"bot": name, **s.to_json()} for name, s in self.by_bot.items()],
            "seat_order": None if self.seat_order is None else self.seat_order.to_json(),
            "length": {name: spread.to_json() for name, spread in self.length.items()},
            "game_stats": self.game_numbers,
            "finish_shares": finish_shares(self.game, self.game_numbers),
            "seconds": self.elapsed,
            "games_per_second": self.games_per_second,
            "workers": self.workers,
            "ray": self.ray,
        }


class Tally:
    """The running sums of a batch: feed it rows in game order, then ask for the summary."""

    def __init__(
        self, game_id: str, players: int, bots: Sequence[str], rotate: bool = False
    ) -> None:
        self.game_id = game_id
        self.players = players
        self.bots = tuple(bots)
        self.rotate = rotate
        self.games = 0
        self.shared = 0
        self.no_winner = 0
        self.winner_score = _Sums()
        self.seats = [_SeatSums() for _ in range(players)]
        self.by_bot: dict[str, _SeatSums] = {name: _SeatSums() for name in sorted(set(bots))}
        self.length = {"moves": _Sums(), "chance_moves": _Sums()}
        stats = game_stats(game_id)
        self.accumulator: GameAccumulator | None = (
            stats.accumulator() if stats is not None else None
        )

    def add(self, row: GameRow) -> None:
        """Count one finished game."""
        self.games += 1
        shared = len(row.winners) > 1
        self.shared += shared
        if row.winners:
            best = row.scores[row.winners[0]]
            for seat in row.winners:
                best = row.scores[seat] if row.scores[seat] > best else best
            self.winner_score.add(best)
        else:
            self.no_winner += 1
        for seat, score in enumerate(row.scores):
            won = seat in row.winners
            self.seats[seat].add(score, won, shared)
            self.by_bot[row.bots[seat]].add(score, won, shared)
        self.length["moves"].add(row.moves)
        self.length["chance_moves"].add(row.chance_moves)
        rounds = row.columns.get(ROUNDS)
        if isinstance(rounds, int | float) and not isinstance(rounds, bool):
            self.length.setdefault(ROUNDS, _Sums()).add(rounds)
        if self.accumulator is not None:
            self.accumulator.add(row.columns)

    def summary(
        self,
        *,
        seed: int,
        variants: tuple[str, ...],
        options: dict[str, Any],
        elapsed: float = 0.0,
        workers: int = 1,
        ray: bool = False,
    ) -> SimSummary:
        seats = tuple(s.stats() for s in self.seats)
        same_bots = len(self.by_bot) == 1
        return SimSummary(
            game=self.game_id,
            players=self.players,
            games=self.games,
            seed=seed,
            bots=self.bots,
            variants=variants,
            options=options,
            wins=tuple(s.wins for s in self.seats),
            mean_score=tuple(s.score.spread().mean for s in self.seats),
            shared_wins=self.shared,
            seats=seats,
            by_bot={} if same_bots else {n: s.stats() for n, s in self.by_bot.items()},
            seat_order=seat_order(seats, rotated=self.rotate, same_bots=same_bots),
            length={name: sums.spread() for name, sums in self.length.items()},
            game_numbers=None if self.accumulator is None else self.accumulator.to_json(),
            game_tables=() if self.accumulator is None else tuple(self.accumulator.tables()),
            rotate=self.rotate,
            no_winner=self.no_winner,
            winner_score=self.winner_score.spread() if self.winner_score.n else None,
            elapsed=elapsed,
            workers=workers,
            ray=ray,
        )
