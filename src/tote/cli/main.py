"""The ``tote`` command: ``games``, ``play``, ``simulate``, ``sweep``, ``tournament``, ``plot``,
``report``, ``replay``, ``odds``, ``review``, ``terms`` and ``serve``.

Every command resolves the game through the registry, so a new game shows up
here without any change to this file. User errors are one line on stderr and
a non-zero exit status (see :mod:`tote.cli.common`).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text
from typer.exceptions import TyperException

from tote import __version__
from tote.bots import bots_for, default_bot, make_bot, parse_bot_names
from tote.bots.budget import budget_of
from tote.bots.levels import level_bots
from tote.cli.board import load_renderer
from tote.cli.common import (
    GameArg,
    IterationsOpt,
    OptionOpt,
    SearchProcessesOpt,
    ThinkOpt,
    VariantOpt,
    fail,
    parse_options,
    parse_variants,
    user_errors,
)
from tote.cli.move_names import parse_seat_names
from tote.cli.odds import odds
from tote.cli.play import (
    InputEnded,
    Outcome,
    PlaySession,
    display_names,
    result_table,
    winners_line,
)
from tote.cli.plot import plot
from tote.cli.report import report
from tote.cli.review import review_command
from tote.cli.serve import serve
from tote.cli.simulate import bare_ray_is_local, simulate
from tote.cli.sweep import sweep
from tote.cli.terms import terms
from tote.cli.tournament import tournament
from tote.core.bot import Bot
from tote.core.errors import OptionsError
from tote.core.match import Match
from tote.core.record import PlayerEntry
from tote.core.registry import all_games, get_game
from tote.sim.record_files import load_record

app = typer.Typer(
    name="tote",
    help=(
        "Rule-exact betting board games: list them, play them in the terminal, "
        "simulate bots against each other, replay records.\n\n"
        "Start with 'tote games', then e.g. 'tote play winners-circle --players 3 --bots 2'."
    ),
    no_args_is_help=True,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"tote {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", help="Show tote's version and exit.", callback=_version, is_eager=True
        ),
    ] = False,
) -> None:
    """Rule-exact betting board games."""


# ----------------------------------------------------------------- games
@app.command()
def games() -> None:
    """List every game: its id, player counts (or how people make up the seats,
    where a game says so), variants and bots (the levels easy, normal and hard with
    the bot each stands for; docs/bots.md)."""
    console = Console()
    table = Table(title="Games", title_justify="left")
    table.add_column("Game", style="bold", no_wrap=True)
    table.add_column("Title")
    table.add_column("Players")
    table.add_column("Bots (--bot NAME)")
    variants = Table(title="Variants (--variant NAME)", title_justify="left")
    variants.add_column("Game", style="bold", no_wrap=True)
    variants.add_column("Variant", style="cyan", no_wrap=True)
    variants.add_column("Description")
    for game in all_games():
        best = default_bot(game)
        levels = level_bots(game)
        bots = "\n".join(
            f"{n} = {levels[n]}" if n in levels else f"{n} (default)" if n == best else n
            for n in bots_for(game)
        )
        players = game.players_note or f"{game.min_players}-{game.max_players}"
        table.add_row(game.id, game.title, players, bots)
        for name, (description, _) in game.variants.items():
            variants.add_row(game.id, name, description)
    console.print(table)
    if variants.row_count:
        console.print(variants)


# ------------------------------------------------------------------ play
@app.command()
def play(
    game_id: GameArg,
    players: Annotated[
        int,
        typer.Option("--players", "-p", metavar="N", help="Number of seats.", show_default=False),
    ],
    bots: Annotated[
        int,
        typer.Option(
            "--bots",
            "-b",
            min=0,
            metavar="K",
            help="How many of the seats are bots (the last ones).",
        ),
    ] = 0,
    bot: Annotated[
        str | None,
        typer.Option(
            metavar="NAME",
            help="Which bot plays the bot seats (a comma list is cycled over them): a"
            " level, easy, normal or hard, or any bot 'tote games' lists. Default: the"
            " game's own heuristic bot (normal).",
            show_default=False,
        ),
    ] = None,
    variant: VariantOpt = None,
    option: OptionOpt = None,
    seed: Annotated[
        int | None,
        typer.Option(
            metavar="S",
            help="Seed of the chance moves (default: a random one, shown).",
            show_default=False,
        ),
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help="Save the game's record to this file.",
            show_default=False,
            dir_okay=False,
        ),
    ] = None,
    seat_names: Annotated[
        str | None,
        typer.Option(
            "--names",
            metavar="A,B,...",
            help="Names of the first seats, in order (at most 40 characters each). "
            "Default: Player N for a human, the bot's name for a bot.",
            show_default=False,
        ),
    ] = None,
    think: ThinkOpt = None,
    iterations: IterationsOpt = None,
    search_processes: SearchProcessesOpt = None,
) -> None:
    """Play a game in the terminal: humans share the keyboard, bots play the last seats.

    Each turn lists your legal moves, or, where moves are open (a guess, an
    amount), says what to type; type a move's number or name, or what it says, a
    move as JSON, 'help' or 'quit'. Bots' moves and chance events (die rolls, card
    draws) are logged.
    """
    console = Console()
    with user_errors():
        game = get_game(game_id)
        game.check_players(players)
        if bots > players:
            raise OptionsError(f"--bots {bots} is more than --players {players}")
        options = game.options(parse_options(option), parse_variants(variant))
        names = parse_bot_names(game, bot) if bot is not None else [default_bot(game)]
        budget = budget_of(think, iterations, search_processes)
        if seed is None:
            seed = int.from_bytes(os.urandom(4), "big")
        if save is not None:  # find out now, not after the game, that it cannot be saved
            save.parent.mkdir(parents=True, exist_ok=True)
            if not os.access(save.parent, os.W_OK):
                raise OSError(13, "cannot write there", str(save.parent))
        humans = players - bots
        try:
            given = parse_seat_names(seat_names, players) if seat_names is not None else []
        except ValueError as exc:
            raise OptionsError(str(exc)) from None
        entries = [
            PlayerEntry(
                name=given[s] if s < len(given) else f"Player {s + 1}",
                bot=None if s < humans else names[(s - humans) % len(names)],
            )
            for s in range(players)
        ]
        seat_bots: dict[int, Bot] = {
            s: make_bot(game, entry.bot, seed, s, learned=True, budget=budget)
            for s, entry in enumerate(entries)
            if entry.bot is not None
        }
        renderer = load_renderer(game)
        variants = ", ".join(game.active_variants(options)) or "none"
        console.rule(Text(game.title, style="bold"))
        console.print(
            Text(
                f"{players} players ({_count(humans, 'human')}, {_count(bots, 'bot')}) - "
                f"seed {seed} "
                f"(use --seed {seed} to deal the same game again) - variants: {variants}"
            )
        )
        console.print(Text("Seats: " + ", ".join(display_names(entries))))
        match = Match(game, entries, options, seed)
        session = PlaySession(match, seat_bots, renderer, console, _line_reader(console))
        try:
            outcome = session.run()
        except (InputEnded, KeyboardInterrupt) as exc:
            _save_or_hint(console, match, save, finished=False)
            if isinstance(exc, KeyboardInterrupt):
                typer.echo("", err=True)
                fail("interrupted before the end of the game", 130)
            fail("input ended before the end of the game", 1)
        if outcome is Outcome.QUIT:
            console.print(Text("Game stopped before its end.", style="bold"))
        _save_or_hint(console, match, save, finished=outcome is Outcome.FINISHED)


def _line_reader(console: Console) -> Callable[[Text], str]:
    """Read a line after a prompt; when input is piped, echo it so transcripts read well."""
    echo = not sys.stdin.isatty()

    def read(prompt: Text) -> str:
        line = console.input(prompt)
        if echo:
            console.print(Text(line), highlight=False)
        return line

    return read


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


def _save_or_hint(console: Console, match: Match, save: Path | None, *, finished: bool) -> None:
    if save is None:
        if finished:
            console.print(
                Text(
                    "Not saved: add --save FILE to keep the record for 'tote replay'.", style="dim"
                )
            )
        return
    save.parent.mkdir(parents=True, exist_ok=True)
    match.record().save(save)
    console.print(Text(f"Record saved to {save}" + ("" if finished else " (unfinished game)")))


app.command()(simulate)
app.command()(sweep)
app.command()(tournament)
app.command()(plot)
app.command()(report)


# ---------------------------------------------------------------- replay
@app.command()
def replay(
    file: Annotated[
        Path,
        typer.Argument(
            metavar="FILE",
            help="A record written by 'tote play --save', or a run file written by "
            "'tote simulate --save' (then pick the game with --seed).",
            show_default=False,
        ),
    ],
    seed: Annotated[
        int | None,
        typer.Option(
            metavar="S",
            help="The game with seed S, out of a run file (simulate --save).",
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help='Print {"game", "result", "state"} as JSON; "state" is the full final state.',
        ),
    ] = False,
) -> None:
    """Replay a record move by move and show the final board and result.

    A record that cannot be replayed (corrupt, or with an illegal move) is
    refused with one line naming the move and rule, and exit status 2.
    """
    with user_errors():
        record = load_record(file, seed)
        match = Match.replay(record)
    state = match.state
    result = state.result()
    if as_json:
        sys.stdout.write(json.dumps(_replay_json(match)) + "\n")
        return
    console = Console()
    names = display_names(match.players)
    console.rule(Text(f"Replay of {file}", style="bold"))
    console.print(
        Text(
            f"{match.game.title} ({record.game}), {len(names)} players: {', '.join(names)}; "
            f"seed {record.seed}; {len(record.moves)} moves; written by tote {record.engine}"
        )
    )
    if match.options.data_changes:
        changed = "; ".join(f"{path} = {value}" for path, value in match.options.data_changes)
        console.print(Text(f"Played with changed data (--set): {changed}."))
    console.print(load_renderer(match.game).board(state.view(None), names))
    if result is None:
        waiting = state.turn().seats
        who = ", ".join(names[s] for s in waiting)
        console.print(
            Text(f"The record ends before the game does (waiting for {who}).", style="bold")
        )
        return
    console.print(result_table(result, names))
    console.print(winners_line(result, names))
    if record.result is not None:
        console.print(Text("The replay reaches the result the record states.", style="dim"))


def _replay_json(match: Match) -> dict[str, Any]:
    """The game, its result and its full final state: the public state plus every seat's part."""
    state = match.state
    result = state.result()
    full: dict[str, Any] = dict(state.view(None)["state"])
    full["seats"] = [state.view(seat)["state"] for seat in range(state.num_players)]
    return {
        "game": match.game.id,
        "players": [p.model_dump() for p in match.players],
        "seed": match.seed,
        "moves": len(match.moves),
        "over": state.is_over,
        "result": None if result is None else result.to_json(),
        "state": full,
    }


app.command()(odds)
app.command("review")(review_command)
app.command()(terms)


# ----------------------------------------------------------------- serve
app.command()(serve)


def main() -> None:
    """Entry point of the ``tote`` script.

    A mistyped command line (an unknown option, a seed that is not a number) is
    one line on stderr with exit status 2, like every other refusal, instead of
    click's boxed message.
    """
    try:
        code = typer.main.get_command(app).main(
            args=bare_ray_is_local(sys.argv[1:]), prog_name="tote", standalone_mode=False
        )
    except typer.Abort:
        print("tote: aborted", file=sys.stderr)
        raise SystemExit(130) from None
    except TyperException as exc:
        ctx = getattr(exc, "ctx", None)
        if type(exc).__name__ == "NoArgsIsHelpError" and ctx is not None:
            print(ctx.get_help())
            raise SystemExit(0) from None
        format_message = getattr(exc, "format_message", None)
        message = format_message() if callable(format_message) else str(exc)
        hint = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
        print(f"tote: error: {message}{hint}", file=sys.stderr)
        raise SystemExit(2) from None
    raise SystemExit(code if isinstance(code, int) else 0)
