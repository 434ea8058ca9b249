"""The same chance played by different players (issue 29, "What decides it").

A game's chance moves are drawn from ``random.Random(seed)``, one number stream for
chance alone, exactly as :mod:`tote.sim.play` does; each bot draws from its own stream
(:func:`tote.bots.make_bot`). :func:`replay` keeps the chance seed and changes the
bots' seed and line-up, so the same cards, decks and tiles come out in the same order
*as long as the players' moves do not change which chance moves are made or what they
choose among*. Where they do, the same seed gives the same random numbers, read
against what the players left: that is what "the same chance" means here, and
:class:`Replay` keeps the draws so the report says how often they were identical.
Measured with random bots (40 games each): Wetten! (whole decks shuffled at once) and
Carcassonne (the tile stack) replay identical draws every time; Winner's Circle (a
race's die rolls last as long as the players' choice of horse makes it) and Horse
Fever diverge within the game.

The runner's rows tie the bots' streams to the game's seed, so these games are played
here, straight on a :class:`~tote.core.state.State` like :func:`tote.sim.play.play_state`.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from tote.bots import make_bot
from tote.core.bot import Observation
from tote.core.errors import IllegalMove, ToteError
from tote.core.game import GameOptions
from tote.core.moves import CHANCE
from tote.core.registry import get_game

BOT_STREAMS = 1_000_003
"""Line-up ``j`` of a chance seed ``s`` gives its bots the streams of game seed
``s + j * BOT_STREAMS`` (line-up 0: the runner's own game of seed ``s``)."""
TOP = 3
"""A shuffled deck (a chance move holding a sequence) counts by its first cards."""


@dataclass(frozen=True)
class Replay:
    """One game of a chance seed and a line-up: who won, and what chance drew."""

    seed: int
    lineup: int
    bots: tuple[str, ...]
    winners: tuple[int, ...]
    draws: tuple[str, ...]
    """Every chance move, as text, in order."""
    tokens: tuple[tuple[str, ...], ...]
    """What each chance move drew: one label per drawn item (a card, a tile, ...)."""


def lineup(bots: Sequence[str], j: int) -> tuple[str, ...]:
    """Line-up ``j``: the seats' bots turned ``j`` seats (so each bot sits everywhere)."""
    shift = j % len(bots)
    return tuple(bots[shift:]) + tuple(bots[:shift])


def tokens(move: Any) -> tuple[str, ...]:
    """What a chance move drew, as labels: each field's value (``"card=H04"``), and for
    a shuffled sequence its first :data:`TOP` items (``"race_cards top=R27"``)."""
    if dataclasses.is_dataclass(move) and not isinstance(move, type):
        fields = {f.name: getattr(move, f.name) for f in dataclasses.fields(move)}
    elif hasattr(move, "model_dump"):
        fields = dict(move.model_dump())
    else:
        return (repr(move),)
    out: list[str] = []
    for name, value in fields.items():
        if isinstance(value, (list, tuple)):
            out += [f"{name} top={v}" for v in value[:TOP] if not isinstance(v, (list, dict))]
        elif not isinstance(value, dict):
            out.append(f"{name}={value}")
    return tuple(out)


def replay(
    game_id: str,
    options: GameOptions,
    bots: Sequence[str],
    seed: int,
    j: int,
) -> Replay:
    """Play chance seed ``seed`` with line-up ``j`` to the end."""
    game = get_game(game_id)
    seats = lineup(bots, j)
    state = game.new_state(options, len(seats))
    stream_seed = seed + j * BOT_STREAMS
    players = [
        make_bot(game, name, stream_seed, seat, learned=True) for seat, name in enumerate(seats)
    ]
    rng = random.Random(seed)
    draws: list[str] = []
    drawn: list[tuple[str, ...]] = []
    while True:
        turn = state.turn()
        if turn.chance:
            move = state.sample_chance(rng)
            draws.append(repr(move))
            drawn.append(tokens(move))
            state.apply_unchecked(CHANCE, move)
        elif turn.seats:
            seat = turn.seats[0]
            try:
                state.apply(seat, players[seat].choose(Observation(state, seat)))
            except IllegalMove as exc:
                raise ToteError(f"bot {seats[seat]!r} (seat {seat}) failed: {exc}") from None
        else:
            break
    result = state.result()
    assert result is not None, "a game whose turn is over must have a result"
    return Replay(seed, j, seats, result.winners, tuple(draws), tuple(drawn))


def _replays(args: tuple[str, GameOptions, tuple[str, ...], int, int]) -> list[Replay]:
    game_id, options, bots, seed, lineups = args
    return [replay(game_id, options, bots, seed, j) for j in range(lineups)]


def replays(
    game_id: str,
    options: GameOptions,
    bots: Sequence[str],
    seeds: Sequence[int],
    lineups: int,
    workers: int = 1,
) -> Iterator[list[Replay]]:
    """Every seed's ``lineups`` replays, seed by seed, in order; on ``workers``
    processes when more than one (the same replays either way)."""
    jobs = [(game_id, options, tuple(bots), s, lineups) for s in seeds]
    if workers <= 1 or len(jobs) < 2:
        yield from map(_replays, jobs)
        return
    with ProcessPoolExecutor(max_workers=min(workers, len(jobs))) as pool:
        yield from pool.map(_replays, jobs)
