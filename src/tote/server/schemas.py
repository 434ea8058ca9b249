"""The HTTP API's request and response bodies (pydantic), so /openapi.json documents them.

Game views are plain JSON objects (``dict``): their shape belongs to each game
(``State.view``), not to the server. Everything else a client sends or
receives has a model here.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from tote.server.client_json import shallow

MAX_NAME = 40
"""Longest player name, in characters."""
MAX_SEATS = 64
"""Most seats at a table (every game has far fewer: this bounds the request)."""
MAX_MOVE_SECONDS = 24 * 60 * 60
"""Longest per-move time limit a table may set: a day (correspondence play)."""
DEFAULT_MOVE_SECONDS = 120
"""The per-move clock a new table gets unless its creator sets another or none (issue 16):
generous, so that nobody is hurried, but one absent player no longer stalls a table."""

TableStatus = Literal["open", "playing", "finished", "ended"]
FreeJson = Annotated[dict[str, Any], AfterValidator(shallow)]
"""A JSON object whose shape a game decides (options, a move): its nesting is bounded
(:data:`~tote.server.client_json.MAX_DEPTH`, issue 28, defect 6)."""


class _Request(BaseModel):
    """Request bodies refuse unknown fields: a typo is an error, not a silent default."""

    model_config = ConfigDict(extra="forbid")


class ErrorResponse(BaseModel):
    """Every refusal: one line a user can read, and the rule that refused it (if any)."""

    error: str
    rule: str | None = None


# ------------------------------------------------------------------ games
class VariantInfo(BaseModel):
    name: str
    description: str
    options: dict[str, Any]
    """The options the variant sets."""


class GameInfo(BaseModel):
    id: str
    title: str
    min_players: int
    max_players: int
    players_note: str | None
    """How people map to seats, where that is not one person a seat (teams)."""
    variants: list[VariantInfo]
    bots: list[str]
    default_bot: str
    bot_levels: dict[str, str] = {}
    """The levels of difficulty (``easy``, ``normal``, ``hard``; issue 25), each with a
    one-line description of how it plays (Wits & Wagers': how well it knows answers)."""
    tote_board: bool = False
    """Whether the game has a tote board a table may switch on (issue 12)."""
    options: dict[str, Any]
    """Every option with its default value."""
    options_schema: dict[str, Any]
    """The JSON schema of the game's options."""


class GlossaryInfo(BaseModel):
    """A game's terms explained (issue 15): each term as the rulebook writes it, other
    forms of it, a short explanation in our words, where the rules say it, and whether
    the term is the rulebook's (``original``) or ours (``proposed``)."""

    game: str
    title: str
    terms: list[dict[str, Any]]


# ----------------------------------------------------------------- tables
class BotSeat(_Request):
    seat: int = Field(ge=0, lt=MAX_SEATS)
    bot: str = Field(min_length=1, max_length=32)


class CreateTableRequest(_Request):
    game: str = Field(min_length=1, max_length=64)
    players: int = Field(ge=1, le=MAX_SEATS, description="Number of seats.")
    variants: list[Annotated[str, Field(max_length=64)]] = Field(default=[], max_length=16)
    options: FreeJson = {}
    bots: list[BotSeat] = Field(
        default=[], max_length=MAX_SEATS, description="Seats played by bots from the start."
    )
    move_seconds: int | None = Field(
        default=DEFAULT_MOVE_SECONDS,
        ge=1,
        le=MAX_MOVE_SECONDS,
        description=(
            "A per-move time limit for every seat, for games without timers of their own. "
            "When it runs out the server plays the game's timeout move, or the game's "
            "default bot's move where the game has none. Default: "
            f"{DEFAULT_MOVE_SECONDS} s; null: no clock."
        ),
    )

    tote_board: bool = Field(
        default=False,
        description=(
            "The tote board panel (issue 12): each seat may ask for its own board (the "
            "chance of every outcome and the value of every bet it can place, from what "
            "it knows) with the WebSocket message odds; spectators get the public board. "
            "Off by default, so that a table can play without it."
        ),
    )

    tote_board_policy: Literal["random", "normal"] = Field(
        default="random",
        description=(
            "How the tote board imagines everyone's later play in the worlds it samples "
            "(issue 25): random (fast and precise), or as the game's normal bot plays "
            "(closer to people; each world costs 10 to 900 times more, so the board takes "
            "a few seconds and its ranges are wider). Only with tote_board."
        ),
    )

    spectator_chat: bool = Field(
        default=False,
        description=(
            "Spectators may write in the table chat (issue 27); off by default: seated "
            "players chat, spectators read. The host changes it later with "
            "POST /api/tables/{id}/chat/spectators."
        ),
    )


class SeatInfo(BaseModel):
    seat: int
    name: str
    taken: bool
    """A player has joined, or a bot plays it."""
    bot: str | None
    reserved: bool = False
    """Kept for the player who sat here last game (a rematch): only they may take it."""
    stand_in: str | None = None
    """The bot the host let play this player's seat while they are away."""
    connected: bool | None = None
    """Whether the seat's player has a connection open to the server answering (null
    where it does not know: before the game, bots, the lobby's list)."""
    timeouts: int = 0
    """The seat's timeouts in a row (the clock played its move), as the table's
    driving process counts them."""


class TableInfo(BaseModel):
    """A table's public information: never a token, the seed or a move."""

    id: str
    game: str
    title: str
    status: TableStatus
    players: int
    seats: list[SeatInfo]
    variants: list[str]
    options: dict[str, Any]
    move_seconds: int | None
    tote_board: bool = False
    tote_board_policy: str = "random"
    """How the tote board imagines the others' later play: ``random`` or ``normal``."""
    rematch: str | None = None
    """The id of this table's rematch, once a player or the host started one."""
    host_seat: int | None = None
    """The seat the host plays, if the host joined one from the lobby (issue 27, item 8:
    when it is the absent one, the other players may hand it to a bot)."""
    spectator_chat: bool = False
    """Spectators may chat (the host's choice, off by default: issue 27)."""
    version: int
    """Moves stored so far (chance moves included)."""
    created_at: datetime


class TableLinks(BaseModel):
    """Where to go next with a table: paths relative to the server."""

    table: str
    join: str
    view: str
    moves: str
    websocket: str
    """Add ``?token=SEAT_TOKEN`` to play a seat; without it, you watch."""


class CreateTableResponse(BaseModel):
    table_id: str
    host_token: str
    """Send it as ``X-Host-Token`` to add bots, start and end the table. Shown once."""
    table: TableInfo
    links: TableLinks


class JoinRequest(_Request):
    seat: int | None = Field(
        default=None, ge=0, lt=MAX_SEATS, description="Default: the first free seat."
    )
    name: str = Field(min_length=1, max_length=MAX_NAME)


class JoinResponse(BaseModel):
    table_id: str
    seat: int
    token: str
    """The seat's secret: send it as ``X-Seat-Token`` or ``?token=`` on the WebSocket."""
    websocket: str


class SetBotRequest(_Request):
    seat: int = Field(ge=0, lt=MAX_SEATS)
    bot: str = Field(min_length=1, max_length=32)


# ------------------------------------------------------------------ play
class MoveRequest(_Request):
    move: FreeJson = Field(description='A move as JSON, e.g. {"type": "move_horse", ...}.')
    seat: int | None = Field(
        default=None,
        ge=0,
        lt=MAX_SEATS,
        description="Optional: the seat you mean to play; must be your token's.",
    )


class ViewResponse(BaseModel):
    """A seat's (or a spectator's) view of a table, its whole log inside: a WebSocket
    ``view`` message sends the log in parts instead (see :mod:`tote.server.client`)."""

    type: Literal["view"] = "view"
    table_id: str
    status: TableStatus
    seat: int | None
    version: int
    deadline: float | None
    """When the seats to act now run out of time (Unix seconds), or null."""
    view: dict[str, Any] | None
    """``State.view(seat)``; null while the table waits for players."""


# ------------------------------------------------------- around the game
class ClockRequest(_Request):
    move_seconds: int | None = Field(
        ge=1,
        le=MAX_MOVE_SECONDS,
        description="The new per-move time limit in seconds; null switches the clock off.",
    )


class StandInRequest(_Request):
    bot: str | None = Field(
        default=None,
        min_length=1,
        max_length=32,
        description="The bot to play the seat (default: the game's default bot).",
    )


class SeatLinkResponse(BaseModel):
    table_id: str
    seat: int
    token: str
    """The seat's new secret (the old one no longer works). Shown once."""


class RematchResponse(BaseModel):
    table_id: str
    """The rematch's table: the same for every caller."""
    seat: int | None
    """Your seat there (the one you had), if you sat at the old table."""
    token: str | None
    """Your seat's token there (send it as ``X-Seat-Token``)."""
    host_token: str | None
    """The new table's host token, if you were the old table's host."""
    table: TableInfo
