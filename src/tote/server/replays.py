"""Replays over HTTP (issue 16): step through a finished table's record, or an
uploaded record, from any seat's point of view.

- ``GET /api/tables/{id}/replay?step=k&seat=s``: the view at step ``k`` of a
  finished table, as seat ``s`` saw it (no ``seat``: the public view). A finished
  game reveals everything, so any seat may be asked for; a table still in play or
  ended early is refused (its record holds draws nobody may see yet).
- ``POST /api/replays``: a record (one JSON object, or one line of a run file),
  checked by replaying it whole: a record that does not replay is refused naming
  what and where, and nothing is kept. The answer is its id, the record's content
  hash; uploads are kept in this process's memory (a bounded shelf, the least
  recently used leaving first), not in the store.
- ``GET /api/replays/{rid}?step=k&seat=s`` and ``GET /api/replays/{rid}/record``: the
  same steps, and the record to download. An uploaded record shows everything it
  holds: it is the uploader's own file.

Steps are :class:`~tote.server.replay_book.ReplayBook` steps: 0 is the deal, ``k``
the position after the ``k``-th seat move. See docs/server.md.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import math
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response
from pydantic import BaseModel

from tote.core.errors import ToteError
from tote.core.narration import seat_names
from tote.core.record import Record
from tote.server.client_json import NotJson, read_json
from tote.server.connection import to_json
from tote.server.errors import Refused
from tote.server.lobby import CreationLimit
from tote.server.replay_book import ReplayBook, Shelf
from tote.server.tables import Tables

log = logging.getLogger("tote.server")

MOST_TABLE_BOOKS = 16
"""Finished tables' books kept in memory at once."""
MOST_UPLOADS = 32
"""Uploaded records kept in memory at once (each at most the 256 KiB body limit)."""
MOST_STEP = 1_000_000
"""Largest step number a request may name (a record has far fewer)."""
GZIP_MAGIC = b"\x1f\x8b"


class ReplayMove(BaseModel):
    """The seat move a step shows played: ``index`` is its place among the record's moves."""

    by: int
    move: dict[str, Any]
    index: int


class ReplayPlayer(BaseModel):
    name: str
    bot: str | None = None


class ReplayStep(BaseModel):
    """One step of a replay: the view, and where it stands."""

    game: str
    title: str
    players: list[ReplayPlayer]
    steps: int
    step: int
    seat: int | None
    over: bool
    move: ReplayMove | None
    log_from: int
    moves: int = 0
    """The record's moves played at this step, chance draws included: a table's chat
    message said at version ``v`` shows from the first step with ``moves >= v`` (issue 27)."""
    view: dict[str, Any]
    table_id: str | None = None
    replay_id: str | None = None
    record: str


class UploadAnswer(BaseModel):
    replay_id: str
    game: str
    title: str
    steps: int
    over: bool
    replay: str
    record: str
    page: str


StepQuery = Annotated[int, Query(ge=0, le=MOST_STEP, description="0: the deal; k: after k moves.")]
SeatQuery = Annotated[
    int | None, Query(ge=0, le=64, description="Whose view; leave out for the public view.")
]


def replay_router(tables: Tables, uploads_per_minute: int | None = None) -> APIRouter:
    """The replay endpoints; ``uploads_per_minute`` limits uploads from one address
    (``tote serve`` passes its ``--tables-per-minute``; ``None``: no limit)."""
    api = APIRouter(prefix="/api")
    table_books: Shelf[str, ReplayBook] = Shelf(MOST_TABLE_BOOKS)
    uploads: Shelf[str, ReplayBook] = Shelf(MOST_UPLOADS)
    limit = None if uploads_per_minute is None else CreationLimit(uploads_per_minute)

    async def table_book(table_id: str) -> ReplayBook:
        runtime = await tables.get(table_id)
        book = table_books.get(table_id)
        if book is not None and runtime.status == "finished":
            return book
        await runtime.ensure_loaded()
        if runtime.status == "ended":
            raise Refused(
                "replay",
                f"table {table_id} was ended early: its record is the host's alone"
                " (the host may download it and upload it to replay it)",
                403,
            )
        if runtime.status != "finished":
            raise Refused(
                "replay",
                f"table {table_id} is {runtime.status}: its replay opens once the game is over"
                " (until then the record holds draws nobody may see)",
                409,
            )
        record = await runtime.record(host=False)
        book = await asyncio.to_thread(ReplayBook, record, seeded=False)
        table_books.put(table_id, book)
        return book

    @api.get(
        "/tables/{table_id}/replay",
        summary="A finished table's position after a number of moves, from any seat",
        response_model=ReplayStep,
    )
    async def table_replay(table_id: str, step: StepQuery = 0, seat: SeatQuery = None) -> Response:
        book = await table_book(table_id)
        extra = {"table_id": table_id, "record": f"/api/tables/{table_id}/record"}
        return await _step(book, step, seat, extra)

    @api.post(
        "/replays",
        status_code=201,
        summary="Upload a record (JSON, or one line of a run file) to replay it",
        response_model=UploadAnswer,
        openapi_extra={
            "requestBody": {
                "required": True,
                "content": {"application/json": {"schema": {"type": "object"}}},
            }
        },
    )
    async def upload(http: Request) -> UploadAnswer:
        if limit is not None:
            wait = limit.wait(http.client.host if http.client else "unknown")
            if wait > 0:
                raise Refused(
                    "limit",
                    f"at most {limit.per_minute} uploads a minute from one address;"
                    f" try again in {math.ceil(wait)} s",
                    429,
                    retry_after=wait,
                )
        record = _read_upload(await http.body())
        replay_id = hashlib.sha256(record.model_dump_json().encode()).hexdigest()[:32]
        book = uploads.get(replay_id)
        if book is None:
            book = await asyncio.to_thread(_check_upload, record)
            uploads.put(replay_id, book)
        base = f"/api/replays/{replay_id}"
        return UploadAnswer(
            replay_id=replay_id,
            game=book.game.id,
            title=book.game.title,
            steps=book.steps,
            over=book.over,
            replay=base,
            record=f"{base}/record",
            page=f"/replay?r={replay_id}",
        )

    def uploaded(replay_id: str) -> ReplayBook:
        book = uploads.get(replay_id)
        if book is None:
            raise Refused(
                "replay",
                f"no uploaded record {replay_id!r} here: uploads are kept in memory for a"
                " while only; upload the file again",
                404,
            )
        return book

    @api.get(
        "/replays/{replay_id}",
        summary="An uploaded record's position after a number of moves, from any seat",
        response_model=ReplayStep,
    )
    async def replay(replay_id: str, step: StepQuery = 0, seat: SeatQuery = None) -> Response:
        book = uploaded(replay_id)
        extra = {"replay_id": replay_id, "record": f"/api/replays/{replay_id}/record"}
        return await _step(book, step, seat, extra)

    @api.get("/replays/{replay_id}/record", summary="An uploaded record, to download")
    async def uploaded_record(replay_id: str) -> Record:
        return uploaded(replay_id).record

    return api


async def _step(book: ReplayBook, step: int, seat: int | None, extra: dict[str, Any]) -> Response:
    """One step's answer, or a refusal naming the steps and seats there are."""
    if step > book.steps:
        raise Refused(
            "step", f"there is no step {step}: this replay has steps 0 to {book.steps}", 400
        )
    if seat is not None and seat >= book.players:
        raise Refused(
            "seat", f"there is no seat {seat}: this game has seats 0 to {book.players - 1}", 400
        )
    view = await asyncio.to_thread(book.view, step, seat)
    names = seat_names([(p.name, p.bot) for p in book.record.players])
    view = {
        **view,
        "log": [
            {**entry, "sentence": book.game.describe_event(entry, names)}
            for entry in view.get("log") or []
        ],
    }
    answer = {
        "game": book.game.id,
        "title": book.game.title,
        "players": [p.model_dump() for p in book.record.players],
        "steps": book.steps,
        "step": step,
        "seat": seat,
        "over": book.over,
        "move": book.move_at(step),
        "log_from": book.log_from(step),
        "moves": book.position(step),
        "view": view,
        "table_id": None,
        "replay_id": None,
        **extra,
    }
    return Response(content=to_json(answer), media_type="application/json")


def _read_upload(body: bytes) -> Record:
    """The record an upload holds, or a refusal saying what it is instead."""
    if body.startswith(GZIP_MAGIC):
        raise Refused("record", "the upload is gzip-compressed: send the JSON inside it", 400)
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise Refused("record", "the upload is not text: a record is JSON", 400) from None
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise Refused("record", "the upload is empty: send a record (JSON)", 400)
    try:
        data = read_json(text)
    except NotJson as exc:
        if len(lines) > 1 and all(line.lstrip().startswith("{") for line in lines):
            raise Refused(
                "record",
                f"the upload holds {len(lines)} lines, a run file's records:"
                " send one line (one game's record)",
                400,
            ) from None
        raise Refused("record", f"the upload is {exc}", 400) from None
    if not isinstance(data, dict):
        raise Refused(
            "record", f"the upload is a JSON {type(data).__name__}, not a record (an object)", 400
        )
    try:
        return Record.from_json(data)
    except ToteError as exc:
        raise Refused("record", str(exc), 400) from None


def _check_upload(record: Record) -> ReplayBook:
    """A book of ``record`` once it replays whole; else a refusal naming why and where."""
    from tote.core.registry import get_game
    from tote.server.app import _check_remote_options

    try:
        game = get_game(record.game)
        game.check_players(len(record.players))
        _check_remote_options(game, record.options)
        return ReplayBook(record)
    except ToteError as exc:
        raise Refused("record", f"the record does not replay: {exc}", 400) from None
    except Exception as exc:
        log.exception("an uploaded %s record broke the engine", record.game)
        raise Refused(
            "record", f"the record does not replay: the engine failed ({type(exc).__name__})", 400
        ) from None
