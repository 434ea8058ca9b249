"""How the HTTP API says no: every refusal as ``{"error": one line, "rule": ...}`` with
its status (the rules' refusals 409, malformed input 400, a missing table 404, a
per-address limit 429 with ``Retry-After``), never a traceback (issue 28, defect 6)."""

from __future__ import annotations

import math

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from tote.core.errors import IllegalMove, MalformedMove, OptionsError, ToteError
from tote.server.client_json import parse_problem
from tote.server.errors import Refused
from tote.store import NotFound


def _error(status: int, message: str, rule: str | None = None) -> JSONResponse:
    return JSONResponse({"error": message, "rule": rule}, status_code=status)


def add_error_handlers(app: FastAPI) -> None:
    """Every refusal as ``{"error": one line, "rule": ...}``."""

    @app.exception_handler(Refused)
    async def refused(request: Request, exc: Refused) -> JSONResponse:
        response = _error(exc.status, exc.message, exc.rule)
        if exc.status == 429:  # a per-address limit: counted for the operators (issue 28)
            uploads = request.url.path.startswith("/api/replays")
            request.app.state.tables.meter.refused("uploads" if uploads else "tables")
        if exc.retry_after is not None:
            response.headers["Retry-After"] = str(max(1, math.ceil(exc.retry_after)))
        return response

    @app.exception_handler(IllegalMove)
    async def illegal(_: Request, exc: IllegalMove) -> JSONResponse:
        return _error(400 if isinstance(exc, MalformedMove) else 409, exc.message, exc.rule)

    @app.exception_handler(NotFound)
    async def not_found(_: Request, exc: NotFound) -> JSONResponse:
        return _error(404, str(exc))

    @app.exception_handler(ToteError)
    async def tote_error(_: Request, exc: ToteError) -> JSONResponse:
        return _error(400, str(exc), "options" if isinstance(exc, OptionsError) else None)

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        return _error(400, _validation_message(exc), "request")

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        unparsed = parse_problem(exc)  # nested too deeply, digits past 4,300: issue 28
        if unparsed is not None:
            return _error(400, unparsed, "request")
        return _error(exc.status_code, str(exc.detail))


def _validation_message(exc: RequestValidationError) -> str:
    """The first problem of a request, as one line: ``players: Field required``."""
    errors = exc.errors()
    if not errors:
        return "invalid request"
    first = errors[0]
    if first.get("type") == "json_invalid":
        return "the request body is not valid JSON"
    loc = [str(p) for p in first.get("loc", ())]
    where = ".".join(loc[1:]) if loc and loc[0] == "body" else " ".join(loc)
    message = str(first.get("msg", "invalid"))
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return f"{where}: {message}{more}" if where else message + more
