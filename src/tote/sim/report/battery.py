"""The balance report's standard battery (issue 29, "The balance report"): for every
player count asked, ``games`` games with the bots turned one seat each game, the rows
kept for the sections.

Every player count plays the same seeds (game ``i`` seed ``seed + i``), through the
runner (:mod:`tote.sim.runner`), on one core or ``workers`` processes: the rows are the
same either way. The first :data:`MAX_RECORDED` games of each player count keep their
record (:attr:`GameRow.record`), which "How the game goes" replays to follow the scores
move by move; the rest are played without one (a record costs time and memory, and a
few hundred games pin lead changes and decisiveness down well enough).

Every refusal (unknown game, bot, variant or option, a player count the game does not
take, games out of bounds) happens in :func:`plan_battery`, before any game is played.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tote.core.errors import OptionsError, ToteError
from tote.core.game import Game, GameOptions
from tote.core.registry import get_game
from tote.sim.runner import GameRow, SimPlan, check_workers, iter_rows, plan_games

MAX_REPORT_GAMES = 1_000_000
"""The most games a report plays per player count."""
MAX_RECORDED = 500
"""The games per player count whose records are kept (and replayed)."""
DEFAULT_COUNTS = 6
"""Without ``--players``, at most this many player counts, from the smallest the game
and its options take."""
MAX_COUNTS = 20
"""The most player counts one report plays."""

BatteryProgress = Callable[[int, int], None]
"""Called after every game with (games done, games in all), over every player count."""


def parse_players(text: str | None, game: Game) -> list[int] | None:
    """``"2-6"`` -> [2, 3, 4, 5, 6]; ``"3,4"`` -> [3, 4]; None -> None (the default).

    A count the game does not take, a range upside down, or more than
    :data:`MAX_COUNTS` counts is refused naming the rule."""
    if text is None:
        return None
    counts: list[int] = []
    for part in text.split(","):
        part = part.strip()
        low, dash, high = part.partition("-")
        try:
            first = int(low)
            last = int(high) if dash else first
        except ValueError:
            raise OptionsError(
                f"--players {text!r}: give a count, a range or a list (e.g. 2-6 or 3,4)"
            ) from None
        if last < first:
            raise OptionsError(f"--players {text!r}: the range {part} runs backwards")
        if last - first >= MAX_COUNTS:
            raise OptionsError(f"--players {text!r}: at most {MAX_COUNTS} player counts")
        counts.extend(range(first, last + 1))
    counts = sorted(set(counts))
    if len(counts) > MAX_COUNTS:
        raise OptionsError(f"--players {text!r}: at most {MAX_COUNTS} player counts")
    for count in counts:
        game.check_players(count)
    return counts


def default_players(game: Game, options: GameOptions) -> list[int]:
    """The player counts the game takes with these options (Horse Fever's board game
    takes 2 to 5 of its 2 to 20), at most :data:`DEFAULT_COUNTS` of them."""
    counts: list[int] = []
    for count in range(game.min_players, game.max_players + 1):
        try:
            game.new_state(options, count)
        except ToteError:
            continue
        counts.append(count)
        if len(counts) == DEFAULT_COUNTS:
            break
    return counts


@dataclass(frozen=True)
class BatteryPlan:
    """A checked battery: one or two runner plans per player count (the recorded games
    first), every refusal already made."""

    game: Game
    players: tuple[int, ...]
    games: int
    seed: int
    bots: tuple[str, ...]
    """The bots as named (cycled over the seats, turned one seat each game)."""
    variants: tuple[str, ...]
    options: GameOptions
    plans: dict[int, tuple[SimPlan, ...]] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return self.games * len(self.players)


@dataclass(frozen=True)
class Battery:
    """What a battery played: every game's row, per player count, in game order."""

    plan: BatteryPlan
    rows: dict[int, list[GameRow]]

    @property
    def game_id(self) -> str:
        return self.plan.game.id


def plan_battery(
    game: Game | str,
    *,
    players: Sequence[int] | None = None,
    games: int = 1000,
    seed: int = 0,
    bots: Sequence[str] = ("random",),
    variants: Sequence[str] = (),
    options: Mapping[str, Any] | None = None,
) -> BatteryPlan:
    """Check a battery's settings (see the module's docstring); nothing is played yet."""
    game = get_game(game) if isinstance(game, str) else game
    if not 1 <= games <= MAX_REPORT_GAMES:
        raise OptionsError(f"--games must be 1 to {MAX_REPORT_GAMES:,}, not {games:,}")
    opts = game.options(options, variants)
    counts = list(players) if players is not None else default_players(game, opts)
    if not counts:
        raise OptionsError(f"{game.title} takes no player count with these options")
    if len(counts) > MAX_COUNTS:
        raise OptionsError(f"at most {MAX_COUNTS} player counts in one report")
    plans: dict[int, tuple[SimPlan, ...]] = {}
    recorded = min(games, MAX_RECORDED)
    for count in counts:
        first = plan_games(
            game,
            count,
            recorded,
            seed=seed,
            bots=bots,
            variants=variants,
            options=options,
            rotate=True,
        )
        first = dataclasses.replace(first, record=True)
        parts = [first]
        if games > recorded:
            # The unrecorded games go on where the recorded ones stopped: seeds and seats.
            rest = plan_games(
                game,
                count,
                games - recorded,
                seed=seed + recorded,
                bots=first.spec.bots_of(recorded),
                variants=variants,
                options=options,
                rotate=True,
            )
            parts.append(rest)
        plans[count] = tuple(parts)
    return BatteryPlan(game, tuple(counts), games, seed, tuple(bots), tuple(variants), opts, plans)


def run_battery(
    plan: BatteryPlan, *, workers: int = 1, progress: BatteryProgress | None = None
) -> Battery:
    """Play the battery, player count by player count; ``progress`` after every game.

    Nothing is written: an interruption (Ctrl+C) simply stops it."""
    check_workers(workers)
    rows: dict[int, list[GameRow]] = {}
    done = 0
    for count in plan.players:
        kept: list[GameRow] = []
        offset = 0
        for part in plan.plans[count]:
            for row in iter_rows(part, workers=workers):
                kept.append(dataclasses.replace(row, index=row.index + offset))
                done += 1
                if progress is not None:
                    progress(done, plan.total)
            offset += part.games
        rows[count] = kept
    return Battery(plan, rows)
