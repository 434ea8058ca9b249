"""Regression digests: seeded games must play out exactly as they did when pinned.

Shared by every game's ``test_regression_digests.py``. A digest is a short hash of
everything a seeded game shows: for one game of random players, every seat's and the
spectator's view after every move (turn, legal moves, position), every seat's log,
the record's moves and the result, and the record replayed to the same final views.
A simulator digest hashes the results of :func:`tote.sim.runner.play_bots` for a range
of seeds, which covers the unchecked fast path (random bots) and a game's own bots.
A render digest hashes the terminal's drawing of the final views and every log line
as each seat reads it, so that moving code between modules cannot change a word.

Expected digests are computed once from the engine before a change and are never
regenerated to make a failing test pass: a changed digest is a changed rule, view,
log, record or text. Each game's test module prints its table when run as a script
(``.venv/bin/python -m tests.<game>.test_regression_digests``).
"""

from __future__ import annotations

import hashlib
import io
import json
import random
from collections.abc import Mapping
from typing import Any

from rich.console import Console

from tote.cli.board import load_renderer
from tote.core import Match, Record
from tote.core.game import Game
from tote.sim.runner import play_bots


def _feed(digest: Any, data: object) -> None:
    digest.update(json.dumps(data, sort_keys=True, separators=(",", ":")).encode())


def play_random(game: Game, players: int, options: Mapping[str, Any], seed: int) -> Match:
    """A seeded match of random players, as :func:`tote.sim.runner.random_match` plays one."""
    match = Match(game, players, dict(options), seed=seed)
    state = match.state
    rng = random.Random(seed + 1000)
    while not state.is_over:
        seat = state.turn().seats[0]
        match.play(seat, state.random_move(seat, rng))
    return match


def match_digest(game: Game, players: int, options: Mapping[str, Any], seed: int) -> str:
    """Play a seeded match of random players and digest every view after every move,
    every log, the moves and the result; the record must replay to the same views."""
    digest = hashlib.sha256()
    match = Match(game, players, dict(options), seed=seed)
    state = match.state
    rng = random.Random(seed + 1000)
    seats: list[int | None] = [None, *range(players)]
    while not state.is_over:
        for seat in seats:
            _feed(digest, state.view(seat, log=False))
        turn_seat = state.turn().seats[0]
        match.play(turn_seat, state.random_move(turn_seat, rng))
    final = [state.view(seat) for seat in seats]
    _feed(digest, final)
    _feed(digest, [(actor, move.to_json()) for actor, move in match.moves])
    replayed = Match.replay(Record.from_json(json.loads(match.record().to_json_text())))
    assert [replayed.state.view(seat) for seat in seats] == final
    return digest.hexdigest()[:16]


def sim_digest(game: Game, players: int, options: Mapping[str, Any], bot: str, seeds: range) -> str:
    """Digest the simulator's results for ``seeds``, every seat played by ``bot``."""
    digest = hashlib.sha256()
    opts = game.options(dict(options))
    for seed in seeds:
        _feed(digest, play_bots(game, opts, [bot] * players, seed).to_json())
    return digest.hexdigest()[:16]


def render_digest(game: Game, players: int, options: Mapping[str, Any], seed: int) -> str:
    """Digest the terminal's board for every final view and every log line per seat."""
    digest = hashlib.sha256()
    match = play_random(game, players, options, seed)
    renderer = load_renderer(game)
    names = [f"P{seat + 1}" for seat in range(players)]
    console = Console(width=120, record=True, file=io.StringIO(), color_system=None)
    for seat in [None, *range(players)]:
        view = match.state.view(seat)
        console.print(renderer.board(view, names))
        _feed(digest, console.export_text())
        _feed(digest, [renderer.event(event, names) for event in view["log"]])
    return digest.hexdigest()[:16]


def print_tables(
    game: Game,
    option_sets: tuple[dict[str, Any], ...],
    cases: list[tuple[int, int, int]],
    sim_cases: list[tuple[int, str]],
    render_cases: list[tuple[int, int, int]],
    sim_seeds: range,
) -> None:
    """Print the three expected tables of a game's digest test from the current engine."""
    print("EXPECTED_MATCHES: dict[tuple[int, int, int], str] = {")
    for players, index, seed in cases:
        digest = match_digest(game, players, option_sets[index], seed)
        print(f"    {(players, index, seed)!r}: {digest!r},")
    print("}\nEXPECTED_SIMS: dict[tuple[int, str], str] = {")
    for players, bot in sim_cases:
        print(f"    {(players, bot)!r}: {sim_digest(game, players, {}, bot, sim_seeds)!r},")
    print("}\nEXPECTED_RENDERS: dict[tuple[int, int, int], str] = {")
    for players, index, seed in render_cases:
        digest = render_digest(game, players, option_sets[index], seed)
        print(f"    {(players, index, seed)!r}: {digest!r},")
    print("}")
