"""The simulation loop: many bot-only games of one game, summarised per seat.

:func:`run_games` is a pure function of its arguments (apart from the files
it writes with ``save_dir``) so that every front end (the CLI, notebooks, a
server) gets the same numbers for the same seed. Game ``i`` uses seed
``seed + i``: its chance moves come from ``random.Random(seed + i)``, exactly
as in :class:`~tote.core.match.Match`, and each bot gets its own stream
derived from (game seed, seat), so a game is reproducible on its own.

Unsaved games run directly on a :class:`~tote.core.state.State` (no move log
is kept); saved games run through a :class:`~tote.core.match.Match` so the
record is the match's own. Both draw chance moves in the same order, so a game
plays out identically either way.
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tote.bots import get_bot, make_bot
from tote.core.bot import Bot, Observation, RandomBot
from tote.core.errors import IllegalMove, OptionsError, ToteError
from tote.core.game import Game, GameOptions
from tote.core.match import Match
from tote.core.moves import CHANCE
from tote.core.record import PlayerEntry, Record
from tote.core.registry import get_game
from tote.core.result import Result
from tote.core.state import State

Progress = Callable[[int, int], None]
"""Called after each game with (games done, games in all)."""


@dataclass(frozen=True)
class SimSummary:
    """What a batch of games came to, per seat. Timing is left out of ``==``."""

    game: str
    players: int
    games: int
    seed: int
    bots: tuple[str, ...]
    """The bot playing each seat."""
    variants: tuple[str, ...]
    """The variants the options amount to (``Game.active_variants``)."""
    options: dict[str, Any]
    wins: tuple[int, ...]
    """Games won per seat; a shared win counts for each winner."""
    mean_score: tuple[float, ...]
    shared_wins: int
    """Games with more than one winner."""
    elapsed: float = field(default=0.0, compare=False)
    """Wall-clock seconds for the whole batch."""

    @property
    def games_per_second(self) -> float:
        return self.games / self.elapsed if self.elapsed > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "bots": list(self.bots),
            "variants": list(self.variants),
            "options": self.options,
            "wins": list(self.wins),
            "mean_score": list(self.mean_score),
            "shared_wins": self.shared_wins,
            "seconds": self.elapsed,
            "games_per_second": self.games_per_second,
        }


def seat_bots(names: Sequence[str], players: int) -> tuple[str, ...]:
    """One bot name per seat, cycling ``names`` when it is shorter than the table."""
    if not names:
        raise OptionsError("no bot named; give one or more bot names")
    return tuple(names[seat % len(names)] for seat in range(players))


def record_path(directory: Path, game_id: str, seed: int) -> Path:
    """Where a simulated (or played) game with ``seed`` is saved: ``DIR/<game>-<seed>.json``."""
    return directory / f"{game_id}-{seed}.json"


def _choose(bot: Bot, state: State, seat: int, seed: int) -> Any:
    try:
        return bot.choose(Observation(state, seat))
    except IllegalMove as exc:
        raise ToteError(f"bot {bot.name!r} (seat {seat}, game seed {seed}) failed: {exc}") from None


def _apply(state: State, seat: int, move: Any, bot: Bot, seed: int) -> None:
    try:
        state.apply(seat, move)
    except IllegalMove as exc:
        raise ToteError(
            f"bot {bot.name!r} (seat {seat}, game seed {seed}) made an illegal move: {exc}"
        ) from None


def play_bots(
    game: Game,
    options: GameOptions,
    bot_names: Sequence[str],
    seed: int,
) -> Result:
    """Play one bot-only game straight on a State (no move log); returns its result.

    Moves the state itself generated (chance draws, the core random bot's
    picks) skip the second check (:meth:`State.apply_unchecked`); every other
    bot's move is checked like a player's.
    """
    with _collector_paused():
        return _play_bots(game, options, bot_names, seed)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector for one simulated game.

    A game allocates thousands of short-lived objects; reference counting frees
    them as it goes, but they also trigger collector passes that walk every
    object in the process, and find nothing: no game leaves reference cycles
    behind (``tests/sim/test_collector.py``). The collector resumes after the
    game, so a cycle a future game makes is still collected, between games.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _play_bots(game: Game, options: GameOptions, bot_names: Sequence[str], seed: int) -> Result:
    state = game.new_state(options, len(bot_names))
    bots = [make_bot(game, name, seed, seat) for seat, name in enumerate(bot_names)]
    # RandomBot.choose(obs) is obs.random_move(bot.rng): the same draw, minus building
    # an Observation. Seats played by other bots have no stream here (None).
    random_streams = [bot.rng if type(bot) is RandomBot else None for bot in bots]
    rng = random.Random(seed)
    # Bound once: a game is hundreds of moves, each a turn, a pick and a step.
    turn_now, random_move, step = state.turn, state.random_move, state.apply_unchecked
    while True:
        turn = turn_now()
        if turn.chance:
            step(CHANCE, state.sample_chance(rng))
        elif turn.seats:
            seat = turn.seats[0]
            stream = random_streams[seat]
            if stream is not None:
                step(seat, random_move(seat, stream), turn)
            else:
                bot = bots[seat]
                _apply(state, seat, _choose(bot, state, seat, seed), bot, seed)
        else:
            break
    result = state.result()
    assert result is not None, "a game whose turn is over must have a result"
    return result


def play_bots_recorded(
    game: Game,
    options: GameOptions,
    bot_names: Sequence[str],
    seed: int,
) -> tuple[Result, Record]:
    """Play one bot-only game through a Match, so it can be saved as a record."""
    players = [
        PlayerEntry(name=f"Player {seat + 1}", bot=name) for seat, name in enumerate(bot_names)
    ]
    match = Match(game, players, options, seed)
    bots = [make_bot(game, name, seed, seat) for seat, name in enumerate(bot_names)]
    state = match.state
    while True:
        seats = state.turn().seats
        if not seats:
            break
        seat = seats[0]
        bot = bots[seat]
        move = _choose(bot, state, seat, seed)
        try:
            match.play(seat, move)
        except IllegalMove as exc:
            raise ToteError(
                f"bot {bot.name!r} (seat {seat}, game seed {seed}) made an illegal move: {exc}"
            ) from None
    result = state.result()
    assert result is not None, "a game whose turn is over must have a result"
    return result, match.record()


def random_match(
    game: Game | str,
    players: int,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    *,
    max_moves: int | None = None,
) -> Match:
    """A match whose seats play uniformly random legal moves, to the end or until
    ``max_moves`` moves (chance included) are in its log.

    Chance comes from ``seed`` as in every match; the seats' choices from their
    own stream, ``random.Random(seed + 1000)``, so the same seed gives the same
    match. For tests, examples and notebooks that need a real game quickly.
    """
    game = get_game(game) if isinstance(game, str) else game
    entries = [PlayerEntry(name=f"P{seat}", bot="random") for seat in range(players)]
    match = Match(game, entries, options, seed=seed)
    rng = random.Random(seed + 1000)
    while not match.state.is_over and (max_moves is None or len(match.moves) < max_moves):
        seat = match.state.turn().seats[0]
        match.play(seat, match.state.random_move(seat, rng))
    return match


@dataclass(frozen=True)
class SimPlan:
    """A checked batch of games, ready to run: every refusal has already happened."""

    game: Game
    players: int
    games: int
    seed: int
    bots: tuple[str, ...]
    options: GameOptions
    save_dir: Path | None = None


def plan_games(
    game: Game | str,
    players: int,
    games: int,
    *,
    seed: int = 0,
    bots: Sequence[str] = ("random",),
    variants: Sequence[str] = (),
    options: Mapping[str, Any] | None = None,
    save_dir: Path | None = None,
) -> SimPlan:
    """Check a batch's settings; refusals (unknown game, bot, variant or option, bad
    player count, unreadable data file) are :class:`~tote.core.errors.ToteError`."""
    game = get_game(game) if isinstance(game, str) else game
    game.check_players(players)
    if games < 0:
        raise OptionsError(f"cannot play {games} games")
    bot_names = seat_bots(list(bots), players)
    for name in set(bot_names):
        get_bot(game, name)
    opts = game.options(options, variants)
    game.new_state(opts, players)  # options that only fail when a game starts (data files)
    if save_dir is not None:
        try:
            save_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ToteError(f"cannot save records in {save_dir}: {exc.strerror}") from None
    return SimPlan(game, players, games, seed, bot_names, opts, save_dir)


def run_plan(plan: SimPlan, progress: Progress | None = None) -> SimSummary:
    """Play a planned batch; ``progress`` is called after every game."""
    game, players, games, opts = plan.game, plan.players, plan.games, plan.options
    save_dir = plan.save_dir
    if save_dir is not None:
        save_dir.mkdir(parents=True, exist_ok=True)
    wins = [0] * players
    totals = [0] * players
    shared = 0
    start = time.perf_counter()
    for i in range(games):
        game_seed = plan.seed + i
        if save_dir is None:
            result = play_bots(game, opts, plan.bots, game_seed)
        else:
            result, record = play_bots_recorded(game, opts, plan.bots, game_seed)
            record.save(record_path(save_dir, game.id, game_seed))
        for seat in result.winners:
            wins[seat] += 1
        if len(result.winners) > 1:
            shared += 1
        for seat, score in enumerate(result.scores):
            totals[seat] += score
        if progress is not None:
            progress(i + 1, games)
    elapsed = time.perf_counter() - start

    return SimSummary(
        game=game.id,
        players=players,
        games=games,
        seed=plan.seed,
        bots=plan.bots,
        variants=tuple(game.active_variants(opts)),
        options=opts.model_dump(),
        wins=tuple(wins),
        mean_score=tuple(total / games if games else 0.0 for total in totals),
        shared_wins=shared,
        elapsed=elapsed,
    )


def run_games(
    game: Game | str,
    players: int,
    games: int,
    *,
    seed: int = 0,
    bots: Sequence[str] = ("random",),
    variants: Sequence[str] = (),
    options: Mapping[str, Any] | None = None,
    save_dir: Path | None = None,
    progress: Progress | None = None,
) -> SimSummary:
    """Play ``games`` bot-only games and summarise wins and mean scores per seat.

    ``bots`` names one bot per seat (cycled if shorter). With ``save_dir``
    every game's record is written as ``save_dir/<game>-<seed>.json``.
    Refusals happen before any game is played (see :func:`plan_games`).
    """
    plan = plan_games(
        game,
        players,
        games,
        seed=seed,
        bots=bots,
        variants=variants,
        options=options,
        save_dir=save_dir,
    )
    return run_plan(plan, progress)
