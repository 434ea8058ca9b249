"""Storage of tables: a table is its record (seed, options, players, ordered moves).

SQLAlchemy with Alembic migrations; SQLite by default (a file, nothing to set
up), PostgreSQL by URL. Every accepted move is written in the same
transaction that checks the table's version, so two server workers can
never both accept a move for the same state.
"""

from tote.store.chat import ChatLine
from tote.store.locks import NotDriver
from tote.store.reviews import ReviewRow
from tote.store.seats import SeatRefused
from tote.store.store import (
    Append,
    NotFound,
    SeatRow,
    Store,
    TableRow,
    VersionConflict,
    default_url,
)

__all__ = [
    "Append",
    "ChatLine",
    "NotDriver",
    "NotFound",
    "ReviewRow",
    "SeatRefused",
    "SeatRow",
    "Store",
    "TableRow",
    "VersionConflict",
    "default_url",
]
