"""The tote board in the terminal: ``tote odds RECORD --seat N`` and ``odds`` in play.

The board is computed by :func:`tote.core.tote_board.estimate` from the seat's
knowledge only; here it is drawn as two tables (the chances of every outcome, then
the value of every bet the seat can place now) or written as JSON.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from tote.bots import rollout_policy
from tote.cli.common import user_errors
from tote.core.errors import OptionsError, RecordError
from tote.core.game import Game
from tote.core.match import Match
from tote.core.state import State
from tote.core.tote_board import MOST_SAMPLES, MOST_SECONDS, Board, Markets, estimate
from tote.sim.record_files import load_record

PLAY_SECONDS = 3.0
"""The longest a player waits for the board in ``tote play``."""


def markets_of(game: Game) -> Markets:
    """The game's markets, or one clear line saying it has no tote board."""
    if game.markets is None:
        raise OptionsError(f"{game.title} has no tote board")
    return game.markets


def board_for(
    game: Game,
    state: State,
    seat: int | None,
    *,
    seed: int = 0,
    precision: float = 0.02,
    samples: int = 20_000,
    seconds: float | None = None,
    policy: str = "random",
    to_game_end: bool = False,
) -> Board:
    """The board of ``seat`` at ``state`` (see :func:`estimate`), seeded."""
    return estimate(
        state,
        seat,
        markets_of(game),
        rng=random.Random(seed),
        policy=rollout_policy(game, policy, seed),
        precision=precision,
        samples=samples,
        seconds=seconds,
        to_game_end=to_game_end,
    )


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def render_board(board: Board, names: list[str] | None = None) -> Group:
    """The board as rich tables: outcome chances, then bets by expected value."""
    who = (
        "the public"
        if board.seat is None
        else (names[board.seat] if names else f"seat {board.seat}")
    )
    head = Text.assemble(
        ("Tote board", "bold"),
        f" for {who}, to the end of the {board.horizon}: {board.samples:,} sampled worlds"
        f" in {board.seconds:.2f} s (stopped by {board.stopped_by}); ±: 95% interval.",
    )
    parts: list[Table | Text] = [head]
    labels: list[str] = []
    for outcomes in board.markets.values():
        labels += [o for o in outcomes if o not in labels]
    chances = Table(title="Chances", title_justify="left")
    chances.add_column("")
    for label in labels:
        chances.add_column(label, justify="right")
    for market, outcomes in board.markets.items():
        cells = []
        for label in labels:
            e = outcomes.get(label)
            cells.append(
                "" if e is None else f"{_percent(e.value)} ±{_percent((e.high - e.low) / 2)}"
            )
        chances.add_row(market, *cells)
    parts.append(chances)
    if board.bets:
        units = " and ".join([board.unit, *board.other_units])
        bets = Table(title=f"Your bets now, in {units}", title_justify="left")
        bets.add_column("Bet")
        bets.add_column("Stake", justify="right")
        named = bool(board.other_units)
        bets.add_column(f"Expected {board.unit}" if named else "Expected value", justify="right")
        bets.add_column("95% interval", justify="right")
        for unit in board.other_units:
            bets.add_column(f"Expected {unit}", justify="right")
            bets.add_column(f"{unit} 95% interval", justify="right")
        best = board.best_bet()
        for value in sorted(board.bets, key=lambda b: -b.ev.value):
            style = "bold green" if value is best else ""
            others: list[str] = []
            for unit in board.other_units:
                e = value.other[unit]
                others += [f"{e.value:+.2f}", f"{e.low:+.2f} to {e.high:+.2f}"]
            bets.add_row(
                Text(value.bet.label, style=style),
                f"{value.bet.stake:g}",
                Text(f"{value.ev.value:+.2f}", style=style),
                f"{value.ev.low:+.2f} to {value.ev.high:+.2f}",
                *others,
            )
        parts.append(bets)
    else:
        parts.append(Text("No bet to place now.", style="dim"))
    return Group(*parts)


def odds(
    record: Annotated[
        Path,
        typer.Argument(
            metavar="RECORD",
            help="A record (from 'tote play --save' or 'tote simulate --save'); the board is "
            "for its last position.",
            show_default=False,
        ),
    ],
    seat: Annotated[
        int | None,
        typer.Option(
            metavar="N",
            help="The seat whose knowledge the board uses (0 is the first). "
            "Without it, the public board, from what spectators see.",
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the board as JSON.")] = False,
    precision: Annotated[
        float,
        typer.Option(metavar="P", help="Stop when every chance is known to ±P (a 95% interval)."),
    ] = 0.02,
    samples: Annotated[
        int, typer.Option(metavar="N", help=f"At most N sampled worlds (1 to {MOST_SAMPLES:,}).")
    ] = 20_000,
    seconds: Annotated[
        float | None,
        typer.Option(
            metavar="S",
            help=f"At most S seconds (above 0, at most {MOST_SECONDS:g}).",
            show_default=False,
        ),
    ] = None,
    policy: Annotated[
        str,
        typer.Option(
            metavar="BOT",
            help="The rollout policy: any bot of the game, e.g. normal (its heuristic"
            " bot: a better model of people, and slower; docs/bots.md).",
        ),
    ] = "random",
    to_game_end: Annotated[
        bool,
        typer.Option(
            "--to-game-end", help="Play rollouts to the end of the game, not of the race."
        ),
    ] = False,
    seed: Annotated[int, typer.Option(metavar="S", help="Seed of the sampling.")] = 0,
    game: Annotated[
        int | None,
        typer.Option(
            metavar="SEED",
            help="In a run file of 'tote simulate --save', the game with this seed.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """The tote board: every outcome's chance and every bet's expected value for a seat,
    estimated from what that seat knows at the record's last position.

    A record that does not replay, a finished game, an unknown seat or a budget of zero
    or below is refused with one line and exit status 2.
    """
    with user_errors():
        try:
            loaded = load_record(record, game)
        except RecordError as exc:
            raise RecordError(str(exc).replace("with --seed S", "with --game SEED")) from None
        match = Match.replay(loaded)
        if seat is not None and not 0 <= seat < match.state.num_players:
            raise OptionsError(
                f"there is no seat {seat}: this game has seats 0 to {match.state.num_players - 1}"
            )
        board = board_for(
            match.game,
            match.state,
            seat,
            seed=seed,
            precision=precision,
            samples=samples,
            seconds=seconds,
            policy=policy,
            to_game_end=to_game_end,
        )
    if as_json:
        sys.stdout.write(json.dumps(board.to_json()) + "\n")
        return
    names = [p.name for p in match.players]
    Console().print(render_board(board, names))
