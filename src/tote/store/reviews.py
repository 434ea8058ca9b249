"""The store's part of issue 26: a finished table's review, kept with the table.

A mixin of :class:`~tote.store.Store`, as :mod:`tote.store.chat` is. One ``reviews``
row per table: a server process **claims** it (:meth:`ReviewChanges.claim_review`, a
``working`` row) before computing, so at most one review of a table is in the works
across every process sharing the database, then stores the result in that row
(:meth:`ReviewChanges.finish_review`, ``done``): a review is computed at most once per
table and survives restarts. A claim whose process stopped is taken over once it is
older than the longest a review may run (the caller says when that is).
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import delete, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from tote import __version__
from tote.store.models import ReviewModel


@dataclass(frozen=True)
class ReviewRow:
    """A table's review as stored: ``working`` (claimed at ``started_at``) or ``done``."""

    table_id: str
    status: str
    review: dict[str, Any] | None
    started_at: datetime
    finished_at: datetime | None
    engine: str


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


class ReviewChanges:
    """A finished table's review: claimed, stored, read (issue 26)."""

    if TYPE_CHECKING:

        def _write(self) -> AbstractContextManager[Session]: ...

        _session: sessionmaker[Session]

    def review_of(self, table_id: str) -> ReviewRow | None:
        """The table's review row, or ``None`` when nobody asked for one."""
        with self._session() as session:
            model = session.get(ReviewModel, table_id)
            if model is None:
                return None
            return ReviewRow(
                model.table_id,
                model.status,
                model.review,
                _aware(model.started_at),
                None if model.finished_at is None else _aware(model.finished_at),
                model.engine,
            )

    def claim_review(self, table_id: str, stale_before: datetime) -> bool:
        """Claim the table's review for this process: ``True`` if no row was there, or
        only a ``working`` claim taken before ``stale_before`` (its process stopped);
        ``False`` if it is done or another process is on it."""
        now = datetime.now(UTC)
        try:
            with self._write() as session:
                session.add(
                    ReviewModel(
                        table_id=table_id, status="working", started_at=now, engine=__version__
                    )
                )
            return True
        except IntegrityError:
            pass
        with self._write() as session:
            taken = session.execute(
                update(ReviewModel)
                .where(
                    ReviewModel.table_id == table_id,
                    ReviewModel.status == "working",
                    ReviewModel.started_at < stale_before,
                )
                .values(started_at=now, engine=__version__)
            )
            return bool(taken.rowcount == 1)  # type: ignore[attr-defined]

    def finish_review(self, table_id: str, review: dict[str, Any]) -> None:
        """Store the claimed review's result: the row is ``done`` from now on."""
        with self._write() as session:
            session.execute(
                update(ReviewModel)
                .where(ReviewModel.table_id == table_id, ReviewModel.status == "working")
                .values(status="done", review=review, finished_at=datetime.now(UTC))
            )

    def drop_review_claim(self, table_id: str) -> None:
        """Give a claim up (the review failed or was stopped): nothing is kept."""
        with self._write() as session:
            session.execute(
                delete(ReviewModel).where(
                    ReviewModel.table_id == table_id, ReviewModel.status == "working"
                )
            )
