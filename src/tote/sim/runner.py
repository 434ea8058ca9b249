"""The simulation loop: many bot-only games of one game, one row per game, summarised.

:func:`run_games` is a pure function of its arguments (apart from the files it
writes with ``save`` and ``out``) so that every front end (the CLI, notebooks, a
server) gets the same numbers for the same seed. Game ``i`` uses seed
``seed + i``: its chance moves come from ``random.Random(seed + i)``, exactly
as in :class:`~tote.core.match.Match`, and each bot gets its own stream
derived from (game seed, seat), so a game is reproducible on its own.

Each game becomes a :class:`GameRow`; :func:`iter_rows` yields them in game order
whether the games run here, on worker processes or on a Ray cluster
(:mod:`tote.sim.workers`), and :func:`run_plan` feeds them, in that order, to the
summary's tallies (:mod:`tote.sim.stats`) and to the files asked for, then drops
them: memory stays flat for any number of games, and the summary is the same
game for game whatever the number of workers.

Unsaved games run directly on a :class:`~tote.core.state.State` (no move log is
kept); saved games run through a :class:`~tote.core.match.Match` so the record is
the match's own (:mod:`tote.sim.play`); both play out identically.
"""

from __future__ import annotations

import gzip
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tote.bots import Budget, bot_factory
from tote.core.errors import OptionsError
from tote.core.game import Game, GameOptions
from tote.core.moves import CHANCE
from tote.core.registry import get_game
from tote.sim.game_stats import GameStats, Scalar, game_stats
from tote.sim.play import collector_paused, play_match, play_state, seat_bots
from tote.sim.play import play_bots as play_bots
from tote.sim.play import play_bots_recorded as play_bots_recorded
from tote.sim.play import random_match as random_match
from tote.sim.record_files import RecordsWriter, RowFile, run_file
from tote.sim.stats import SimSummary, Tally
from tote.sim.stopping import signals_stop_runs
from tote.sim.table import FrameCollector, RowsWriter, check_out

if TYPE_CHECKING:
    import polars

Progress = Callable[[int, int], None]
"""Called after each game with (games done, games in all)."""


# ------------------------------------------------------------------ rows
@dataclass(frozen=True, slots=True)
class GameRow:
    """One finished game of a batch: what the summary counts and ``--out`` writes."""

    index: int
    """The game's place in the batch, 0 first; its seed is the batch's seed + index."""
    seed: int
    bots: tuple[str, ...]
    """The bot playing each seat in this game (rotated with ``rotate``)."""
    scores: tuple[int, ...]
    ranking: tuple[int, ...]
    """Rank of each seat, 1 = best; tied seats share a rank."""
    winners: tuple[int, ...]
    """The winning seats (0 first); more than one for a shared win."""
    moves: int
    """Moves the seats made (chance moves not counted)."""
    chance_moves: int
    """Chance moves drawn (cards, dice, ...)."""
    columns: dict[str, Scalar] = field(default_factory=dict)
    """The game's own columns (:meth:`tote.sim.game_stats.GameStats.columns`); empty
    for a game without stats."""
    record: bytes | None = None
    """The game's record as one gzip-compressed JSON line, when the batch is saved."""


@dataclass(frozen=True)
class GameSpec:
    """What a worker needs to play games of a batch: small and picklable (the game is
    named by id and looked up in the worker's registry)."""

    game_id: str
    players: int
    seed: int
    bots: tuple[str, ...]
    options: GameOptions
    rotate: bool = False
    record: bool = False
    budget: Budget | None = None
    """The search bots' budget per decision (``--think``, ``--iterations``; issue 25)."""

    def bots_of(self, index: int) -> tuple[str, ...]:
        """The bots of game ``index``: the batch's seats, turned by ``index`` seats when
        rotating (so over ``players`` games every bot sits in every seat once)."""
        if not self.rotate:
            return self.bots
        shift = index % self.players
        return self.bots[shift:] + self.bots[:shift]


def play_rows(
    spec: GameSpec, indices: Iterable[int], game: Game | None = None
) -> Iterator[GameRow]:
    """Play games ``indices`` of a batch (game ``i`` with seed ``spec.seed + i``), in
    that order, and make their rows; the game and its stats are looked up once."""
    game = game if game is not None else get_game(spec.game_id)
    stats = game_stats(spec.game_id)
    for index in indices:
        yield _row(spec, index, game, stats)


def play_row(spec: GameSpec, index: int, game: Game | None = None) -> GameRow:
    """Play game ``index`` of a batch (seed ``spec.seed + index``) and make its row."""
    return next(play_rows(spec, [index], game))


def _row(spec: GameSpec, index: int, game: Game, stats: GameStats | None) -> GameRow:
    bots = spec.bots_of(index)
    seed = spec.seed + index
    record: bytes | None = None
    if spec.record:
        with collector_paused():
            match = play_match(game, spec.options, bots, seed, spec.budget)
        state = match.state
        moves = sum(1 for actor, _ in match.moves if actor != CHANCE)
        chance = len(match.moves) - moves
        line = match.record().model_dump_json().encode("utf-8") + b"\n"
        record = gzip.compress(line, compresslevel=6, mtime=0)
    else:
        state, moves, chance = play_state(game, spec.options, bots, seed, spec.budget)
    result = state.result()
    assert result is not None, "a game whose turn is over must have a result"
    columns = stats.columns(state) if stats is not None else {}
    return GameRow(
        index=index,
        seed=seed,
        bots=bots,
        scores=result.scores,
        ranking=result.ranking,
        winners=result.winners,
        moves=moves,
        chance_moves=chance,
        columns=columns,
        record=record,
    )


def play_range(spec: GameSpec, start: int, stop: int) -> list[GameRow]:
    """Games ``start`` to ``stop - 1`` of a batch, in order: one chunk of a worker's work."""
    return list(play_rows(spec, range(start, stop)))


# ------------------------------------------------------------------ plans
MAX_GAMES = 100_000_000
"""The most games one batch plays (a bound on every input; a run this long takes days)."""
MAX_WORKERS = 1024
"""The most worker processes one run starts."""


@dataclass(frozen=True)
class SimPlan:
    """A checked batch of games, ready to run: every refusal has already happened."""

    game: Game
    players: int
    games: int
    seed: int
    bots: tuple[str, ...]
    options: GameOptions
    save: Path | None = None
    """The run file every game's record goes to (gzip-compressed JSON Lines)."""
    out: Path | None = None
    """The table of rows to write (.parquet or .csv)."""
    rotate: bool = False
    """Turn the bots one seat further each game, to tell seat order from bot strength."""
    record: bool = False
    """Keep every game's record in its row even without ``save`` (the balance report
    replays them, issue 29)."""
    budget: Budget | None = None
    """The search bots' budget per decision (``--think``, ``--iterations``; issue 25)."""

    @property
    def spec(self) -> GameSpec:
        return GameSpec(
            game_id=self.game.id,
            players=self.players,
            seed=self.seed,
            bots=self.bots,
            options=self.options,
            rotate=self.rotate,
            record=self.save is not None or self.record,
            budget=self.budget,
        )


def plan_games(
    game: Game | str,
    players: int,
    games: int,
    *,
    seed: int = 0,
    bots: Sequence[str] = ("random",),
    variants: Sequence[str] = (),
    options: Mapping[str, Any] | None = None,
    save: Path | None = None,
    out: Path | None = None,
    rotate: bool = False,
    budget: Budget | None = None,
) -> SimPlan:
    """Check a batch's settings; refusals (unknown game, bot, variant or option, bad
    player count, unreadable data file, a file that cannot be written) are
    :class:`~tote.core.errors.ToteError`, and nothing is written yet.

    ``save`` is a run file (``.jsonl.gz``) or a directory to put one in
    (:func:`tote.sim.record_files.run_file`); ``out`` a ``.parquet`` or ``.csv`` file.
    """
    game = get_game(game) if isinstance(game, str) else game
    game.check_players(players)
    if games < 0:
        raise OptionsError(f"cannot play {games} games")
    if games > MAX_GAMES:
        raise OptionsError(f"at most {MAX_GAMES:,} games in one batch, not {games:,}")
    bot_names = seat_bots(list(bots), players)
    for name in set(bot_names):
        bot_factory(game, name)
    opts = game.options(options, variants)
    game.new_state(opts, players)  # options that only fail when a game starts (data files)
    save_file = None if save is None else run_file(save, game.id, seed, games)
    if out is not None:
        check_out(out)
    return SimPlan(
        game, players, games, seed, bot_names, opts, save_file, out, rotate, budget=budget
    )


RowSink = Callable[[GameRow], None]
"""Called with every game's row, in game order (e.g. to keep them, or to plot)."""


def check_workers(workers: int) -> None:
    """Refuse a worker count below 1 or above :data:`MAX_WORKERS`."""
    if not 1 <= workers <= MAX_WORKERS:
        raise OptionsError(f"--workers must be 1 to {MAX_WORKERS}, not {workers}")


def iter_rows(plan: SimPlan, *, workers: int = 1, ray: str | None = None) -> Iterator[GameRow]:
    """Every game's row, in game order, played here (``workers=1``), on ``workers``
    local processes, or on a Ray cluster (``ray``: its address, or ``"local"`` for a
    local instance; :mod:`tote.sim.workers`). The rows are the same whichever way the
    games are played."""
    check_workers(workers)
    spec = plan.spec
    if ray is not None:
        from tote.sim.workers import ray_rows

        yield from ray_rows(spec, plan.games, ray)
    elif workers > 1 and plan.games > 1:
        from tote.sim.workers import pool_rows

        yield from pool_rows(spec, plan.games, workers)
    else:
        yield from play_rows(spec, range(plan.games), plan.game)


def run_plan(
    plan: SimPlan,
    progress: Progress | None = None,
    *,
    workers: int = 1,
    ray: str | None = None,
    sinks: Sequence[RowSink] = (),
) -> SimSummary:
    """Play a planned batch and summarise it; ``progress`` is called after every game.

    Rows reach the summary, the plan's files and ``sinks`` in game order, one at a
    time, and are then dropped. The files are written to temporary files beside
    their names and renamed when the batch is over: a refusal or an interruption
    leaves nothing half-written behind; SIGTERM and SIGHUP interrupt it as Ctrl+C
    does (:mod:`tote.sim.stopping`).
    """
    check_workers(workers)
    tally = Tally(plan.game.id, plan.players, plan.bots, plan.rotate)
    files: list[RowFile] = []
    start = time.perf_counter()
    with signals_stop_runs():
        _play_into(plan, tally, files, progress, workers, ray, sinks)
    elapsed = time.perf_counter() - start
    return tally.summary(
        seed=plan.seed,
        variants=tuple(plan.game.active_variants(plan.options)),
        options=plan.options.model_dump(),
        elapsed=elapsed,
        workers=1 if ray is not None else min(workers, max(plan.games, 1)),
        ray=ray is not None,
    )


def _play_into(
    plan: SimPlan,
    tally: Tally,
    files: list[RowFile],
    progress: Progress | None,
    workers: int,
    ray: str | None,
    sinks: Sequence[RowSink],
) -> None:
    try:
        if plan.save is not None:
            files.append(RecordsWriter(plan.save))
        if plan.out is not None:
            files.append(RowsWriter(plan.out, plan.game.id, plan.options.model_dump()))
        for done, row in enumerate(iter_rows(plan, workers=workers, ray=ray), start=1):
            tally.add(row)
            for file in files:
                file.add(row)
            for sink in sinks:
                sink(row)
            if progress is not None:
                progress(done, plan.games)
        for file in files:
            file.commit()
    except BaseException:
        for file in files:
            file.abort()
        raise


def run_games(
    game: Game | str,
    players: int,
    games: int,
    *,
    seed: int = 0,
    bots: Sequence[str] = ("random",),
    variants: Sequence[str] = (),
    options: Mapping[str, Any] | None = None,
    save: Path | None = None,
    out: Path | None = None,
    rotate: bool = False,
    workers: int = 1,
    ray: str | None = None,
    progress: Progress | bool | None = None,
) -> SimSummary:
    """Play ``games`` bot-only games and summarise them per seat, per bot and per game.

    ``bots`` names one bot per seat (cycled if shorter). ``save`` keeps every
    game's record in one compressed run file; ``out`` writes one row per game
    (.parquet or .csv). Refusals happen before any game is played (see
    :func:`plan_games`). ``progress=True`` shows a progress bar (in a notebook's cell
    in Jupyter, on stderr elsewhere; :mod:`tote.sim.progress`); a function is called
    with (games done, games in all) after every game.
    """
    plan = plan_games(
        game,
        players,
        games,
        seed=seed,
        bots=bots,
        variants=variants,
        options=options,
        save=save,
        out=out,
        rotate=rotate,
    )
    if progress is True:
        from tote.sim.progress import default_console, game_progress

        with game_progress(default_console(), plan.game.id, games) as advance:
            return run_plan(plan, lambda done, _: advance(done), workers=workers, ray=ray)
    return run_plan(plan, progress or None, workers=workers, ray=ray)


def games_frame(
    game: Game | str,
    players: int,
    games: int,
    *,
    seed: int = 0,
    bots: Sequence[str] = ("random",),
    variants: Sequence[str] = (),
    options: Mapping[str, Any] | None = None,
    rotate: bool = False,
    workers: int = 1,
    ray: str | None = None,
    progress: bool = False,
) -> polars.DataFrame:
    """The rows ``tote simulate --out`` writes, as a polars DataFrame (for notebooks):
    one row per game, the columns of :mod:`tote.sim.table`. Needs ``tote[lab]``.
    ``progress=True`` shows a progress bar as :func:`run_games` does."""
    plan = plan_games(
        game,
        players,
        games,
        seed=seed,
        bots=bots,
        variants=variants,
        options=options,
        rotate=rotate,
    )
    collector = FrameCollector(plan.game.id, plan.options.model_dump())
    if progress:
        from tote.sim.progress import default_console, game_progress

        with game_progress(default_console(), plan.game.id, games) as advance:
            run_plan(
                plan, lambda done, _: advance(done), workers=workers, ray=ray, sinks=[collector]
            )
    else:
        run_plan(plan, workers=workers, ray=ray, sinks=[collector])
    return collector.frame()
