"""What a table sends its clients: each seat's view, its log entries, the table's info.

Every payload a connection receives is built here from ``State.view(seat)``
for its own seat (``None``: a spectator), so this is the one place to read
to know what a seat can see. A WebSocket client keeps the log: a view message
carries only the entries it lacks (see docs/server.md), so its size follows
the position, not the length of the game. :class:`Audience` holds a table's
connections and sends each one its own view after every change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tote.core.errors import ToteError
from tote.core.narration import seat_names
from tote.core.registry import get_game
from tote.server.connection import CLOSE_BAD_TOKEN, Connection, to_json
from tote.server.schemas import SeatInfo, TableInfo
from tote.store import TableRow

if TYPE_CHECKING:
    from tote.server.runtime import TableRuntime


def table_info(
    row: TableRow,
    *,
    status: str | None = None,
    version: int | None = None,
    connected: frozenset[int] | None = None,
    timeouts: dict[int, int] | None = None,
) -> TableInfo:
    """A table's public information (no token, no seed, no move); ``connected`` (the
    seats with a connection here) and ``timeouts`` come from a live table."""
    game = get_game(row.game)
    try:
        variants = game.active_variants(game.options(row.options))
    except ToteError:
        variants = []
    return TableInfo(
        id=row.id,
        game=row.game,
        title=game.title,
        status=status or row.status,
        players=len(row.seats),
        seats=[
            SeatInfo(
                seat=s.seat,
                name=s.name,
                taken=s.taken,
                bot=s.bot,
                reserved=s.reserved,
                stand_in=s.stand_in,
                connected=None if connected is None or s.bot else s.seat in connected,
                timeouts=s.timeouts if timeouts is None else timeouts.get(s.seat, 0),
            )
            for s in row.seats
        ],
        variants=variants,
        options=row.options,
        move_seconds=row.settings.get("move_seconds"),
        tote_board=bool(row.settings.get("tote_board", False)),
        tote_board_policy=str(row.settings.get("tote_board_policy", "random")),
        rematch=row.rematch,
        host_seat=_seat_number(row.settings.get("host_seat"), len(row.seats)),
        spectator_chat=bool(row.settings.get("spectator_chat", False)),
        version=row.version if version is None else version,
        created_at=row.created_at,
    )


def _seat_number(value: object, seats: int) -> int | None:
    return value if isinstance(value, int) and 0 <= value < seats else None


def table_message(table: TableRuntime) -> dict[str, Any]:
    """The ``table`` message: the table's public information, as it is now."""
    return {"type": "table", "table": table.info().model_dump(mode="json")}


def view_message(
    table: TableRuntime, seat: int | None, log_from: int | None = None
) -> dict[str, Any]:
    """What a seat (``None``: a spectator) is sent: its own view and nothing else.

    Without ``log_from`` the view holds the whole log (HTTP answers). With it
    (WebSocket clients, which keep the log), the view's ``log`` is null and
    the message carries the seat's log entries from ``log_from`` on as
    ``"log_from"`` and ``"log"``: a view no longer grows with the game.

    Once the game is over the message also carries ``"standings"`` (issue 15): every
    seat's rank, score and the lines it came from. It sits beside the view, which stays
    exactly ``State.view(seat)``; a finished game hides nothing, so every seat and the
    spectators get the same standings.
    """
    match = table.match
    message: dict[str, Any] = {
        "type": "view",
        "table_id": table.table_id,
        "status": table.status,
        "seat": seat,
        "version": table.version,
        "deadline": table.clock.deadline,
        "view": None,
    }
    if match is None:
        return message
    state = match.state
    if log_from is None:
        view = state.view(seat)
        view["log"] = narrated(table, view["log"])
        message["view"] = view
    else:
        message["view"] = state.view(seat, log=False)
        message["log_from"] = log_from
        message["log"] = narrated(table, state.log_view(seat, log_from))
    standings = match.game.standings(state) if state.is_over else None
    if standings is not None:
        message["standings"] = standings.to_json()
    return message


def seat_names_of(table: TableRuntime) -> list[str]:
    """What the table calls its seats (:func:`tote.core.narration.seat_names`, the rule
    the browser's ``names()`` follows): a human's name, "Odds bot 2", "Seat 3"."""
    return seat_names([(s.name, s.bot) for s in table.row.seats])


def narrated(table: TableRuntime, entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Log entries of one view, each with ``"sentence"``: the entry as the game tells it, in
    the table's names (issue 15). Made from the entry alone, so it tells no more than the
    entry, which is already the seat's own."""
    game = table.match.game if table.match is not None else get_game(table.row.game)
    names = seat_names_of(table)
    return [{**entry, "sentence": game.describe_event(entry, names)} for entry in entries]


def log_size(table: TableRuntime) -> int:
    """Entries in the table's log so far."""
    return len(table.match.state.log) if table.match is not None else 0


class Audience:
    """The WebSocket connections of one table, and what each of them is sent.

    The caller holds the table's lock whenever a view is made: a view read
    halfway through a move could show what is not stored yet.
    """

    def __init__(self, table: TableRuntime) -> None:
        self.table = table
        self.connections: set[Connection] = set()

    def add(self, conn: Connection) -> None:
        self.connections.add(conn)

    def discard(self, conn: Connection) -> None:
        self.connections.discard(conn)

    def seats(self) -> frozenset[int]:
        """The seats with a connection open here (issue 16: who has left)."""
        return frozenset(c.seat for c in self.connections if c.seat is not None)

    def send_view(self, conn: Connection) -> None:
        """A connection's view with the whole log (on connecting, or when it asks)."""
        conn.send(view_message(self.table, conn.seat, 0))
        conn.log_sent = log_size(self.table)

    def broadcast(self, message: dict[str, Any]) -> None:
        """The same message to every connection (serialised once)."""
        text = to_json(message)
        for conn in list(self.connections):
            conn.send_text(text)

    def broadcast_table(self) -> None:
        """Every connection gets the table's information (seats, status, version)."""
        self.broadcast(table_message(self.table))

    def broadcast_views(self) -> None:
        """Each connection gets its own seat's view and the log entries it lacks
        (computed once per seat and starting point)."""
        size = log_size(self.table)
        views: dict[tuple[int | None, int], str] = {}
        for conn in list(self.connections):
            key = (conn.seat, min(conn.log_sent, size))
            if key not in views:
                views[key] = to_json(view_message(self.table, *key))
            conn.send_text(views[key])
            conn.log_sent = size

    def resend_views(self) -> None:
        """Every connection gets its view with the whole log again (after a reload, the
        log may differ from what they were sent)."""
        for conn in self.connections:
            conn.log_sent = 0
        self.broadcast_views()

    def close_revoked(self) -> None:
        """Close (``4403``) every connection whose token no longer plays its seat in the
        table as last read: the host gave the seat a new link, or its player asked for
        the rematch again (issue 28, defects 1 and 2). Run whenever the table is read
        again, so every process does it on hearing of the change. As at connecting with a
        bad token, an ``error`` message (rule ``token``) says why first."""
        why = "a newer link for this seat replaced this one (a new link, a rematch again)"
        playing: dict[str | None, int] = {
            s.token_hash: s.seat for s in self.table.row.seats if s.token_hash
        }
        for conn in list(self.connections):
            if conn.seat is not None and playing.get(conn.token_hash) != conn.seat:
                self.connections.discard(conn)
                conn.error("token", why)
                conn.close(CLOSE_BAD_TOKEN, why)

    def close_all(self, code: int, reason: str) -> None:
        for conn in list(self.connections):
            conn.close(code, reason)
