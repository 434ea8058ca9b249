"""The store's part of issue 16 ("around the game"): rematches, seats handed to a bot
while their player is away, fresh seat links, and table settings changed in play.

A mixin of :class:`~tote.store.Store` (which holds the connections): each change is one
transaction, announced to the other server processes with :meth:`Store.notify
<tote.store.Store.notify>` (kinds ``rematch``, ``standin`` and ``settings``, which make
every process reload the table).
"""

from __future__ import annotations

import secrets
from contextlib import AbstractContextManager
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import update
from sqlalchemy.engine import Connection
from sqlalchemy.orm import Session, sessionmaker

from tote.core.errors import ToteError
from tote.store.models import SeatModel, TableModel

if TYPE_CHECKING:
    from tote.store.store import TableRow


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


__all__ = ["SeatChanges"]
