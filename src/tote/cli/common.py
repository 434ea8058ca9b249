"""Shared pieces of the CLI commands: error reporting and option parsing.

Every refusal a user can cause is a :class:`~tote.core.errors.ToteError`; the
commands run inside :func:`user_errors`, which turns one into a single line on
stderr and a non-zero exit status instead of a traceback.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Annotated, Any, NoReturn

import typer

from tote.core.errors import OptionsError, ToteError
from tote.sim.stopping import Stopped

USER_ERROR = 2
"""Exit status of every refusal (bad arguments, bad record): like a usage error."""
IO_ERROR = 1
"""Exit status when a file cannot be written."""


GameArg = Annotated[
    str,
    typer.Argument(metavar="GAME", help="Game id, as listed by 'tote games'.", show_default=False),
]
VariantOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--variant",
        "-v",
        metavar="NAME",
        help="A variant of the game (repeat, or separate with commas). See 'tote games'.",
        show_default=False,
    ),
]
OptionOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        metavar="KEY=VALUE",
        help="A game option as key=value (repeatable), e.g. --option starting_money=100.",
        show_default=False,
    ),
]


ThinkOpt = Annotated[
    float | None,
    typer.Option(
        "--think",
        metavar="SECONDS",
        help="Let the search bots (strong, hard, ismcts) think this long per decision"
        " (more than 0, at most 60). Default: a fixed number of iterations, so a seeded"
        " game replays; with --think it no longer does.",
        show_default=False,
    ),
]
IterationsOpt = Annotated[
    int | None,
    typer.Option(
        "--iterations",
        metavar="N",
        help="The search bots' iterations per decision (1 to 1,000,000). Default: each"
        " bot's own fixed budget (docs/bots.md).",
        show_default=False,
    ),
]
SearchProcessesOpt = Annotated[
    int | None,
    typer.Option(
        "--search-processes",
        metavar="N",
        help="Search each decision of strong (hard) on N processes, its iterations split"
        " between them (1 to 64; default 1). A seeded game replays with the same N.",
        show_default=False,
    ),
]


def fail(message: str, code: int = USER_ERROR) -> NoReturn:
    """Print ``message`` as one line on stderr and exit with ``code``."""
    line = " ".join(message.split())
    typer.echo(f"tote: error: {line}", err=True)
    raise typer.Exit(code)


@contextmanager
def user_errors() -> Iterator[None]:
    """Report tote's refusals and OS errors as one line each, never as a traceback; a run
    stopped by SIGTERM or SIGHUP ends with the shell's status for it (issue 29, Fix)."""
    try:
        yield
    except Stopped as exc:
        fail(f"stopped by {exc}", exc.exit_status)
    except ToteError as exc:
        fail(str(exc), USER_ERROR)
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        fail(f"{where}{exc.strerror or exc}", IO_ERROR)


def parse_options(pairs: Sequence[str] | None) -> dict[str, Any]:
    """``["starting-money=100", "hidden_bets=true"]`` -> ``{"starting_money": 100, ...}``.

    Values are read as JSON when they parse (numbers, booleans, null, lists),
    else kept as text; dashes in keys become underscores. The game's options
    model validates the result.
    """
    options: dict[str, Any] = {}
    for pair in pairs or ():
        key, sep, raw = pair.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            raise OptionsError(
                f"--option {pair!r} is not key=value (e.g. --option starting_money=100)"
            )
        try:
            value: Any = json.loads(raw)
        except json.JSONDecodeError:
            value = raw
        options[key] = value
    return options


def parse_variants(values: Sequence[str] | None) -> list[str]:
    """Repeated ``--variant`` values, each of which may also be a comma list."""
    return [v.strip() for value in values or () for v in value.split(",") if v.strip()]
