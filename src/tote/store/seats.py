"""The store's part of issue 16 ("around the game"): rematches, seats handed to a bot
while their player is away, fresh seat links, and table settings changed in play.

A mixin of :class:`~tote.store.Store` (which holds the connections): each change is one
transaction, announced to the other server processes with :meth:`Store.notify
<tote.store.Store.notify>` (kinds ``rematch``, ``standin`` and ``settings``, which make
every process reload the table).

Here too is the check that a player's move comes from a token that still plays its seat,
made in the transaction that stores the move (:func:`version_check`, issue 28, defects 1
and 2): a seat's old token stops playing the moment its new one is stored, whichever
process took the move and whatever that process remembers.
"""

from __future__ import annotations

import secrets
from contextlib import AbstractContextManager
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import Update, bindparam, exists, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.orm import Session, sessionmaker

from tote.core.errors import ToteError
from tote.store.models import SeatModel, TableModel

if TYPE_CHECKING:
    from tote.store.store import Append, TableRow


class SeatRefused(ToteError):
    """A player's move came with a token that no longer plays its seat (the host gave the
    seat a new link, or the player asked for the rematch again: rule ``token``), or a bot
    plays the seat for its player now (rule ``stand-in``). Nothing of it was stored."""

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(message)
        self.rule = rule


_BUMP_VERSION = (
    update(TableModel)
    .where(TableModel.id == bindparam("table"), TableModel.version == bindparam("expected"))
    .values(version=bindparam("new"))
)
"""Move a table from the version a move was accepted at to the next: the version check."""

_BUMP_VERSION_BY_TOKEN = _BUMP_VERSION.where(
    exists().where(
        SeatModel.table_id == bindparam("table"),
        SeatModel.seat == bindparam("seat"),
        SeatModel.token == bindparam("token"),
        SeatModel.stand_in.is_(None),
    )
)
"""The same for a player's move, in the same statement: only while the token it came with
plays the seat and no bot stands in for it. No query more on the path of every move."""


def version_check(append: Append, new_version: int) -> tuple[Update, dict[str, Any]]:
    """The statement (and its parameters) that moves ``append``'s table to ``new_version``
    if it is still at the version the moves were accepted at and, for a player's move,
    its token still plays its seat: exactly one row changed, or the append is refused."""
    bump = {"table": append.table_id, "expected": append.expected_version, "new": new_version}
    if append.by_token is None:
        return _BUMP_VERSION, bump
    seat, token = append.by_token
    return _BUMP_VERSION_BY_TOKEN, {**bump, "seat": seat, "token": token}


def seat_refusal(connection: Connection, append: Append) -> SeatRefused | None:
    """Why :func:`version_check` refused a player's move because of its seat, or None
    (a bot's or the clock's move, or the version alone was wrong)."""
    if append.by_token is None:
        return None
    seat, token = append.by_token
    found = connection.execute(
        select(SeatModel.token, SeatModel.stand_in).where(
            SeatModel.table_id == append.table_id, SeatModel.seat == seat
        )
    ).first()
    if found is None or found.token != token:
        return SeatRefused(
            f"this link no longer plays seat {seat}: a newer link for the seat replaced it",
            "token",
        )
    if found.stand_in is not None:
        return SeatRefused(
            f"the {found.stand_in} bot plays seat {seat} for you now; ask the host to give it back",
            "stand-in",
        )
    return None


def _missing(message: str) -> ToteError:
    """The store's NotFound (defined beside Store, which this module's class is part of)."""
    from tote.store.store import NotFound

    return NotFound(message)


def _hash(token: str) -> str:
    from tote.store.store import hash_token

    return hash_token(token)


class SeatChanges:
    """Rematches, stand-in bots, new seat and host tokens, settings (issue 16)."""

    if TYPE_CHECKING:

        def _write(self) -> AbstractContextManager[Session]: ...

        _session: sessionmaker[Session]

        def notify(self, session: Session | Connection, payload: str) -> None: ...
        def table(self, table_id: str) -> TableRow: ...

    def create_rematch(self, table_id: str, seed: int) -> str:
        """The id of the table's rematch, created by the first call: the same game,
        options, settings and seats (names kept, bots in their seats); each seat a
        player had is kept for them (``reserved``) until they follow.

        Race-safe: the old table's ``rematch`` is set by one conditional UPDATE in the
        transaction that creates the new table, so of two processes creating a
        rematch at once, one wins and the other's transaction creates nothing. A
        rematch that expired unjoined (no player followed) is made again.
        """
        new_id = secrets.token_urlsafe(9)
        with self._write() as session:
            old = session.get(TableModel, table_id)
            if old is None:
                raise _missing(f"no table {table_id!r}")
            gone = old.rematch  # a rematch nobody joined may have expired (lobby.py)
            if gone is not None and session.get(TableModel, gone) is not None:
                return gone
            linked = session.execute(
                update(TableModel)
                .where(
                    TableModel.id == table_id,
                    TableModel.rematch.is_(None) if gone is None else TableModel.rematch == gone,
                )
                .values(rematch=new_id)
            )
            if linked.rowcount == 1:  # type: ignore[attr-defined]
                seats = session.query(SeatModel).filter_by(table_id=table_id).all()
                session.add(
                    TableModel(
                        id=new_id,
                        game=old.game,
                        options=dict(old.options),
                        seed=seed,
                        status="open",
                        version=0,
                        settings=dict(old.settings),
                        host_token=_hash(secrets.token_urlsafe(24)),
                        engine=old.engine,
                        created_at=datetime.now(UTC),
                    )
                )
                session.flush()
                for s in sorted(seats, key=lambda s: s.seat):
                    session.add(
                        SeatModel(
                            table_id=new_id,
                            seat=s.seat,
                            name=s.name,
                            bot=s.bot,
                            token=None,
                            reserved=s.bot is None,
                        )
                    )
                self.notify(session, f"{table_id}:rematch:{new_id}")
                return new_id
        return self.table(table_id).rematch or new_id

    def new_seat_token(self, table_id: str, seat: int, *, kept_only: bool = False) -> str:
        """A fresh token for a player's seat (taken, or kept for its player): the seat's
        old token stops working. ``kept_only``: only a seat kept for its player or
        already theirs (following a rematch); a seat given to a bot is refused."""
        token = secrets.token_urlsafe(24)
        with self._write() as session:
            found = session.get(SeatModel, (table_id, seat))
            if found is None:
                raise _missing(f"table {table_id!r} has no seat {seat}")
            if found.bot is not None:
                raise ToteError(
                    f"seat {seat} is played by a bot"
                    + (" (the host gave it one): watch the table instead" if kept_only else "")
                )
            if found.token is None and not found.reserved:
                raise ToteError(f"seat {seat} is free: anyone with the table link may take it")
            found.token = _hash(token)
            found.reserved = False
            self.notify(session, f"{table_id}:token:{seat}")
        return token

    def new_host_token(self, table_id: str) -> str:
        """A fresh host token for the table (the old host's, following a rematch)."""
        token = secrets.token_urlsafe(24)
        with self._write() as session:
            model = session.get(TableModel, table_id)
            if model is None:
                raise _missing(f"no table {table_id!r}")
            model.host_token = _hash(token)
        return token

    def set_stand_in(self, table_id: str, seat: int, bot: str | None) -> None:
        """Let ``bot`` play a player's seat (None: give it back to the player)."""
        with self._write() as session:
            found = session.get(SeatModel, (table_id, seat))
            if found is None:
                raise _missing(f"table {table_id!r} has no seat {seat}")
            if found.bot is not None or found.token is None:
                raise ToteError(f"seat {seat} has no player to stand in for")
            found.stand_in = bot
            self.notify(session, f"{table_id}:standin:{seat}")

    def set_setting(self, table_id: str, name: str, value: Any) -> None:
        """Set (or, with None, remove) one table setting, e.g. ``move_seconds``."""
        with self._write() as session:
            model = session.get(TableModel, table_id)
            if model is None:
                raise _missing(f"no table {table_id!r}")
            settings = dict(model.settings)
            if value is None:
                settings.pop(name, None)
            else:
                settings[name] = value
            model.settings = settings
            self.notify(session, f"{table_id}:settings:{name}")


__all__ = ["SeatChanges", "SeatRefused", "seat_refusal", "version_check"]
