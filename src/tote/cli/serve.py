"""``tote serve``: the multiplayer server (tables over HTTP and WebSocket), with the
operator's bounds (docs/deploy.md): the database, the address, bots' pace, the
per-address table limit, open tables' lifetime, trusted proxies, metrics, logs and the
game reviews' limits (issue 26)."""

from __future__ import annotations

import sys
from typing import Annotated, Any, Literal

import typer

from tote import __version__
from tote.cli.common import fail


def serve(
    db: Annotated[
        str | None,
        typer.Option(
            metavar="URL",
            envvar="TOTE_DB",
            help="Database URL, e.g. postgresql+psycopg://user@host/tote. "
            "Default: the SQLite file tote.db in the working directory.",
            show_default=False,
        ),
    ] = None,
    host: Annotated[
        str, typer.Option(metavar="ADDRESS", envvar="TOTE_HOST", help="Address to listen on.")
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option(min=0, max=65535, envvar="TOTE_PORT", help="Port to listen on.")
    ] = 8000,
    bot_delay: Annotated[
        float,
        typer.Option(
            min=0.0,
            max=60.0,
            metavar="SECONDS",
            envvar="TOTE_BOT_DELAY",
            help="How long bots wait before each move.",
        ),
    ] = 0.6,
    tables_per_minute: Annotated[
        int,
        typer.Option(
            min=0,
            max=100_000,
            metavar="N",
            envvar="TOTE_TABLES_PER_MINUTE",
            help="New tables a minute from one address (0: any).",
        ),
    ] = 30,
    open_table_hours: Annotated[
        float,
        typer.Option(
            min=0.0,
            max=24.0 * 365,
            metavar="HOURS",
            envvar="TOTE_OPEN_TABLE_HOURS",
            help="An open table nobody joins is deleted after this long (0: never).",
        ),
    ] = 24.0,
    forwarded_allow_ips: Annotated[
        str,
        typer.Option(
            metavar="ADDRESSES",
            envvar="TOTE_FORWARDED_ALLOW_IPS",
            help="Reverse proxies whose X-Forwarded-For / X-Forwarded-Proto headers are "
            "believed: comma-separated addresses or networks, e.g. 127.0.0.1 for a proxy on "
            "this machine ('*': any). Default: none, the peer's own address counts.",
            show_default=False,
        ),
    ] = "",
    metrics: Annotated[
        bool,
        typer.Option(
            envvar="TOTE_METRICS", help="Serve Prometheus metrics at /metrics (docs/deploy.md)."
        ),
    ] = True,
    reviews_at_once: Annotated[
        int | None,
        typer.Option(
            min=1,
            max=64,
            metavar="N",
            envvar="TOTE_REVIEWS_AT_ONCE",
            help="Game reviews computed at once, each in its own process (one core each). "
            "Default: 1.",
        ),
    ] = None,
    reviews_waiting: Annotated[
        int | None,
        typer.Option(
            min=0,
            max=1000,
            metavar="N",
            envvar="TOTE_REVIEWS_WAITING",
            help="Game reviews waiting for a free process; one more is refused (503). Default: 4.",
        ),
    ] = None,
    review_seconds: Annotated[
        float | None,
        typer.Option(
            min=1.0,
            max=3600.0,
            metavar="SECONDS",
            envvar="TOTE_REVIEW_SECONDS",
            help="A game review computing longer than this is stopped. Default: 300.",
        ),
    ] = None,
    log_format: Annotated[
        Literal["text", "json"],
        typer.Option(
            envvar="TOTE_LOG_FORMAT", help="Log lines as text, or as one JSON object a line."
        ),
    ] = "text",
) -> None:
    """Run the multiplayer server: tables over HTTP and WebSocket.

    Tables live in the database: stop the server (even with kill -9), start it
    again, and every table carries on where it was. The API is described at
    /docs and /openapi.json. Every option may also be set by the environment
    variable shown beside it (a flag given on the command line wins).
    """
    # The server's dependencies are loaded only for this command.
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from tote.server import create_app
    from tote.server.graceful import serve as serve_gracefully
    from tote.server.limits import MAX_FRAME
    from tote.server.logs import announce, log_config
    from tote.store import Store, default_url
    from tote.store.connections import SqliteFileLock, SqliteFileTaken, sqlite_file

    url = db or default_url()
    try:
        shown = make_url(url).render_as_string(hide_password=True)
        database_file = sqlite_file(url)
    except ArgumentError:
        fail(f"--db {url!r} is not a database URL (e.g. sqlite:///tote.db)")
    sole_server = None if database_file is None else SqliteFileLock(database_file)
    if sole_server is not None and sole_server.database.parent.is_dir():
        try:  # held until the process ends, however it ends (issue 28, defect 5)
            sole_server.acquire()
        except SqliteFileTaken:
            fail(
                f"another tote serve is using the SQLite file {database_file}: one process"
                " per SQLite file (stop the other, or use PostgreSQL, --db"
                " postgresql+psycopg://..., to run several processes)"
            )
        except OSError as exc:
            fail(f"cannot lock the SQLite file {database_file}: {exc.strerror or exc}")
    try:
        store = Store(url)
    except ModuleNotFoundError as exc:
        fail(f"--db {shown}: the database driver {exc.name!r} is not installed")
    except (SQLAlchemyError, OSError) as exc:
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
        fail(f"cannot open the database {shown}: {reason}")
    for line in (
        f"tote {__version__} serving on http://{host}:{port} (database: {shown})",
        f"Play in a browser: http://{host}:{port}/",
        f"API: http://{host}:{port}/docs - stop with Ctrl+C",
    ):
        typer.echo(announce(line, log_format))
    sys.stdout.flush()
    proxies = forwarded_allow_ips.strip()
    given = {
        "reviews_at_once": reviews_at_once,
        "reviews_waiting": reviews_waiting,
        "review_seconds": review_seconds,
    }
    review_limits: dict[str, Any] = {k: v for k, v in given.items() if v is not None}
    serve_gracefully(  # SIGTERM drains the tables first (issue 28)
        create_app(
            store,
            bot_delay=bot_delay,
            tables_per_minute=tables_per_minute or None,
            open_table_seconds=open_table_hours * 3600 or None,
            metrics=metrics,
            **review_limits,
        ),
        host=host,
        port=port,
        log_config=log_config(log_format),
        log_level="info",
        ws_max_size=MAX_FRAME,  # a larger frame closes the socket (1009) before it is buffered
        # Forwarded headers only from the proxies named (issue 28, defect 4): uvicorn's
        # default believes any on loopback, and the per-address limits read the address.
        proxy_headers=bool(proxies),
        forwarded_allow_ips=proxies or [],
    )
