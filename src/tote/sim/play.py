"""One bot-only game, start to end: straight on a State (fast) or through a Match (recorded).

Both ways draw chance moves from ``random.Random(seed)`` in the same order and give
each bot its stream from (game seed, seat), so a game plays out identically either
way; :mod:`tote.sim.runner` plays batches of them.
"""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, cast

from tote.bots import Budget, make_bot
from tote.core.bot import Bot, Observation, RandomBot
from tote.core.errors import IllegalMove, OptionsError, ToteError
from tote.core.game import Game, GameOptions
from tote.core.match import Match
from tote.core.moves import CHANCE
from tote.core.record import PlayerEntry, Record
from tote.core.registry import get_game
from tote.core.result import Result
from tote.core.state import State


def seat_bots(names: Sequence[str], players: int) -> tuple[str, ...]:
    """One bot name per seat, cycling ``names`` when it is shorter than the table."""
    if not names:
        raise OptionsError("no bot named; give one or more bot names")
    return tuple(names[seat % len(names)] for seat in range(players))


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
    """Play one bot-only game straight on a State (no move log); returns its result."""
    state, _, _ = play_state(game, options, bot_names, seed)
    result = state.result()
    assert result is not None, "a game whose turn is over must have a result"
    return result


def play_state(
    game: Game,
    options: GameOptions,
    bot_names: Sequence[str],
    seed: int,
    budget: Budget | None = None,
) -> tuple[State, int, int]:
    """Play one bot-only game straight on a State (no move log): the finished state,
    the number of moves the seats made and the number of chance moves.

    Moves the state itself generated (chance draws, the core random bot's
    picks) skip the second check (:meth:`State.apply_unchecked`); every other
    bot's move is checked like a player's. Search bots think within ``budget`` when
    one is given (issue 25).
    """
    with collector_paused():
        return _play_state(game, options, bot_names, seed, budget)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector for one simulated game.

    A game allocates thousands of short-lived objects; reference counting frees
    them as it goes, but they also trigger collector passes that walk every
    object in the process, and find nothing: no game leaves reference cycles
    behind (``tests/test_sim.py``, ``test_simulated_games_leave_no_reference_cycles``).
    The collector resumes after the game, so a cycle a future game makes is still
    collected, between games.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _play_state(
    game: Game,
    options: GameOptions,
    bot_names: Sequence[str],
    seed: int,
    budget: Budget | None = None,
) -> tuple[State, int, int]:
    state = game.new_state(options, len(bot_names))
    bots = [
        make_bot(game, name, seed, seat, learned=True, budget=budget)
        for seat, name in enumerate(bot_names)
    ]
    # RandomBot.choose(obs) is obs.random_move(bot.rng): the same draw, minus building
    # an Observation. Seats played by other bots have no stream here (None).
    random_streams = [bot.rng if type(bot) is RandomBot else None for bot in bots]
    rng = random.Random(seed)
    if all(stream is not None for stream in random_streams):
        # every seat a random bot: the game's quiet loop, if it has one (issue 24, 2)
        counts = state.play_random(rng, cast("list[random.Random]", random_streams))
        if counts is not None:
            return state, *counts
    # Bound once: a game is hundreds of moves, each a turn, a pick and a step.
    turn_now, random_move, step = state.turn, state.random_move, state.apply_unchecked
    moves = chance = 0
    while True:
        turn = turn_now()
        if turn.chance:
            step(CHANCE, state.sample_chance(rng))
            chance += 1
        elif turn.seats:
            seat = turn.seats[0]
            stream = random_streams[seat]
            if stream is not None:
                step(seat, random_move(seat, stream), turn)
            else:
                bot = bots[seat]
                _apply(state, seat, _choose(bot, state, seat, seed), bot, seed)
            moves += 1
        else:
            break
    return state, moves, chance


def play_bots_recorded(
    game: Game,
    options: GameOptions,
    bot_names: Sequence[str],
    seed: int,
) -> tuple[Result, Record]:
    """Play one bot-only game through a Match, so it can be saved as a record."""
    match = play_match(game, options, bot_names, seed)
    result = match.state.result()
    assert result is not None, "a game whose turn is over must have a result"
    return result, match.record()


def play_match(
    game: Game,
    options: GameOptions,
    bot_names: Sequence[str],
    seed: int,
    budget: Budget | None = None,
) -> Match:
    """Play one bot-only game through a Match (its log becomes the record); search bots
    think within ``budget`` when one is given (issue 25)."""
    players = [
        PlayerEntry(name=f"Player {seat + 1}", bot=name) for seat, name in enumerate(bot_names)
    ]
    match = Match(game, players, options, seed)
    bots = [
        make_bot(game, name, seed, seat, learned=True, budget=budget)
        for seat, name in enumerate(bot_names)
    ]
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
    return match


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
