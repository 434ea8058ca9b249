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
log, record or text. A game declares its cases and digests as :class:`Pins` and gets
the tests from :func:`pinned_tests`; its test module prints the tables from the
current engine when run as a script
(``.venv/bin/python -m tests.<game>.test_regression_digests``).
"""

from __future__ import annotations

import hashlib
import io
import json
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import pytest
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


@dataclass(frozen=True)
class Pins:
    """One game's pinned digests: the seeded cases and what each digested to."""

    game: Game
    option_sets: tuple[dict[str, Any], ...]
    matches: Mapping[tuple[int, int, int], str]
    """(players, index into option_sets, seed) -> digest of a match of random players."""
    sims: Mapping[tuple[int, str], str]
    """(players, bot) -> digest of the simulator's results for :attr:`sim_seeds`."""
    renders: Mapping[tuple[int, int, int], str]
    """(players, index into option_sets, seed) -> digest of the terminal's text."""
    sim_seeds: Mapping[str, range]
    """The seeds each bot is simulated over."""

    def print_tables(self) -> None:
        """The three tables from the current engine, to paste when pinning anew."""
        print("matches={")
        for players, index, seed in self.matches:
            digest = match_digest(self.game, players, self.option_sets[index], seed)
            print(f"    {(players, index, seed)!r}: {digest!r},")
        print("},\nsims={")
        for players, bot in self.sims:
            digest = sim_digest(self.game, players, {}, bot, self.sim_seeds[bot])
            print(f"    {(players, bot)!r}: {digest!r},")
        print("},\nrenders={")
        for players, index, seed in self.renders:
            digest = render_digest(self.game, players, self.option_sets[index], seed)
            print(f"    {(players, index, seed)!r}: {digest!r},")
        print("},")


TestFunction = Callable[..., None]


def pinned_tests(pins: Pins) -> tuple[TestFunction, TestFunction, TestFunction]:
    """The three digest tests of a game, parametrized over its pinned cases; a game's
    test module assigns them to ``test_*`` names for pytest to collect."""

    @pytest.mark.parametrize(("players", "index", "seed"), list(pins.matches))
    def matches(players: int, index: int, seed: int) -> None:
        """Same legal moves, views, logs, record and result as the pinned engine."""
        digest = match_digest(pins.game, players, pins.option_sets[index], seed)
        assert digest == pins.matches[(players, index, seed)]

    @pytest.mark.parametrize(("players", "bot"), list(pins.sims))
    def sims(players: int, bot: str) -> None:
        """The simulator's fast path (random) and the game's bot give the pinned results."""
        digest = sim_digest(pins.game, players, {}, bot, pins.sim_seeds[bot])
        assert digest == pins.sims[(players, bot)]

    @pytest.mark.parametrize(("players", "index", "seed"), list(pins.renders))
    def renders(players: int, index: int, seed: int) -> None:
        """The terminal's boards and log lines read word for word as pinned."""
        digest = render_digest(pins.game, players, pins.option_sets[index], seed)
        assert digest == pins.renders[(players, index, seed)]

    return matches, sims, renders
