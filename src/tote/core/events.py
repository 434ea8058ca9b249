"""The event log: what happened, redacted per seat like everything else."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple


class Event(NamedTuple):
    """One entry of the log.

    ``public`` is what everyone (spectators included) may read. ``private``
    maps a seat to extra fields only that seat may read (e.g. the value of its
    own face-down chip). A view merges the two for its seat.
    """

    kind: str
    public: Mapping[str, Any]
    private: Mapping[int, Mapping[str, Any]] | None = None

    def for_seat(self, seat: int | None) -> dict[str, Any]:
        data = {"kind": self.kind, **self.public}
        if seat is not None and self.private and seat in self.private:
            data.update(self.private[seat])
        return data
